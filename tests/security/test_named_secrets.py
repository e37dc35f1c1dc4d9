"""Named secrets (issue 27): typed by name, never shown, refused off their domains.

The main test types a secret into a page that reflects it everywhere it can
(the DOM, an input, the title, the console, a fetch's URL, header and body,
the response, an alert, the location hash, a cookie, localStorage), then
reads every output browserkit has (results, errors, buffers, exports, files,
tool answers, the live view's list, the recording's zip) and searches each for the value in every
form a page or Playwright re-encodes it into: 0 hits, and ``<secret:PW>``
where the value was.

The page is served by a small server of this module on 127.0.0.1, which
echoes what it received; an iframe from ``localhost`` stands in for a frame
of another domain.
"""

from __future__ import annotations

import json
import os
import stat
import threading
import warnings
import zipfile
from collections.abc import AsyncIterator, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import pytest

import browserkit as bk
from browserkit import tools
from browserkit._convert import to_jsonable
from browserkit._secrets import MIN_CHARS, Secrets, load_file
from tests.helpers import AnySession, aw, browser_config, ref_of, until

SECRET = 'Tr0ub4dor&3 "horse"/x'
BOUND_HERE = "bound-to-loopback-7"
BOUND_ELSEWHERE = "bound-to-example-9"
SECRETS = {
    "PW": SECRET,
    "HERE": {"value": BOUND_HERE, "domains": ["127.0.0.1"]},
    "ELSEWHERE": {"value": BOUND_ELSEWHERE, "domains": ["example.com", "*.example.com"]},
}
# Every form of every value that must never come out.
FORMS = sorted(Secrets.of(SECRETS).hidden(), key=len, reverse=True)

REFLECT = """<!doctype html>
<html><head><title>Reflect</title></head><body>
<label>Password <input id="pw" autocomplete="off"></label>
<label>Name <input id="name"></label>
<p id="out">nothing yet</p>
<p id="echo"></p>
<p id="done"></p>
<a id="link" href="/nowhere">the link</a>
<select id="pick" aria-label="Pick"><option>first</option></select>
<button id="alert">Alert</button>
<iframe id="other" title="other" src="FRAME"></iframe>
<script>
const pw = document.getElementById('pw');
pw.addEventListener('input', async () => {
  const v = pw.value;
  document.getElementById('out').textContent = 'You typed ' + v;
  document.title = 'Hello ' + v;
  console.log('typed', v);
  console.error(JSON.stringify({pw: v}));
  const link = document.getElementById('link');
  link.href = '/nowhere?pw=' + encodeURIComponent(v);
  link.setAttribute('data-pw', v);
  const option = document.createElement('option');
  option.textContent = v;
  document.getElementById('pick').append(option);
  localStorage.setItem('pw', v);
  document.cookie = 'pw=' + encodeURIComponent(v) + '; path=/';
  location.hash = v;
  const answer = await fetch('/echo?q=' + encodeURIComponent(v) + '&raw=' + v, {
    method: 'POST',
    headers: {'X-Secret': v, 'Content-Type': 'application/json'},
    body: JSON.stringify({pw: v}),
  });
  document.getElementById('echo').textContent = 'Echo ' + await answer.text();
  document.getElementById('done').textContent = 'echoed';
  setTimeout(() => { throw new Error('leaked ' + v); });
});
document.getElementById('alert').onclick = () => alert('Your password is ' + pw.value);
</script>
</body></html>
"""

FIELD = """<!doctype html><title>Field</title>
<label>Code <input id="code"></label>
"""


class _Reflector(BaseHTTPRequestHandler):
    """The reflecting page, a field for the iframe, and ``/echo``: what it received, as JSON."""

    protocol_version = "HTTP/1.1"
    port: ClassVar[int] = 0

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, body: str, ctype: str = "text/html; charset=utf-8") -> None:
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if path == "/reflect.html":
            self._send(REFLECT.replace("FRAME", f"http://localhost:{self.port}/field.html"))
        elif path == "/field.html":
            self._send(FIELD)
        else:
            self._send("<!doctype html><title>Nowhere</title>")

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode()
        echo = {
            "query": urlsplit(self.path).query,
            "header": self.headers.get("X-Secret"),
            "body": body,
        }
        self._send(json.dumps(echo), "application/json")


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Reflector)
    _Reflector.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{_Reflector.port}"
    server.shutdown()
    server.server_close()


