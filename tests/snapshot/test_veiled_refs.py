"""Refs that outlast a popup which hides the rest of the page from assistive technology.

The pairing (:func:`browserkit.snapshot._veiled.veil_pairs`) on written
outlines; a popover select that aria-hides the page, on
``tests/pages/veiled_popup.html`` in real Chromium through both APIs.
"""

from __future__ import annotations

import pytest

from browserkit.errors import TargetNotActionableError
from browserkit.snapshot import diff, parse
from browserkit.snapshot._veiled import Veils, veil_pairs, veil_renames
from tests.helpers import AnySession, aw, out, ref_of

BEFORE = """\
- generic [ref=e2]:
  - button "Open" [ref=e3]
  - button "Save" [ref=e4]"""
HIDDEN = """\
- generic [ref=e1]:
  - generic [aria-hidden] [ref=e2]:
    - button [ref=e8]: Open
    - button [ref=e9]: Save
  - listbox [ref=e10]"""


@pytest.mark.every_python
def test_elements_under_a_veil_that_came_or_went_are_paired_one_for_one() -> None:
    assert veil_pairs(parse(BEFORE), parse(HIDDEN)) == {"e8": "e3", "e9": "e4"}
    # And back: the veil went, the same elements again.
    shown = BEFORE.replace("e3", "e20").replace("e4", "e21")
    assert veil_pairs(parse(HIDDEN), parse(shown)) == {"e20": "e8", "e21": "e9"}


@pytest.mark.every_python
def test_nothing_is_paired_where_more_than_the_veil_changed() -> None:
    fewer = HIDDEN.replace("    - button [ref=e9]: Save\n", "")
    assert veil_pairs(parse(BEFORE), parse(fewer)) == {}
    other_role = HIDDEN.replace("button [ref=e9]", "link [ref=e9]")
    assert veil_pairs(parse(BEFORE), parse(other_role)) == {}
    # No veil changed: a rename is Playwright's to make.
    assert veil_pairs(parse(BEFORE), parse(BEFORE.replace("e4", "e5"))) == {}


