"""Issue 27, leak 5: a pick tells the page nothing, and names what the person sees.

tests/pages/pick_steer.html has an "Add kettle" button at (10, 10) to
(170, 50); ``?layer=`` lays a "Delete account" button (or a page-wide
cover, or an iframe) over it in one way or another. The page records, in
its own world, every event and DOM change it could notice (``observed``),
and lies in its own world about what is on top and what is visible. A
person picks at (60, 30), on "Add kettle".

The end-to-end tests pick by hand: the person is a second Chromium opening
the live view (see tests/people/test_live_pick.py); the others pick by point through
the session's picker, the way the live view hands over a person's click.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from playwright.async_api import Browser as PlaywrightBrowser

import browserkit as bk
from browserkit._async.targeting.picked_refs import PickedElement
from tests.helpers import AnySession, aw, ref_of, until
from tests.live_person import WAIT_MS, frames, watch
from tests.server import serve

AT = (60, 30)  # on "Add kettle"
KETTLE = 'button "Add kettle"'
TRAP = 'button "Delete account"'

# Layers nobody sees over "Add kettle": each is looked through.
INVISIBLE = [
    "opacity0",  # opacity: 0
    "near_invisible",  # opacity: 0.01
    "filter",  # filter: opacity(0)
    "unpainted",  # opacity 1, but no background, border or text colour
    "ancestor",  # its wrapper at opacity 0.02
    "fullpage",  # an empty page-wide cover at opacity 0, named "Delete account"
    "frame",  # a same-origin iframe at opacity 0 holding the button
    "clear_frame",  # an iframe that paints nothing, holding an unpainted button
    "text_away",  # no background or border, its text pushed out of its box
    "masked",  # a mask of transparent colours
]


async def _pick(session: bk.AsyncSession, x: float = AT[0], y: float = AT[1]) -> PickedElement:
    core = session._core
    assert core.active is not None
    picked = await session._picks.pick_at(core.tabs[core.active], x, y, 5000)
    assert picked is not None
    return picked


@pytest.fixture
async def steer(abrowser: bk.AsyncBrowser) -> AsyncIterator[bk.AsyncSession]:
    session = await abrowser.start()
    yield session
    await abrowser.stop(session.id)


async def _open(sess: AnySession, url: str) -> None:
    """Open ``url`` and forget what the page recorded while it loaded."""
    await aw(sess.navigate(url))
    await aw(sess.evaluate("window.observed.splice(0)"))


async def _observed(sess: AnySession) -> list[str]:
    return list(await aw(sess.evaluate("window.observed.slice()")))


async def _pick_by_hand(sess: AnySession, people: PlaywrightBrowser) -> bk.Picked:
    """As the person, in the live view: hover "Add kettle" (and see it outlined), then click."""
    view = await aw(sess.live())
    page = await watch(people, view)
    waiting: asyncio.Future[Any] | None = None
    try:
        # The sync API blocks its caller: the person acts meanwhile, from this loop.
        waiting = (
            asyncio.ensure_future(sess.pick("Pick the kettle", timeout_ms=20_000))
            if isinstance(sess, bk.AsyncSession)
            else asyncio.ensure_future(
                asyncio.to_thread(sess.pick, "Pick the kettle", timeout_ms=20_000)
            )
        )
        await page.wait_for_selector("#prompt", state="visible", timeout=WAIT_MS)
        width, height = view._size
        box = await page.locator("#frame").bounding_box()
        assert box is not None
        vx = box["x"] + box["width"] * AT[0] / width
        vy = box["y"] + box["height"] * AT[1] / height
        before = await frames(page)
        await page.mouse.move(vx, vy)

        async def outlined() -> bool:
            return await frames(page) > before

        await until(outlined, "the hover outline")
        await page.mouse.click(vx, vy)
        picked = await asyncio.wait_for(waiting, 20)
        assert isinstance(picked, bk.Picked)
        return picked
    finally:
        if waiting is not None and not waiting.done():
            waiting.cancel()
        await page.close()


# ------------------------------------------------------------ the page learns nothing


@pytest.mark.slow
async def test_a_pick_by_hand_tells_the_page_nothing(
    sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    await _open(sess, f"{base_url}/pick_steer.html?layer=none")
    picked = await _pick_by_hand(sess, people)
    assert picked.line == f"{KETTLE} [ref={picked.ref}]"
    # Not Playwright's __playwright_mark_target__ (nor its reset), no pointer,
    # focus or key event, no DOM change: the page cannot tell what was picked,
    # nor that anything was.
    assert await _observed(sess) == []
    assert await aw(sess.evaluate("document.activeElement === document.body")) is True


@pytest.mark.parametrize("layer", ["none", "opacity0", "visible"])
async def test_a_pick_dispatches_no_event_on_the_picked_element(
    steer: bk.AsyncSession, base_url: str, layer: str
) -> None:
    await _open(steer, f"{base_url}/pick_steer.html?layer={layer}")
    await _pick(steer)
    assert await _observed(steer) == []


# ------------------------------------------------------- the pick is what is seen


@pytest.mark.parametrize("layer", INVISIBLE)
async def test_a_pick_looks_through_a_layer_nobody_can_see(
    steer: bk.AsyncSession, base_url: str, layer: str
) -> None:
    # The page also lies in its own world (elementsFromPoint names the trap,
    # getComputedStyle calls the trap opaque and the kettle transparent).
    await _open(steer, f"{base_url}/pick_steer.html?layer={layer}")
    picked = await _pick(steer)
    assert picked.line == f"{KETTLE} [ref={picked.ref}]"
    assert await _observed(steer) == []


@pytest.mark.parametrize("layer", ["visible", "half"])
async def test_a_layer_a_person_can_see_is_what_is_picked(
    steer: bk.AsyncSession, base_url: str, layer: str
) -> None:
    await _open(steer, f"{base_url}/pick_steer.html?layer={layer}")
    picked = await _pick(steer)
    assert picked.line == f"{TRAP} [ref={picked.ref}]"


@pytest.mark.slow
@pytest.mark.parametrize("layer", ["opacity0", "visible"])
async def test_a_person_who_clicks_add_kettle_picks_what_they_see(
    sess: AnySession, base_url: str, people: PlaywrightBrowser, layer: str
) -> None:
    await _open(sess, f"{base_url}/pick_steer.html?layer={layer}")
    picked = await _pick_by_hand(sess, people)
    if layer == "visible":
        assert picked.line == f"{TRAP} [ref={picked.ref}]"
        return
    assert picked.line == f"{KETTLE} [ref={picked.ref}]"
    # Acting on it meets the trap over it, and refuses rather than land there.
    with pytest.raises(bk.TargetCoveredError, match="Delete account"):
        await aw(sess.click(picked.ref))
    assert await aw(sess.evaluate("document.getElementById('status').textContent")) == (
        "nothing yet"
    )


async def test_an_invisible_frame_of_another_origin_is_looked_through(
    steer: bk.AsyncSession, base_url: str, other_origin_url: str
) -> None:
    inner = f"{other_origin_url}/pick_steer_inner.html"
    for opacity, line in (("0", KETTLE), ("1", "iframe")):
        url = f"{base_url}/pick_steer.html?layer=other_origin_frame&opacity={opacity}&src={inner}"
        await _open(steer, url)
        await steer.wait_for(text="Delete account", timeout_ms=5000)
        picked = await _pick(steer)
        # A visible frame of another origin is picked whole: its own
        # document is out of this page's session's reach, as it was before.
        assert picked.line == f"{line} [ref={picked.ref}]"


@pytest.fixture(scope="module")
def same_site_url() -> Iterator[str]:
    """The pages on 127.0.0.1 at another port: another origin of the same site, whose
    frames share the page's process (and its session), out of its worlds' reach."""
    with serve("127.0.0.1") as url:
        yield url


@pytest.mark.parametrize(("opacity", "line"), [("0", KETTLE), ("1", TRAP)])
async def test_a_frame_of_another_origin_on_the_same_site_is_looked_through_when_unseen(
    steer: bk.AsyncSession, base_url: str, same_site_url: str, opacity: str, line: str
) -> None:
    inner = f"{same_site_url}/pick_steer_inner.html"
    url = f"{base_url}/pick_steer.html?layer=other_origin_frame&opacity={opacity}&src={inner}"
    await _open(steer, url)
    await steer.wait_for(text="Delete account", timeout_ms=5000)
    picked = await _pick(steer)
    # Seen, the frame's own element is picked (the hit test reaches into it).
    assert picked.line == f"{line} [ref={picked.ref}]"
    assert await _observed(steer) == []


async def test_a_page_that_shows_nothing_at_the_point_refuses_the_pick(
    steer: bk.AsyncSession, base_url: str
) -> None:
    await _open(steer, f"{base_url}/pick_steer.html?layer=invisible_page")
    core = steer._core
    assert core.active is not None
    with pytest.raises(bk.TargetNotActionableError, match="nothing visible") as info:
        await steer._picks.pick_at(core.tabs[core.active], *AT, 5000)
    assert info.value.reason == "not_visible"
    assert "pick again" in info.value.hint


# --------------------------------------------------------- the agent's own clicks


@pytest.mark.parametrize("layer", ["opacity0", "fullpage"])
async def test_an_agents_click_under_an_invisible_layer_is_refused_not_steered(
    sess: AnySession, base_url: str, layer: str
) -> None:
    # The hit check of a ref's click (targeting/hit_test.py) sees the trap over the kettle,
    # in the utility world, and refuses: the click never reaches the trap.
    await _open(sess, f"{base_url}/pick_steer.html?layer={layer}")
    tree = (await aw(sess.snapshot())).tree
    with pytest.raises(bk.TargetCoveredError) as info:
        await aw(sess.click(ref_of(tree, KETTLE)))
    if layer == "fullpage":
        assert "invisible layer" in info.value.hint
    assert await aw(sess.evaluate("document.getElementById('status').textContent")) == (
        "nothing yet"
    )


@pytest.mark.slow
async def test_input_sent_as_if_watching_reaches_nothing_while_a_pick_waits(
    sess: AnySession, base_url: str, people: PlaywrightBrowser
) -> None:
    # A view that has not heard of pick mode yet (or a script with the
    # token) sends a plain click: in pick mode it must not reach the page.
    await _open(sess, f"{base_url}/pick_steer.html?layer=none")
    view = await aw(sess.live())
    page = await watch(people, view)
    waiting: asyncio.Future[Any] | None = None
    try:
        waiting = (
            asyncio.ensure_future(sess.pick("Pick", timeout_ms=20_000))
            if isinstance(sess, bk.AsyncSession)
            else asyncio.ensure_future(asyncio.to_thread(sess.pick, "Pick", timeout_ms=20_000))
        )
        await page.wait_for_selector("#prompt", state="visible", timeout=WAIT_MS)
        width, height = view._size
        at = {"fx": AT[0] / width, "fy": AT[1] / height, "button": "left", "clicks": 1}
        status = await page.evaluate(
            """async (at) => {
                const token = new URLSearchParams(location.search).get('token');
                const events = [{kind: 'mouse', type: 'down', buttons: 1, ...at},
                                {kind: 'mouse', type: 'up', buttons: 0, ...at}];
                const answer = await fetch('input', {method: 'POST', body: JSON.stringify({events}),
                    headers: {'Content-Type': 'application/json', 'X-Browserkit-Token': token}});
                return answer.status;
            }""",
            at,
        )
        assert status == 200
        assert await _observed(sess) == []
        assert await aw(sess.evaluate("document.getElementById('status').textContent")) == (
            "nothing yet"
        )
    finally:
        view.stop()  # ends the pick under way, on either API
        if waiting is not None:
            with contextlib.suppress(bk.TimeoutError):
                await asyncio.wait_for(waiting, 20)
        await page.close()