def _config() -> bk.Config:
    return browser_config().evolve(secrets=SECRETS)


@pytest.fixture(scope="module")
async def secret_abrowser() -> AsyncIterator[bk.AsyncBrowser]:
    browser = bk.AsyncBrowser(_config())
    yield browser
    await browser.close()


@pytest.fixture(scope="module")
def secret_sbrowser() -> Iterator[bk.Browser]:
    browser = bk.Browser(_config())
    yield browser
    browser.close()


@pytest.fixture(params=["async", "sync"])
async def ssess(
    request: pytest.FixtureRequest,
    secret_abrowser: bk.AsyncBrowser,
    secret_sbrowser: bk.Browser,
) -> AsyncIterator[tuple[AnySession, bk.AsyncBrowser | bk.Browser]]:
    """A session of a browser configured with SECRETS, from the async or the sync API."""
    if request.param == "async":
        s: AnySession = await secret_abrowser.start()
        yield s, secret_abrowser
        await s.stop()
    else:
        s = secret_sbrowser.start()
        yield s, secret_sbrowser
        s.stop()


def leaks(text: str) -> list[str]:
    """The forms of a secret value found in ``text``."""
    return [form for form in FORMS if form in text]


def shown(value: Any) -> str:
    """Everything a caller could print of ``value``: str, repr and JSON."""
    try:
        data = json.dumps(to_jsonable(value), ensure_ascii=False)
    except Exception:  # not every value converts; its str and repr still count
        data = ""
    return f"{value}\n{value!r}\n{data}"


# ------------------------------------------------------------------ the main test


