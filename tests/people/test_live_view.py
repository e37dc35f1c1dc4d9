"""The live view: a person watches a session in a real browser, takes over, and is kept out
without the view's token.

A second Chromium, driven by plain Playwright, plays the person: it opens the
view's URL like anyone would. Raw HTTP requests (a socket, no proxy) play the
stranger.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
from typing import Any

import pytest
from playwright.async_api import Browser as PlaywrightBrowser

import browserkit as bk
from browserkit._async.people.live_http import Request, refusal
from browserkit._async.people.live_input import key_command, mouse_command, parse_events
from browserkit._async.people.live_view import live_server
from tests.helpers import AnySession, aw, until
from tests.live_person import WAIT_MS, frames, watch


def status_of(port: int, head: str, body: bytes = b"") -> int:
    """The status code of a raw HTTP request (no proxy, no client library rewriting it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(head.replace("\n", "\r\n").encode() + b"\r\n" + body)
        data = b""
        while b"\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    return int(data.split(b" ")[1])


def get(port: int, path: str, *, host: str | None = None, origin: str | None = None) -> int:
    head = f"GET {path} HTTP/1.1\nHost: {host or f'127.0.0.1:{port}'}\nConnection: close\n"
    if origin is not None:
        head += f"Origin: {origin}\n"
    return status_of(port, head)


def post(
    port: int, path: str, token: str, body: Any, *, origin: str | None = "own", host: str = ""
) -> int:
    data = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\nHost: {host or f'127.0.0.1:{port}'}\nConnection: close\n"
        f"Content-Type: application/json\nContent-Length: {len(data)}\n"
        f"X-Browserkit-Token: {token}\n"
    )
    if origin is not None:
        head += f"Origin: {f'http://127.0.0.1:{port}' if origin == 'own' else origin}\n"
    return status_of(port, head, data)


def token_of(view: bk.LiveView) -> str:
    return view.url.split("token=", 1)[1]


def refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


