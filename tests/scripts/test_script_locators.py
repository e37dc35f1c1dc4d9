"""Every element target leaves a locator in its step, and a step that has none is refused
on export instead of being written as code that cannot run (issue 41, item 3)."""

from __future__ import annotations

import attrs
import pytest

import browserkit as bk
from tests.helpers import AnySession, aw


async def test_a_css_target_answers_with_its_locator_and_exports_as_code_that_runs(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/click_kinds.html"))

    result = await aw(sess.click(bk.css("#p")))

    assert result.locator == bk.css("#p")
    step = sess.script().steps[-1]
    assert (step.action, step.locator) == ("click", bk.css("#p"))
    code = sess.script().to_python()
    assert 's.click(bk.css("#p"))' in code
    assert "None" not in code.split("s = browser.start()")[1]
    assert 'await page.locator("#p").click()' in sess.script().to_python("playwright")


async def test_a_click_at_a_point_is_kept_as_that_point(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/click_kinds.html"))

    await aw(sess.click(bk.point(30, 20)))

    step = sess.script().steps[-1]
    assert (step.locator, step.point, step.expect_text) == (None, (30, 20), "Pressed at 30,20")
    assert "s.click(bk.point(30, 20))" in sess.script().to_python()
    assert "await page.mouse.click(30, 20)" in sess.script().to_python("playwright")
    fresh = bk.Script(sess.script().steps)
    replayed = await aw(bk.replay(fresh, sess))
    assert replayed.steps == len(fresh.steps)


async def test_a_double_right_click_is_recorded_and_replayed_as_one(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/click_kinds.html"))

    await aw(sess.click(bk.role("button", "Menu"), button="right", click_count=2))

    step = sess.script().steps[-1]
    assert (step.button, step.click_count, step.expect_text) == ("right", 2, "Menu twice")
    assert "button='right', click_count=2" in sess.script().to_python()
    assert ".click(button='right', click_count=2)" in sess.script().to_python("playwright")
    await aw(sess.navigate(f"{base_url}/click_kinds.html"))
    replayed = await aw(bk.replay(bk.Script(sess.script().steps[-1:]), sess))
    assert replayed.steps == 1


@pytest.mark.every_python
def test_a_step_on_an_element_with_no_locator_is_refused_on_export() -> None:
    clicked = bk.Step("click")
    dragged = bk.Step("drag", locator=bk.css("#card"))

    for step, missing in ((clicked, "a locator for its element"), (dragged, "where it dropped")):
        script = bk.Script((step,))
        for kind in ("browserkit", "playwright"):
            with pytest.raises(bk.InvalidArgumentError, match=missing):
                script.to_python(kind)  # type: ignore[arg-type]
    assert "s.click(bk.css" in bk.Script((attrs.evolve(clicked, locator=bk.css("#p")),)).to_python()
