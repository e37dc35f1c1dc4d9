"""Dialog storms a timer keeps up: no dialog policy lets them hold the session.

Between two dialogs of ``setInterval(() => alert('tick'), 20)`` the page
answers, so nothing looks stuck; but a navigation that starts as the next
dialog opens never commits (Chromium refuses to answer that dialog), and the
tab stays held. Each round below had about an even chance of that before
browserkit silenced a storming (or left) document's dialogs.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, until

ROUNDS = 4
"""Rounds of storm-then-leave per test: each one used to lock the tab about half the time."""

BOUND_S = 10.0
"""What one navigate, snapshot or close may take here (a locked tab took its full timeout)."""


async def _bounded(call: Any) -> Any:
    start = time.monotonic()
    result = await aw(call())
    assert time.monotonic() - start < BOUND_S, f"took {time.monotonic() - start:.1f} s"
    return result


async def _storm_then_leave(s: AnySession, base_url: str, policy: str, button: str) -> None:
    for _ in range(ROUNDS):
        await _bounded(lambda: s.navigate(f"{base_url}/storm_interval.html", timeout_ms=5000))
        await aw(s.click(bk.role("button", button)))
        if policy != "ask":  # the page keeps running: let the storm get going
            await until(lambda: s.evaluate("window.ticks >= 15"), "15 dialogs")
        nav = await _bounded(lambda: s.navigate(f"{base_url}/basic.html", timeout_ms=5000))
        assert "basic.html" in nav.url
        assert "Basic" in str(await _bounded(lambda: s.snapshot(timeout_ms=5000)))


@pytest.mark.timeout(120)
@pytest.mark.parametrize("policy", ["ask", "accept", "dismiss"])
async def test_navigate_leaves_a_timer_storm_under_every_policy(policy: str, base_url: str) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0, dialog_policy=policy) as browser:  # type: ignore[arg-type]
        s = await browser.start()
        await _storm_then_leave(s, base_url, policy, "Tick")
        await _storm_then_leave(s, base_url, policy, "Ask")
        tab = await s.new_tab(f"{base_url}/storm_interval.html")
        await s.click(bk.role("button", "Tick"), tab_id=tab.tab_id)
        assert await _bounded(lambda: s.close_tab(tab.tab_id)) is True
        assert await _bounded(s.stop) is True


@pytest.mark.timeout(120)
def test_the_sync_api_leaves_a_timer_storm_too(base_url: str) -> None:
    with bk.Browser(idle_stop_ms=0, dialog_policy="accept") as browser:
        s = browser.start()
        for _ in range(ROUNDS):
            s.navigate(f"{base_url}/storm_interval.html", timeout_ms=5000)
            s.click(bk.role("button", "Tick"))
            start = time.monotonic()
            while not s.evaluate("window.ticks >= 15"):
                assert time.monotonic() - start < BOUND_S
            started = time.monotonic()
            assert "basic.html" in s.navigate(f"{base_url}/basic.html", timeout_ms=5000).url
            s.snapshot(timeout_ms=5000)
            assert time.monotonic() - started < BOUND_S
        assert s.stop() is True


@pytest.mark.timeout(60)
@pytest.mark.parametrize("policy", ["accept", "dismiss"])
async def test_a_storm_is_silenced_and_the_result_says_so(policy: str, base_url: str) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0, dialog_policy=policy) as browser:  # type: ignore[arg-type]
        s = await browser.start(url=f"{base_url}/storm_interval.html")
        await s.click(bk.role("button", "Tick"))
        await until(lambda: s.evaluate("window.ticks >= 30"), "30 calls of alert")
        # The page runs on and still calls alert, but no dialog opens any more.
        ticks = await s.evaluate("window.ticks")
        await until(lambda: s.evaluate(f"window.ticks > {ticks + 10}"), "10 more calls")
        r = await s.click(bk.role("button", "Plain"))
        assert r.dialog is None  # nothing opened during this click
        (said,) = s.console.read(pattern="dialog storm").entries
        assert said.level == "warning" and said.tab_id == "t1"


@pytest.mark.timeout(60)
async def test_a_dialog_the_left_page_opens_mid_navigation_is_dismissed_under_ask(
    base_url: str,
) -> None:
    """The old document runs on until the new one commits: under ``ask`` its
    alert held the navigation back (ModalStateBlockedError), with nobody to answer."""
    async with bk.AsyncBrowser(idle_stop_ms=0, dialog_policy="ask") as browser:
        s = await browser.start(url=f"{base_url}/basic.html")
        await s.evaluate("setTimeout(() => alert('late'), 200)")
        nav = await s.navigate(f"{base_url}/slow?ms=1500", timeout_ms=8000)
        assert "/slow" in nav.url
        # The new document's dialogs are held again.
        await s.navigate(f"{base_url}/dialogs.html")
        r = await s.click(bk.role("button", "Alert"))
        assert r.dialog is not None and r.dialog.handled == "pending"


@pytest.mark.timeout(60)
def test_a_navigation_that_stays_leaves_the_dialog_policy_as_it_was(base_url: str) -> None:
    """A URL that answers with a file to save loads no document: the page stays,
    and so does the policy for its dialogs."""
    with bk.Browser(idle_stop_ms=0, dialog_policy="ask") as browser:
        s = browser.start(url=f"{base_url}/dialogs.html")
        nav = s.navigate(f"{base_url}/download", timeout_ms=5000)
        assert nav.download is not None and "dialogs.html" in nav.url
        r = s.click(bk.role("button", "Alert"))
        assert r.dialog is not None and r.dialog.handled == "pending"