@pytest.mark.slow
async def test_a_typed_secret_never_comes_out_of_anything(
    ssess: tuple[AnySession, Any], site: str, tmp_path: Path
) -> None:
    s, browser = ssess
    outputs: dict[str, str] = {}
    await aw(s.navigate(f"{site}/reflect.html"))
    await aw(s.record(str(tmp_path / "trace.zip")))
    tree = str((await aw(s.snapshot())).tree)
    field = ref_of(tree, 'textbox "Password"')

    typed = await aw(s.type(field, bk.secret("PW")))
    outputs["type result"] = shown(typed)
    assert "<secret:PW>" in typed.detail
    await aw(s.wait_for(text="echoed"))
    await until(
        lambda: s.console.read(level="exception").entries, "the page's error with the value"
    )

    # Outlines, diffs, finds, the DOM, scans.
    snap = await aw(s.snapshot())
    outputs["snapshot"] = shown(snap)
    assert "You typed <secret:PW>" in snap.tree
    assert "<secret:PW>" in snap.title
    await aw(s.evaluate("document.getElementById('name').value = 'Ada'"))
    outputs["diff"] = shown(await aw(s.snapshot(diff=True)))
    outputs["compact"] = shown(await aw(s.snapshot(compact=True)))
    outputs["find"] = shown(await aw(s.find("typed")))
    outputs["find echo"] = shown(await aw(s.find("Echo")))
    outputs["dom"] = shown(await aw(s.dom(depth=10)))
    outputs["scan"] = shown(await aw(s.scan()))
    outputs["scan text"] = shown(await aw(s.scan(text_only=True)))

    # Scripts: results, logs, state, errors.
    outputs["evaluate"] = shown(await aw(s.evaluate("[document.title, location.href]")))
    assert "<secret:PW>" in outputs["evaluate"]
    outputs["evaluate on element"] = shown(await aw(s.evaluate("el => el.value", target=field)))
    outputs["execute"] = shown(
        await aw(s.execute("log(document.title); state.t = document.title; return localStorage.pw"))
    )
    with pytest.raises(bk.EvaluationError) as thrown:
        await aw(s.evaluate("() => { throw new Error('no: ' + document.title) }"))
    outputs["evaluation error"] = shown(thrown.value) + str(thrown.value.__cause__)
    assert "<secret:PW>" in thrown.value.message

    # An error that quotes the page: the options of a select.
    with pytest.raises(bk.TargetNotFoundError) as missing:
        await aw(s.select(bk.css("#pick"), "nope"))
    outputs["select error"] = shown(missing.value)
    assert "<secret:PW>" in missing.value.message

    # Console and network buffers, one request's detail, exports.
    console = s.console.read(limit=100)
    outputs["console"] = shown(console)
    assert "<secret:PW>" in outputs["console"]
    network = s.network.read(pattern="echo")
    outputs["network"] = shown(network)
    echo = network.entries[-1]
    assert "<secret:PW>" in echo.url
    detail = await aw(s.network.detail(echo.request_id))
    outputs["network detail"] = shown(detail)
    assert "<secret:PW>" in str(detail.request_headers)
    assert "<secret:PW>" in str(detail.request_body)
    assert "<secret:PW>" in str(detail.body)
    outputs["console export"] = s.console.export(str(tmp_path / "console.json")).read_text()
    outputs["network export"] = s.network.export(str(tmp_path / "network.json")).read_text()

    # Where the page is: URL (the hash holds the value), tabs, the browser's list.
    outputs["url"] = s.url
    assert "<secret:PW>" in s.url
    outputs["tabs"] = shown(await aw(s.tabs()))
    outputs["sessions"] = shown(browser.sessions())

    # State the page kept: cookies, localStorage, the storage state (returned and written).
    outputs["cookies"] = shown(await aw(s.cookies()))
    outputs["local storage"] = shown(await aw(s.local_storage()))
    state = await aw(s.storage_state(str(tmp_path / "state.json")))
    outputs["storage state"] = shown(state)
    outputs["storage state file"] = (tmp_path / "state.json").read_text()
    assert "<secret:PW>" in outputs["storage state file"]

    # An alert that says it: the action's dialog.
    clicked = await aw(s.click(bk.css("#alert")))
    outputs["alert"] = shown(clicked)
    assert clicked.dialog is not None and "<secret:PW>" in clicked.dialog.message
    outputs["dialog answered"] = shown(await aw(s.handle_dialog(True)))

    # The tools, as a model calls them, and what the live view lists.
    sid = s.id
    calls: list[tuple[str, dict[str, Any]]] = [
        ("browser_snapshot", {}),
        ("browser_find", {"text": "typed"}),
        ("browser_dom_read", {}),
        ("browser_scan", {}),
        ("browser_evaluate", {"expression": "document.title"}),
        ("browser_execute", {"code": "log(location.href); return document.body.innerText"}),
        ("browser_console_read", {}),
        ("browser_network_read", {}),
        ("browser_network_detail", {"request_id": echo.request_id}),
        ("browser_tabs_list", {}),
        ("browser_cookies", {}),
        ("browser_local_storage", {}),
        ("browser_evaluate", {"expression": "(() => { throw new Error(document.title) })()"}),
        (
            "browser_act",
            {"action": "type", "ref": field, "text": {"secret": "PW"}, "detail": "log in"},
        ),
    ]
    for i, (name, arguments) in enumerate(calls):
        answer = await tools.call(browser, name, {"session_id": sid, **arguments})
        outputs[f"tool {i} {name}"] = json.dumps(answer, ensure_ascii=False)
    assert "<secret:PW>" in outputs["tool 12 browser_evaluate"]  # its error
    outputs["tool browser_sessions_list"] = json.dumps(
        await tools.call(browser, "browser_sessions_list", {}), ensure_ascii=False
    )
    core = getattr(s, "_impl", s)._core
    board = getattr(s, "_impl", s)._live_views.board
    outputs["live view actions"] = shown([note.detail for note in board.notes])
    assert any("<secret:PW>" in note.detail for note in board.notes)

    # The recording of it all: every member of the zip, as text.
    recording = await aw(s.stop_recording())
    outputs["recording result"] = shown(recording)
    with zipfile.ZipFile(tmp_path / "trace.zip") as trace:
        for member in trace.namelist():
            outputs[f"recording {member}"] = trace.read(member).decode("utf-8", "replace")
    assert any("<secret:PW>" in text for key, text in outputs.items() if key.startswith("rec"))

    found = {where: leaks(text) for where, text in outputs.items() if leaks(text)}
    print(f"\n{len(outputs)} outputs searched for {len(FORMS)} forms of the secrets")
    assert found == {}
    assert core.config.secrets.names == ("PW", "HERE", "ELSEWHERE")


