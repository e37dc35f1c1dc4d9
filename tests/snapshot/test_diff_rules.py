"""What a diff shows an agent: focus as one line, rebuilt lists as one line,
new blocks cut by meaning, and no pairing of strangers.

Pure tests, no browser: outlines are written the way Playwright prints them
for the pages in issue 12 (a todo app, an API console, a menu, a calendar).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from browserkit.snapshot import Node, Outline, diff, parse, render, render_diff
from browserkit.snapshot._changes import ticking_keys
from browserkit.snapshot._roles import shows_ref
from tests.examples import examples
from tests.outline_drafts import check_invariants, freeze, trees

# Pure Python: runs on every Python.
pytestmark = pytest.mark.every_python

# -- changes where the page changes on its own are one background line ---------

_CLOCK = """\
- main [ref=e1]:
  - status [ref=e2]: tick {tick}
  - paragraph [ref=e3]:
    - text: Updated {tick}
  - list "Todos" [ref=e4]:
{items}"""


def _clock(tick: int, *items: str) -> Outline:
    rows = "\n".join(f"    - listitem [ref=e{10 + i}]: {item}" for i, item in enumerate(items))
    return parse(_CLOCK.format(tick=tick, items=rows))


def test_changes_where_the_page_changes_on_its_own_are_one_background_line() -> None:
    by_itself = diff(_clock(1, "first"), _clock(2, "first"), baseline_generation=1)
    ticking = ticking_keys(by_itself)
    assert ticking == {"e2", "e3/text"}
    acted = diff(_clock(2, "first"), _clock(5, "first", "second"), baseline_generation=1)
    assert "tick 5" in str(acted)  # unmarked: every change listed
    text = str(attrs.evolve(acted, ticking=ticking))
    assert "second" in text and "tick" not in text and "Updated" not in text
    assert "background: 2 changes in e2, e3, where the page changes on its own" in text
    assert text.startswith("changes: 1 added;")
    # The entries stay whole: only the text summarises.
    assert attrs.evolve(acted, ticking=ticking).changed == acted.changed


def test_a_diff_of_only_background_changes_says_nothing_else_changed() -> None:
    ticking = ticking_keys(diff(_clock(1, "a"), _clock(2, "a"), baseline_generation=1))
    d = attrs.evolve(diff(_clock(2, "a"), _clock(3, "a"), baseline_generation=1), ticking=ticking)
    assert str(d).splitlines() == [
        "no changes (4 nodes unchanged)",
        "background: 2 changes in e2, e3, where the page changes on its own",
    ]


def test_focus_moving_by_itself_marks_nothing_ticking() -> None:
    old = parse('- button "A" [ref=e1]\n- button "B" [active] [ref=e2]')
    new = parse('- button "A" [active] [ref=e1]\n- button "B" [ref=e2]')
    assert ticking_keys(diff(old, new, baseline_generation=1)) == frozenset()


# -- a ref'd node is never paired with an unrelated ref-less one ---------------


def test_a_node_with_a_ref_is_not_paired_with_a_refless_stranger() -> None:
    old = parse(
        '- dialog "Edit" [ref=e100]:\n'
        "  - generic [ref=e118] [cursor=pointer]\n"
        '  - button "Save" [ref=e120]'
    )
    new = parse('- dialog "Edit" [ref=e100]:\n  - generic: Cancel\n  - button "Save" [ref=e120]')
    d = diff(old, new, baseline_generation=1)
    assert d.changed == ()
    assert [r.line for r in d.removed] == ["- generic [ref=e118] [cursor=pointer]"]
    assert [a.line for a in d.added] == ["- generic: Cancel"]
    assert "→" not in str(d)
    check_invariants(old, new, d)


def test_an_unnamed_wrapper_with_a_new_ref_and_new_content_is_another_element() -> None:
    # Playwright keeps a ref while role and name stay; an unnamed generic's
    # ref changes only when it is another element.
    old = parse("- main [ref=e1]:\n  - generic [ref=e5]: Loading\n  - button [ref=e6]")
    new = parse("- main [ref=e1]:\n  - generic [ref=e9]: 3 results\n  - button [ref=e6]")
    d = diff(old, new, baseline_generation=1)
    assert (len(d.removed), len(d.added), d.changed) == (1, 1, ())
    check_invariants(old, new, d)


def test_plainly_the_same_element_still_pairs_across_a_ref_change() -> None:
    old = parse(
        "- main [ref=e1]:\n"
        "  - status\n"  # empty, so invisible: Playwright gives it no ref
        '  - button "Add to cart" [ref=e2]\n'
        "  - generic [ref=e3]: same text"
    )
    new = parse(
        "- main [ref=e1]:\n"
        "  - status [ref=e7]: 1 item in cart\n"
        '  - button "Added" [ref=e8]\n'  # renamed: Playwright prints a new ref
        "  - generic [ref=e9]: same text"  # rebuilt with the same content
    )
    d = diff(old, new, baseline_generation=1)
    assert [(c.old_ref, c.ref) for c in d.changed] == [(None, "e7"), ("e2", "e8"), ("e3", "e9")]
    assert (d.added, d.removed) == ((), ())
    check_invariants(old, new, d)


# -- focus -----------------------------------------------------------------------

CLICKER = (
    '- generic{root} [ref=e1]:\n  - button "Go"{button} [ref=e2]\n  - status [ref=e3]: {status}'
)


def test_focus_moving_is_one_focus_line_not_a_change_per_node() -> None:
    old = parse(CLICKER.format(root=" [active]", button="", status="idle"))
    new = parse(CLICKER.format(root="", button=" [active]", status="clicked 1"))
    d = diff(old, new, baseline_generation=1)
    assert len(d.changed) == 3  # the data keeps every change
    assert str(d).splitlines() == [
        "changes: 1 changed; 2 unchanged",
        "focus: e2",
        "~ status [ref=e3]: idle → status [ref=e3]: clicked 1  # in generic e1",
    ]
    check_invariants(old, new, d)


def test_a_terse_diff_is_the_changed_lines_and_what_they_were() -> None:
    # What a tool answers after an action: no counts for a few changes, a node
    # changed in place as its new line (its ref names it) and what it showed.
    old = parse(CLICKER.format(root=" [active]", button="", status="idle"))
    new = parse(CLICKER.format(root="", button=" [active]", status="clicked 1"))
    d = diff(old, new, baseline_generation=1)
    assert render_diff(d, terse=True).splitlines() == [
        "focus: e2",
        '~ status [ref=e3]: clicked 1  # was "idle"',
    ]
    form = (
        '- main [ref=e1]:\n  - textbox "Qty"{state} [ref=e4]{value}\n  - listbox [ref=e5]:\n{opts}'
    )
    opts = "\n".join(f'    - option "Item {i}" [ref=e{10 + i}]' for i in range(5))
    before = parse(form.format(state=" [expanded]", value=': "1"', opts=opts))
    typed = parse(form.format(state=" [active]", value=': "3"', opts=opts))
    d = diff(before, typed, baseline_generation=1)
    # Focus landed on a printed line ([active]): no focus line either.
    typed_line = '~ textbox "Qty" [active] [ref=e4]: "3"'
    assert render_diff(d, terse=True) == typed_line + '  # was "1" -expanded'
    empty = parse(form.format(state="", value="", opts=opts))
    d = diff(empty, typed, baseline_generation=1)
    assert render_diff(d, terse=True) == typed_line
    assert str(d).startswith("changes: 1 changed")  # str(diff) is unchanged
    # More than TERSE_BLOCKS entries: the counts come back.
    many = parse(form.format(state="", value="", opts=opts.replace("Item", "Thing")))
    assert render_diff(diff(empty, many, baseline_generation=1), terse=True).startswith(
        "changes: 5 changed"
    )


def test_a_terse_diff_leaves_out_a_mere_move() -> None:
    # A wrapper came around the field as it was typed into: the same element, its
    # ref still acts; a terse diff says what it shows now, not where it went.
    old = parse("- main [ref=e1]:\n  - region [ref=e2]:\n    - textbox [ref=e5]: Write here")
    new = parse(
        "- main [ref=e1]:\n  - region [ref=e2]:\n    - generic [ref=e3]:\n"
        '      - textbox [active] [ref=e5]: Hello\n    - button "Insert" [ref=e6]'
    )
    d = diff(old, new, baseline_generation=1)
    assert "moved from inside" in str(d)
    assert render_diff(d, terse=True).splitlines() == [
        '~ textbox [active] [ref=e5]: Hello  # was "Write here"',
        '+ button "Insert" [ref=e6]  # in region e2',
    ]


def test_a_diff_of_nothing_but_focus_is_one_line() -> None:
    old = parse(CLICKER.format(root=" [active]", button="", status="idle"))
    new = parse(CLICKER.format(root="", button=" [active]", status="idle"))
    d = diff(old, new, baseline_generation=1)
    assert str(d) == "focus: e2; nothing else changed (3 nodes unchanged)"


def test_focus_that_leaves_every_node_reads_none() -> None:
    old = parse(CLICKER.format(root="", button=" [active]", status="idle"))
    new = parse(CLICKER.format(root="", button="", status="idle"))
    assert str(diff(old, new, baseline_generation=1)).startswith("focus: none;")


def test_focus_on_a_new_element_names_its_ref() -> None:
    old = parse('- main [ref=e1]:\n  - button "Rename" [active] [ref=e2]')
    new = parse(
        '- main [ref=e1]:\n  - button "Rename" [ref=e2]\n'
        '- dialog "Rename" [ref=e3]:\n  - textbox "Name" [active] [ref=e4]'
    )
    lines = str(diff(old, new, baseline_generation=1)).splitlines()
    assert lines[1] == "focus: e4"
    assert not any(line.startswith("~") for line in lines)


# -- re-rendered lists -------------------------------------------------------------


def todo_app(items: list[str], refs: Iterator[int], left: int) -> str:
    """A TodoMVC page as Playwright prints it; every item takes four fresh refs."""
    lines = [
        "- main [ref=e2]:",
        '  - textbox "What needs to be done?" [active] [ref=e3]',
        "  - list [ref=e4]:",
    ]
    for item in items:
        li, box, check, label = (next(refs) for _ in range(4))
        lines += [
            f"    - listitem [ref=e{li}]:",
            f"      - generic [ref=e{box}]:",
            f'        - checkbox "Toggle Todo" [ref=e{check}]',
            f"        - generic [ref=e{label}]: {item}",
        ]
    lines.append(f"  - generic [ref=e5]: {left} items left")
    return "\n".join(lines)


TODOS = ["Buy milk", "Walk dog", "Call mom", "Write tests"]


def test_a_rebuilt_list_keeps_its_refs_and_shows_only_the_added_item() -> None:
    old = parse(todo_app(TODOS, itertools.count(10), 4))
    new = parse(todo_app([*TODOS, "Ship it"], itertools.count(40), 5))
    d = diff(old, new, baseline_generation=1)
    assert len(d.changed) == 17  # the data keeps every rebuilt node
    assert len(d.kept) == 16  # and each old ref of the rebuilt items keeps working
    assert str(d).splitlines() == [
        "changes: 1 changed, 1 added; 19 unchanged",
        "+ listitem [ref=e56]:  # in list e4",
        '    - checkbox "Toggle Todo" [ref=e58]',  # its bare box is only layout
        "    - generic [ref=e59]: Ship it",
        "~ generic [ref=e5]: 4 items left → generic [ref=e5]: 5 items left  # in main e2",
    ]
    check_invariants(old, new, d)


def test_an_item_added_on_top_of_a_rebuilt_list_pairs_the_rest_by_content() -> None:
    old = parse(todo_app(TODOS, itertools.count(10), 4))
    new = parse(todo_app(["Ship it", *TODOS], itertools.count(40), 5))
    d = diff(old, new, baseline_generation=1)
    (added,) = d.added
    assert added.path == (0, 1, 0) and "Ship it" in render(added.node)
    assert d.removed == ()
    assert ("e10", "e44") in d.kept  # Buy milk, one place down
    lines = str(d).splitlines()
    assert lines[1] == "+ listitem [ref=e40]:  # in list e4"
    assert len(lines) == 5
    check_invariants(old, new, d)


def test_many_new_refs_point_to_a_snapshot() -> None:
    # Items that print the same cannot keep their refs: the text maps them.
    items = ["Task"] * 8
    old = parse(todo_app(items, itertools.count(10), 8))
    new = parse(todo_app(items, itertools.count(100), 8))
    (line,) = str(diff(old, new, baseline_generation=1)).splitlines()[1:]
    assert line.startswith("~ 8 listitem re-rendered with the same content; new refs e10→e100")
    assert line.endswith("… +12 more (a snapshot shows them)  # in list e4")


def test_a_rebuilt_item_that_also_changed_keeps_its_own_line() -> None:
    old = parse(todo_app(TODOS, itertools.count(10), 4))
    text = todo_app(TODOS, itertools.count(40), 3)
    new = parse(text.replace('"Toggle Todo" [ref=e46]', '"Toggle Todo" [checked] [ref=e46]'))
    d = diff(old, new, baseline_generation=1)
    assert not {"e14", "e15", "e16", "e17"} & dict(d.kept).keys()  # its item changed
    assert str(d).splitlines()[1] == (
        '~ checkbox "Toggle Todo" [ref=e16] → checkbox "Toggle Todo" [checked] [ref=e46]'
        "  # in generic e45"
    )


# -- added blocks are cut by meaning -------------------------------------------------


def test_an_api_response_past_fifteen_lines_of_wrappers_is_shown() -> None:
    # Swagger-like: the payload sits under nested wrappers, many without refs.
    block = "\n".join(
        [
            "  - generic [ref=e20]:",
            "    - generic:",
            "      - generic:",
            '        - generic "Try it out" [ref=e21]:',
            '          - button "Try it out" [ref=e22]',
            "        - generic:",
            "          - generic:",
            '            - heading "Parameters" [level=4] [ref=e23]',
            "            - generic:",
            "              - generic:",
            '                - textbox "petId" [ref=e24]: "7"',
            "        - generic:",
            "          - generic:",
            '            - heading "Responses" [level=4] [ref=e25]',
            "            - generic:",
            "              - generic:",
            "                - generic:",
            "                  - text: Response body",
            "                  - generic:",
            "                    - generic:",
            '                      - code [ref=e26]: "{\\"id\\": 7, \\"name\\": \\"Rex\\"}"',
            '                  - link "Download" [ref=e27] [cursor=pointer]:',
            "                    - /url: blob:http://127.0.0.1/7",
        ]
    )
    old = parse("- main [ref=e1]:\n  - heading [ref=e2]")
    new = parse(f"- main [ref=e1]:\n  - heading [ref=e2]\n{block}")
    d = diff(old, new, baseline_generation=1)
    text = str(d)
    assert '"id\\": 7' in text and "Download" in text and "blob:" in text
    assert "- generic:" not in text  # bare wrappers are hoisted away
    assert '- button "Try it out" [ref=e22]' in text
    assert 'generic "Try it out"' not in text  # the pair is printed once
    assert "more lines" not in text
    check_invariants(old, new, d)


def dialog_of_40_lines() -> str:
    lines = ['- dialog "Settings" [ref=e10]:', "  - generic [ref=e11]:"]
    lines.append('    - heading "Settings" [level=2] [ref=e12]')
    for i in range(7):
        lines += [
            f"    - generic [ref=e{20 + i * 4}]:",
            f'      - text: "Option {i}"',
            f'      - checkbox "Enable option {i}" [ref=e{21 + i * 4}]',
            f'      - textbox "Value {i}" [ref=e{22 + i * 4}]: default',
            f"      - paragraph [ref=e{23 + i * 4}]: Explains what option {i} does.",
        ]
    lines += [
        "  - generic [ref=e60]:",
        '    - button "Cancel" [ref=e61]',
        '    - button "Save" [ref=e62]',
    ]
    assert len(lines) == 41
    return "\n".join(lines)


def test_an_added_table_reads_like_a_compact_one() -> None:
    old = parse('- main [ref=e1]:\n  - button "Execute" [ref=e2]')
    new = parse(
        '- main [ref=e1]:\n  - button "Execute" [ref=e2]\n  - table [ref=e3]:\n'
        "    - rowgroup [ref=e4]:\n      - row [ref=e5]:\n"
        '        - cell "200" [ref=e6]\n'
        '        - cell "Response body Download" [ref=e7]:\n'
        '          - heading "Response body" [level=5] [ref=e8]\n'
        '          - button "Download" [ref=e9]'
    )
    assert str(diff(old, new, baseline_generation=1)).splitlines()[1:] == [
        "+ table [ref=e3]:  # in main e1",
        # No row group; a row is one line, cells in order (tests/snapshot/test_table_rows.py).
        '    - row [ref=e5]: 200 | Response body button "Download" [ref=e9]',
    ]


def test_a_typical_dialog_arrives_whole() -> None:
    old = parse('- main [ref=e1]:\n  - button "Settings" [ref=e2]')
    new = parse(
        '- main [ref=e1]:\n  - button "Settings" [ref=e2]\n'
        + "\n".join("  " + line for line in dialog_of_40_lines().splitlines())
    )
    d = diff(old, new, baseline_generation=1)
    text = str(d)
    assert "more lines" not in text and "omitted" not in text
    assert '- button "Save" [ref=e62]' in text
    # Every line that says something is there; only bare boxes nothing acts on went.
    for node in new.walk():
        for words in (node.name, node.text):
            assert not words or words in text, words
    shown = [line for line in text.splitlines()[2:] if "generic" not in line or "[ref=" in line]
    assert len(shown) == len(text.splitlines()) - 2


def calendar(days: int) -> str:
    lines = ['- dialog "Choose date" [ref=e10]:', "  - grid [ref=e11]:"]
    lines += [f'    - gridcell "{d}" [ref=e{100 + d}] [cursor=pointer]' for d in range(1, days + 1)]
    lines.append('  - button "Today" [ref=e12]')
    return "\n".join("  " + line for line in lines)


def test_a_long_run_of_similar_rows_collapses_and_what_follows_it_survives() -> None:
    old = parse('- main [ref=e1]:\n  - textbox "Date" [ref=e2]')
    new = parse(f'- main [ref=e1]:\n  - textbox "Date" [ref=e2]\n{calendar(365)}')
    d = diff(old, new, baseline_generation=1)
    lines = str(d).splitlines()
    assert '    - gridcell "5" [ref=e105]' in lines[2:]  # clickable either way: no hint
    # The unnamed grid line went first; the fold names the ref that shows the rest.
    assert '    … 360 more gridcell (expand: snapshot(target="e11"))' in lines
    assert lines[-1] == '    - button "Today" [ref=e12]'
    assert len(str(d)) < 800
    check_invariants(old, new, d)


def test_layout_goes_before_leaf_content_when_a_block_is_too_long() -> None:
    rows = []
    for i in range(40):
        rows += [
            f"    - generic [ref=e{100 + i}]:",
            f"      - generic [ref=e{200 + i}]:",
            f'        - link "Pet {i}" [ref=e{300 + i}]:',
            f"          - /url: https://petstore.example.org/api/v3/pet/{i}?expand=owner",
        ]
    old = parse('- main [ref=e1]:\n  - heading "Pets" [ref=e2]')
    new = parse(
        '- main [ref=e1]:\n  - heading "Pets" [ref=e2]\n  - list [ref=e3]:\n' + "\n".join(rows)
    )
    d = diff(old, new, baseline_generation=1)
    text = str(d)
    # The wrappers' refs are not printed (nothing acts on them), so they never
    # show; the URLs are what had to go.
    assert "40 property lines omitted" in text
    assert all(f'link "Pet {i}" [ref=e{300 + i}]' in text for i in range(40))
    assert "- generic" not in text and "/url" not in text
    check_invariants(old, new, d)


def test_a_state_that_comes_or_goes_prints_the_line_once_with_what_changed() -> None:
    old = parse(
        '- main [ref=e1]:\n  - checkbox "News" [checked] [ref=e2]\n'
        '  - button "Menu" [ref=e3]\n  - textbox "Id" [disabled] [ref=e4]'
    )
    new = parse(
        '- main [ref=e1]:\n  - checkbox "News" [checked=mixed] [ref=e2]\n'
        '  - button "Menu" [expanded] [ref=e3]\n  - textbox "Id" [ref=e4]: "7"'
    )
    assert str(diff(old, new, baseline_generation=1)).splitlines()[1:] == [
        '~ checkbox "News" [checked=mixed] [ref=e2]  # +checked=mixed -checked; in main e1',
        '~ button "Menu" [expanded] [ref=e3]  # +expanded; in main e1',
        # A value came too: both lines, as for any other change.
        '~ textbox "Id" [disabled] [ref=e4] → textbox "Id" [ref=e4]: "7"  # in main e1',
    ]


def test_pieces_of_text_in_an_added_block_read_as_one_line() -> None:
    old = parse('- main [ref=e1]:\n  - button "Go" [ref=e2]')
    new = parse(
        '- main [ref=e1]:\n  - button "Go" [ref=e2]\n  - cell "item_id" [ref=e3]:\n'
        "    - generic [ref=e4]: item_id *required\n    - generic [ref=e5]: integer\n"
        '    - link "docs" [ref=e6]\n    - strong [ref=e7]: (path)'
    )
    assert str(diff(old, new, baseline_generation=1)).splitlines()[1:] == [
        '+ cell "item_id" [ref=e3]:  # in main e1',
        "    - text: item_id *required integer",
        '    - link "docs" [ref=e6]',
        "    - strong: (path)",  # one piece alone stays as it is
    ]


def test_an_element_that_gets_a_ref_prints_once_and_says_so() -> None:
    old = parse('- main [ref=e1]:\n  - button "Copy"\n  - button "Go" [ref=e3]')
    new = parse('- main [ref=e1]:\n  - button "Copy" [ref=e9]\n  - button "Go" [ref=e3]')
    assert str(diff(old, new, baseline_generation=1)).splitlines()[1:] == [
        '~ button "Copy" [ref=e9]  # +ref; in main e1'
    ]


def test_a_large_block_shows_what_fits_in_the_line_budget() -> None:
    old = parse('- main [ref=e1]:\n  - button "A" [ref=e2]\n  - button "B" [ref=e3]')
    new = parse(
        '- main [ref=e1]:\n  - button "A" [disabled] [ref=e2]\n'
        + calendar(20)
        + '\n  - button "B" [disabled] [ref=e3]'
    )
    d = diff(old, new, baseline_generation=1)
    assert render_diff(d, max_lines=8).splitlines() == [
        "changes: 2 changed, 1 added; 1 unchanged",
        '~ button "A" [disabled] [ref=e2]  # +disabled; in main e1',
        '+ dialog "Choose date" [ref=e10]:  # in main e1; 1 layout line omitted',
        '    - gridcell "1" [ref=e101]',
        '    - gridcell "2" [ref=e102]',
        '    - gridcell "3" [ref=e103]',
        '    … 18 more lines (expand: snapshot(target="e10"))',
        '~ button "B" [disabled] [ref=e3]  # +disabled; in main e1',
    ]


# -- property: leaf content is never cut while layout lines survive ---------------


def layout_lines(node: Node) -> set[str]:
    return {
        n.line
        for n in node.walk()
        if n.role == "generic" and n.children and not n.name and n.text is None
    }


def leaf_words(node: Node) -> list[str]:
    """What the leaves under ``node`` show an agent: names, texts and printed refs
    (an empty ``generic`` shows nothing, nor does a ref that is not printed)."""
    shown: list[str] = []
    for n in node.walk():
        if n.children or n is node:
            continue
        shown += [w for w in (n.name, n.text) if w]
        if n.ref and shows_ref(n):
            shown.append(f"[ref={n.ref}]")
    return shown


@settings(max_examples=examples(150), deadline=None)
@given(st.data())
def test_no_leaf_is_cut_while_a_layout_line_is_printed(data: st.DataObject) -> None:
    fresh = (f"e{i}" for i in itertools.count(10))
    roots = data.draw(trees(fresh))
    block = Node.create("dialog", "D", ref="e1", children=freeze(roots).children)
    old = Outline((Node.create("main", ref="e2"),))
    new = Outline((Node.create("main", ref="e2"), block))
    d = diff(old, new, baseline_generation=1)
    budget = data.draw(st.integers(40, 600))
    text = render_diff(d, max_subtree_chars=budget, max_lines=500)
    printed = {line.strip() for line in text.splitlines()[2:]}
    if printed & layout_lines(block):
        # Pieces of text may be joined into one line: each must still be there.
        assert all(word in text for word in leaf_words(block)), text
    check_invariants(old, new, d)
