"""Settling waits for the short timers an action set: a debounced editor's
copy into its form field has run when a typing action answers, so a Publish
clicked at once posts the text. A page that re-arms a timer for ever holds
an action only up to the bound (``ACTION_TIMERS_MS``) and still settles.

No durations are asserted: an answer that shows what the timer did shows the
wait, and an action that waited for ever would never answer.
"""

from __future__ import annotations

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, ref_of

pytestmark = pytest.mark.slow

PAGE = "debounce_editor.html"


POSTED = "[...document.querySelectorAll('#posted li')].map(li => li.textContent)"


async def test_a_publish_clicked_right_after_typing_posts_the_typed_text(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start()
    try:
        await s.navigate(f"{base_url}/{PAGE}")
        tree = (await s.snapshot()).tree
        editor, publish = ref_of(tree, 'textbox "Body"'), ref_of(tree, 'button "Publish"')
        # Ten rounds (the sync API's one is below): without the wait the click
        # beat the 250 ms sync; with it, every round posts what was typed.
        for i in range(10):
            typed = await s.type(editor, f"draft {i}")
            assert typed.settled is True
            await s.click(publish)
        assert await s.evaluate(POSTED) == [f"posted: draft {i}" for i in range(10)]
    finally:
        await s.stop()


async def test_a_timer_the_page_re_arms_for_ever_does_not_hold_the_action(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/{PAGE}"))
    tree = (await aw(sess.snapshot())).tree
    clicked = await aw(sess.click(ref_of(tree, 'button "Poll"')))
    assert clicked.settled is True
    assert "polling" in str(clicked.diff)
    # The poll keeps running, and the debounce is still waited for beside it.
    typed = await aw(sess.type(ref_of(tree, 'textbox "Body"'), "after"))
    assert typed.settled is True
    await aw(sess.click(ref_of(tree, 'button "Publish"')))
    assert await aw(sess.evaluate(POSTED)) == ["posted: after"]


async def test_typing_answers_with_the_options_a_select_draws_frames_later(
    sess: AnySession, base_url: str
) -> None:
    # The filter runs on a timer, asks for the list from a promise, and the
    # list draws three frames on: all of it the typing's own doing.
    await aw(sess.navigate(f"{base_url}/debounce_select.html"))
    typed = await aw(sess.type(bk.role("combobox", "Country"), "Po"))
    assert typed.settled is True
    assert 'option "Portugal"' in str(typed.diff) and 'option "Poland"' in str(typed.diff)
    assert "Spain" not in str(typed.diff)
