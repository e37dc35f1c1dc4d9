"""Inline markup joins words as the page shows them: no space is invented inside a word.

Playwright's outline prints ``logs.<mark>retention</mark>_days`` as three
pieces with the whitespace around each trimmed; a compact outline joins
them into one line. Where the page itself has no whitespace (and no line
break or block) between two pieces, the join has none either.
"""

from __future__ import annotations

from browserkit.snapshot import compact
from tests.helpers import AnySession, aw

SPLIT = """\
- paragraph [ref=e1]:
  - text: logs.
  - mark [ref=e2]: retention
  - text: _days
"""
SPACED = """\
- paragraph [ref=e3]:
  - text: run
  - code [ref=e4]: retention
  - text: now
"""


def test_pieces_the_page_runs_together_join_without_a_space() -> None:
    glued = {("logs.", "retention"), ("retention", "_days")}
    text = compact(SPLIT.rstrip(), glued=glued).text
    assert "- paragraph: logs.retention_days" in text
    # Other words, with whitespace between them on the page: spaces stay.
    assert compact(SPACED.rstrip(), glued=glued).text == "- paragraph: run retention now"


def test_without_word_of_the_page_pieces_keep_their_spaces() -> None:
    assert "- paragraph: logs. retention _days" in compact(SPLIT.rstrip()).text


async def test_arrival_and_compact_outlines_read_as_the_page_shows(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/inline_text.html"))
    snap = await aw(sess.snapshot(compact=True))
    for text in (str(nav.page), snap.compact):
        assert "- paragraph: xyz" in text
        assert "- paragraph: logs.retention_days" in text
        # Whitespace on the page stays a space.
        assert "- paragraph: unbreakable and spaced words" in text
        assert "text: result link" in text
        # Block boundaries still part words: list items, nested blocks, cells.
        assert "- listitem: first" in text and "- listitem: second" in text
        assert "- text: block" in text and ": boundary" in text
        assert ": cell | next" in text  # a row's cells (tests/snapshot/test_table_rows.py)
    # The full outline keeps each piece on its own line, as Playwright prints it.
    assert "- text: logs." in snap.tree and "- text: _days" in snap.tree
    # scan reads the DOM's own text: the same words.
    scanned = await aw(sess.scan(text_only=True))
    assert "logs.retention_days" in scanned.content and "xyz" in scanned.content


async def test_the_joined_words_match_playwrights_own_name(sess: AnySession, base_url: str) -> None:
    # Chromium names the link from its text as shown: "result link".
    nav = await aw(sess.navigate(f"{base_url}/inline_text.html"))
    named = await aw(sess.evaluate("document.querySelector('a').textContent"))
    assert named == "result link"
    assert f"text: {named}" in str(nav.page)


async def test_words_read_whole_while_the_page_is_busy(sess: AnySession, base_url: str) -> None:
    # The glued words are read with the outline, in the same capture: a page whose
    # main thread gives them only short gaps still reads as it shows (a read of
    # them bounded on its own ran out, and the words came apart).
    await aw(sess.navigate(f"{base_url}/inline_text_busy.html"))
    snap = await aw(sess.snapshot(compact=True))
    assert "- paragraph: wordsmith and max_size" in snap.compact
    assert "- paragraph: xyz" in snap.compact


async def test_a_busy_page_that_loaded_is_read_on_arrival(sess: AnySession, base_url: str) -> None:
    # Its main thread answers only between long tasks: the navigation's answer
    # waits for the read rather than giving up on the page (page: null).
    nav = await aw(sess.navigate(f"{base_url}/inline_text_busy.html"))
    assert nav.page is not None
    assert "- paragraph: wordsmith and max_size" in str(nav.page)
