"""Form controls: select, check, radio, drag, fill_form, scroll inside an element."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw


async def value(sess: AnySession, js: str) -> Any:
    return await aw(sess.evaluate(js))


async def test_select_by_value_or_label_and_multiple(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    await aw(sess.select(bk.label("Country"), "jp"))
    assert await value(sess, "document.getElementById('country').value") == "jp"
    await aw(sess.select(bk.label("Country"), "France"))
    assert await value(sess, "document.getElementById('country').value") == "fr"
    await aw(sess.select(bk.label("Toppings"), ["Cheese", "Basil"]))
    chosen = await value(
        sess, "Array.from(document.getElementById('toppings').selectedOptions).map(o => o.value)"
    )
    assert chosen == ["Cheese", "Basil"]
    with pytest.raises(bk.TargetNotFoundError) as info:
        await aw(sess.select(bk.label("Country"), "Atlantis"))
    assert "France" in info.value.message
    assert await value(sess, "document.getElementById('country').value") == "fr"
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.select(bk.label("Country"), ["fr", "jp"]))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.select(bk.label("Name"), "x"))


async def test_check_uncheck_and_radio(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    await aw(sess.check(bk.label("Newsletter")))
    assert await value(sess, "document.getElementById('news').checked") is True
    await aw(sess.check(bk.label("Newsletter")))  # already checked: stays
    assert await value(sess, "document.getElementById('news').checked") is True
    await aw(sess.check(bk.label("Newsletter"), checked=False))
    assert await value(sess, "document.getElementById('news').checked") is False
    await aw(sess.check(bk.label("Pro")))
    assert await value(sess, "document.querySelector('input[name=plan]:checked').value") == "pro"


async def test_drag_between_two_targets(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    await aw(sess.drag(bk.css("#drag-me"), bk.css("#drop")))
    assert await value(sess, "document.getElementById('drop').textContent") == "dropped drag-me"


async def test_fill_form_sets_mixed_fields_in_one_call(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    r = await aw(
        sess.fill_form(
            [
                {"target": bk.label("Name"), "value": "Ada"},
                {"target": bk.label("Bio"), "value": "Engines"},
                {"target": bk.label("Country"), "value": "Japan"},
                {"target": bk.label("Newsletter"), "value": True},
                {"target": bk.label("Free"), "value": True},
            ]
        )
    )
    assert r.detail == "filled 5 fields"
    state = await value(
        sess,
        """[document.getElementById('name').value,
        document.getElementById('bio').value, document.getElementById('country').value,
        document.getElementById('news').checked, document.getElementById('free').checked]""",
    )
    assert state == ["Ada", "Engines", "jp", True, True]
    with pytest.raises(bk.TargetNotFoundError):
        await aw(
            sess.fill_form(
                [
                    {"target": bk.label("Name"), "value": "Changed"},
                    {"target": bk.label("Missing"), "value": "x"},
                ]
            )
        )
    assert await value(sess, "document.getElementById('name').value") == "Ada"  # nothing typed
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.fill_form([{"target": bk.label("Name")}]))


async def test_scroll_inside_an_element(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    await aw(sess.scroll(delta_y=300, target=bk.css("#scroller")))
    assert await value(sess, "document.getElementById('scroller').scrollTop") == 300
    assert await value(sess, "scrollY") == 0


async def test_press_chords(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    await aw(sess.type(bk.label("Name"), "hello world"))
    await aw(sess.press("Control+a", target=bk.label("Name")))
    await aw(sess.press("Backspace"))
    assert await value(sess, "document.getElementById('name').value") == ""
    await aw(sess.press("Shift+KeyA", target=bk.label("Name")))
    assert await value(sess, "document.getElementById('name').value") == "A"


def ref_of(tree: str, pattern: str) -> str:
    """The ref of the first outline line matching ``pattern``."""
    for line in tree.splitlines():
        if re.search(pattern, line):
            found = re.search(r"\[ref=(\w+)\]", line)
            if found:
                return found.group(1)
    raise AssertionError(f"no line matches {pattern!r} in\n{tree}")


async def editor_text(sess: AnySession) -> str:
    return str(await value(sess, "editor.getValue()"))


async def test_type_replaces_the_text_of_a_codemirror_editor(
    sess: AnySession, base_url: str
) -> None:
    # Real CodeMirror 5 (tests/pages/vendor): a hidden textarea takes the keys
    # and the text is drawn as spans; setting the textarea's value appends.
    await aw(sess.navigate(f"{base_url}/editor_codemirror.html"))
    tree = (await aw(sess.snapshot())).tree
    textbox = ref_of(tree, r"^\s*- textbox")
    await aw(sess.type(textbox, "select 1"))
    assert await editor_text(sess) == "select 1"
    # The ref of the drawn code (what a person clicks) types into the editor too.
    tree = (await aw(sess.snapshot())).tree
    code = ref_of(tree, r"generic \[ref=\w+\]: select 1")
    await aw(sess.type(code, "select name\nfrom t"))
    assert await editor_text(sess) == "select name\nfrom t"
    await aw(sess.type(textbox, " where 1", clear=False))
    assert await editor_text(sess) == "select name\nfrom t where 1"


async def test_clicking_a_codemirror_editor_ref_focuses_it(sess: AnySession, base_url: str) -> None:
    # Its textarea sits in a zero-height box under the drawn code: the click
    # goes to the editor's visible area, not refused as "covered".
    await aw(sess.navigate(f"{base_url}/editor_codemirror.html"))
    tree = (await aw(sess.snapshot())).tree
    result = await aw(sess.click(ref_of(tree, r"^\s*- textbox")))
    assert result.target_verified is True
    assert await value(sess, "editor.hasFocus()") is True
    await aw(sess.press("End"))
    await aw(sess.press("x"))
    assert (await editor_text(sess)).endswith("x")


async def test_type_replaces_the_text_of_a_contenteditable(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/editor_codemirror.html"))
    await aw(sess.type(bk.css("#notes"), "fresh notes"))
    assert await value(sess, "document.getElementById('notes').innerText.trim()") == "fresh notes"


async def test_fill_form_replaces_the_text_of_a_codemirror_editor(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/editor_codemirror.html"))
    tree = (await aw(sess.snapshot())).tree
    await aw(
        sess.fill_form(
            [
                {"target": ref_of(tree, r"^\s*- textbox"), "value": "select 2"},
                {"target": bk.css("#notes"), "value": "filled"},
            ]
        )
    )
    assert await editor_text(sess) == "select 2"
    assert await value(sess, "document.getElementById('notes').innerText.trim()") == "filled"
