"""The change stamp: what moves it, and what a page may do without moving it.

An observed action reuses the last outline as its "before" while the page's
change stamp has not moved (``Capture.before_action``); a stamp that moves for
nothing makes every action read the whole page again first.
"""

from __future__ import annotations

import asyncio
import time

import browserkit as bk
from tests.helpers import AnySession, aw

STAMP = "() => window[Symbol.for('browserkit.changes')]"


async def _rewrites_after(sess: AnySession, count: int) -> None:
    """Wait (bounded) until the page has set its attribute again ``count`` more times."""
    start = await aw(sess.evaluate("() => window.rewrites"))
    deadline = time.monotonic() + 5
    while await aw(sess.evaluate("() => window.rewrites")) < start + count:
        assert time.monotonic() < deadline, "the page stopped rewriting its attribute"
        await asyncio.sleep(0.02)


async def test_setting_an_attribute_to_the_value_it_has_does_not_move_the_stamp(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/stamp_rewrite.html"))
    before = await aw(sess.evaluate(STAMP))
    await _rewrites_after(sess, 5)
    assert await aw(sess.evaluate(STAMP)) == before
    # A value that does change moves it, on the same element and attribute.
    await aw(sess.evaluate("() => document.getElementById('edit').dataset.unsaved = 'true'"))
    moved = await aw(sess.evaluate(STAMP))
    assert moved != before
    # And so does every other kind of change.
    expand = "() => document.getElementById('go').setAttribute('aria-expanded', 'true')"
    await aw(sess.evaluate(expand))
    assert await aw(sess.evaluate(STAMP)) != moved


async def test_an_action_after_rewrites_of_the_same_value_answers_with_its_own_change(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/stamp_rewrite.html"))
    assert nav.page is not None
    await _rewrites_after(sess, 3)
    r = await aw(sess.click(bk.role("button", name="Options")))
    assert r.diff is not None
    assert any("list" in a.line for a in r.diff.added), r.diff
    assert any("[expanded]" in c.line for c in r.diff.changed), r.diff
    assert "Publish" in str(r)
