"""Issue 27, leak 4: credentials in an endpoint URL never reach any output.

An entry such as ``ws://alice:S3CRET@127.0.0.1:PORT/?token=TOK&launch-options=...``
is used whole to connect; every repr, error, hint, tool result and CLI line
shows it masked (``ws://***@127.0.0.1:PORT/?token=***&launch-options=***``).
Each test builds the situation for real on loopback (a port nobody listens
on, a server that accepts and hangs up, a server that records what it was
sent, a real Playwright server killed mid-session) and searches all the text
for the secrets.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import subprocess
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import browserkit as bk
from browserkit import tools
from browserkit._convert import to_jsonable
from browserkit._diagnose import diagnose
from browserkit._endpoints import parse_endpoint, probe, redact, scrub
from browserkit.mcp import ServerOptions
from tests.browser_servers import BrowserServer
from tests.helpers import until

pytestmark = pytest.mark.timeout(120)

SECRETS = ("S3CRET", "TOK", "L4UNCH")
"""The password, the token, and a value inside the launch options."""

HIDDEN_OPTIONS = urllib.parse.quote(json.dumps({"env": {"PROXY_PASS": "L4UNCH"}}), safe="")


def entry(port: int, scheme: str = "ws") -> str:
    """An endpoint entry carrying every kind of secret, at 127.0.0.1:``port``."""
    return (
        f"{scheme}://alice:S3CRET@127.0.0.1:{port}/?token=TOK"
        f"&launch-options={HIDDEN_OPTIONS}&max_sessions=2"
    )


def assert_clean(*texts: object) -> None:
    """None of the secrets appears in any of ``texts`` (each taken as ``str``)."""
    for text in texts:
        shown = text if isinstance(text, str) else str(text)
        for secret in SECRETS:
            assert secret not in shown, f"{secret} leaked: {shown}"


def error_text(exc: bk.BrowserkitError) -> str:
    return f"{exc}\n{exc.message}\n{exc.hint}\n{exc!r}\n{json.dumps(exc.to_dict())}"


def closed_port() -> int:
    """A loopback port nothing listens on (connections are refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "browserkit", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": "src", **(env or {})},
        stdin=subprocess.DEVNULL,
        check=False,
    )


@contextmanager
def recording_server() -> Iterator[tuple[int, list[bytes]]]:
    """A loopback server that records the request head of its one connection, then hangs up."""
    heads: list[bytes] = []
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(10)

    def serve() -> None:
        try:
            conn, _ = listener.accept()
        except OSError:
            return  # nobody came: the test fails on the empty list
        with conn:
            conn.settimeout(5)
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                head += chunk
            heads.append(head)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1], heads
    finally:
        listener.close()
        thread.join(timeout=10)


# ----------------------------------------------------------------- the one rule


@pytest.mark.every_python
@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("ws://alice:S3CRET@h:9/?token=TOK", "ws://***@h:9/?token=***"),
        (
            "ws://h:9/?api_key=A&access_token=B&X-Auth=C",
            "ws://h:9/?api_key=***&access_token=***&X-Auth=***",
        ),
        (
            "ws://h:9/?Password=P&secret=S&max_sessions=2",
            "ws://h:9/?Password=***&secret=***&max_sessions=2",
        ),
        ("ws://h:9/?launch-options=%7B%7D&headless=1", "ws://h:9/?launch-options=***&headless=1"),
        ("ws://h?next=/a&token=T", "ws://h?next=/a&token=***"),  # a query before any path
        ("ws://al:pa?ss#x@h:9/", "ws://***@h:9/"),  # "?" and "#" inside the password
        ("http://h:9222/#token=T", "http://h:9222/#token=***"),
        ("alice:S3CRET@h:9", "***@h:9"),  # no scheme: refused, and echoed masked
        ("http://127.0.0.1:9222?max_sessions=1", "http://127.0.0.1:9222?max_sessions=1"),
    ],
)
def test_redact_masks_userinfo_secret_query_values_and_launch_options(url: str, shown: str) -> None:
    assert redact(url) == shown
    assert redact(shown) == shown  # masking twice changes nothing


@pytest.mark.every_python
def test_scrub_masks_each_secret_wherever_an_error_quotes_it() -> None:
    url = entry(9)
    text = (
        f"connect {url} failed; WebSocket error: ws://alice:S3CRET@127.0.0.1:9/ 403; "
        "as alice:S3CRET with TOK; the server's env PROXY_PASS=L4UNCH"
    )
    scrubbed = scrub(text, url)
    assert_clean(scrubbed)
    assert "ws://***@127.0.0.1:9/ 403" in scrubbed, scrubbed


@pytest.mark.every_python
def test_the_entry_is_kept_whole_for_connecting() -> None:
    url = entry(9)
    parsed = parse_endpoint(url)
    assert parsed.url == url
    assert "S3CRET" in parsed.target and "launch-options=%7B" in parsed.target
    assert "max_sessions" not in parsed.target  # browserkit's own, never sent
    assert bk.Config(endpoints=[url]).endpoints == (url,)
    assert_clean(parsed.shown, parsed.label)


