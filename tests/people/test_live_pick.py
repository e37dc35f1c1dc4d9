"""pick(): a person clicks an element in the live view and the agent gets its ``p`` ref.

The person is a second Chromium driven by plain Playwright, opening the
view's URL (see tests/people/test_live_view.py). tests/pages/pick.html puts its
elements at fixed points: a button in an iframe at (60, 175) in the page.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import Page

import browserkit as bk
from tests.helpers import AnySession, aw, until
from tests.live_person import WAIT_MS, frames, watch

pytestmark = pytest.mark.slow


async def _point(view: bk.LiveView, page: Page, x: float, y: float) -> tuple[float, float]:
    """Where page point (x, y) of the session shows in the person's view."""
    width, height = view._size  # the session's viewport
    box = await page.locator("#frame").bounding_box()
    assert box is not None
    return box["x"] + box["width"] * x / width, box["y"] + box["height"] * y / height


async def _pick_by_hand(
    sess: AnySession, people: PlaywrightBrowser, prompt: str, x: float, y: float
) -> bk.Picked:
    """Start a pick, and as the person: hover (and see the outline drawn), then click."""
    view = await aw(sess.live())
    page = await watch(people, view)
    waiting: asyncio.Future[Any] | None = None
    try:
        # The sync API blocks its caller: the person acts meanwhile, from this loop.
        waiting = (
            asyncio.ensure_future(sess.pick(prompt, timeout_ms=20_000))
            if isinstance(sess, bk.AsyncSession)
            else asyncio.ensure_future(asyncio.to_thread(sess.pick, prompt, timeout_ms=20_000))
        )
        await page.wait_for_selector("#prompt", state="visible", timeout=WAIT_MS)
        assert await page.inner_text("#prompt") == prompt
        vx, vy = await _point(view, page, x, y)
        before = await frames(page)
        await page.mouse.move(vx, vy)
        # The browser draws the outline in the page: a new frame shows it.
        await until(lambda: _more(page, before), "the hover outline")
        await page.mouse.click(vx, vy)
        picked = await asyncio.wait_for(waiting, 20)
        assert isinstance(picked, bk.Picked)
        return picked
    finally:
        if waiting is not None and not waiting.done():
            waiting.cancel()
        await page.close()


async def _more(page: Page, before: int) -> bool:
    return await frames(page) > before


async def test_a_pick_in_an_iframe_returns_a_p_ref_that_click_acts_on(
    sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    await aw(sess.navigate(f"{base_url}/pick.html"))
    picked = await _pick_by_hand(sess, people, "Pick the framed button", 60, 175)
    assert picked.ref.startswith("p")
    assert picked.line == f'button "In frame" [ref={picked.ref}]'
    assert picked.locator is not None and picked.locator.frame is not None
    assert await aw(sess.locator(picked.locator)) == picked.locator  # it finds one element
    # The person's click picked it and clicked nothing in the page.
    assert "frame clicked" not in (await aw(sess.snapshot())).tree
    result = await aw(sess.click(picked.ref))
    assert result.target_verified is True
    assert any("frame clicked" in c.line for c in result.diff.changed), str(result.diff)


async def test_a_picked_ref_is_stale_after_navigation(
    sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    await aw(sess.navigate(f"{base_url}/pick.html"))
    picked = await _pick_by_hand(sess, people, "Pick the shadow button", 60, 100)
    assert picked.line.startswith('button "In shadow"')
    assert picked.locator == bk.role("button", "In shadow")  # what a script would write
    await aw(sess.navigate(f"{base_url}/pick.html"))
    with pytest.raises(bk.StaleRefError, match=picked.ref):
        await aw(sess.click(picked.ref))


async def test_a_pick_nobody_makes_times_out_naming_the_view(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/pick.html"))
    with pytest.raises(bk.TimeoutError) as caught:
        await aw(sess.pick(timeout_ms=300))
    view = await aw(sess.live())
    assert view.url in (caught.value.hint or "")


async def test_stopping_the_view_ends_a_pick_under_way(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/pick.html"))
    view = await aw(sess.live())
    waiting = (
        asyncio.ensure_future(sess.pick(timeout_ms=60_000))
        if isinstance(sess, bk.AsyncSession)
        else asyncio.ensure_future(asyncio.to_thread(sess.pick, timeout_ms=60_000))
    )
    await until(lambda: _picking(view), "the view to ask for a pick")
    view.stop()
    # Well before its 60 s: nobody can pick in a view that is gone.
    with pytest.raises(bk.TimeoutError, match="view was stopped") as caught:
        await asyncio.wait_for(waiting, 20)
    assert "pick() again" in (caught.value.hint or "")


async def _picking(view: bk.LiveView) -> bool:
    return bool(view._server.mode == "pick")


async def test_a_read_only_session_may_be_picked_in(
    abrowser: bk.AsyncBrowser, base_url: str, people: PlaywrightBrowser
) -> None:
    session = await abrowser.start(url=f"{base_url}/pick.html", read_only=True)
    try:
        picked = await _pick_by_hand(session, people, "Pick the main button", 50, 30)
        assert picked.line.startswith('button "Main"')
        with pytest.raises(bk.ReadOnlyError):
            await session.click(picked.ref)
    finally:
        await abrowser.stop(session.id)


async def test_the_pick_tool_waits_for_a_person_and_says_where_to_pick(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    from browserkit import tools

    started = await tools.call(abrowser, "browser_sessions_start", {"url": f"{base_url}/pick.html"})
    sid = started["session_id"]
    try:
        out = await tools.call(abrowser, "browser_pick", {"session_id": sid, "timeout_ms": 300})
        assert out["error"]["code"] == "timeout", out
        assert "open the live view at http://127.0.0.1:" in out["error"]["hint"], out
    finally:
        await abrowser.stop(sid)
