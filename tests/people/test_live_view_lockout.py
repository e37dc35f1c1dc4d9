"""The live view cannot be locked without its token (issue 27, leak 1).

Any local process can connect to the view's port. Silent sockets, a head
trickled in byte by byte, or a ``Content-Length`` that only looks like a
number must neither keep the person out nor break the server: a stranger's
connections have a small budget of their own and must send their head within
``HEAD_S``; the person, who shows the token, always gets in.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
import urllib.request

import pytest
from playwright.async_api import Browser as PlaywrightBrowser

import browserkit as bk
from browserkit._async.people.live_http import (
    HEAD_S,
    MAX_BODY,
    BadRequest,
    content_length,
    read_body,
    read_head,
)
from browserkit._async.people.live_input import parse_events
from browserkit._async.people.live_view import MAX_STRANGERS
from tests.helpers import AnySession, aw
from tests.live_person import WAIT_MS, frames, watch

CLOSE_BOUND_S = 10 * HEAD_S
"""How long a test waits for the server to drop a connection before it fails."""


def hold(port: int, count: int) -> list[socket.socket]:
    """``count`` connections to the view that never send a byte."""
    return [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(count)]


def load(url: str) -> tuple[int, bytes]:
    """The issue's reproduction: a plain client (no proxy) loads the view's page."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(url, timeout=10) as answer:
        return int(answer.status), bytes(answer.read())


