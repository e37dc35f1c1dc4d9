"""Handing the browser to a person: only a trusted click or a confirm call ends it."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

import browserkit as bk

BANNER_BUTTON = bk.point(30, 20)  # Continue is the banner's first item, top left
BANNER_HOST = "[data-browserkit-handoff]"


@pytest.mark.every_python
async def test_a_trusted_click_on_continue_confirms(base_url: str) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0) as browser:
        s = await browser.start(url=f"{base_url}/basic.html")
        waiting = asyncio.ensure_future(s.handoff("Please log in, then press Continue"))
        await _banner_shown(s)
        assert not waiting.done()
        await s.click(BANNER_BUTTON, observe=False)  # browser-dispatched input: trusted
        result = await asyncio.wait_for(waiting, 10)
        assert result.confirmed is True
        assert result.via == "in_page"
        assert result.url.endswith("/basic.html")
        assert await s.evaluate("document.querySelector('[data-browserkit-handoff]')") is None


async def test_a_page_script_cannot_confirm_and_the_timeout_says_so(base_url: str) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0) as browser:
        s = await browser.start(url=f"{base_url}/basic.html")
        waiting = asyncio.ensure_future(s.handoff("Solve the puzzle", timeout_ms=3000))
        await _banner_shown(s)
        # The host is visible to the page, its closed shadow root is not; a
        # synthetic click is not trusted.
        await s.evaluate(
            "(() => { const h = document.querySelector('[data-browserkit-handoff]');"
            " h.dispatchEvent(new MouseEvent('click', {bubbles: true}));"
            " return h.shadowRoot === null; })()"
        )
        result = await asyncio.wait_for(waiting, 10)
        assert result.confirmed is False
        assert result.via == "timeout"


async def test_confirm_call_ends_it_and_the_banner_survives_navigation(base_url: str) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0) as browser:
        s = await browser.start(url=f"{base_url}/basic.html")
        waiting = asyncio.ensure_future(s.handoff("Finish the checkout"))
        await asyncio.sleep(0.3)
        await s.evaluate("location.href = 'basic_done.html'")  # the person navigates
        await s.wait_for(text="Done")
        for _ in range(50):
            if await s.evaluate("!!document.querySelector('[data-browserkit-handoff]')"):
                break
            await asyncio.sleep(0.05)
        assert await s.evaluate("!!document.querySelector('[data-browserkit-handoff]')")
        assert await browser.confirm_handoff(session_id=s.id) is True
        result = await asyncio.wait_for(waiting, 10)
        assert (result.confirmed, result.via) == (True, "confirm_call")
        assert result.url.endswith("/basic_done.html")
        assert await browser.confirm_handoff(handoff_id=result.handoff_id) is False


@pytest.mark.every_python
def test_sync_handoff_is_confirmed_from_another_thread(sbrowser: bk.Browser, base_url: str) -> None:
    s = sbrowser.start(url=f"{base_url}/basic.html")
    results: list[bk.Handoff] = []
    worker = threading.Thread(target=lambda: results.append(s.handoff("Over to you")))
    worker.start()
    deadline = time.monotonic() + 10
    while not sbrowser.confirm_handoff(session_id=s.id):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    worker.join(10)
    assert results and results[0].via == "confirm_call"
    s.stop()


ATTACKS = ("listener", "create", "promise", "synthetic", "reach", "all")


@pytest.mark.parametrize("attack", ATTACKS)
async def test_page_script_attacks_cannot_confirm_a_handoff(
    abrowser: bk.AsyncBrowser, base_url: str, attack: str
) -> None:
    # The page hooks addEventListener, createElement/attachShadow or Promise
    # before the banner exists, then calls what it caught (listeners,
    # resolvers, the button in a shadow root) and fires synthetic clicks.
    s = await abrowser.start(url=f"{base_url}/bind_handoff_attacks.html?attack={attack}")
    try:
        result = await asyncio.wait_for(s.handoff("Approve the payment", timeout_ms=1500), 20)
        assert (result.confirmed, result.via) == (False, "timeout")
        assert await s.evaluate("window.attempts") > 10  # the attacks did run meanwhile
    finally:
        await s.stop()


async def test_a_trusted_click_confirms_even_on_a_hostile_page(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/bind_handoff_attacks.html?attack=all")
    try:
        waiting = asyncio.ensure_future(s.handoff("Please log in, then press Continue"))
        await _banner_shown(s)
        assert not waiting.done()
        await s.click(BANNER_BUTTON, observe=False)  # CDP Input.dispatchMouseEvent: trusted
        result = await asyncio.wait_for(waiting, 10)
        assert (result.confirmed, result.via) == (True, "in_page")
        assert await s.evaluate(f"!!document.querySelector('{BANNER_HOST}')") is False
    finally:
        await s.stop()


async def test_confirm_call_still_ends_a_handoff_on_a_hostile_page(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/bind_handoff_attacks.html?attack=all")
    try:
        waiting = asyncio.ensure_future(s.handoff("Over to you"))
        await _banner_shown(s)
        assert await abrowser.confirm_handoff(session_id=s.id) is True
        result = await asyncio.wait_for(waiting, 10)
        assert (result.confirmed, result.via) == (True, "confirm_call")
    finally:
        await s.stop()


async def _banner_shown(s: bk.AsyncSession) -> None:
    for _ in range(200):
        if await s.evaluate(f"!!document.querySelector('{BANNER_HOST}')"):
            return
        await asyncio.sleep(0.02)  # polling a condition
    raise AssertionError("the handoff banner never appeared")
