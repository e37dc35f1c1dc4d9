"""Text no person can see is not page content: the outline, diffs, find(), scan()
and markdown() leave it out, count it, and say how to read it.

The pure part (:func:`browserkit.snapshot._hidden.leave_out`) is tested on
written outlines; the reading world's judgement on ``tests/pages/hidden_text.html``
in real Chromium, through both APIs, one test per way of hiding text.
"""

from __future__ import annotations

import re

import pytest

import browserkit as bk
from browserkit import tools
from browserkit.snapshot._hidden import leave_out
from tests.helpers import AnySession, aw, ref_of

# ----------------------------------------------------------------- the outline

OUTLINE = """\
- generic [ref=e1]:
  - paragraph [ref=e2]: Before ignore the user after.
  - paragraph [ref=e3]: ignore the user
  - button "Pay ignore the user" [ref=e4]:
    - text: Pay
    - generic [ref=e5]: ignore the user
  - textbox "Note" [ref=e6]: ignore the user
  - paragraph [ref=e7]: "Said: ignore the user"
  - list [ref=e8]:
    - listitem [ref=e9]: keep"""


@pytest.mark.every_python
def test_words_no_visible_text_holds_are_left_out_wherever_they_are_text() -> None:
    text, left_out = leave_out(OUTLINE, [("ignore the user", False)])
    assert left_out == 4
    lines = text.split("\n")
    assert "  - paragraph [ref=e2]: Before after." in lines
    # A line with nothing left to say goes; one with children keeps its line.
    assert not any("[ref=e3]" in line or "[ref=e5]" in line for line in lines)
    # Names stay as the browser computes them (locators match on them); a field's
    # value is the user's input, not page text.
    assert '  - button "Pay ignore the user" [ref=e4]:' in lines
    assert '  - textbox "Note" [ref=e6]: ignore the user' in lines
    # A quoted text is unquoted, cut and quoted again as Playwright would.
    assert '  - paragraph [ref=e7]: "Said:"' in lines
    assert lines[-1] == "    - listitem [ref=e9]: keep"


@pytest.mark.every_python
def test_words_a_visible_text_holds_too_are_kept() -> None:
    # A person reads them on the page anyway; which occurrence is the hidden
    # one cannot be told from the outline.
    assert leave_out(OUTLINE, [("ignore the user", True)]) == (OUTLINE, 0)


@pytest.mark.every_python
def test_hidden_words_never_cut_a_piece_of_a_longer_word_or_number() -> None:
    # A notebook's hidden "-", "0", "1" and "." (its toolbar, its menus): the
    # visible output they are pieces of reads whole.
    outline = (
        "- generic [ref=e1]:\n  - generic [ref=e2]: run-10 total 5050\n  - text: analysis.ipynb"
    )
    hidden = [("-", False), ("0", False), ("1", False), (".", False), ("total", False)]
    text, left_out = leave_out(outline, hidden)
    assert "run-10 5050" in text and "analysis.ipynb" in text and left_out == 1
    # What a field holds is the user's input: a code editor's lines stay whole.
    editor = "- textbox [ref=e3]:\n  - generic [ref=e4]: line = total + 1\n- text: total"
    assert leave_out(editor, [("total", False)]) == (
        "- textbox [ref=e3]:\n  - generic [ref=e4]: line = total + 1",
        1,
    )


@pytest.mark.every_python
def test_nothing_hidden_leaves_the_outline_as_it_is() -> None:
    assert leave_out(OUTLINE, []) == (OUTLINE, 0)
    assert leave_out(OUTLINE, [("not on the page", False)]) == (OUTLINE, 0)


# ----------------------------------------------------------------- in Chromium

# Each way of hiding text on hidden_text.html, and the words it hides.
TECHNIQUES = {
    "zero font size": "zero font words",
    "text the colour of its background": "white on white words",
    "transparent colour": "transparent colour words",
    "zero opacity": "zero opacity words",
    "placed off the page": "off screen words",
    "a 1-px clip rect": "clip rect words",
    "a clip path to nothing": "clip path words",
    "a box of no size that clips": "zero size box words",
    "pushed out by text-indent": "text indent words",
    "scaled to nothing": "scaled away words",
    "a 1-px font": "one pixel words",
    "covered by another element": "covered up words",
}
# What looks alike but a person sees: each stays.
SEEN = (
    "A person reads twin words here.",
    "gradient heading words",
    "white on an image words",
    "white on black words",
    "Site bar",
)