def answer_to(port: int, head: bytes) -> bytes:
    """Everything the server sends back to a raw request before it closes (b"": nothing)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        data = b""
        while chunk := sock.recv(4096):
            data += chunk
    return data


def closed_by_server(sock: socket.socket, deadline: float) -> bool:
    """Whether the server closed ``sock`` (EOF or reset) before ``deadline``."""
    # Never 0: a zero timeout makes the socket non-blocking, and recv then raises
    # BlockingIOError instead of timing out.
    sock.settimeout(max(0.01, deadline - time.monotonic()))
    try:
        return sock.recv(1) == b""
    except ConnectionError:
        return True
    except (TimeoutError, BlockingIOError):
        return False


def trickle(port: int, head: bytes) -> tuple[bool, int]:
    """Send ``head`` a byte at a time, each after waiting (bounded) to hear the server close.

    Returns whether the server closed the connection within ``CLOSE_BOUND_S``, and
    how many bytes had been sent by then.
    """
    deadline = time.monotonic() + CLOSE_BOUND_S
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sent = 0
        while time.monotonic() < deadline and sent < len(head) - 1:  # never the head's end
            try:
                sock.sendall(head[sent : sent + 1])
            except ConnectionError:
                return True, sent
            sent += 1
            # Waiting for the server's close is the pause between two bytes.
            if closed_by_server(sock, min(deadline, time.monotonic() + 0.2)):
                return True, sent
        return False, sent


def token_of(view: bk.LiveView) -> str:
    return view.url.split("token=", 1)[1]


# ------------------------------------------------------------------ with a browser


@pytest.mark.parametrize("held", [32, 100])
async def test_silent_sockets_do_not_lock_the_person_out(
    sess: AnySession, base_url: str, people: PlaywrightBrowser, held: int
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    view = await aw(sess.live())
    sockets = await asyncio.to_thread(hold, view.port, held)
    try:
        status, page_html = await asyncio.to_thread(load, view.url)
        assert status == 200 and b"view.js" in page_html
        # The person opens the view in their browser and it shows the screen.
        page = await watch(people, view)
        try:
            first = await frames(page)
            await aw(sess.click(bk.css("#inc")))
            await page.wait_for_function(
                f"() => document.getElementById('frame').dataset.frames > {first}",
                timeout=WAIT_MS,
            )
        finally:
            await page.close()
        # Of the silent sockets, only the newest few are still open, and not for long.
        # Read off the loop: in the async API the view serves on this very loop, and a
        # blocking read here would keep it from closing them.
        deadline = time.monotonic() + CLOSE_BOUND_S
        still_open = await asyncio.to_thread(
            lambda: [s for s in sockets if not closed_by_server(s, deadline)]
        )
        assert still_open == []
    finally:
        for sock in sockets:
            sock.close()
        view.stop()


async def test_a_viewer_that_showed_the_token_is_never_dropped_for_strangers(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/basic.html")
    view = await s.live()
    port, token = view.port, token_of(view)
    stream = await asyncio.to_thread(socket.create_connection, ("127.0.0.1", port), 10)
    try:
        head = f"GET /events?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
        await asyncio.to_thread(stream.sendall, head.encode())

        def read_until(marker: bytes) -> bytes:
            data = b""
            while marker not in data:
                chunk = stream.recv(65536)
                assert chunk, "the viewer's stream was closed"
                data += chunk
            return data

        assert b"event: state" in await asyncio.to_thread(read_until, b"event: state")
        strangers = await asyncio.to_thread(hold, port, 4 * MAX_STRANGERS)
        try:
            # Something new to show after the strangers came: the same stream carries it.
            await s.navigate(f"{base_url}/basic_done.html")
            assert b"basic_done.html" in await asyncio.to_thread(read_until, b"basic_done.html")
        finally:
            for sock in strangers:
                sock.close()
    finally:
        stream.close()
        await s.stop()


async def test_a_head_trickled_in_is_dropped_after_head_s(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/basic.html")
    try:
        view = await s.live()
        # Even a head that carries the token: the token is not known before the head ends.
        head = f"GET /?token={token_of(view)} HTTP/1.1\r\nHost: 127.0.0.1:{view.port}\r\n"
        padded = (head + "X-Pad: " + "a" * 200 + "\r\n\r\n").encode()
        closed, sent = await asyncio.to_thread(trickle, view.port, padded)
        assert closed, f"still open after {CLOSE_BOUND_S} s and {sent} bytes"
        assert sent < len(padded) - 1
        # And the view still serves.
        assert (await asyncio.to_thread(load, view.url))[0] == 200
    finally:
        await s.stop()


async def test_a_strangers_body_is_never_waited_for(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/basic.html")
    try:
        view = await s.live()
        port = view.port
        # A promised body that never comes: refused on its head, at once.
        head = (
            f"POST /input HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Origin: http://127.0.0.1:{port}\r\nX-Browserkit-Token: wrong\r\n"
            f"Content-Length: {MAX_BODY}\r\n\r\n"
        ).encode()
        answer = await asyncio.to_thread(answer_to, port, head)
        assert answer.startswith(b"HTTP/1.1 403 "), answer[:80]
    finally:
        await s.stop()


@pytest.mark.parametrize(
    "length", ["\N{SUPERSCRIPT TWO}", "1" * 5000], ids=["superscript-two", "5000-digits"]
)
async def test_a_content_length_int_refuses_gets_a_400_and_no_traceback(
    abrowser: bk.AsyncBrowser, base_url: str, caplog: pytest.LogCaptureFixture, length: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/basic.html")
    try:
        view = await s.live()
        port, token = view.port, token_of(view)
        head = (
            f"POST /input HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Origin: http://127.0.0.1:{port}\r\nX-Browserkit-Token: {token}\r\n"
            f"Content-Length: {length}\r\n\r\n"
        ).encode("latin-1")
        with caplog.at_level(logging.DEBUG):
            answer = await asyncio.to_thread(answer_to, port, head)
            # The view still serves, and has had every chance to log by now.
            assert (await asyncio.to_thread(load, view.url))[0] == 200
        assert answer.startswith(b"HTTP/1.1 400 "), answer[:80]
        assert b"bad Content-Length" in answer
        logged = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
        assert logged == [], [r.getMessage() for r in logged]
    finally:
        await s.stop()


# ------------------------------------------------------------------ the reading, alone


def reader_of(data: bytes, *, eof: bool = True) -> asyncio.StreamReader:
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    if eof:
        reader.feed_eof()
    return reader


def test_content_length_takes_only_a_few_ascii_digits() -> None:
    assert content_length("0") == 0
    assert content_length("1234") == 1234
    assert content_length("000000000012") == 12
    for bad in ["\N{SUPERSCRIPT TWO}", "\N{ARABIC-INDIC DIGIT ONE}", "1" * 5000, "1" * 13, "-1"]:
        with pytest.raises(BadRequest) as raised:
            content_length(bad)
        assert raised.value.status == 400, bad
    for bad in ["", " ", "1e3", "0x10", "+5"]:
        with pytest.raises(BadRequest):
            content_length(bad)
    with pytest.raises(BadRequest) as raised:
        content_length(str(MAX_BODY + 1))
    assert raised.value.status == 413


@pytest.mark.parametrize(
    "head",
    [
        b"POST /input HTTP/1.1\r\nContent-Length: \xb2\r\n\r\n",
        b"POST /input HTTP/1.1\r\nContent-Length: " + b"9" * 5000 + b"\r\n\r\n",
        b"GET //[x/ HTTP/1.1\r\nHost: a\r\n\r\n",
        b"GET / HTTP/2\r\n\r\n",
        b"GET /\r\n\r\n",
    ],
    ids=["superscript-two", "5000-digits", "bad-authority", "http2", "no-version"],
)
async def test_a_malformed_head_is_a_400(head: bytes) -> None:
    with pytest.raises(BadRequest) as raised:
        await read_head(reader_of(head))
    assert raised.value.status == 400


async def test_the_head_is_read_without_its_body_which_comes_after() -> None:
    reader = reader_of(b"POST /input?a=1 HTTP/1.1\r\nContent-Length: 4\r\nX-A: b\r\n\r\nbodyGET")
    head = await read_head(reader)
    assert head is not None
    assert (head.method, head.path, head.query, head.length) == ("POST", "/input", {"a": "1"}, 4)
    assert head.headers["x-a"] == "b" and head.body == b""
    request = await read_body(reader, head)
    assert request is not None and request.body == b"body"
    assert await reader.read() == b"GET"  # the next request's start is left for it


async def test_a_kept_alive_connection_may_idle_before_its_head_then_not_again() -> None:
    reader = reader_of(b"\r\nGET / HTTP/1.1\r\n\r\n")
    head = await read_head(reader, idle_s=60)
    assert head is not None and head.path == "/"
    assert await read_head(reader_of(b"")) is None  # the client closed
    assert await read_head(reader_of(b"GET / HTTP/1.1\r\n")) is None  # closed mid-head


async def test_a_head_that_never_ends_is_given_up_after_head_s() -> None:
    reader = reader_of(b"GET / HTTP/1.1\r\nX-A: b\r\n", eof=False)
    # Bounded: read_head gives up by itself; the outer bound only catches a hang.
    assert await asyncio.wait_for(read_head(reader), CLOSE_BOUND_S) is None


def test_input_nested_thousands_deep_is_refused_not_raised() -> None:
    # json.loads raises RecursionError (not a ValueError) on arrays nested this deep.
    with pytest.raises(ValueError, match="not JSON"):
        parse_events(b"[" * 100_000)
