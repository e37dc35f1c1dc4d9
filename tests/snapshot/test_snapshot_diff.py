"""The snapshot diff: what changed, in refs; it applies back; it reads in a few tokens.

Pure tests, no browser. The ``*_after.txt`` outlines were captured from
Chromium after a real click (``scripts/capture_outlines.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings

from browserkit._convert import from_jsonable, to_jsonable
from browserkit.snapshot import (
    AddedNode,
    ChangedNode,
    Outline,
    RemovedNode,
    SnapshotDiff,
    apply,
    count_nodes,
    diff,
    parse,
    render,
    render_diff,
)
from tests.examples import examples
from tests.outline_drafts import check_invariants, outline_pairs

# Pure Python: runs on every Python.
pytestmark = pytest.mark.every_python

OUTLINES = Path(__file__).parent.parent / "outlines"
PAIRS = [("shop_300", "shop_300_after"), ("promo", "promo_after"), ("todo", "todo_after")]


def sample(name: str) -> Outline:
    return parse((OUTLINES / f"{name}.txt").read_text(encoding="utf-8"))


def tokens(text: str) -> float:
    return len(text) / 4


@pytest.mark.parametrize("name", sorted(p.stem for p in OUTLINES.glob("*.txt")))
def test_diff_of_an_outline_with_itself_is_empty(name: str) -> None:
    outline = sample(name)
    d = diff(outline, outline, baseline_generation=3)
    assert d.empty
    assert (d.added, d.removed, d.changed) == ((), (), ())
    assert d.unchanged == count_nodes(outline)
    assert d.baseline_generation == 3
    assert str(d) == f"no changes ({count_nodes(outline)} nodes unchanged)"
    # An equal outline parsed separately too.
    again = parse(render(outline))
    assert diff(outline, again, baseline_generation=3).empty
    assert apply(outline, d) is outline


@pytest.mark.parametrize(("before", "after"), PAIRS)
def test_real_before_and_after_outlines_apply_back_both_ways(before: str, after: str) -> None:
    old, new = sample(before), sample(after)
    check_invariants(old, new, diff(old, new, baseline_generation=1))
    check_invariants(new, old, diff(new, old, baseline_generation=1))


def test_add_to_cart_click_on_a_300_item_page_is_a_few_changed_lines() -> None:
    old, new = sample("shop_300"), sample("shop_300_after")
    d = diff(old, new, baseline_generation=1)
    assert (len(d.added), len(d.removed)) == (0, 0)
    by_old_ref = {c.old_ref: c for c in d.changed}
    # Playwright gives a renamed element a new ref; it is still the same node.
    button = by_old_ref["e91"]
    assert (button.ref, button.line) == ("e609", '- button "Added ✓" [active] [ref=e609]')
    assert (button.ancestor_role, button.ancestor_ref) == ("listitem", "e90")
    status = by_old_ref[None]
    assert (status.old_line, status.line) == ("- status", "- status [ref=e608]: 1 item in cart")
    text = str(d)
    assert "e609" in text and "1 item in cart" in text
    assert tokens(text) < 100, text


def test_one_element_change_on_a_300_item_page_reads_in_well_under_100_tokens() -> None:
    old_text = (OUTLINES / "shop_300.txt").read_text(encoding="utf-8")
    new_text = old_text.replace(
        '- button "Add to cart" [ref=e91]', '- button "Add to cart" [disabled] [ref=e91]'
    )
    d = diff(parse(old_text), parse(new_text), baseline_generation=1)
    assert str(d) == (
        "changes: 1 changed; 907 unchanged\n"
        '~ button "Add to cart" [disabled] [ref=e91]  # +disabled; in listitem e90'
    )
    assert tokens(str(d)) < 40


def test_modal_appended_next_to_the_only_root_reports_the_wrapper_not_the_whole_page() -> None:
    # Playwright hides an unnamed generic while it has one child; appending a
    # dialog to <body> makes <body>'s generic appear around the whole page.
    old, new = sample("promo"), sample("promo_after")
    d = diff(old, new, baseline_generation=1)
    wrapper, dialog = d.added
    assert (wrapper.ref, wrapper.shallow, wrapper.node.children) == ("e1", True, ())
    assert (dialog.ref, dialog.shallow, dialog.ancestor_ref) == ("e5", False, "e1")
    assert count_nodes(dialog.node) == 15
    main = next(c for c in d.changed if c.ref == "e2")
    assert main.moved and main.line == main.old_line
    assert (main.old_ancestor_ref, main.ancestor_ref) == (None, "e1")
    assert d.removed == ()
    assert d.unchanged == 1  # the heading
    text = str(d)
    # What an agent reads: the dialog. The box around the page only moved
    # nodes whose refs still hold, so neither it nor the move is printed.
    assert text.splitlines()[0] == "changes: 1 added; 3 unchanged"
    assert "wraps nodes" not in text and "~ main" not in text
    assert '+ dialog "Promo" [ref=e5]:  # in generic e1' in text
    check_invariants(old, new, d)


def test_closing_the_modal_removes_it_and_unwraps_the_page() -> None:
    old, new = sample("promo_after"), sample("promo")
    d = diff(old, new, baseline_generation=1)
    assert [(r.ref, r.nested) for r in d.removed] == [("e1", 0), ("e5", 14)]
    assert '- dialog "Promo" [ref=e5]  # in generic e1; 14 nested nodes' in str(d)
    assert str(d).splitlines()[0] == "changes: 1 removed; 3 unchanged"  # not the box
    check_invariants(old, new, d)


def test_reordered_and_added_list_items() -> None:
    old, new = sample("todo"), sample("todo_after")
    d = diff(old, new, baseline_generation=1)
    assert [(a.line, a.ancestor_ref) for a in d.added] == [
        ("- listitem [ref=e14]: Write tests", "e8")
    ]
    moved = [c.ref for c in d.changed if c.moved]
    assert moved == ["e12", "e11"]
    checkbox = next(c for c in d.changed if c.ref == "e10")
    assert checkbox.old_line == '- checkbox "done 1" [ref=e10]'
    assert checkbox.line == '- checkbox "done 1" [checked] [ref=e10]'
    assert not checkbox.moved
    assert "moved to position 2" in str(d)
    check_invariants(old, new, d)


def test_removed_subtree_is_one_entry_with_its_size() -> None:
    old = parse(
        "- main [ref=e1]:\n  - list [ref=e2]:\n    - listitem [ref=e3]: a\n"
        "    - listitem [ref=e4]: b\n  - button [ref=e5]"
    )
    new = parse("- main [ref=e1]:\n  - button [ref=e5]")
    d = diff(old, new, baseline_generation=2)
    assert d.removed == (
        RemovedNode(
            line="- list [ref=e2]:",
            ref="e2",
            ancestor_ref="e1",
            ancestor_role="main",
            path=(0, 0),
            nested=2,
        ),
    )
    assert str(d) == (
        "changes: 1 removed; 2 unchanged\n- list [ref=e2]  # in main e1; 2 nested nodes"
    )
    check_invariants(old, new, d)


def test_added_subtree_is_one_entry_and_large_ones_are_capped() -> None:
    items = "\n".join(f"    - listitem [ref=e{i}]: item {i}" for i in range(10, 310))
    old = parse("- main [ref=e1]:\n  - button [ref=e2]")
    new = parse(f"- main [ref=e1]:\n  - button [ref=e2]\n  - list [ref=e3]:\n{items}")
    d = diff(old, new, baseline_generation=1)
    (added,) = d.added
    assert (added.path, added.ancestor_ref, count_nodes(added.node)) == ((0, 1), "e1", 301)
    text = render_diff(d, max_subtree_lines=3)
    assert text.splitlines() == [
        "changes: 1 added; 2 unchanged",
        "+ list [ref=e3]:  # in main e1",
        "    - listitem: item 10",  # nothing to act on: printed without its ref
        "    - listitem: item 11",
        "    - listitem: item 12",
        '    … 297 more lines (expand: snapshot(target="e3"))',
    ]
    assert tokens(str(d)) < 200
    check_invariants(old, new, d)


def test_a_new_ref_on_a_row_nobody_acts_on_reads_as_unchanged() -> None:
    old = parse(
        '- table [ref=e1]:\n  - row [ref=e2]:\n    - cell [ref=e3]:\n      - textbox "Id" [ref=e4]'
    )
    new = parse(
        "- table [ref=e1]:\n  - row [ref=e8]:\n    - cell [ref=e9]:\n"
        '      - textbox "Id" [ref=e4]: "42"'
    )
    d = diff(old, new, baseline_generation=1)
    assert {c.ref for c in d.changed} == {"e8", "e9", "e4"}  # the data keeps every change
    assert str(d).splitlines() == [
        "changes: 1 changed; 3 unchanged",
        # The row's one line (tests/snapshot/test_table_rows.py), the changed cell as old → new.
        '~ row [ref=e8]: textbox "Id" [ref=e4] → textbox "Id" [ref=e4]: "42"  # in table e1',
    ]
    refs_only = parse(render(new).replace(': "42"', ""))
    assert str(diff(old, refs_only, baseline_generation=1)) == "no changes (4 nodes unchanged)"
    check_invariants(old, new, d)


def test_text_lines_match_by_position_and_report_edits() -> None:
    old = parse("- paragraph [ref=e1]:\n  - text: Hello\n  - link [ref=e2]\n  - text: world")
    new = parse("- paragraph [ref=e1]:\n  - text: Hello\n  - link [ref=e2]\n  - text: there")
    d = diff(old, new, baseline_generation=1)
    assert [(c.old_line, c.line, c.ancestor_ref) for c in d.changed] == [
        ("- text: world", "- text: there", "e1")
    ]
    assert str(d).splitlines()[1] == "~ text: world → text: there  # in paragraph e1"
    check_invariants(old, new, d)


def test_text_inserted_before_identical_text_keeps_the_old_pairing() -> None:
    old = parse("- generic [ref=e1]:\n  - text: b\n  - text: c")
    new = parse("- generic [ref=e1]:\n  - text: a\n  - text: b\n  - text: c")
    d = diff(old, new, baseline_generation=1)
    assert [a.line for a in d.added] == ["- text: a"]
    assert d.changed == ()
    check_invariants(old, new, d)


def test_property_changes_are_shown_per_property() -> None:
    old = parse('- link "Docs" [ref=e5]:\n  - /url: /v1')
    new = parse('- link "Docs" [ref=e5]:\n  - /url: /v2')
    d = diff(old, new, baseline_generation=1)
    (change,) = d.changed
    assert (change.old_prop_lines, change.prop_lines) == (("- /url: /v1",), ("- /url: /v2",))
    assert str(d).splitlines()[1] == '~ link "Docs" [ref=e5]; /url: /v1 → /v2'
    check_invariants(old, new, d)


def test_a_long_changed_address_prints_around_where_it_differs() -> None:
    query = "&".join(f"{key}=all" for key in ("sort", "state", "models", "datasets", "view"))
    old = parse(f'- link "Settings" [ref=e5]:\n  - /url: "#/settings?back=%2Fruns%3F{query}"')
    new = parse('- link "Settings" [ref=e5]:\n  - /url: "#/settings?back=%2Fruns%2Fab12cd"')
    d = diff(old, new, baseline_generation=1)
    assert str(d).splitlines()[1] == (
        '~ link "Settings" [ref=e5]; /url: '
        '…?back=%2Fruns%3Fsort=all&state=all&models=all&datasets=all&vie…"'
        ' → …?back=%2Fruns%2Fab12cd"'
    )
    check_invariants(old, new, d)


def test_a_changed_address_keeps_its_unchanged_tail_short() -> None:
    old = parse(
        '- link "Next" [ref=e5]:\n  - /url: /shop/items?page=1&sort=price&filter=red&lang=en'
    )
    new = parse(
        '- link "Next" [ref=e5]:\n  - /url: /shop/items?page=2&sort=price&filter=red&lang=en'
    )
    d = diff(old, new, baseline_generation=1)
    assert str(d).splitlines()[1] == (
        '~ link "Next" [ref=e5]; /url: …/items?page=1&sort=price… → …/items?page=2&sort=price…'
    )


def test_ancestor_is_the_nearest_enclosing_node_with_a_ref() -> None:
    old = parse('- dialog "D" [ref=e1]:\n  - group:\n    - text: x')
    new = parse('- dialog "D" [ref=e1]:\n  - group:\n    - text: y')
    (change,) = diff(old, new, baseline_generation=1).changed
    assert (change.ancestor_role, change.ancestor_ref, change.path) == ("dialog", "e1", (0, 0, 0))


def test_node_moved_to_another_parent_is_one_moved_entry() -> None:
    old = parse("- list [ref=e1]:\n  - listitem [ref=e2]: a\n- list [ref=e3]")
    new = parse("- list [ref=e1]\n- list [ref=e3]:\n  - listitem [ref=e2]: a")
    d = diff(old, new, baseline_generation=1)
    assert (d.added, d.removed) == ((), ())
    moved = [c for c in d.changed if c.ref == "e2"]
    assert moved[0].moved and (moved[0].old_ancestor_ref, moved[0].ancestor_ref) == ("e1", "e3")
    assert "moved from inside e1" in str(d)
    check_invariants(old, new, d)


def test_long_lines_are_shortened_around_the_change() -> None:
    words = " ".join(f"word{i}" for i in range(200))
    old = parse(f"- paragraph [ref=e1]: {words}")
    new = parse(f"- paragraph [ref=e1]: {words.replace('word150', 'CHANGED')}")
    text = str(diff(old, new, baseline_generation=1))
    line = text.splitlines()[1]
    assert "CHANGED" in line and "word150" in line and "[ref=e1]" in line
    assert len(line) < 600


def test_rendering_caps_the_number_of_lines() -> None:
    old = parse("\n".join(f"- button [ref=e{i}]" for i in range(100)))
    new = parse("\n".join(f"- button [disabled] [ref=e{i}]" for i in range(100)))
    text = render_diff(diff(old, new, baseline_generation=1), max_lines=10)
    lines = text.splitlines()
    assert len(lines) == 10
    assert lines[-1] == "… 92 more changes not shown; take a full snapshot"


def test_diff_round_trips_through_the_json_converter() -> None:
    for before, after in PAIRS:
        d = diff(sample(before), sample(after), baseline_generation=4)
        data = json.loads(json.dumps(to_jsonable(d)))
        assert from_jsonable(data, SnapshotDiff) == d


def test_apply_refuses_a_diff_of_another_outline() -> None:
    d = diff(sample("todo"), sample("todo_after"), baseline_generation=1)
    with pytest.raises(ValueError, match="does not apply"):
        apply(sample("basic"), d)


def test_entry_types_are_exported() -> None:
    d = diff(sample("todo"), sample("todo_after"), baseline_generation=1)
    assert all(isinstance(e, AddedNode) for e in d.added)
    assert all(isinstance(e, ChangedNode) for e in d.changed)
    assert d._repr_markdown_().startswith("```")


# -- properties ---------------------------------------------------------------


@settings(max_examples=examples(250), deadline=None)
@given(outline_pairs())
def test_applying_the_diff_to_the_old_outline_gives_the_new_one(
    pair: tuple[Outline, Outline],
) -> None:
    old, new = pair
    assert parse(render(old)) == old and parse(render(new)) == new
    check_invariants(old, new, diff(old, new, baseline_generation=1))
    check_invariants(new, old, diff(new, old, baseline_generation=1))


@settings(max_examples=examples(100), deadline=None)
@given(outline_pairs())
def test_diffing_an_outline_with_itself_is_empty(pair: tuple[Outline, Outline]) -> None:
    for outline in pair:
        d = diff(outline, outline, baseline_generation=1)
        assert d.empty
        assert d.unchanged == count_nodes(outline)


@settings(max_examples=examples(60), deadline=None)
@given(outline_pairs(duplicates=True))
def test_outlines_with_repeated_refs_still_diff_and_apply(pair: tuple[Outline, Outline]) -> None:
    old, new = pair
    check_invariants(old, new, diff(old, new, baseline_generation=1))
    assert diff(old, old, baseline_generation=1).empty


@settings(max_examples=examples(60), deadline=None)
@given(outline_pairs())
def test_diffs_survive_json(pair: tuple[Outline, Outline]) -> None:
    d = diff(*pair, baseline_generation=2)
    assert from_jsonable(json.loads(json.dumps(to_jsonable(d))), SnapshotDiff) == d