# ------------------------------------------------------------------ typing them


async def test_a_secret_fills_a_form_and_the_page_gets_the_value(
    ssess: tuple[AnySession, Any], site: str
) -> None:
    s, browser = ssess
    await aw(s.navigate(f"{site}/reflect.html"))
    tree = str((await aw(s.snapshot())).tree)
    name = ref_of(tree, 'textbox "Name"')
    result = await aw(s.fill_form([{"target": name, "value": bk.secret("HERE")}]))
    assert BOUND_HERE not in shown(result)
    # The page has the value itself; only what comes back is redacted.
    assert await aw(s.evaluate("document.getElementById('name').value === 'bound-to-loopback-7'"))
    assert await aw(s.evaluate("el => el.value", target=name)) == "<secret:HERE>"
    # The same through the tool, as a model writes it.
    filled = await tools.call(
        browser,
        "browser_fill_form",
        {"session_id": s.id, "fields": [{"ref": name, "value": {"secret": "PW"}}]},
    )
    assert "error" not in filled and leaks(json.dumps(filled)) == []
    assert await aw(s.evaluate(f"document.getElementById('name').value === {json.dumps(SECRET)}"))


async def test_a_secret_bound_to_other_domains_is_refused_and_not_typed(
    ssess: tuple[AnySession, Any], site: str
) -> None:
    s, _ = ssess
    await aw(s.navigate(f"{site}/reflect.html"))
    tree = str((await aw(s.snapshot())).tree)
    name = ref_of(tree, 'textbox "Name"')
    with pytest.raises(bk.DomainNotAllowedError) as refused:
        await aw(s.type(name, bk.secret("ELSEWHERE")))
    assert "bound to example.com" in refused.value.message
    assert "127.0.0.1" in refused.value.message
    with pytest.raises(bk.DomainNotAllowedError):
        await aw(s.fill_form([{"target": name, "value": bk.secret("ELSEWHERE")}]))
    # Nor into the focused element or a point: their frame cannot be checked.
    await aw(s.click(name))
    with pytest.raises(bk.InvalidArgumentError, match="type it into an element"):
        await aw(s.type(None, bk.secret("HERE")))
    assert await aw(s.evaluate("document.getElementById('name').value")) == ""


async def test_a_secret_bound_to_this_host_is_refused_in_a_frame_of_another(
    ssess: tuple[AnySession, Any], site: str
) -> None:
    s, _ = ssess
    await aw(s.navigate(f"{site}/reflect.html"))
    await aw(s.wait_for(selector=bk.css("#code", frame="#other")))
    code = bk.css("#code", frame="#other")
    with pytest.raises(bk.DomainNotAllowedError) as refused:
        await aw(s.type(code, bk.secret("HERE")))
    assert "'localhost'" in refused.value.message
    assert await aw(s.evaluate("el => el.value", target=code)) == ""
    # The secret of no domain goes anywhere.
    await aw(s.type(code, bk.secret("PW")))
    assert await aw(s.evaluate("el => el.value === 'Tr0ub4dor&3 \"horse\"/x'", target=code))