async def test_frames_arrive_and_change_when_the_page_changes(
    sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    view = await aw(sess.live())
    page = await watch(people, view)
    try:
        first, shown = await frames(page), await page.get_attribute("#frame", "src")
        await aw(sess.click(bk.css("#inc")))
        await page.wait_for_function(
            f"() => document.getElementById('frame').dataset.frames > {first}", timeout=WAIT_MS
        )
        assert await page.get_attribute("#frame", "src") != shown
        # The view lists the agent's action and the active tab's URL.
        await page.wait_for_function(
            "() => document.getElementById('actions').textContent.includes('#inc')", timeout=WAIT_MS
        )
        # An action that raised is listed too, with its error code.
        with pytest.raises(bk.TargetNotFoundError):
            await aw(sess.click(bk.css("#nowhere"), timeout_ms=500))
        listed = "document.getElementById('actions').textContent"
        await page.wait_for_function(
            f"() => {listed}.includes('failed: target_not_found')", timeout=WAIT_MS
        )
        await aw(sess.navigate(f"{base_url}/basic_done.html"))
        await page.wait_for_function(
            "() => document.getElementById('url').textContent.endsWith('/basic_done.html')",
            timeout=WAIT_MS,
        )
        assert "t1" in await page.inner_text("#tabs")
        view.stop()
        await page.wait_for_function(
            "() => document.getElementById('status').textContent.includes('has stopped')",
            timeout=WAIT_MS,
        )
    finally:
        await page.close()
        view.stop()


async def test_a_persons_click_lands_where_they_see_it_on_a_zoomed_page(
    abrowser: bk.AsyncBrowser, base_url: str, people: PlaywrightBrowser
) -> None:
    # At initial-scale=2 the screen shows the page twice its size: the button
    # at 100..140 CSS px is drawn at 200..280 of the 393-wide screen.
    s = await abrowser.start(f"{base_url}/live_zoom.html", device="iPhone 15")
    view = await s.live()
    page = await watch(people, view)
    try:
        scale = await s.evaluate("visualViewport.scale")
        assert scale == 2
        box = await page.locator("#frame").bounding_box()
        assert box is not None
        width, height = await s.evaluate("[innerWidth, innerHeight]")  # the screen, in DIP
        x = box["x"] + 120 * scale / width * box["width"]
        y = box["y"] + 120 * scale / height * box["height"]
        await page.mouse.click(x, y)

        async def title() -> str:
            return str((await s.snapshot()).title)  # evaluate() waits while a person has control

        await until(lambda: _changed(title), "the click to reach the page")
        assert await title() == "clicked, trusted: true"
    finally:
        await page.close()
        view.stop()
        await s.stop()


async def _changed(title: Any) -> bool:
    return bool(await title() != "not clicked")


async def test_a_page_that_does_not_change_sends_no_frames(
    sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    view = await aw(sess.live())
    page = await watch(people, view)
    try:
        seen = await frames(page)
        # Long enough for a periodic resend to show; nothing on the page moves.
        await page.wait_for_timeout(1000)
        assert await frames(page) == seen
    finally:
        await page.close()
        view.stop()


@pytest.mark.slow
async def test_take_over_typing_reaches_the_page_as_trusted_input(
    sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    await aw(sess.navigate(f"{base_url}/live_typing.html"))
    width, height = await aw(sess.evaluate("[innerWidth, innerHeight]"))
    view = await aw(sess.live())
    page = await watch(people, view)
    try:
        box = await page.locator("#frame").bounding_box()
        assert box is not None
        # The input's centre (190, 80 in the page) at the same place of the frame.
        x, y = box["x"] + 190 / width * box["width"], box["y"] + 80 / height * box["height"]
        await page.mouse.click(x, y)

        async def shows(text: str) -> bool:
            # The outline, not evaluate(): a script may change the page, so it waits its turn.
            return text in str(await aw(sess.snapshot()))

        await until(lambda: shows("pressed, trusted: true"), "the press to reach the page")
        await page.keyboard.type("hi")
        await until(lambda: shows("keys hi, all trusted: true"), "the keys to reach the page")
        # Focused by the person's click, holding what they typed.
        outline = str(await aw(sess.snapshot()))
        assert re.search(r'textbox "Box" \[active\] \[ref=\w+\]: hi$', outline, re.M), outline
        await page.wait_for_function(
            "() => document.getElementById('control-text').textContent === 'You have control'",
            timeout=WAIT_MS,
        )
        # The person has control: the agent's actions raise at once instead of waiting.
        with pytest.raises(bk.ModalStateBlockedError, match="live view"):
            await aw(sess.click(bk.css("#box")))
        await page.click("#hand-back")
        await page.wait_for_function(
            "() => document.getElementById('control-text').textContent === 'The agent has control'",
            timeout=WAIT_MS,
        )
        result = await aw(sess.type(bk.css("#box"), "agent"))
        assert result.detail
        assert await aw(sess.evaluate("document.getElementById('box').value")) == "agent"
        assert "took control" in await page.inner_text("#actions")
    finally:
        await page.close()
        view.stop()


async def test_stopping_the_view_hands_control_back(
    sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    view = await aw(sess.live())
    taken = await asyncio.to_thread(post, view.port, "/control", token_of(view), {"action": "take"})
    assert taken == 200
    with pytest.raises(bk.ModalStateBlockedError):
        await aw(sess.click(bk.css("#inc")))
    view.stop()
    await aw(sess.click(bk.css("#inc")))


async def test_a_stranger_without_the_token_or_from_elsewhere_is_refused(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/basic.html")
    try:
        view = await s.live()
        port, token = view.port, token_of(view)
        own = f"127.0.0.1:{port}"

        async def status(call: Any, *args: Any, **kwargs: Any) -> int:
            # In a thread: the view is served by this very loop.
            return int(await asyncio.to_thread(call, port, *args, **kwargs))

        assert await status(get, f"/?token={token}") == 200
        assert await status(get, f"/view.js?token={token}") == 200
        assert await status(get, "/") == 403
        assert await status(get, "/?token=wrong") == 403
        assert await status(get, "/view.js") == 403
        assert await status(get, "/events?token=" + token[:-1]) == 403
        # DNS rebinding: the attacker's host name in Host.
        assert await status(get, f"/?token={token}", host=f"evil.example:{port}") == 403
        assert await status(get, f"/?token={token}", host=f"localhost:{port}") == 200
        # Another origin, on a GET or a POST; a POST without any Origin.
        assert await status(get, f"/events?token={token}", origin="http://evil.example") == 403
        nothing: dict[str, list[Any]] = {"events": []}
        assert await status(post, "/input", token, nothing) == 200
        assert await status(post, "/input", "wrong", nothing) == 403
        assert await status(post, "/input", token, nothing, origin="http://evil.example") == 403
        assert await status(post, "/input", token, nothing, origin="null") == 403
        assert await status(post, "/input", token, nothing, origin=None) == 403
        assert await status(post, "/control", token, {"action": "take"}, host=own) == 200
        assert await status(post, "/control", "", {"action": "release"}) == 403
        assert await status(post, "/control", token, {"action": "release"}) == 200
    finally:
        await s.stop()


async def test_a_read_only_sessions_view_shows_frames_and_refuses_input(
    ro_sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    await aw(ro_sess.navigate(f"{base_url}/basic.html"))
    view = await aw(ro_sess.live())
    page = await watch(people, view)
    try:
        assert await page.is_visible("#badge")
        assert not await page.is_visible("#take")
        click = {"kind": "mouse", "type": "down", "fx": 0.1, "fy": 0.1, "button": "left"}
        token = token_of(view)
        assert await asyncio.to_thread(post, view.port, "/input", token, {"events": [click]}) == 403
        control = {"action": "take"}
        assert await asyncio.to_thread(post, view.port, "/control", token, control) == 403
        box = await page.locator("#frame").bounding_box()
        assert box is not None
        await page.mouse.click(box["x"] + 20, box["y"] + 20)
        await page.wait_for_function(
            "() => document.getElementById('status').textContent.includes('read-only')",
            timeout=WAIT_MS,
        )
    finally:
        await page.close()
        view.stop()


async def test_live_twice_is_the_same_view_and_stop_closes_its_port(sess: AnySession) -> None:
    view = await aw(sess.live())
    assert await aw(sess.live()) is view
    assert view.running and view.url.startswith(f"http://127.0.0.1:{view.port}/?token=")
    assert "token" not in repr(view)
    view.stop()
    view.stop()  # idempotent
    assert not view.running
    assert await asyncio.to_thread(refused, view.port)
    again = await aw(sess.live())
    assert again is not view and again.running
    await aw(sess.stop())  # the session's stop stops its view
    assert not again.running
    assert await asyncio.to_thread(refused, again.port)


async def test_the_views_continue_ends_a_handoff_as_confirmed(
    sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    view = await aw(sess.live())
    page = await watch(people, view)
    try:
        if isinstance(sess, bk.AsyncSession):
            waiting = asyncio.ensure_future(sess.handoff("Log in, then press Continue"))
        else:
            waiting = asyncio.ensure_future(
                asyncio.to_thread(sess.handoff, "Log in, then press Continue")
            )
        await page.wait_for_selector("#continue", state="visible", timeout=WAIT_MS)
        assert "Log in, then press Continue" in await page.inner_text("#handoff")
        assert not waiting.done()
        await page.click("#continue")
        result = await asyncio.wait_for(waiting, 10)
        assert (result.confirmed, result.via) == (True, "in_page")
        await page.wait_for_selector("#handoff", state="hidden", timeout=WAIT_MS)
    finally:
        await page.close()
        view.stop()


@pytest.mark.slow
async def test_pick_mode_hands_a_click_to_its_callback_not_to_the_page(
    abrowser: bk.AsyncBrowser, base_url: str, people: PlaywrightBrowser
) -> None:
    s = await abrowser.start(url=f"{base_url}/live_typing.html")
    try:
        view = await s.live()
        page = await watch(people, view)
        server = live_server(s._core)
        assert server is not None
        picked: list[tuple[float, float]] = []
        server.set_mode("pick", "Pick the box", on_pick=lambda x, y: picked.append((x, y)))
        await page.wait_for_selector("#prompt", state="visible", timeout=WAIT_MS)
        assert await page.inner_text("#prompt") == "Pick the box"
        box = await page.locator("#frame").bounding_box()
        assert box is not None
        await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        await until(lambda: picked, "the pick")
        width, height = await s.evaluate("[innerWidth, innerHeight]")
        assert picked[0] == pytest.approx((width / 2, height / 2), abs=3)
        assert await s.evaluate("document.getElementById('out').textContent") == "idle"
        server.set_mode("watch")
        await page.close()
    finally:
        await s.stop()


# ------------------------------------------------------------------ wire format


def test_input_events_are_checked_and_mapped_to_cdp() -> None:
    body = {
        "events": [
            {"kind": "mouse", "type": "down", "fx": 0.5, "fy": 2, "button": "left", "clicks": 1},
            {"kind": "key", "type": "down", "key": "a", "code": "KeyA", "keyCode": 65},
            {"kind": "key", "type": "down", "key": "a", "code": "KeyA", "keyCode": 65, "mods": 2},
            {"kind": "key", "type": "down", "key": "Enter", "code": "Enter", "keyCode": 13},
            {"kind": "pick", "fx": 0.25, "fy": 0.75},
        ]
    }
    down, typed, shortcut, enter, pick = parse_events(json.dumps(body).encode())
    assert down.fy == 1.0  # clamped to the frame
    assert mouse_command(down, 640, 800)["type"] == "mousePressed"
    assert key_command(typed)["type"] == "keyDown" and key_command(typed)["text"] == "a"
    assert key_command(shortcut)["type"] == "rawKeyDown" and "text" not in key_command(shortcut)
    assert key_command(enter)["text"] == "\r"
    assert (pick.kind, pick.fx, pick.fy, pick.takes_control) == ("pick", 0.25, 0.75, False)
    wrong = {
        b"nope": "not JSON",
        b'{"events": [{"kind": "script"}]}': "kind must be",
        b'{"events": [{"kind": "mouse"}]}': "mouse type must be",
    }
    for bad, why in wrong.items():
        with pytest.raises(ValueError, match=why):
            parse_events(bad)


def test_every_request_is_checked_for_token_host_and_origin() -> None:
    def ask(method: str = "GET", **headers: str) -> str | None:
        query = {"token": headers.pop("token")} if "token" in headers else {}
        request = Request(method, "/", query, {"host": "127.0.0.1:9", **headers})
        return refusal(request, token="secret", port=9)

    assert ask(token="secret") is None
    assert ask(token="secreT") == "missing or wrong token"
    assert ask() == "missing or wrong token"
    assert ask(token="secret", host="localhost:9") is None
    assert ask(token="secret", host="127.0.0.1:10") == "unexpected Host header"
    assert ask(token="secret", origin="http://127.0.0.1:9") is None
    assert ask(token="secret", origin="https://127.0.0.1:9") is not None
    assert ask("POST", **{"x-browserkit-token": "secret"}) == "a POST needs an Origin header"
    assert ask("POST", origin="http://localhost:9", **{"x-browserkit-token": "secret"}) is None