# ------------------------------------------------------------- config and refusals


@pytest.mark.every_python
def test_config_and_mcp_options_reprs_mask_the_endpoints() -> None:
    config = bk.Config(endpoints=[entry(9)])
    assert "ws://***@127.0.0.1:9/?token=***" in repr(config)
    options = ServerOptions(endpoints=(entry(9),))
    assert_clean(repr(config), str(config), repr(options))


@pytest.mark.every_python
@pytest.mark.parametrize(
    "entries",
    [
        ["ws://alice:S3CRET@127.0.0.1:nine/?token=TOK"],  # a bad port
        ["ftp://alice:S3CRET@127.0.0.1:9/?token=TOK"],  # no endpoint scheme
        ["ws://alice:S3CRET@127.0.0.1:9/?token=TOK&max_sessions=0"],
        ["ws://alice:S3CRET@[nope]:9/?token=TOK"],  # no URL at all
        [entry(9), entry(9)],  # listed twice
    ],
)
def test_a_refused_entry_is_echoed_masked(entries: list[str]) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        bk.Config(endpoints=entries)
    assert "127.0.0.1" in info.value.message or "nope" in info.value.message
    assert_clean(error_text(info.value))
    with pytest.raises(bk.InvalidArgumentError) as info:
        bk.Config.from_env({"BROWSERKIT_ENDPOINTS": ",".join(entries)})
    assert_clean(error_text(info.value))


@pytest.mark.every_python
@pytest.mark.parametrize(
    "flags",
    [
        ["--endpoint", "ws://alice:S3CRET@127.0.0.1:nine/?token=TOK"],
        ["--endpoint", entry(9), "--endpoint", entry(9)],
    ],
)
def test_the_mcp_endpoint_refusal_is_masked(flags: list[str]) -> None:
    pytest.importorskip("mcp")
    done = run_cli("mcp", *flags)
    assert done.returncode != 0
    assert "127.0.0.1" in done.stderr, done.stderr
    assert_clean(done.stdout, done.stderr)


# ----------------------------------------------------------------- the probe


@pytest.mark.every_python
@pytest.mark.parametrize("scheme", ["ws", "http"])
def test_the_probe_sends_credentials_as_authorization_never_in_the_host_header(
    scheme: str,
) -> None:
    with recording_server() as (port, heads):
        seen = probe(parse_endpoint(entry(port, scheme)))
    assert_clean(repr(seen))  # the server hung up: an error naming no secret
    (head,) = heads
    lines = head.decode().split("\r\n")
    headers = {k.lower(): v for k, _, v in (line.partition(": ") for line in lines[1:] if line)}
    assert headers["host"] == f"127.0.0.1:{port}", lines
    assert "@" not in headers["host"] and "alice" not in headers["host"]
    assert headers["authorization"] == "Basic " + base64.b64encode(b"alice:S3CRET").decode()
    if scheme == "ws":  # the query is the server's: a token or launch options go to it
        assert "token=TOK" in lines[0] and "max_sessions" not in lines[0]


@pytest.mark.every_python
def test_a_probe_without_userinfo_sends_no_authorization() -> None:
    with recording_server() as (port, heads):
        probe(parse_endpoint(f"ws://127.0.0.1:{port}/"))
    (head,) = heads
    assert b"\r\nHost: 127.0.0.1:" in head and b"Authorization" not in head


# ---------------------------------------------------- diagnostics, API and CLI


@pytest.mark.every_python
def test_diagnostics_of_an_unreachable_endpoint_are_masked() -> None:
    config = bk.Config(endpoints=[entry(closed_port())])
    report = diagnose(config)
    (status,) = report.endpoints
    assert not status.reachable and status.url.startswith("ws://***@127.0.0.1:")
    assert report.issues, report
    assert_clean(
        repr(report), str(report), status.url, repr(status), json.dumps(to_jsonable(report))
    )


@pytest.mark.every_python
def test_python_m_browserkit_diagnostics_is_masked() -> None:
    done = run_cli("diagnostics", env={"BROWSERKIT_ENDPOINTS": entry(closed_port())})
    assert done.returncode == 1, done  # no endpoint answers
    assert "ws://***@127.0.0.1:" in done.stdout, done.stdout
    assert_clean(done.stdout, done.stderr)


# ------------------------------------------- starts that fail (Playwright, no browser)


async def test_a_start_on_a_refusing_endpoint_and_its_tools_are_masked() -> None:
    async with bk.AsyncBrowser(bk.Config(endpoints=[entry(closed_port())])) as browser:
        with pytest.raises(bk.BrowserNotFoundError) as info:
            await browser.start()
        assert "127.0.0.1" in info.value.message
        assert_clean(error_text(info.value))
        started = await tools.call(browser, "browser_sessions_start", {})
        assert started["error"]["code"] == "browser_not_found", started
        listed = await tools.call(browser, "browser_sessions_list", {})
        diagnosed = await tools.call(browser, "browser_diagnostics", {})
        assert "ws://***@127.0.0.1:" in json.dumps(diagnosed), diagnosed
        assert_clean(json.dumps(started), json.dumps(listed), json.dumps(diagnosed))
        assert_clean(repr(browser.diagnostics()))


