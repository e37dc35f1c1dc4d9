"""``p`` refs: the element at a picked point, bound like every other ref.

The point goes through the browser's own hit test (CDP), so the page's
``elementFromPoint`` (patched on tests/pages/pick.html to lie) changes
nothing, and the element is pinned where page code cannot reach. These tests
pick by viewport point through the session's picker, the way the live view
does when a person clicks in pick mode (tests/people/test_live_view.py drives that
end to end).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import browserkit as bk
from browserkit._async.targeting.picked_refs import PickedElement


async def _pick(session: bk.AsyncSession, x: float, y: float) -> PickedElement:
    core = session._core
    assert core.active is not None
    picked = await session._picks.pick_at(core.tabs[core.active], x, y, 5000)
    assert picked is not None
    return picked


@pytest.fixture
async def picking(abrowser: bk.AsyncBrowser, base_url: str) -> AsyncIterator[bk.AsyncSession]:
    session = await abrowser.start(url=f"{base_url}/pick.html")
    yield session
    await abrowser.stop(session.id)


async def test_a_pick_in_the_main_frame_in_a_shadow_root_and_in_an_iframe_acts_there(
    picking: bk.AsyncSession,
) -> None:
    main = await _pick(picking, 50, 30)
    shadow = await _pick(picking, 60, 100)
    framed = await _pick(picking, 60, 175)
    assert (main.ref, shadow.ref, framed.ref) == ("p1", "p2", "p3")
    assert main.line == 'button "Main" [ref=p1]'
    assert shadow.line == 'button "In shadow" [ref=p2]'
    assert framed.line == 'button "In frame" [ref=p3]'
    for ref, after in (("p1", "main clicked"), ("p2", "shadow clicked"), ("p3", "frame clicked")):
        result = await picking.click(ref)
        assert result.target_verified is True
        assert any(after in c.line for c in result.diff.changed), str(result.diff)


async def test_a_pick_passes_through_a_transparent_overlay_and_ignores_a_lying_page(
    picking: bk.AsyncSession,
) -> None:
    # The overlay covers everything with pointer-events: none, and the page's
    # elementFromPoint answers "Doomed" for every point.
    picked = await _pick(picking, 50, 30)
    assert picked.line.startswith('button "Main"')


async def test_a_picked_ref_is_stale_after_navigation_and_ids_are_never_reused(
    picking: bk.AsyncSession, base_url: str
) -> None:
    await _pick(picking, 50, 30)
    await picking.navigate(f"{base_url}/pick.html")
    with pytest.raises(bk.StaleRefError, match="p1"):
        await picking.click("p1")
    again = await _pick(picking, 50, 30)
    assert again.ref == "p2"
    assert (await picking.click("p2")).target_verified is True


async def test_a_picked_element_that_left_the_page_is_not_found_and_never_another(
    picking: bk.AsyncSession,
) -> None:
    doomed = await _pick(picking, 50, 320)
    assert doomed.line.startswith('button "Doomed"')
    await picking.evaluate("document.getElementById('doomed').remove()")
    with pytest.raises(bk.RefNotFoundError, match="removed"):
        await picking.click(doomed.ref)
    with pytest.raises(bk.RefNotFoundError, match="never picked"):
        await picking.click("p99")


async def test_a_picked_ref_in_an_iframe_that_loaded_a_new_document_is_gone(
    picking: bk.AsyncSession,
) -> None:
    framed = await _pick(picking, 60, 175)
    await picking.evaluate("document.getElementById('fr').srcdoc = '<button>Other</button>'")
    await picking.wait_for(text="Other", timeout_ms=5000)
    with pytest.raises(bk.RefNotFoundError, match=r"new document|removed"):
        await picking.click(framed.ref)
