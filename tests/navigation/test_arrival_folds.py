"""Arrival outlines of multi-page apps say less of what the agent does not act on
(issue 28 item 8), and keep every control addressable in one more call."""

from __future__ import annotations

import re

from tests.helpers import AnySession, aw


def _ref(outline: str, role: str, name: str) -> str:
    found = re.search(rf'{role} "{re.escape(name)}"[^\n]*\[ref=(\w+)\]', outline)
    assert found, f"no {role} {name!r} in:\n{outline}"
    return found.group(1)


async def test_a_closed_select_shows_its_choice_and_count_and_lists_them_on_asking(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/arrival_select.html"))
    page = nav.page
    assert page is not None
    author = _ref(page, "combobox", "Author:")
    assert 'option "Author 12" [selected]' in page, page
    assert f'… 29 other options (expand: snapshot(target="{author}"))' in page, page
    assert "Author 3" not in page
    # Short lists and open list boxes stay as they are: folding them saves nothing.
    assert 'option "Delete"' in page and 'option "rare"' in page
    listed = str(await aw(sess.snapshot(target=author, compact=True)))
    assert 'option "Author 3"' in listed and 'option "Author 30"' in listed, listed
    await aw(sess.select(author, ["Author 25"]))  # by its label: no ref needed
    await aw(sess.click(_ref(page, "button", "Save")))
    assert await aw(sess.evaluate("document.title")) == "saved a25 ---"


async def test_a_label_element_beside_the_field_it_names_goes_and_the_field_acts(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/arrival_labels.html"))
    page = nav.page
    assert page is not None
    # `<label>Username<span>*</span></label>` is a generic with a ref of its own,
    # saying the field's name again: only the field is printed.
    assert "generic" not in page, page
    assert "text: Remember" in page  # words that name no field beside them stay
    await aw(sess.type(_ref(page, "textbox", "Username*"), "ada"))
    await aw(sess.click(_ref(page, "button", "Sign in")))
    assert await aw(sess.evaluate("document.title")) == "hi ada"
