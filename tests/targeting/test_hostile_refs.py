"""A ref acts on its own element or fails with a typed error, even when the page navigates
during the action (issue 11, item 0).

The page (``bind_nav.html``) logs every click with its document id and the
serial of the button instance that got it; a trial arms a navigation (reload,
location change, back, form submit, or an in-page swap of the buttons) a few
ms out, then clicks the ref of ``#b``. The only allowed outcomes are a click on
that very button in that very document, or a ``stale_ref``, ``ref_not_found``
or navigation error; anything in the log but the intended button is a
wrong-element action.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections import Counter
from typing import Any

import pytest

import browserkit as bk
from browserkit._async.targeting.binding import Binder
from tests.helpers import ref_of

# Browser behaviour, not the interpreter's: nox runs this module on one Python.
pytestmark = pytest.mark.slow

KINDS = ("reload", "assign", "back", "submit", "swap")
# 100 per ref kind in CI (20 of each navigation kind: the run is a guard, and CI's
# time is bounded); the evidence runs quoted in the robustness issue were 4 x 300:
# BROWSERKIT_BIND_TRIALS=300 repeats them.
TRIALS = int(os.environ.get("BROWSERKIT_BIND_TRIALS", "100"))
TYPED = (bk.StaleRefError, bk.RefNotFoundError, bk.NavigationFailedError)


def _dom_ref(root: bk.DomNode, element_id: str) -> str:
    node = next(n for n in root.walk() if n.id == element_id)
    assert node.ref is not None
    return node.ref


async def _settle_trial(s: bk.AsyncSession, trial: int, kind: str, doc: str) -> list[Any]:
    """Wait until the armed change happened and the page is whole; the click log, cleared."""
    for _ in range(400):
        try:
            state = await s.evaluate(
                "[localStorage.getItem('fired'), document.readyState, "
                "typeof DOC === 'undefined' ? null : DOC]",
                timeout_ms=2000,
            )
        except bk.BrowserkitError:
            state = None  # between documents
        if (
            state is not None
            and state[0] == str(trial)
            and state[1] == "complete"
            and state[2] is not None
            and (kind == "swap" or state[2] != doc)
        ):
            log = await s.evaluate(
                "(() => { const l = localStorage.getItem('clicks') || '[]';"
                " localStorage.removeItem('clicks'); return JSON.parse(l); })()"
            )
            return list(log)
        await asyncio.sleep(0.01)  # polling a condition, not waiting for luck
    raise AssertionError(f"trial {trial} ({kind}): the page never settled")


async def _ref_for(s: bk.AsyncSession, which: str) -> str:
    if which == "outline":
        return ref_of((await s.snapshot()).tree, 'button "Target"')
    return _dom_ref(await s.dom(depth=4), "b")


async def _click_span(s: bk.AsyncSession, which: str) -> float:
    """How many ms a click on a ref takes now, with nothing armed (the median of three)."""
    took = []
    for _ in range(3):
        ref = await _ref_for(s, which)
        started = time.monotonic()
        await s.click(ref, observe=False, timeout_ms=10_000)
        took.append((time.monotonic() - started) * 1000)
    await s.evaluate("localStorage.removeItem('clicks')")
    return max(10.0, sorted(took)[1])


async def _run_trials(s: bk.AsyncSession, base_url: str, which: str, trials: int) -> Counter[str]:
    rng = random.Random(f"bind-{which}")
    outcomes: Counter[str] = Counter()
    wrong: list[str] = []
    bad: list[str] = []
    misnamed: list[str] = []
    await s.navigate(f"{base_url}/bind_nav.html?start")
    span = await _click_span(s, which)
    for trial in range(1, trials + 1):
        if trial % 50 == 0:
            span = await _click_span(s, which)
        kind = KINDS[trial % len(KINDS)]
        if kind == "back":
            # So the entry history.back() returns to is a page of this test.
            await s.navigate(f"{base_url}/bind_nav.html?pre={trial}", observe=False)
        ref = await _ref_for(s, which)
        # Anywhere from before the action starts to after it was dispatched,
        # scaled to how long a click takes on this machine right now.
        delay = int(rng.uniform(0, 2.5) * span)
        observe = trial % 4 == 0  # mostly unobserved: the point is dispatch binding
        doc, inst = await s.evaluate(f"arm({json.dumps(kind)}, {trial}, {delay})")
        outcome = "clicked"
        failed_at = None
        try:
            await s.click(ref, observe=observe, timeout_ms=10_000)
        except TYPED as exc:
            outcome = exc.code
            failed_at = time.time() * 1000
        except bk.BrowserkitError as exc:
            outcome = f"untyped:{exc.code}"
            bad.append(f"trial {trial} {kind} d={delay}: {exc.code}: {exc.message}")
        log = await _settle_trial(s, trial, kind, doc)
        if which == "dom" and kind != "swap" and outcome == "ref_not_found" and failed_at:
            # The new document was shown before the error was raised: the
            # element was not removed, its page was replaced (stale_ref).
            shown = float(await s.evaluate("localStorage.getItem('shown')"))
            if shown < failed_at:
                misnamed.append(f"trial {trial} {kind} d={delay}: ref_not_found after the commit")
        intended = [doc, "b", inst]
        for entry in log:
            # A swap rebuilds #b as it was, where it was: a ref resolved after
            # it names the rebuilt button (issue 28 item 10); never another one.
            rebuilt = kind == "swap" and entry[:2] == [doc, "b"]
            if entry != intended and not rebuilt:
                wrong.append(f"trial {trial} {kind} d={delay}: {entry} != {intended}")
        if outcome == "clicked" and intended not in log:
            outcome = "clicked-unseen"  # dispatched to a document that was leaving
        outcomes[f"{kind}:{outcome}"] += 1
    assert wrong == [], f"{len(wrong)} wrong-element actions: {wrong[:10]}"
    assert bad == [], f"{len(bad)} untyped errors: {bad[:10]}"
    assert misnamed == [], f"{len(misnamed)} navigations reported as removals: {misnamed[:10]}"
    return outcomes


@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("which", ["outline", "dom"])
async def test_refs_never_act_on_another_element_when_the_page_navigates_mid_action(
    abrowser: bk.AsyncBrowser, base_url: str, which: str
) -> None:
    s = await abrowser.start()
    started = time.monotonic()
    try:
        outcomes = await _run_trials(s, base_url, which, TRIALS)
    finally:
        await s.stop()
    took = time.monotonic() - started
    print(f"\n{which} refs, {TRIALS} trials in {took:.0f} s: {dict(sorted(outcomes.items()))}")
    assert sum(outcomes.values()) == TRIALS


@pytest.mark.parametrize("which", ["outline", "dom"])
async def test_a_ref_whose_element_is_swapped_as_the_pointer_arrives_clicks_no_look_alike(
    abrowser: bk.AsyncBrowser, base_url: str, which: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/bind_swap_on_move.html")
    try:
        ref = await _ref_for(s, which)
        try:
            await s.click(ref, observe=False, timeout_ms=5000)
        except (bk.RefNotFoundError, bk.TargetCoveredError):
            pass  # refused: the element left, or the click was stopped before landing
        clicks = await s.evaluate("window.clicks")
        assert all(c == "b:2" for c in clicks), clicks  # only ever the original #b
    finally:
        await s.stop()


async def test_a_document_that_begins_during_a_bound_action_takes_no_input_until_released(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    # The last hop of a click is input at a point computed in the bound
    # document; a document that commits in between swallows it (trusted
    # pointer and key events) until the action is over.
    s = await abrowser.start(url=f"{base_url}/bind_nav.html?start")
    try:
        tab = s._core.tab(None)
        binder = Binder(s._core)
        await binder.arm(tab)
        await s.navigate(f"{base_url}/bind_nav.html?during")  # begins while armed
        x, y = await s.evaluate(
            "(() => { const r = document.getElementById('b').getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        await tab.page.mouse.click(x, y)
        await tab.page.keyboard.press("Tab")
        assert await s.evaluate("localStorage.getItem('clicks')") is None
        await binder.disarm(tab)
        await tab.page.mouse.click(x, y)
        assert len(json.loads(await s.evaluate("localStorage.getItem('clicks')"))) == 1
        await s.navigate(f"{base_url}/bind_nav.html?after")  # after disarm: no guard
        await tab.page.mouse.click(x, y)
        assert len(json.loads(await s.evaluate("localStorage.getItem('clicks')"))) == 2
        await s.evaluate("localStorage.removeItem('clicks')")
    finally:
        await s.stop()


async def test_a_dom_ref_whose_page_was_replaced_is_stale_before_the_navigation_event_arrives(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    # The tab's generation follows Playwright's navigation event, which may
    # arrive after the browser has already answered that the ref's document
    # is gone: the binder asks the browser, not the generation.
    s = await abrowser.start(url=f"{base_url}/bind_nav.html?start")
    try:
        tab = s._core.tab(None)
        cdp = await tab.cdp_session()
        tree = await cdp.send("Page.getFrameTree")
        world = await cdp.send(
            "Page.createIsolatedWorld",
            {"frameId": tree["frameTree"]["frame"]["id"], "worldName": "test-old-document"},
        )
        context = world["executionContextId"]
        element = await cdp.send(
            "Runtime.evaluate", {"expression": "document.getElementById('b')", "contextId": context}
        )
        await s.navigate(f"{base_url}/bind_nav.html?next")
        # As if the navigation's event had not arrived: the ref's generation is the tab's.
        with pytest.raises(bk.StaleRefError):
            await Binder(s._core).pin_object(
                tab, element["result"]["objectId"], "d7", tab.generation, 5000
            )
    finally:
        await s.stop()
