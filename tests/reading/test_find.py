"""find(): matches on the printed line, the element's own ref, a short path, one line of context.

The pure matcher (:func:`browserkit.snapshot._find.find_lines`) is tested on
synthetic outlines; the session's ``find()`` and the ``browser_find`` tool
on ``tests/pages/find.html`` in real Chromium, through both APIs.
"""

from __future__ import annotations

import json
import re

import pytest

import browserkit as bk
from browserkit import tools
from browserkit.snapshot import Node, parse
from browserkit.snapshot._find import CONTEXT_CHARS, EXCERPT_CHARS, find_lines
from tests.helpers import AnySession, aw

# ----------------------------------------------------------------- the matcher

PANEL = """\
- generic [active] [ref=e1]:
  - main [ref=e2]:
    - region "Cancel order" [ref=e3]:
      - generic [ref=e4]:
        - generic:
          - button "Save" [ref=e5]
          - button "Cancel" [ref=e6]
    - generic [ref=e7]:
      - strong [ref=e8]: "3"
      - text: items left
    - link "All" [ref=e9] [cursor=pointer]:
      - /url: /todos?state=published
    - paragraph [ref=e10]: Published"""


@pytest.mark.every_python
def test_the_printed_line_is_searched_by_text_and_by_regex() -> None:
    [hit] = find_lines(PANEL, 'button "cancel"').lines
    assert hit.ref == "e6" and hit.line == 'button "Cancel" [ref=e6]'
    assert [h.ref for h in find_lines(PANEL, search=re.compile(r'^button "S').search).lines] == [
        "e5"
    ]
    # The name and the text are searched on their own too, so anchors work on them.
    signup = find_lines('- button "Sign  up" [ref=e5]', search=re.compile(r"^Sign\s+up$").search)
    assert [h.ref for h in signup.lines] == ["e5"]
    # With text and regex, both must match.
    both = find_lines(PANEL, "save", re.compile(r"\[ref=e5\]").search)
    assert [h.ref for h in both.lines] == ["e5"]
    assert find_lines(PANEL, "save", re.compile(r"\[ref=e6\]").search).lines == ()


@pytest.mark.every_python
def test_link_urls_are_searched_only_when_asked() -> None:
    plain = find_lines(PANEL, "published")
    assert [h.line for h in plain.lines] == ["paragraph [ref=e10]: Published"]
    with_urls = find_lines(PANEL, "published", urls=True)
    assert [h.ref for h in with_urls.lines] == ["e9", "e10"]
    # Other property values are searched as before.
    field = Node.create("textbox", "Email", ref="e4", props=[("placeholder", "you@example.org")])
    assert find_lines(parse(field.line + "\n  " + field.prop_lines[0]), "example").total == 1


@pytest.mark.every_python
def test_only_the_deepest_match_is_kept() -> None:
    # The region's name holds "Cancel" too; the button inside it is the answer.
    found = find_lines(PANEL, "cancel")
    assert found.total == 1 and found.lines[0].ref == "e6"
    # A matching text line under a matching element: the text line, with the element's ref.
    nested = '- listitem "Milk" [ref=e3]:\n  - generic:\n    - text: Milk, 2 litres'
    [hit] = find_lines(nested, "milk").lines
    assert hit.line == "text: Milk, 2 litres" and hit.ref == "e3"
    # Siblings that both match are both kept.
    assert [h.ref for h in find_lines(PANEL, search=re.compile(r"^button").search).lines] == [
        "e5",
        "e6",
    ]


@pytest.mark.every_python
def test_a_text_line_carries_its_nearest_ref() -> None:
    [hit] = find_lines(PANEL, "items left").lines
    assert hit.line == "text: items left" and hit.ref == "e7"
    assert find_lines("- generic:\n  - text: orphan", "orphan").lines[0].ref is None


@pytest.mark.every_python
def test_the_path_names_at_most_three_places_and_skips_wrappers() -> None:
    [cancel] = find_lines(PANEL, "cancel").lines
    # generic [ref=e1], generic [ref=e4] and the bare generic say nothing about where.
    assert cancel.path == ("main [ref=e2]", 'region "Cancel order" [ref=e3]')
    deep = "\n".join(
        "  " * depth + f'- group "Level {depth}" [ref=e{depth + 1}]:' for depth in range(8)
    )
    deep += "\n" + "  " * 8 + '- button "Go" [ref=e99]'
    [go] = find_lines(deep, "go").lines
    assert go.path == (
        'group "Level 5" [ref=e6]',
        'group "Level 6" [ref=e7]',
        'group "Level 7" [ref=e8]',
    )
    # Long names are clipped in the path.
    long = f'- dialog "{"x" * 300}" [ref=e1]:\n  - button "Go" [ref=e2]'
    [in_dialog] = find_lines(long, "go").lines
    assert len(in_dialog.path[0]) < 60 and in_dialog.path[0].endswith('…" [ref=e1]')


