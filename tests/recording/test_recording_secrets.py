"""A recording holds no secret: what was typed into password and card fields,
HttpOnly cookies and credential headers are replaced before the zip is written
(issue 27, leak 6).

The end-to-end tests sign in on a page served from 127.0.0.1, record it, and
then search every member of the zip for each secret, as it is and encoded
the ways it travels (JSON, URL, HTML): 0 hits, while the trace still opens
and still shows the steps and the values that are not secret.
"""

from __future__ import annotations

import base64
import html
import json
import time
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_plus

import pytest

import browserkit as bk
from browserkit._secrets import TypedSecrets
from browserkit._trace_redact import redact_trace
from tests.helpers import AnySession, aw, browser_config

PASSWORD = 'Pa55 w0rd&"<>é/+secret'
PIN = "pin-7731-secret"
CARD = "4242424242424242"
TOKEN = "tok-Authz-9f3e-secret"
USER = "alice-rec"  # not a secret: it stays in the trace

LOGIN = """<!doctype html><meta charset="utf-8"><title>Sign in</title>
<form method="post" action="/state/login">
<label>User <input name="user" id="user"></label>
<label>Password <input name="password" id="pw" type="password"></label>
<label>PIN <input name="pin" id="pin" type="password"></label>
<label>Card <input name="card" id="card" autocomplete="cc-number"></label>
<button id="go">Sign in</button></form>"""

# A page whose own script sends the token: it is in the page's HTML as well.
APP = f"""<!doctype html><meta charset="utf-8"><title>App</title><p id="out">waiting</p>
<script>
fetch('/state/echo', {{headers: {{Authorization: 'Bearer {TOKEN}'}}}})
  .then(() => {{ document.getElementById('out').textContent = 'sent'; }});
</script>"""

# A page that tells its own scripts its password field is a text field, and
# turns it into one as it is typed into: only the check made before typing,
# where the page cannot reach, knows it was a password.
DISGUISED = """<!doctype html><meta charset="utf-8"><title>Disguised</title>
<label>Code <input id="code" type="password"></label><p id="out">ready</p>
<script>
const field = document.getElementById('code');
const setAttribute = Element.prototype.setAttribute;
Object.defineProperty(HTMLInputElement.prototype, 'type', {get() { return 'text'; }});
Element.prototype.getAttribute = function () { return null; };
Element.prototype.matches = function () { return false; };
Document.prototype.querySelectorAll = function () { return []; };
field.addEventListener('beforeinput', () => setAttribute.call(field, 'type', 'text'));
field.addEventListener('input', () => { document.getElementById('out').textContent = 'taken'; });
</script>"""


def spellings(value: str) -> set[str]:
    """``value`` as it is and the ways it is encoded on its way (written out here,
    not taken from the code under test)."""
    forms = {value, json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=False)[1:-1]}
    forms |= {quote(value), quote(value, safe=""), quote_plus(value), html.escape(value)}
    return forms


def hits(zip_path: Path, secrets: dict[str, str]) -> list[str]:
    """Where any spelling of any secret is in any member of the zip, as bytes."""
    found = []
    with zipfile.ZipFile(zip_path) as archive:
        for name in archive.namelist():
            data = archive.read(name)
            for label, value in secrets.items():
                for form in spellings(value):
                    if form.encode() in data:
                        found.append(f"{label} as {form!r} in {name}")
    return found


def events(zip_path: Path) -> list[dict[str, object]]:
    """Every JSON line of the trace's JSON members, parsed (fails if one does not parse)."""
    out = []
    with zipfile.ZipFile(zip_path) as archive:
        for name in archive.namelist():
            if name.endswith((".trace", ".network")):
                for line in archive.read(name).decode("utf-8").splitlines():
                    if line.strip():
                        out.append(json.loads(line))
    return out


def group_titles(zip_path: Path) -> list[str]:
    return [
        str(e["title"])
        for e in events(zip_path)
        if e.get("type") == "before" and e.get("method") == "tracingGroup"
    ]


async def serve_pages(sess: AnySession) -> None:
    for name, page in (("login", LOGIN), ("app", APP), ("disguised", DISGUISED)):
        await aw(
            sess.route(
                f"**/rec/{name}.html",
                respond={"body": page, "headers": {"content-type": "text/html; charset=utf-8"}},
            )
        )