async def test_an_unknown_secret_names_the_known_ones_and_no_value(
    ssess: tuple[AnySession, Any], site: str
) -> None:
    s, browser = ssess
    await aw(s.navigate(f"{site}/reflect.html"))
    tree = str((await aw(s.snapshot())).tree)
    name = ref_of(tree, 'textbox "Name"')
    with pytest.raises(bk.InvalidArgumentError) as unknown:
        await aw(s.type(name, bk.secret("NOPE")))
    assert "NOPE" in unknown.value.message and "PW, HERE, ELSEWHERE" in unknown.value.message
    assert leaks(str(unknown.value)) == []
    answer = await tools.call(
        browser,
        "browser_fill_form",
        {"session_id": s.id, "fields": [{"ref": name, "value": {"secret": "NOPE"}}]},
    )
    assert answer["error"]["code"] == "invalid_argument" and "PW" in answer["error"]["message"]
    bad = await tools.call(
        browser,
        "browser_act",
        {"session_id": s.id, "action": "type", "ref": name, "text": {"name": "PW"}, "detail": "x"},
    )
    assert bad["error"]["code"] == "invalid_argument"
    assert await aw(s.evaluate("document.getElementById('name').value")) == ""


def test_the_tool_schemas_take_a_secret_where_a_text_goes() -> None:
    act = tools.REGISTRY["browser_act"].input_schema["properties"]["text"]
    assert act["type"] == ["string", "object"] and "{secret: NAME}" in act["description"]
    field = tools.REGISTRY["browser_fill_form"].input_schema["properties"]["fields"]["items"]
    assert "object" in field["properties"]["value"]["type"]


# ------------------------------------------------------------------ the config


def test_the_config_shows_names_never_values() -> None:
    config = bk.Config(secrets=SECRETS)
    assert "secrets=Secrets(PW, HERE, ELSEWHERE)" in repr(config)
    assert leaks(repr(config)) == [] and leaks(str(config.secrets)) == []
    assert repr(bk.Config().secrets) == "Secrets(none)" and not bk.Config().secrets
    assert repr(bk.secret("PW")) == str(bk.secret("PW")) == "<secret:PW>"
    assert config.evolve(headless=False).secrets == config.secrets


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"PW": "abc"}, f"shorter than {MIN_CHARS}"),
        ({"1PW": "long enough"}, "must match"),
        ({"PW": 12345}, "must be a string"),
        ({"PW": " padded value"}, "white space"),
        ({"PW": {"value": "long enough", "domains": []}}, "non-empty list"),
        ({"PW": {"value": "long enough", "domains": ["https://x.org/"]}}, "is not a host"),
        ({"PW": {"value": "long enough", "domain": ["x.org"]}}, "unknown key"),
        ({"PW": {"domains": ["x.org"]}}, "no 'value'"),
    ],
)
def test_bad_secrets_are_refused_without_their_value(given: Any, words: str) -> None:
    with pytest.raises(bk.InvalidArgumentError) as refused:
        bk.Config(secrets=given)
    assert words in refused.value.message
    assert "abc" not in str(refused.value) and "long enough" not in str(refused.value)
    assert "padded" not in str(refused.value)


def test_a_secret_name_is_checked_where_it_is_made() -> None:
    with pytest.raises(bk.InvalidArgumentError, match="must match"):
        bk.secret("not a name")


def test_a_bound_secret_follows_the_domain_fences_host_rules() -> None:
    # One rule for hosts: the fence's (browserkit._fence), so a secret's
    # domains read as allowed_domains do.
    bound = Secrets.of({"GH": {"value": "gh-token-1", "domains": ["*.GitHub.com."]}})
    for url in ("https://github.com/login", "https://api.github.com/", "https://a.b.github.com"):
        assert bound.value_for("GH", url) == "gh-token-1"
    for url in ("https://evilgithub.com/", "https://github.com.evil.org/", "about:blank", None):
        with pytest.raises(bk.DomainNotAllowedError):
            bound.value_for("GH", url)
    ip = Secrets.of({"IP": {"value": "ip-token-1", "domains": ["[::1]", "127.0.0.1"]}})
    assert ip.value_for("IP", "http://[::1]:8000/") == "ip-token-1"
    assert (
        ip.value_for("IP", "http://2130706433/") == "ip-token-1"
    )  # 127.0.0.1, as Chromium reads it
    with pytest.raises(bk.InvalidArgumentError, match="secret IP"):
        Secrets.of({"IP": {"value": "ip-token-1", "domains": ["127.0.0.1:80"]}})


