"""Settling waits for what an action set going out of sight: a dialog that fades
out, a panel that collapses, a sheet that folds away (inside a closed shadow
root), each changing the DOM only when its animation ends. Motion that shows
something (its content is there already), that never ends or ends seconds
later (a toast, a slow fade the page started on load), or that only
recolours or runs on a pseudo-element (a ripple) does not hold it.

None of these asserts a duration. An answer that shows the end state shows
settling waited; one that shows only the start shows it did not (each
motion that is not waited for says so when it ends, within the bound). A
wait for what never ends in time would run into the settle bound and
report ``settled=False``.
"""

from __future__ import annotations

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, click_on

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
    sess: AnySession, base_url: str, button: str, status: str, gone: str
) -> None:
    r = await click_on(sess, base_url, PAGE, button)
    assert r.settled is True
    text = str(r.diff)
    assert status in text, text
    assert gone not in str((await aw(sess.snapshot())).tree)
    assert any(gone in str(node) for node in r.diff.removed), text


@pytest.mark.parametrize(
    ("button", "status", "after"),
    [
        ("Load", "loading", None),  # a spinner that turns for ever
        ("Ripple", "rippling", "ripple done"),  # 900 ms on a ::after pseudo-element
        ("Tint", "tinting", "tinted"),  # a 900 ms background-colour transition
        ("Reveal", "revealing", "revealed"),  # a menu fading in: its items are there at once
        ("Noop", "noop", None),  # beside a 2-minute fade-out the page started on load
    ],
)
async def test_motion_that_changes_nothing_readable_does_not_hold_the_action(
    sess: AnySession, base_url: str, button: str, status: str, after: str | None
) -> None:
    r = await click_on(sess, base_url, PAGE, button)
    # A wait would show the end (each says so when it ends, within the 1 s
    # bound), or, for what never ends in time, run into the bound.
    assert r.settled is True
    assert status in str(r.diff)
    if after is not None:
        assert after not in str(r.diff)
    if button == "Reveal":
        assert 'menuitem "Copy"' in str(r.diff)


async def test_a_toast_that_fades_out_seconds_later_does_not_hold_the_action(
    sess: AnySession, base_url: str
) -> None:
    r = await click_on(sess, base_url, PAGE, "Save")
    assert r.settled is True
    assert "alert" in str(r.diff)
    assert "Saved" in str(r.diff)
    assert "Saved" in str((await aw(sess.snapshot())).tree)  # its fade is yet to come


async def test_unobserved_actions_do_not_wait_for_animations(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/{PAGE}"))
    r: bk.ActionResult = await aw(sess.click(bk.css("#close"), observe=False))
    assert r.settled is True
    assert r.diff is None