async def sign_in_and_call(sess: AnySession, base_url: str) -> None:
    """Type a password, fill a PIN and a card, sign in (an HttpOnly cookie), call an API."""
    await aw(sess.navigate(f"{base_url}/rec/login.html"))
    await aw(sess.type(bk.css("#user"), USER))
    await aw(sess.type(bk.css("#pw"), PASSWORD))
    await aw(
        sess.fill_form(
            [{"target": bk.css("#pin"), "value": PIN}, {"target": bk.css("#card"), "value": CARD}]
        )
    )
    await aw(sess.click(bk.css("#go")))
    await aw(sess.wait_for(text="Signed in as"))
    await aw(sess.navigate(f"{base_url}/rec/app.html"))
    await aw(sess.wait_for(text="sent"))


async def session_cookie(sess: AnySession) -> str:
    cookies = [c for c in await aw(sess.cookies()) if c.name == "sid"]
    assert cookies and cookies[0].http_only
    return str(cookies[0].value)


async def test_a_recording_holds_no_password_card_cookie_or_token(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await serve_pages(sess)
    path = tmp_path / "signin.zip"
    await aw(sess.record(path))
    await sign_in_and_call(sess, base_url)
    await aw(sess.stop_recording())
    secrets = {
        "password": PASSWORD,
        "pin": PIN,
        "card": CARD,
        "token": TOKEN,
        "cookie": await session_cookie(sess),
    }

    assert hits(path, secrets) == []
    # The trace still opens, its steps and the values that are no secret in it.
    titles = group_titles(path)
    assert f"navigate to {base_url}/rec/login.html" in titles
    assert f"typed {len(PASSWORD)} chars into css=#pw" in titles
    assert "filled 2 fields" in titles
    assert "clicked css=#go" in titles
    with zipfile.ZipFile(path) as archive:
        assert USER.encode() in archive.read("trace.trace")
        network = archive.read("trace.network").decode()
    assert "/state/login" in network and "/state/echo" in network
    assert "<redacted:authorization>" in network
    assert "<redacted:cookie>" in network


async def test_a_recording_written_when_the_session_stops_holds_no_secret(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path
) -> None:
    sess = await abrowser.start()
    await serve_pages(sess)
    path = tmp_path / "at-stop.zip"
    await sess.record(path)
    await sign_in_and_call(sess, base_url)
    cookie = await session_cookie(sess)
    await sess.stop()
    secrets = {"password": PASSWORD, "pin": PIN, "card": CARD, "token": TOKEN, "cookie": cookie}
    assert hits(path, secrets) == []
    assert "clicked css=#go" in group_titles(path)


async def test_a_field_that_hides_it_is_a_password_from_the_page_is_still_redacted(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await serve_pages(sess)
    await aw(sess.navigate(f"{base_url}/rec/disguised.html"))
    path = tmp_path / "disguised.zip"
    await aw(sess.record(path))
    await aw(sess.type(bk.css("#code"), PIN))
    await aw(sess.wait_for(text="taken"))
    await aw(sess.stop_recording())
    assert hits(path, {"code": PIN}) == []
    assert f"typed {len(PIN)} chars into css=#code" in group_titles(path)


async def test_typing_into_the_focused_password_field_of_an_iframe_is_redacted(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/secrets.html"))
    await aw(sess.wait_for(text="PIN"))
    path = tmp_path / "frame.zip"
    await aw(sess.record(path))
    await aw(sess.click(bk.css("iframe")))
    await aw(
        sess.evaluate(
            "document.querySelector('iframe').contentDocument.getElementById('pin').focus()"
        )
    )
    await aw(sess.type(None, "typed-into-frame-77"))
    await aw(sess.stop_recording())
    # The page's own prefilled values are in the snapshots of its fields: redacted too.
    secrets = {"typed": "typed-into-frame-77", "old": "hunter2-old", "card": "4111111111111111"}
    assert hits(path, secrets) == []


async def test_show_secrets_still_redacts_recordings(base_url: str, tmp_path: Path) -> None:
    async with bk.AsyncBrowser(browser_config().evolve(show_secrets=True)) as browser:
        sess = await browser.start()
        await serve_pages(sess)
        path = tmp_path / "shown.zip"
        await sess.record(path)
        await sess.navigate(f"{base_url}/rec/login.html")
        await sess.type(bk.css("#pw"), PASSWORD)
        assert PASSWORD in (await sess.snapshot()).tree  # the agent may read it
        await sess.stop_recording()
    assert hits(path, {"password": PASSWORD}) == []


# -- the rewriting itself, on zips made here -----------------------------------


def make_trace(path: Path, members: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def lines(*objects: object) -> bytes:
    return b"".join(json.dumps(o).encode() + b"\n" for o in objects)


def rewrite(tmp_path: Path, members: dict[str, bytes], known: dict[str, str]) -> Path:
    source, target = tmp_path / "in.zip", tmp_path / "out.zip"
    make_trace(source, members)
    redact_trace(source, target, known, deadline=time.monotonic() + 60)
    return target


def test_the_named_secrets_hook_values_get_their_own_replacement(tmp_path: Path) -> None:
    trace = lines({"type": "before", "callId": "c@1", "params": {"value": "gh-value-123"}})
    out = rewrite(tmp_path, {"trace.trace": trace}, {"gh-value-123": "<secret:GH>"})
    assert events(out)[0]["params"] == {"value": "<secret:GH>"}


def test_a_value_cut_by_a_chunk_boundary_is_still_found(tmp_path: Path) -> None:
    body = b"x" * ((1 << 20) - 5) + b"split-secret-value" + b"y" * 100
    out = rewrite(tmp_path, {"resources/a.dat": body}, {"split-secret-value": "<r>"})
    with zipfile.ZipFile(out) as archive:
        data = archive.read("resources/a.dat")
    assert b"split-secret" not in data
    assert data == b"x" * ((1 << 20) - 5) + b"<r>" + b"y" * 100


def test_a_short_value_is_replaced_only_where_it_stands_alone(tmp_path: Path) -> None:
    trace = lines({"type": "before", "callId": "c@1", "params": {"value": "ab1", "note": "xab1y"}})
    out = rewrite(tmp_path, {"trace.trace": trace}, {"ab1": "<r>"})
    assert events(out)[0]["params"] == {"value": "<r>", "note": "xab1y"}
    assert events(out)[0]["callId"] == "c@1"


def test_headers_and_cookies_the_trace_marks_are_replaced_everywhere(tmp_path: Path) -> None:
    basic = base64.b64encode(b"bob:basic-pass-42").decode()
    network = lines(
        {
            "type": "resource-snapshot",
            "snapshot": {
                "request": {
                    "headers": [
                        {"name": "authorization", "value": f"Basic {basic}"},
                        {"name": "Cookie", "value": "sid=cookie-value-1; theme=dark"},
                    ],
                    "cookies": [{"name": "theme", "value": "dark"}],
                },
                "response": {
                    "headers": [
                        {"name": "Set-Cookie", "value": "sid=cookie-value-1; HttpOnly; Path=/"},
                        {"name": "Set-Cookie", "value": "theme=dark; Path=/"},
                    ],
                    "cookies": [{"name": "sid", "value": "cookie-value-1", "httpOnly": True}],
                    "content": {"_sha1": "abc.html"},
                },
            },
        }
    )
    page = b"<p>echo: cookie-value-1 and basic-pass-42</p>"
    out = rewrite(tmp_path, {"trace.network": network, "resources/abc.html": page}, {})
    with zipfile.ZipFile(out) as archive:
        everything = b"".join(archive.read(n) for n in archive.namelist())
    for secret in (basic.encode(), b"cookie-value-1", b"basic-pass-42", b"bob:basic-pass-42"):
        assert secret not in everything
    snapshot = events(out)[0]["snapshot"]
    assert isinstance(snapshot, dict)
    assert snapshot["response"]["headers"][0]["value"] == "sid=<redacted:cookie>; HttpOnly; Path=/"
    assert snapshot["response"]["headers"][1]["value"] == "theme=dark; Path=/"  # not HttpOnly
    assert snapshot["response"]["content"] == {"_sha1": "abc.html"}


def test_a_snapshot_of_a_password_field_loses_its_value_everywhere(tmp_path: Path) -> None:
    field = ["INPUT", {"type": "Password", "__playwright_value_": "person-typed-9"}]
    trace = lines(
        {"type": "log", "message": "earlier: person-typed-9"},
        {"type": "frame-snapshot", "snapshot": {"html": ["HTML", {}, ["BODY", {}, field]]}},
    )
    out = rewrite(tmp_path, {"trace.trace": trace}, {})
    with zipfile.ZipFile(out) as archive:
        assert b"person-typed-9" not in archive.read("trace.trace")


def test_a_line_with_a_lone_surrogate_is_still_written(tmp_path: Path) -> None:
    line = b'{"type":"log","message":"odd \\ud800 text and lone-secret-1"}\n'
    out = rewrite(tmp_path, {"trace.trace": line}, {"lone-secret-1": "<r>"})
    assert events(out)[0]["message"] == "odd \ud800 text and <r>"


def test_images_are_copied_as_they_are(tmp_path: Path) -> None:
    jpeg = b"\xff\xd8\xff\xe0" + b"looks-like-secret-value" + b"\xff\xd9"
    out = rewrite(tmp_path, {"resources/x.jpeg": jpeg}, {"looks-like-secret-value": "<r>"})
    with zipfile.ZipFile(out) as archive:
        assert archive.read("resources/x.jpeg") == jpeg


def test_typed_secrets_never_show_their_values() -> None:
    typed = TypedSecrets()
    typed.note("never-shown-1", "typed")
    assert "never-shown-1" not in repr(typed)
    assert typed.replacements() == {"never-shown-1": "<redacted:typed>"}


@pytest.mark.parametrize("bad", [b"not a zip at all"])
def test_a_trace_that_cannot_be_read_is_not_written(tmp_path: Path, bad: bytes) -> None:
    source, target = tmp_path / "in.zip", tmp_path / "out.zip"
    source.write_bytes(bad)
    with pytest.raises(zipfile.BadZipFile):
        redact_trace(source, target, {}, deadline=time.monotonic() + 60)


LOG_IN = (
    "fetch('/state/login', {method: 'POST', body: 'user=ada',"
    " headers: {'Content-Type': 'application/x-www-form-urlencoded'}}).then(r => r.text())"
)


def in_file(path: Path, value: str) -> list[str]:
    """The spellings of ``value`` in the file at ``path`` (a HAR)."""
    data = path.read_bytes()
    return [form for form in spellings(value) if form.encode() in data]


async def test_a_cookie_held_before_the_recording_and_cleared_before_its_end_is_redacted(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    # Issue 41, item 1: signed in before record(), signed out before
    # stop_recording(): the redactor saw no Set-Cookie in the file and no
    # cookie at stop, so the session cookie stayed in the HAR's
    # request.cookies and in the trace's network part.
    await aw(sess.navigate(f"{base_url}/basic.html"))
    await aw(sess.evaluate(LOG_IN))
    cookie = await session_cookie(sess)
    path = tmp_path / "later.zip"
    await aw(sess.record(path, har=True))
    await aw(sess.navigate(f"{base_url}/state/whoami"))
    await aw(sess.wait_for(text="Signed in as ada"))
    await aw(sess.navigate(f"{base_url}/state/logout"))
    await aw(sess.wait_for(text="Not signed in"))
    assert [c for c in await aw(sess.cookies()) if c.name == "sid"] == []
    recording = await aw(sess.stop_recording())

    assert recording.har is not None
    har = Path(recording.har)
    assert hits(path, {"cookie": cookie}) == []
    assert in_file(har, cookie) == []
    entries = json.loads(har.read_text(encoding="utf-8"))["log"]["entries"]
    sent = [
        c
        for e in entries
        if e["request"]["url"] == f"{base_url}/state/whoami"
        for c in e["request"]["cookies"]
    ]
    assert sent and all(c["value"] == "<redacted:cookie>" for c in sent if c["name"] == "sid")


@pytest.mark.parametrize("api", ["async", "sync"])
async def test_a_cookie_set_outside_the_har_filter_is_redacted_inside_it(
    api: str, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser, base_url: str, tmp_path: Path
) -> None:
    # Issue 41, item 1: the Set-Cookie came on a request the filter leaves out
    # of the file, and the cookie was gone at stop.
    har = tmp_path / "api.har"
    owner: Any = abrowser if api == "async" else sbrowser
    s = await aw(owner.start(f"{base_url}/basic.html", har_path=har, har_url_filter="**/api/**"))
    await aw(s.evaluate(LOG_IN))
    cookie = await session_cookie(s)
    await aw(s.evaluate("fetch('/api/orders').then(r => r.status)"))
    await aw(s.evaluate("fetch('/state/logout').then(r => r.status)"))
    assert [c for c in await aw(s.cookies()) if c.name == "sid"] == []
    await aw(s.stop())

    entries = json.loads(har.read_text(encoding="utf-8"))["log"]["entries"]
    assert [e["request"]["url"] for e in entries] == [f"{base_url}/api/orders"]
    assert in_file(har, cookie) == []
    assert [c["value"] for c in entries[0]["request"]["cookies"] if c["name"] == "sid"] == [
        "<redacted:cookie>"
    ]