def test_values_are_redacted_in_every_encoding_longest_first() -> None:
    secrets = Secrets.of({"A": "p@ss w0rd/é<&>", "B": "w0rd/é<&>-tail", "C": "p@ss"})
    text = (
        "raw p@ss w0rd/é<&> | encodeURIComponent p%40ss%20w0rd%2F%C3%A9%3C%26%3E | "
        "form p%40ss+w0rd%2F%C3%A9%3C%26%3E | json p@ss w0rd/\\u00e9<&> | "
        "html p@ss w0rd/é&lt;&amp;&gt; | hash p@ss%20w0rd/%C3%A9%3C&%3E | B w0rd/é<&>-tail"
    )
    out = secrets.redact(text)
    assert out == (
        "raw <secret:A> | encodeURIComponent <secret:A> | form <secret:A> | json <secret:A> | "
        "html <secret:A> | hash <secret:A> | B <secret:B>"
    )
    assert secrets.redact("just p@ss") == "just <secret:C>"
    hidden = secrets.hidden()
    assert hidden["p@ss w0rd/é<&>"] == "<secret:A>" and len(hidden) > 10
    # Inside results: attrs values, tuples, dicts (keys too); bytes untouched.
    nested = {"p@ss w0rd/é<&>": [("x", b"p@ss")], "e": bk.TabInfo("t1", "u", "p@ss")}
    assert secrets.hide(nested) == {
        "<secret:A>": [("x", b"p@ss")],
        "e": bk.TabInfo("t1", "u", "<secret:C>"),
    }
    plain = {"a": ["b"]}
    assert Secrets().hide(plain) is plain and secrets.hide(plain) is plain


# ------------------------------------------------------------------ files


def _write(path: Path, text: str, mode: int = 0o600) -> Path:
    path.write_text(text)
    path.chmod(mode)
    return path


def test_a_dotenv_file(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "secrets.env",
        "# the shop\n"
        "\n"
        "export GH_PASSWORD=plain-value-1 # a comment\n"
        "QUOTED='single # not a comment'\n"
        'ESCAPED="two\\nlines \\"q\\""\n'
        "  SPACED = spaced-value  \n",
    )
    secrets = load_file(path)
    assert secrets.names == ("GH_PASSWORD", "QUOTED", "ESCAPED", "SPACED")
    assert secrets.value_for("GH_PASSWORD", None) == "plain-value-1"
    assert secrets.value_for("QUOTED", None) == "single # not a comment"
    assert secrets.value_for("ESCAPED", None) == 'two\nlines "q"'
    assert secrets.value_for("SPACED", None) == "spaced-value"
    assert bk.Config(secrets=str(path)).secrets == secrets
    assert bk.Config.from_env({"BROWSERKIT_SECRETS_FILE": str(path)}).secrets == secrets


def test_a_json_file_binds_secrets_to_domains(tmp_path: Path) -> None:
    path = _write(tmp_path / "secrets.json", json.dumps(SECRETS))
    secrets = load_file(path)
    assert secrets == Secrets.of(SECRETS)
    assert secrets.domains("HERE") == ("127.0.0.1",)
    assert secrets.value_for("HERE", "http://127.0.0.1:9/x") == BOUND_HERE
    with pytest.raises(bk.DomainNotAllowedError, match=r"bound to 127\.0\.0\.1"):
        secrets.value_for("HERE", "http://127.0.0.2/")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("NAME value-without-equals\n", "line 1 is not NAME=value"),
        ("A=long-enough\nB='unclosed\n", "line 2 (B): the quote is not closed"),
        ("A=long-enough\nA=long-enough-too\n", "given twice"),
        ("A=abc\n", "line 1: secret A: the value is shorter"),
    ],
)
def test_a_bad_dotenv_file_names_the_line_never_the_value(
    tmp_path: Path, text: str, words: str
) -> None:
    path = _write(tmp_path / "bad.env", text)
    with pytest.raises(bk.InvalidArgumentError) as refused:
        bk.Config(secrets=str(path))
    assert words in refused.value.message and str(path) in refused.value.message
    for value in ("value-without-equals", "unclosed", "long-enough", "abc"):
        assert value not in str(refused.value).replace(str(path), "")
    with pytest.raises(bk.InvalidArgumentError) as from_env:
        bk.Config.from_env({"BROWSERKIT_SECRETS_FILE": str(path)})
    assert from_env.value.message.startswith("BROWSERKIT_SECRETS_FILE: ")