async def test_refs_read_before_a_popup_opened_act_after_it_closes(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/veiled_popup.html"))
    tree = (await aw(sess.snapshot())).tree
    save = ref_of(tree, 'button "Save"')
    quantity = ref_of(tree, 'spinbutton "Quantity"')
    opened = await aw(sess.click(ref_of(tree, 'button "Pick a size"')))
    assert opened.diff is not None
    # One line says the page behind the popup was hidden; its elements are not listed.
    told = str(opened.diff)
    assert "5 elements behind a popup hidden from assistive technology" in told, told
    assert "Save" not in told and "Quantity" not in told, told
    # Hidden, not changed: no element outside the popup is renamed.
    during = (await aw(sess.snapshot())).tree
    assert f"[ref={save}]" in during and f"[ref={quantity}]" in during, during
    closed = await aw(sess.click(ref_of(during, 'option "Large"')))
    # The names come back, the refs stay: one line says so.
    assert closed.diff is not None
    assert "behind the popup read again, refs as before" in str(closed.diff), str(closed.diff)
    assert "Save" not in str(closed.diff)
    after = (await aw(sess.snapshot())).tree
    assert ref_of(after, 'button "Save"') == save and ref_of(after, 'button "Large"')
    await aw(sess.click(save))  # the ref read before the popup opened
    assert await out(sess) == "saved"
    await aw(sess.type(quantity, "5", clear=True))


async def test_refs_outlast_a_popup_that_veils_each_element_outside_it(
    sess: AnySession, base_url: str
) -> None:
    # Streamlit's select veils the elements themselves; a nameless button (its
    # words in a paragraph) keeps its ref through the popup too.
    await aw(sess.navigate(f"{base_url}/veiled_elements.html"))
    tree = (await aw(sess.snapshot())).tree
    add, amount = ref_of(tree, "- button [ref="), ref_of(tree, 'spinbutton "Amount (EUR)"')
    opened = await aw(sess.click(ref_of(tree, 'combobox "Category"')))
    told = str(opened.diff)
    assert "behind a popup hidden from assistive technology, refs kept" in told, told
    assert "Amount" not in told and "Skip" not in told, told
    during = (await aw(sess.snapshot())).tree
    assert f"[ref={add}]" in during and f"[ref={amount}]" in during, during
    closed = await aw(sess.click(ref_of(during, 'option "Training"')))
    assert "behind the popup read again, refs as before" in str(closed.diff), str(closed.diff)
    await aw(sess.click(add))  # the ref read before the popup opened
    assert "Added: Training" in (await aw(sess.snapshot())).tree
    await aw(sess.type(amount, "84.50", clear=True))


async def test_refs_outlast_a_popup_that_veils_boxes_the_outline_does_not_print(
    sess: AnySession, base_url: str
) -> None:
    # Base Web veils the wrapper around each widget: the outline prints no
    # [aria-hidden], only names gone blank; the reading world sees the veils.
    await aw(sess.navigate(f"{base_url}/veiled_wrappers.html"))
    tree = (await aw(sess.snapshot())).tree
    add, amount = ref_of(tree, "- button [ref="), ref_of(tree, 'spinbutton "Amount (EUR)"')
    less = ref_of(tree, 'button "Decrement"')
    opened = await aw(sess.click(ref_of(tree, 'combobox "Category"')))
    told = str(opened.diff)
    assert "behind a popup hidden from assistive technology, refs kept" in told, told
    assert "Amount" not in told and "Decrement" not in told and "→" not in told, told
    during = (await aw(sess.snapshot())).tree
    for ref in (add, amount, less):
        assert f"[ref={ref}]" in during, during
    # While the popup is open, what it hides is not there to click: said, not clicked.
    with pytest.raises(TargetNotActionableError) as refused:
        await aw(sess.click(add))
    assert refused.value.reason == "veiled", refused.value
    assert "listbox 'Categories'" in refused.value.message, refused.value.message
    assert await out(sess) == "Added: nothing"
    closed = await aw(sess.click(ref_of(during, 'option "Training"')))
    told = str(closed.diff)
    assert "behind the popup read again, refs as before" in told, told
    assert "Amount" not in told and "Decrement" not in told, told
    await aw(sess.type(amount, "84.50", clear=True))  # refs read before the popup opened
    await aw(sess.click(add))
    assert await out(sess) == "Added: Training 84.50"
    assert ref_of((await aw(sess.snapshot())).tree, 'button "Decrement"') == less


@pytest.mark.every_python
def test_a_name_gone_blank_pairs_only_when_a_veil_holds_its_words() -> None:
    before = parse('- generic [ref=e1]:\n  - button "Save" [ref=e2]\n  - listbox [ref=e3]')
    after = parse("- generic [ref=e1]:\n  - button [ref=e9]\n  - listbox [ref=e3]")
    none, save = Veils(0, ()), Veils(3, ("Save",))
    assert veil_renames(before, after, (none, save)) == {"e9": "e2"}
    # The veil holds other words: the blank button is not shown to be the same one.
    assert veil_renames(before, after, (none, Veils(3, ("Delete",)))) == {}
    # Nothing known of veils: nothing paired.
    assert veil_renames(before, after) == {}
    # And back: the words were under the veil before, and the name came back.
    assert veil_renames(after, before, (save, none)) == {"e2": "e9"}


@pytest.mark.every_python
def test_a_nameless_element_renamed_says_what_it_holds_or_follows() -> None:
    before = parse(
        "- generic [ref=e1]:\n  - paragraph: Description\n"
        '  - textbox "Description" [ref=e2]\n  - button "Add expense" [ref=e3]:\n'
        "    - paragraph: Add expense"
    )
    after = (
        "- generic [ref=e1]:\n  - paragraph: Description\n  - textbox [ref=e7]\n"
        "  - button [ref=e8]:\n    - paragraph: Add expense"
    )
    told = str(diff(before, parse(after), baseline_generation=1))
    assert '~ textbox "Description" [ref=e2] → textbox [ref=e7]  # after "Description"' in told
    assert '→ button [ref=e8]  # holds "Add expense"' in told, told
    # A named element needs no such note.
    renamed = parse(after.replace("textbox [ref=e7]", 'textbox "Note" [ref=e7]'))
    told = str(diff(before, renamed, baseline_generation=1))
    assert 'textbox "Note" [ref=e7]  # in generic e1' in told, told