@pytest.mark.every_python
def test_the_sync_browser_start_on_a_refusing_endpoint_is_masked() -> None:
    with bk.Browser(endpoints=[entry(closed_port())]) as browser:
        with pytest.raises(bk.BrowserNotFoundError) as info:
            browser.start()
        assert_clean(error_text(info.value), repr(browser.diagnostics()))


@pytest.mark.parametrize("answer", [b"", b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n"])
async def test_playwrights_error_from_a_server_that_hangs_up_or_refuses_is_masked(
    answer: bytes,
) -> None:
    # The probe gets no version but a connection, so Playwright itself connects,
    # and its error quotes the URL it was given ("WebSocket error: ws://... 403").
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if answer:
            await reader.readuntil(b"\r\n\r\n")
            writer.write(answer)
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server, bk.AsyncBrowser(bk.Config(endpoints=[entry(port)])) as browser:
        with pytest.raises(bk.BrowserNotFoundError) as info:
            await browser.start()
        assert f"127.0.0.1:{port}" in info.value.message, info.value.message
        assert_clean(error_text(info.value))
        started = await tools.call(browser, "browser_sessions_start", {})
        assert_clean(json.dumps(started), repr(browser.diagnostics()))


# ------------------------------------------------------------- attaching over CDP


@pytest.mark.every_python
async def test_an_attach_url_is_echoed_masked() -> None:
    async with bk.AsyncBrowser(bk.Config(allow_attach=True)) as browser:
        with pytest.raises(bk.InvalidArgumentError) as refused:
            await browser.attach("ftp://alice:S3CRET@127.0.0.1:9/?token=TOK")
        with pytest.raises(bk.BrowserNotFoundError) as unanswered:
            await browser.attach(entry(closed_port(), "http"))
    assert_clean(error_text(refused.value), error_text(unanswered.value))


# ---------------------------------------- a live endpoint that drops (a real browser)


def with_secrets(server: BrowserServer) -> str:
    """The server's entry (its real launch options) with a password and a token added."""
    return server.url().replace("ws://", "ws://alice:S3CRET@", 1) + "&token=TOK"


def assert_shown(*texts: object) -> None:
    """Clean, and the launch options (this machine's Chromium path) not echoed either."""
    assert_clean(*texts)
    for text in texts:
        assert "executablePath" not in str(text) and "%22args%22" not in str(text), text


@pytest.mark.slow
def test_the_sync_browser_lists_a_live_session_on_a_masked_endpoint(base_url: str) -> None:
    with BrowserServer() as server:
        url = with_secrets(server)
        with bk.Browser(endpoints=[url], idle_stop_ms=0) as browser:
            session = browser.start(f"{base_url}/basic.html")
            (info,) = browser.sessions()
            assert (
                info.endpoint == f"ws://***@127.0.0.1:{server.port}/?launch-options=***&token=***"
            )
            assert "Increment" in session.snapshot().tree  # the whole entry reached the server
            assert_shown(repr(info), repr(browser.diagnostics()))


@pytest.mark.slow
@pytest.mark.timeout(180)
async def test_a_live_endpoint_and_the_error_after_it_drops_are_masked(base_url: str) -> None:
    with BrowserServer() as server:
        url = with_secrets(server)
        async with bk.AsyncBrowser(bk.Config(endpoints=[url], idle_stop_ms=0)) as browser:
            session = await browser.start(f"{base_url}/basic.html")
            (info,) = browser.sessions()
            assert info.endpoint is not None and info.endpoint.startswith("ws://***@127.0.0.1:")
            (status,) = browser.diagnostics().endpoints
            assert status.reachable and status.error is None, status
            listed = await tools.call(browser, "browser_sessions_list", {})
            diagnosed = await tools.call(browser, "browser_diagnostics", {})
            assert_shown(info.endpoint, repr(info), repr(status), json.dumps([listed, diagnosed]))

            server.kill()  # the machine dies: the session's pages go with it
            await until(lambda: not browser.sessions(), "the session is marked crashed")
            with pytest.raises(bk.BrowserCrashedError) as info_crash:
                await session.snapshot()
            assert f"127.0.0.1:{server.port}" in info_crash.value.message
            with pytest.raises(bk.BrowserCrashedError) as info_lookup:
                browser.session(session.id)
            snapped = await tools.call(browser, "browser_snapshot", {"session_id": session.id})
            assert snapped.get("error"), snapped
            with pytest.raises(bk.BrowserNotFoundError) as info_start:
                await browser.start()  # the server is gone: nothing answers
            assert_shown(
                error_text(info_crash.value),
                error_text(info_lookup.value),
                error_text(info_start.value),
                json.dumps(snapped),
                repr(browser.diagnostics()),
            )