def test_a_secrets_file_open_to_others_gets_a_warning(tmp_path: Path) -> None:
    path = _write(tmp_path / "open.env", "PW=long-enough\n", mode=0o644)
    with pytest.warns(UserWarning, match="open to other users .*chmod 600"):
        load_file(path)
    _write(path, "PW=long-enough\n", mode=0o600)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_file(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_or_a_folder_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "secrets.env"
    os.mkfifo(fifo)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    with pytest.raises(bk.InvalidArgumentError, match="not a regular file"):
        load_file(fifo)  # no writer ever opens it: a blocking read would hang here
    with pytest.raises(bk.InvalidArgumentError, match="not a regular file"):
        load_file(tmp_path)
    with pytest.raises(bk.InvalidArgumentError, match="cannot be opened"):
        load_file(tmp_path / "missing.env")


def test_mcp_takes_a_secrets_file(tmp_path: Path) -> None:
    import argparse

    from browserkit.mcp import add_arguments, options_from_args

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    path = _write(tmp_path / "secrets.json", json.dumps(SECRETS))
    options = options_from_args(parser.parse_args(["--secrets", str(path)]))
    assert options.config().secrets == Secrets.of(SECRETS)
    assert leaks(repr(options)) == [] and leaks(repr(options.config())) == []
    bad = _write(tmp_path / "bad.env", "PW=abc\n")
    with pytest.raises(SystemExit) as refused:
        options_from_args(parser.parse_args(["--secrets", str(bad)]))
    assert "--secrets: " in str(refused.value) and "shorter" in str(refused.value)
    assert "abc" not in str(refused.value).replace(str(bad), "")


def test_an_error_is_redacted_in_place_with_its_causes_dropped() -> None:
    from playwright.async_api import Error as PlaywrightError

    secrets = Secrets.of(SECRETS)
    try:
        try:
            raise ValueError(f"inner {SECRET}")
        except ValueError:
            raise bk.EvaluationError(f"bad {SECRET}", hint=f"not {BOUND_HERE}") from None
    except bk.EvaluationError as caught:
        error = caught
    error.__notes__ = [f"note {SECRET}"]  # add_note() on Python 3.11+
    secrets.hide_error(error)
    assert (error.message, error.hint) == ("bad <secret:PW>", "not <secret:HERE>")
    assert error.__notes__ == ["note <secret:PW>"] and error.__suppress_context__
    assert leaks(str(error) + repr(error)) == [] and error.__cause__ is None
    outside = PlaywrightError(f"from the driver {SECRET}")
    secrets.hide_error(outside)
    assert leaks(str(outside) + outside.message) == []


def test_a_cut_never_leaves_part_of_a_value() -> None:
    """Buffers and request detail redact before they cut a long field."""
    from browserkit._async.evidence.requests import RequestRecords

    redact = Secrets.of(SECRETS).redact
    text = "x" * 6 + SECRET + " and more"
    buffer = bk.EventBuffer(bk.ConsoleEntry, max_field_chars=12, redact=redact)
    entry = buffer.append(level="log", text=text)
    assert entry.text == "xxxxxx<secre" and entry.truncated_fields == ("text",)
    records = RequestRecords(
        bk.EventBuffer(bk.NetworkEntry, max_field_chars=12), {}, lambda _: None, redact
    )
    assert records.clip(text) == ("xxxxxx<secre", True)
    assert records.clip(SECRET) == ("<secret:PW>", False)  # shorter, but nothing was cut