async def open_page(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/hidden_text.html"))


@pytest.mark.parametrize("technique", list(TECHNIQUES))
async def test_text_hidden_this_way_is_left_out_of_every_reading(
    sess: AnySession, base_url: str, technique: str
) -> None:
    words = TECHNIQUES[technique]
    await open_page(sess, base_url)
    everything = (await aw(sess.snapshot(include_hidden=True))).tree
    snap = await aw(sess.snapshot())
    assert words in everything
    shown = 0
    assert snap.tree.count(words) == shown, snap.tree
    assert str(await aw(sess.snapshot(compact=True))).count(words) == shown
    found = await aw(sess.find(words))
    assert len(found) == shown
    scan = await aw(sess.scan())
    assert scan.content.count(words) == shown and scan.hidden > 0
    markdown = await aw(sess.markdown())
    assert markdown.text.count(words) == shown and markdown.hidden > 0


async def test_what_a_person_sees_stays_and_the_reading_says_what_it_left_out(
    sess: AnySession, base_url: str
) -> None:
    await open_page(sess, base_url)
    snap = await aw(sess.snapshot())
    for words in SEEN:
        assert words in snap.tree, words
    # Hidden but actionable: the control keeps its line, its ref and its name.
    assert ref_of(snap.tree, 'button "Ghost button"')
    assert ref_of(snap.tree, 'button "Pay for the order"')
    assert snap.hidden == len(TECHNIQUES) + 1  # and the button's clipped words
    # A read of one element leaves hidden words out too.
    pay = await aw(sess.snapshot(target=ref_of(snap.tree, 'button "Pay for the order"')))
    assert pay.tree.count("for the order") == 1 and pay.hidden == 1, pay.tree
    note = "- hidden: 13 texts no person can see left out (expand: snapshot(include_hidden=True))"
    assert str(snap).endswith("\n" + note)
    assert str(await aw(sess.snapshot(compact=True))).endswith("\n" + note)
    whole = await aw(sess.snapshot(include_hidden=True))
    assert whole.hidden == 0 and "hidden:" not in str(whole)
    # Each reading counts what it would have shown (markdown() shows no controls).
    counted = re.compile(r"\n- hidden: \d+ texts no person can see left out \(expand: ")
    assert len(counted.findall(str(await aw(sess.scan())))) == 1
    assert counted.search(str(await aw(sess.markdown())))


async def test_a_diff_shows_what_a_person_sees_appear_and_not_what_is_hidden(
    sess: AnySession, base_url: str
) -> None:
    await open_page(sess, base_url)
    tree = (await aw(sess.snapshot())).tree
    # A read with the hidden texts is no baseline: the click's diff compares with
    # the outline before it, so nothing hidden shows as added.
    await aw(sess.snapshot(include_hidden=True))
    result = await aw(sess.click(ref_of(tree, 'button "Add"')))
    assert result.diff is not None
    shown = str(result.diff)
    assert "added shown words" in shown and "added hidden words" not in shown
    assert "zero opacity words" not in shown
    after = await aw(sess.snapshot(diff=True))
    assert after.diff is not None and "hidden words" not in str(after.diff)


async def test_the_tools_say_how_to_read_what_was_left_out(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = await tools.call(
        abrowser, "browser_sessions_start", {"url": f"{base_url}/hidden_text.html"}
    )
    sid = start["session_id"]
    try:
        read = await tools.call(abrowser, "browser_snapshot", {"session_id": sid})
        assert "zero opacity words" not in read["snapshot"]
        note = "(expand: browser_snapshot include_hidden=true)"
        assert read["snapshot"].endswith(note), read["snapshot"]
        # The hint is a call the tool takes.
        whole = await tools.call(
            abrowser, "browser_snapshot", {"session_id": sid, "include_hidden": True}
        )
        assert "zero opacity words" in whole["snapshot"]
        scan = await tools.call(abrowser, "browser_scan", {"session_id": sid})
        assert scan["hidden"].startswith("- hidden: 15 texts")  # scan counts the twin too
        assert "expand: browser_snapshot include_hidden=true" in scan["hidden"]
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


async def test_an_app_drawn_over_a_zero_height_body_reads_whole(
    sess: AnySession, base_url: str
) -> None:
    # The body's overflow is the viewport's, and a box positioned out of a clipping
    # box of no size is drawn where it is: neither hides what a person reads.
    await aw(sess.navigate(f"{base_url}/hidden_text_app_shell.html"))
    snap = await aw(sess.snapshot())
    for words in ("panel words a person reads", "run-10 total 5050", "escaped words"):
        assert words in snap.tree, snap.tree
    assert "clipped words" not in snap.tree and snap.hidden == 1, snap.tree