@pytest.mark.every_python
def test_the_path_keeps_the_ancestor_whose_ref_a_text_line_carries() -> None:
    outline = (
        '- button [ref=e5]:\n  - group "A":\n    - group "B":\n      - group "C":\n'
        '        - group "D":\n          - text: hello'
    )
    [hit] = find_lines(outline, "hello").lines
    assert hit.ref == "e5"
    assert hit.path == ("button [ref=e5]", 'group "A"', 'group "B"', 'group "C"', 'group "D"')
    # In the ordinary case the carrier is one of the last three anyway.
    [left] = find_lines(PANEL, "items left").lines
    assert left.path == ("main [ref=e2]", "generic [ref=e7]")


@pytest.mark.every_python
def test_one_line_of_context_on_each_side() -> None:
    [left] = find_lines(PANEL, "items left").lines
    assert left.before == 'strong [ref=e8]: "3"'
    assert left.after == 'link "All" [ref=e9] [cursor=pointer]'
    # Wrappers and the match's own ancestors are not context.
    [save] = find_lines(PANEL, "save").lines
    assert save.before is None and save.after == 'button "Cancel" [ref=e6]'
    [last] = find_lines(PANEL, "published").lines
    assert last.before == 'link "All" [ref=e9] [cursor=pointer]' and last.after is None
    # A long neighbour is clipped.
    long = f'- paragraph: {"word " * 100}\n- button "Go" [ref=e2]'
    [go] = find_lines(long, "go").lines
    assert go.before is not None and len(go.before) == CONTEXT_CHARS and go.before.endswith("…")


@pytest.mark.every_python
def test_the_answer_is_bounded_and_counts_what_it_left_out() -> None:
    rows = "- list [ref=e1]:\n" + "\n".join(
        f"  - listitem [ref=e{i + 2}]: Row {i}" for i in range(40)
    )
    found = find_lines(rows, "row")
    assert len(found.lines) == 30 and found.total == 40 and found.more == 10
    assert found.lines[0].line == "listitem [ref=e2]: Row 0"
    assert len(find_lines(rows, "row", limit=None).lines) == 40
    assert find_lines(rows, "row", limit=5).more == 35


@pytest.mark.every_python
def test_a_line_the_parser_could_not_read_is_still_searched() -> None:
    [hit] = find_lines("- main [ref=e1]:\n  - text: ok\n   odd line here", "odd line").lines
    assert hit.line == "odd line here" and hit.ref == "e1"


@pytest.mark.every_python
def test_a_match_prints_as_one_short_line() -> None:
    match = bk.FindMatch(
        "e6",
        'button "Cancel" [ref=e6]',
        ("main [ref=e2]", 'region "Cancel order" [ref=e3]'),
        before='button "Save" [ref=e5]',
        after=None,
    )
    assert str(match) == (
        'button "Cancel" [ref=e6]  # in main [ref=e2] > region "Cancel order" [ref=e3]'
        ' | before: button "Save" [ref=e5]'
    )
    assert str(bk.FindMatch("e1", "text: x", after="strong: 3")) == "text: x  # after: strong: 3"
    cut = bk.FindMatch("e1", "listitem [ref=e1]: Row 1", more=12)
    assert str(cut).splitlines()[1].startswith("(+12 more matches not listed")


def _long_body(records: int) -> str:
    return ", ".join(
        f'{{ "id": {n}, "sku": "SX-{n * 43 % 9000:04d}", "name": "item {n}" }}'
        for n in range(1, records + 1)
    )


@pytest.mark.every_python
def test_a_long_line_prints_as_the_part_around_its_match() -> None:
    # Printed as Playwright quotes a text: its own quotes escaped.
    quoted = json.dumps(f"[ {_long_body(150)} ]")
    outline = f"- main [ref=e1]:\n  - code [ref=e2]: {quoted}"
    [hit] = find_lines(outline, '"id": 137,').lines
    assert hit.ref == "e2" and len(hit.line) <= 2 * EXCERPT_CHARS + 40, hit.line
    assert hit.line.startswith("… ") and hit.line.endswith(" …")
    assert f'\\"sku\\": \\"SX-{137 * 43 % 9000:04d}' in hit.line
    # A regex finds its place the same way; a short line is printed whole.
    [by_regex] = find_lines(outline, search=re.compile(r'id\\": 99,').search).lines
    assert f"SX-{99 * 43 % 9000:04d}" in by_regex.line and len(by_regex.line) < 500
    [short] = find_lines("- main [ref=e1]:\n  - text: ok then", "ok").lines
    assert short.line == "text: ok then"


# ------------------------------------------------------------- in the browser


