"""Actions that cannot happen say why, with a stable code, a reason and a hint.

A refused action never claims it happened ("typed 3 chars into …"); it says
what failed ("could not type … : it is disabled") and changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, raises_before_waiting

# Browser behaviour, not the interpreter's: nox runs this module on one Python.
pytestmark = pytest.mark.slow

# Long enough for a loaded machine, short enough that a wait for a state that
# never comes does not drag the suite.
WAIT_MS = 2_000


async def open_page(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/err_actions.html"))


async def test_type_into_a_button_is_not_editable_and_says_what_it_is(
    sess: AnySession, base_url: str
) -> None:
    await open_page(sess, base_url)
    with pytest.raises(bk.TargetNotActionableError) as info:
        await aw(sess.type(bk.css("#btn"), "abc"))
    err = info.value
    assert err.code == "target_not_actionable"
    assert err.reason == "not_editable"
    assert err.message.startswith("could not type")
    assert "not editable" in err.message and "<button>" in err.message
    assert "typed" not in err.message and "Locator" not in err.message
    assert err.hint
    assert await aw(sess.evaluate("document.getElementById('btn').textContent")) == "Save"


async def test_type_into_plain_text_is_not_editable(sess: AnySession, base_url: str) -> None:
    await open_page(sess, base_url)
    with pytest.raises(bk.TargetNotActionableError) as info:
        await aw(sess.type(bk.css("#para"), "abc"))
    assert info.value.reason == "not_editable"
    assert "<p>" in info.value.message


async def test_check_on_a_button_is_not_checkable(sess: AnySession, base_url: str) -> None:
    await open_page(sess, base_url)
    with pytest.raises(bk.TargetNotActionableError) as info:
        await aw(sess.check(bk.css("#btn")))
    err = info.value
    assert err.reason == "not_checkable"
    assert err.message.startswith("could not check css=#btn")
    assert "<button>" in err.message and "Not a checkbox" not in err.message
    assert err.hint
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == ""


@pytest.mark.parametrize(
    ("selector", "reason"),
    [("#hidden", "not_visible"), ("#disabled", "disabled"), ("#ro", "read_only")],
)
async def test_type_into_an_unusable_field_keeps_playwrights_reason(
    sess: AnySession, base_url: str, selector: str, reason: str
) -> None:
    await open_page(sess, base_url)
    before = await aw(sess.evaluate(f"document.querySelector('{selector}').value"))
    with pytest.raises(bk.TargetNotActionableError) as info:
        await aw(sess.type(bk.css(selector), "abc", timeout_ms=WAIT_MS))
    err = info.value
    assert err.reason == reason
    assert err.message.startswith(f"could not type 3 chars into css={selector}: it is")
    assert err.hint
    assert await aw(sess.evaluate(f"document.querySelector('{selector}').value")) == before


async def test_click_on_a_disabled_button_says_disabled(sess: AnySession, base_url: str) -> None:
    await open_page(sess, base_url)
    with pytest.raises(bk.TargetNotActionableError) as info:
        await aw(sess.click(bk.css("#off"), timeout_ms=WAIT_MS))
    assert info.value.reason == "disabled"
    assert info.value.message.startswith("could not click css=#off")


@pytest.mark.parametrize("target", ["css", "ref"])
async def test_click_on_an_invisible_button_says_not_visible(
    sess: AnySession, base_url: str, target: str
) -> None:
    # visibility:hidden keeps the box, so whatever lies under it (the body)
    # is at the click point: it is not "covered", it is not visible.
    await open_page(sess, base_url)
    aimed: Any = bk.css("#hidden-btn")
    if target == "ref":
        found = await aw(sess.dom(bk.css("#hidden-btn")))
        aimed = found.ref
    with pytest.raises(bk.TargetNotActionableError) as info:
        # Twice the usual bound: a d-ref's failure is explained by asking the
        # browser what became of its element, which takes longer when loaded.
        await aw(sess.click(aimed, timeout_ms=2 * WAIT_MS))
    assert info.value.reason == "not_visible"
    assert "covered" not in info.value.message


async def test_the_new_error_is_public_and_round_trips() -> None:
    err = bk.TargetNotActionableError("could not type into e5: it is disabled", reason="disabled")
    assert bk.errors.error_for_code("target_not_actionable") is bk.TargetNotActionableError
    assert err.to_dict()["code"] == "target_not_actionable" and err.hint
    import pickle

    again = pickle.loads(pickle.dumps(err))
    assert again.reason == "disabled" and again.message == err.message
    assert bk.TargetNotActionableError("x", reason="no such reason").reason == "unknown"


async def test_click_and_hover_need_a_target(sess: AnySession) -> None:
    raises_before_waiting(lambda: sess.click(None), bk.InvalidArgumentError)
    raises_before_waiting(lambda: sess.hover(None), bk.InvalidArgumentError)


async def test_screenshot_refuses_full_page_with_a_target(sess: AnySession, base_url: str) -> None:
    await open_page(sess, base_url)
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.screenshot(full_page=True, target=bk.css("#btn")))
    assert "full_page" in info.value.message


async def test_a_css_click_that_opens_an_alert_was_verified(
    sess: AnySession, base_url: str
) -> None:
    await open_page(sess, base_url)
    r = await aw(sess.click(bk.css("#alert")))
    assert r.dialog is not None and r.dialog.message == "hello"
    assert r.target_verified is True
    await aw(sess.handle_dialog(True))


async def test_handle_dialog_reports_a_second_dialog_opened_while_it_settled(
    sess: AnySession, base_url: str
) -> None:
    await open_page(sess, base_url)
    r = await aw(sess.click(bk.css("#two")))
    assert r.dialog is not None and r.dialog.message == "one"
    answered = await aw(sess.handle_dialog(True))
    # The answer is in the detail; the dialog now open is the result's dialog.
    assert "accepted the alert dialog" in answered.detail
    assert answered.dialog is not None
    assert answered.dialog.message == "two" and answered.dialog.handled == "pending"
    assert "'two'" in answered.detail
    last = await aw(sess.handle_dialog(True))
    assert last.dialog is not None and last.dialog.handled == "accepted"
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "both"


async def test_hover_over_a_hidden_element_says_not_visible(
    sess: AnySession, base_url: str
) -> None:
    await open_page(sess, base_url)
    with pytest.raises(bk.TargetNotActionableError) as info:
        await aw(sess.hover(bk.css("#hidden"), timeout_ms=WAIT_MS))
    assert info.value.reason == "not_visible"
    assert info.value.message.startswith("could not hover over css=#hidden")


async def test_fill_form_names_the_field_that_cannot_be_filled(
    sess: AnySession, base_url: str
) -> None:
    await open_page(sess, base_url)
    with pytest.raises(bk.TargetNotActionableError) as info:
        await aw(
            sess.fill_form(
                [
                    {"target": bk.css("#name"), "value": "new"},
                    {"target": bk.css("#disabled"), "value": "x"},
                ],
                # Two fills share the bound: under load the first must leave the
                # second time enough to see why it waits (disabled).
                timeout_ms=2 * WAIT_MS,
            )
        )
    assert info.value.reason == "disabled"
    assert info.value.message.startswith("could not fill 2 fields")


async def test_select_and_check_refuse_a_point_before_acting(sess: AnySession) -> None:
    # Both read the element's own state (its options, its checkbox): a point has none.
    for call in (
        lambda: sess.select(bk.point(10, 10), ["a"]),
        lambda: sess.check(bk.point(10, 10)),
    ):
        error = raises_before_waiting(call, bk.InvalidArgumentError)
        assert "not a point" in error.message and "ref" in error.hint
