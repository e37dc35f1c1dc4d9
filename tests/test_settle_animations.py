"""Settling waits for what an action set going out of sight: a dialog that fades
out, a panel that collapses, a sheet that folds away (inside a closed shadow
root), each changing the DOM only when its animation ends. Motion that shows
something (its content is there already), that the action did not start,
that never ends, or that only recolours or runs on a pseudo-element (a
ripple) does not hold it.

None of these asserts a duration. An answer that shows the end state shows
settling waited; ``settled is True`` shows a wait did not run into its bound
(a bound hit reports False); ``settled is False`` shows the bound held.
"""

from __future__ import annotations

from typing import Any

import pytest

import browserkit as bk
from tests.conftest import aw
from tests.test_settle_nav import click_on

# Browser behaviour, not the interpreter's: nox runs this module on one Python.
pytestmark = pytest.mark.slow

PAGE = "settle_animations.html"


@pytest.mark.parametrize(
    ("button", "status", "gone"),
    [
        ("Close", "dialog closed", 'dialog "Confirm"'),  # Web Animations on the element
        ("Collapse", "collapsed", 'region "Details"'),  # a CSS transition, then hidden
        ("Dismiss", "sheet dismissed", "Sheet text"),  # inside a closed shadow root
    ],
)
async def test_an_action_that_ends_in_an_animation_answers_with_the_end_state(
    sess: Any, base_url: str, button: str, status: str, gone: str
) -> None:
    r = await click_on(sess, base_url, PAGE, button)
    assert r.settled is True
    text = str(r.diff)
    assert status in text, text
    assert gone not in str((await aw(sess.snapshot())).tree)
    assert any(gone in str(node) for node in r.diff.removed), text


@pytest.mark.parametrize(
    ("button", "status"),
    [
        ("Load", "loading"),  # a spinner that turns for ever
        ("Ripple", "rippling"),  # 3 s on a ::after pseudo-element
        ("Tint", "tinting"),  # a 3 s background-colour transition
        ("Noop", "noop"),  # beside a 2-minute animation the page started on load
        ("Reveal", "revealing"),  # a menu fading in for 3 s: its items are there at once
    ],
)
async def test_motion_that_changes_nothing_readable_does_not_hold_the_action(
    sess: Any, base_url: str, button: str, status: str
) -> None:
    r = await click_on(sess, base_url, PAGE, button)
    # Waiting on any of these would run into the animation bound: settled=False.
    assert r.settled is True
    assert status in str(r.diff)
    if button == "Reveal":
        assert 'menuitem "Copy"' in str(r.diff)


async def test_an_animation_longer_than_the_bound_leaves_the_action_unsettled(
    sess: Any, base_url: str
) -> None:
    r = await click_on(sess, base_url, PAGE, "Fade")
    assert r.settled is False  # the 8 s fade outlasts the bound; the call still returned
    assert "Slow note" in str((await aw(sess.snapshot())).tree)


async def test_unobserved_actions_do_not_wait_for_animations(sess: Any, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/{PAGE}"))
    r: bk.ActionResult = await aw(sess.click(bk.css("#fade"), observe=False))
    assert r.settled is True
    assert r.diff is None