async def open_find_page(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/find.html"))


async def test_find_answers_with_the_button_not_the_panel_around_it(
    sess: AnySession, base_url: str
) -> None:
    await open_find_page(sess, base_url)
    [cancel] = await aw(sess.find("Cancel"))
    assert cancel.line.startswith('button "Cancel" [ref=')
    assert cancel.path[-1].startswith('region "Cancel order" [ref=')
    assert cancel.before is not None and cancel.before.startswith('button "Save" [ref=')
    await aw(sess.click(cancel.ref))
    assert (await aw(sess.find("cancelled")))[0].line.startswith("status ")


async def test_find_skips_link_urls_unless_asked(sess: AnySession, base_url: str) -> None:
    await open_find_page(sess, base_url)
    [published] = await aw(sess.find("published"))
    assert published.line.startswith("paragraph [ref=") and published.line.endswith("Published")
    with_urls = await aw(sess.find("published", urls=True))
    assert len(with_urls) == 7
    assert all(m.line.startswith('link "Post ') for m in with_urls[:6])


async def test_find_shows_the_lines_beside_a_match(sess: AnySession, base_url: str) -> None:
    await open_find_page(sess, base_url)
    [left] = await aw(sess.find("items left"))
    assert left.line == "text: items left"
    assert left.before is not None and re.fullmatch(r'strong \[ref=\w+\]: "3"', left.before)
    assert left.after is not None and left.after.startswith('link "All" [ref=')
    assert f"before: {left.before}" in str(left)


async def test_find_regex_matches_the_printed_line(sess: AnySession, base_url: str) -> None:
    await open_find_page(sess, base_url)
    [save] = await aw(sess.find(regex=r'^button "Save" \[ref=\w+\]$'))
    await aw(sess.click(save.ref))
    [status] = await aw(sess.find(regex=r"^saved$"))  # tested on the text as well
    assert status.line.startswith("status [ref=") and status.line.endswith(": saved")


async def test_find_names_a_short_path_that_costs_tens_of_characters(
    sess: AnySession, base_url: str
) -> None:
    await open_find_page(sess, base_url)
    [deep] = await aw(sess.find("Deep button"))
    assert [p.split(" [ref=")[0] for p in deep.path] == [
        'group "Middle"',
        'group "Inner"',
        'group "Innermost"',
    ]
    assert len(" > ".join(deep.path)) < 90 and len(str(deep)) < 200, str(deep)


async def test_find_lists_at_most_limit_matches_and_counts_the_rest(
    sess: AnySession, base_url: str
) -> None:
    await open_find_page(sess, base_url)
    rows = await aw(sess.find("Row "))
    assert len(rows) == 30 and rows[-1].more == 10 and all(m.more == 0 for m in rows[:-1])
    assert "(+10 more matches not listed" in str(rows[-1])
    assert len(await aw(sess.find("Row ", limit=None))) == 40
    few = await aw(sess.find("Row ", limit=3))
    assert [m.line.split(": ")[1] for m in few] == ["Row 1", "Row 2", "Row 3"]
    assert few[-1].more == 37
    for bad in ({"limit": 0}, {"limit": True}, {"urls": "yes"}):
        with pytest.raises(bk.InvalidArgumentError):
            await aw(sess.find("Row", **bad))


async def test_browser_find_tool_answers_compactly(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = await tools.call(abrowser, "browser_sessions_start", {"url": f"{base_url}/find.html"})
    sid = start["session_id"]
    try:
        rows = await tools.call(abrowser, "browser_find", {"session_id": sid, "text": "Row "})
        assert rows["total"] == 40 and len(rows["matches"]) == 30, rows
        links = await tools.call(
            abrowser, "browser_find", {"session_id": sid, "text": "published", "urls": True}
        )
        assert links["total"] == 7
        left = await tools.call(
            abrowser, "browser_find", {"session_id": sid, "text": "items left", "limit": 1}
        )
        assert left["total"] == 1
        [line] = left["matches"]
        assert line.startswith("text: items left  # in main [ref=") and "before: strong" in line
        assert len(line) < 150, line
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})
    description = next(t for t in tools.registry() if t.name == "browser_find").description
    assert "big page" in description  # when it beats a snapshot
    assert "urls" in tools.get("browser_find").input_schema["properties"]


async def test_find_reads_a_value_deep_in_a_long_response(sess: AnySession, base_url: str) -> None:
    # An API console's 40 KB answer on one line: the match is the part around it.
    body = _long_body(150)
    await open_find_page(sess, base_url)
    fill = f"const c = document.createElement('code'); c.textContent = {json.dumps(body)};"
    await aw(sess.evaluate(fill + " document.querySelector('main').append(c); 1"))
    [hit] = await aw(sess.find('"id": 137,'))
    assert f"SX-{137 * 43 % 9000:04d}" in hit.line and len(hit.line) < 600, hit.line
