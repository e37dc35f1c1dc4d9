"""Compact outlines: cost follows what is distinct on a page, not how many rows repeat.

Pure tests of each rule of :func:`browserkit.snapshot.compact` (on outlines
captured from Chromium and on generated ones), then the same through
``snapshot(compact=True)`` on real pages with both APIs, and the
``browser_snapshot`` tool, which is compact by default.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import browserkit as bk
from browserkit import tools
from browserkit.snapshot import Compacted, Node, Outline, compact, parse, render
from browserkit.snapshot._compact import (
    ACTIONABLE,
    FOLD_PAYS,
    KEEP,
    KEPT_CHARS,
    MIN_RUN,
    ROWS_FOLD_PAYS,
    TEXT_CAP,
)
from tests.examples import REPEAT, examples
from tests.helpers import AnySession, aw

OUTLINES = Path(__file__).parent.parent / "outlines"
SAMPLES = sorted(OUTLINES.glob("*.txt"))
REF = re.compile(r"\[ref=([^\]\s]+)\]")
EXPAND = re.compile(r'\(expand: snapshot\(target="([^"]+)"\)')
# The same fold in a tool's answer, which names the tool (tools/_hints.folds_for_tools).
TOOL_EXPAND = re.compile(r"\(expand: browser_snapshot ref=([^\s,)]+)")


def sample(name: str) -> str:
    return (OUTLINES / f"{name}.txt").read_text(encoding="utf-8")


def refs_of(text: str) -> set[str]:
    return set(REF.findall(text))


def actionable_refs(outline: Outline) -> set[str]:
    return {
        n.ref
        for n in outline.walk()
        if n.ref is not None and (n.role in ACTIONABLE or ("cursor", "pointer") in n.attributes)
    }


def ancestors_with_refs(outline: Outline) -> dict[str, set[str]]:
    """Each ref, with the refs of every node above it."""
    found: dict[str, set[str]] = {}
    stack = [(node, frozenset[str]()) for node in outline.children]
    while stack:
        node, above = stack.pop()
        if node.ref is not None:
            found[node.ref] = set(above)
        inner = above | {node.ref} if node.ref is not None else above
        stack.extend((kid, inner) for kid in node.children)
    return found


def check_refs(original: str, result: Compacted) -> None:
    """Refs shown are real; an actionable ref left out sits under a named expansion."""
    outline = parse(original)
    real = refs_of(original)
    assert refs_of(result.text) <= real
    assert set(EXPAND.findall(result.text)) <= real
    assert set(result.expansions) == set(EXPAND.findall(result.text))
    above = ancestors_with_refs(outline)
    for ref in actionable_refs(outline) - refs_of(result.text):
        named = above[ref] & set(result.expansions)
        # With no ref above it, the way back is the full outline.
        assert named or "snapshot(compact=False)" in result.text, f"{ref}: no way back"


def items(count: int, indent: str = "    ", start: int = 10) -> str:
    return "\n".join(
        f"{indent}- listitem [ref=e{start + 2 * i}]:\n"
        f"{indent}  - text: Item {i}\n"
        f'{indent}  - button "Add {i}" [ref=e{start + 2 * i + 1}]'
        for i in range(count)
    )


# Pure: runs on every Python.
every_python = pytest.mark.every_python


# ------------------------------------------------------------------ rules


@every_python
def test_a_long_run_keeps_its_first_items_and_names_the_ref_that_expands_it() -> None:
    result = compact(sample("shop_300"))
    assert result.text.count("- listitem:") == KEEP
    assert (
        '    - … 297 more listitem like the above (expand: snapshot(target="e7"))'
        in result.text.split("\n")
    )
    assert (result.runs, result.collapsed, result.expansions) == (1, 297, ("e7",))
    assert "Product 3 $3.99" in result.text and "Product 4 $4.99" not in result.text
    # Everything outside the run is still there; refs where one acts or scopes a read.
    for line in ('searchbox "Search products" [ref=e4]', 'heading "Products" [level=1]\n'):
        assert line in result.text
    check_refs(sample("shop_300"), result)


@every_python
def test_a_run_under_a_refless_parent_names_the_nearest_ancestor_with_a_ref() -> None:
    text = f"- main [ref=e2]:\n  - list:\n{items(20)}"
    result = compact(text)
    assert '- … 17 more listitem like the above (expand: snapshot(target="e2"))' in result.text
    assert result.expansions == ("e2",)


@every_python
def test_short_runs_and_unlike_siblings_are_left_alone() -> None:
    short = f"- list [ref=e2]:\n{items(MIN_RUN - 1, indent='  ')}"
    # A list item is nothing to act on: printed without its ref.
    assert compact(short).text == re.sub(r"(- listitem) \[ref=e\d+\]", r"\1", short)
    mixed = "- list [ref=e2]:\n" + "\n".join(
        f"  - listitem: Item {i}" if i % 2 else f'  - listitem:\n    - link "L{i}" [ref=e{90 + i}]'
        for i in range(12)
    )
    # No two neighbours share a shape; an item that only holds a link is that link.
    assert compact(mixed).text == re.sub(r"- listitem:\n    - link", "- link", mixed)


@every_python
def test_an_item_around_one_control_is_that_control_and_empty_boxes_go() -> None:
    text = (
        '- navigation "Main" [ref=e1]:\n'
        "  - list [ref=e2]:\n"
        '    - listitem [ref=e3]:\n      - link "Images" [ref=e4]\n'
        '    - listitem [ref=e5]:\n      - button "Reports" [ref=e6]\n'
        "    - listitem [ref=e7]\n"  # a spacer
        "- main [ref=e8]:\n"
        "  - status [ref=e9]:\n    - list [ref=e10]\n"  # no messages yet
        '  - heading "Pages" [level=1] [ref=e11]\n'
        '  - listitem [ref=e12]:\n    - text: Two things\n    - button "Do" [ref=e13]'
    )
    assert compact(text).text == (
        '- navigation "Main" [ref=e1]:\n'
        "  - list [ref=e2]:\n"
        '    - link "Images" [ref=e4]\n'
        '    - button "Reports" [ref=e6]\n'
        "- main [ref=e8]:\n"
        '  - heading "Pages" [level=1]\n'
        '  - listitem:\n    - text: Two things\n    - button "Do" [ref=e13]'
    )


@every_python
def test_runs_of_table_rows_collapse_under_their_rowgroup() -> None:
    rows = "\n".join(
        f"    - row [ref=e{100 + 3 * i}]:\n"
        f'      - cell "{i}" [ref=e{101 + 3 * i}]\n'
        f"      - cell [ref=e{102 + 3 * i}]:\n"
        f'        - button "View {i}" [ref=e{500 + i}]'
        for i in range(80)
    )
    result = compact(f"- table [ref=e2]:\n  - rowgroup [ref=e3]:\n{rows}")
    assert result.text.count("- row: ") == KEEP
    # The row group is only layout: its rows are the table's, which expands them.
    assert "rowgroup" not in result.text
    assert '- … 77 more row like the above (expand: snapshot(target="e2"))' in result.text
    # Each row one line, its cells in order (tests/snapshot/test_table_rows.py).
    assert '  - row: 1 | button "View 1" [ref=e501]' in result.text


@every_python
def test_a_mid_size_table_prints_every_row_where_a_list_as_long_folds() -> None:
    # Fifteen rows hide some 900 characters past the kept ones: more than a list's
    # fold must hide, less than a table's (an agent would read the table back whole).
    cells = "Economy customer {0} | Portugal | Oak desk | 3"
    rows = "".join(
        f"  - row [ref=e{100 * i}]:\n"
        + "".join(
            f'    - cell "{c}" [ref=e{100 * i + k + 1}]\n'
            for k, c in enumerate([str(i), *cells.format(i).split(" | ")])
        )
        for i in range(15)
    )
    table = compact(f"- table [ref=e2]:\n{rows}".rstrip()).text
    assert table.count("- row: ") == 15 and "more row like" not in table
    items = "\n".join(f"  - listitem [ref=e{10 + i}]: {i} | {cells.format(i)}" for i in range(15))
    assert "more listitem like the above" in compact(f"- list [ref=e2]:\n{items}").text
    assert ROWS_FOLD_PAYS > FOLD_PAYS


@every_python
def test_refless_layout_wrappers_are_dropped_and_their_children_move_up() -> None:
    text = (
        "- main [ref=e1]:\n"
        "  - generic:\n"
        "    - generic:\n"
        '      - heading "Hi" [level=1] [ref=e2]\n'
        '      - button "Go" [ref=e3]\n'
        "  - generic [ref=e4]:\n"
        '    - link "Docs" [ref=e5] [cursor=pointer]:\n'
        "      - /url: /docs\n"
        "  - generic [ref=e6] [cursor=pointer]:\n"
        "    - text: Clickable"
    )
    result = compact(text)
    assert result.text == (
        "- main [ref=e1]:\n"
        '  - heading "Hi" [level=1]\n'  # nothing to act on: no ref
        '  - button "Go" [ref=e3]\n'
        '  - link "Docs" [ref=e5]\n'  # its URL goes: the ref follows the link
        "  - generic [ref=e6] [cursor=pointer]: Clickable"  # clickable: kept
    )
    assert result.wrappers == 3
    assert parse(result.text).children[0].children[2].props == ()


@every_python
def test_a_wrapper_whose_only_child_repeats_its_name_becomes_that_child() -> None:
    text = (
        "- generic [ref=e1]:\n"
        '  - generic "Save" [ref=e3]:\n'
        '    - button "Save" [ref=e4]\n'
        '  - group "Menu":\n'
        '    - menuitem "Menu" [ref=e5]\n'
        '  - link "Home" [ref=e6] [cursor=pointer]:\n'
        "    - /url: /\n"
        '    - img "Home" [ref=e7]\n'
        '  - button "Close" [ref=e8]:\n'
        "    - text: Close\n"
        '  - heading "Title" [level=2] [ref=e9]:\n'
        '    - link "Title" [ref=e10] [cursor=pointer]'
    )
    result = compact(text)
    assert result.text == (
        '- button "Save" [ref=e4]\n'  # the bare generic around them went too
        '- menuitem "Menu" [ref=e5]\n'
        '- link "Home" [ref=e6]\n'
        '- button "Close" [ref=e8]\n'
        '- link "Title" [ref=e10]'  # a heading holding only its link
    )
    assert result.merged == 5


@every_python
def test_refs_stay_where_one_acts_or_scopes_a_read_and_table_boxes_go() -> None:
    text = (
        '- table "Library" [ref=e2]:\n'
        "  - caption [ref=e3]:\n"
        '    - link "Library" [ref=e4] [cursor=pointer]:\n'
        "      - /url: /library/\n"
        "  - rowgroup [ref=e5]:\n"
        "    - row [ref=e6]:\n"
        '      - columnheader "Title" [ref=e7]:\n'
        '        - link "Title" [ref=e8] [cursor=pointer]\n'
        '      - columnheader "Year" [ref=e9]\n'
        "    - row [ref=e10]:\n"
        '      - rowheader "Dune" [ref=e11]:\n'
        '        - link "Dune" [ref=e12] [cursor=pointer]\n'
        "      - cell [ref=e13]:\n"
        '        - checkbox "Pick Dune" [ref=e14]\n'
        '      - cell "1965" [ref=e15]\n'
        '- heading "Drag" [level=2] [ref=e16]\n'
        "- generic [ref=e17]: Drag me\n"
        "- paragraph [ref=e18]: 1 book"
    )
    assert compact(text).text == (
        '- table "Library" [ref=e2]:\n'  # a region a read can be scoped to
        '  - link "Library" [ref=e4]\n'  # a caption around one link is that link
        # A row is one line; its cells keep the refs of what one acts on.
        '  - columns: link "Title" [ref=e8] | Year\n'
        '  - row: link "Dune" [ref=e12] | checkbox "Pick Dune" [ref=e14] | 1965\n'
        '- heading "Drag" [level=2]\n'
        "- generic [ref=e17]: Drag me\n"  # words in a div: a custom widget, maybe
        "- paragraph: 1 book"
    )


@every_python
def test_a_landmark_seen_on_the_last_page_folds_to_one_line_naming_its_ref() -> None:
    # Big enough for a fold to pay (FOLD_PAYS): a menu of many links.
    links = [f"Section {i} of the site, as every page of it names it in its menu" for i in "ABCDE"]
    menu = "\n".join(f'  - link "{name}" [ref={{0}}{100 + i}]' for i, name in enumerate(links))
    page = (
        '- navigation "Site" [ref={0}1]:\n'
        + menu
        + '\n- main [ref={0}4]:\n  - button "Pay" [ref={0}5]'
    )
    first = compact(page.format("e"))
    assert first.repeated == 0 and len(first.landmarks) == 1  # the navigation
    second = compact(page.format("f1e"), seen=first.landmarks)  # refs differ, content not
    assert second.text == (
        '- navigation "Site" [ref=f1e1]:\n'
        '  - … the same as on the last page (expand: snapshot(target="f1e1"))\n'
        "- main [ref=f1e4]:\n"
        '  - button "Pay" [ref=f1e5]'
    )
    assert (second.repeated, second.expansions) == (1, ("f1e1",))
    changed = compact(page.format("e").replace("Section B", "Invoices"), seen=first.landmarks)
    assert changed.repeated == 0 and "Invoices of the site" in changed.text


@every_python
def test_rows_read_before_fold_where_two_or_more_stand_together_in_order() -> None:
    def table(prefix: str, names: list[str]) -> str:
        rows = "".join(
            f"    - row [ref={prefix}{10 + i}]:\n"
            f"      - cell [ref={prefix}{30 + i}]: {name}\n"
            f"      - cell [ref={prefix}{50 + i}]:\n"
            f'        - link "Open {name}" [ref={prefix}{70 + i}]\n'
            for i, name in enumerate(names)
        )
        head = f'    - row [ref={prefix}2]:\n      - columnheader "Who" [ref={prefix}3]\n'
        return f"- table [ref={prefix}1]:\n  - rowgroup [ref={prefix}4]:\n{head}{rows}"

    def places(*outlines: Compacted) -> dict[str, int]:
        """What a tab remembers: each row's place in all the agent read, in order."""
        read = [row for outline in outlines for row in outline.read_rows]
        return {row: at for at, row in enumerate(read)}

    names = [f"Customer number {i} of the shop" for i in range(1, 9)]
    first = compact(table("e", names))
    assert first.repeated == 0 and len(first.read_rows) == 8  # every body row, not the header
    again = [*names[:3], "Renamed customer", *names[4:], "Customer number 9"]
    second = compact(table("f1e", again), read_rows=places(first))  # other refs
    note = '- … {} rows read before, unchanged (expand: snapshot(target="f1e1"))'
    assert second.text.split("\n")[1:] == [
        "  - columns: Who",
        "  " + note.format(3),
        '  - row: Renamed customer | link "Open Renamed customer" [ref=f1e73]',
        "  " + note.format(4),
        '  - row: Customer number 9 | link "Open Customer number 9" [ref=f1e78]',
    ]
    assert (second.repeated, second.expansions) == (2, ("f1e1",))
    # What it printed and what it folded, in order, without refs.
    assert [row.split(" | ")[0] for row in second.read_rows] == [f"- row: {name}" for name in again]
    # Back again with one more: everything read so far folds as one stretch.
    third = compact(table("f2e", [*again, "Customer number 10"]), read_rows=places(first, second))
    assert "- … 9 rows read before" in third.text and "Customer number 10" in third.text
    # A read of the table itself, rows alone or in another order print every row.
    whole = compact(table("f1e", again), read_rows=places(first), open_top=True)
    assert whole.repeated == 0 and "Customer number 2 of the shop" in whole.text
    apart = [*names[:1], "Renamed customer", *names[2:3]]
    alone = compact(table("f2e", apart), read_rows=places(first))
    assert alone.repeated == 0 and "Customer number 3 of the shop" in alone.text
    resorted = compact(table("f3e", names[::-1]), read_rows=places(first))
    assert resorted.repeated == 0 and "Customer number 5 of the shop" in resorted.text


@every_python
def test_a_small_landmark_or_run_is_printed_rather_than_folded() -> None:
    # Folding a three-link banner or five short rows saves a few lines, and an
    # agent that needs them pays a whole read to get them back (FOLD_PAYS).
    rows = "\n".join(f"  - listitem [ref={{0}}{20 + i}]: Order {i}" for i in range(8))
    page = (
        '- banner [ref={0}1]:\n  - link "Orders" [ref={0}2]\n  - link "New order" [ref={0}3]\n'
        f"- list [ref={{0}}4]:\n{rows}"
    )
    first = compact(page.format("e"))
    second = compact(page.format("f1e"), seen=first.landmarks)
    for shown in (first, second):
        assert shown.repeated == 0 and shown.runs == 0 and "…" not in shown.text
        assert 'link "New order"' in shown.text and "Order 7" in shown.text
    # Under a budget the outline still folds what it must.
    assert "more listitem" in compact(page.format("e"), max_tokens=50).text


@every_python
def test_a_cell_named_after_what_it_holds_is_not_named_twice() -> None:
    text = (
        "- table [ref=e1]:\n"
        '  - row "200 The item Try it" [ref=e2]:\n'
        '    - cell "200" [ref=e3]\n'
        '    - cell "The item Try it" [ref=e4]:\n'
        "      - paragraph [ref=e5]: The item\n"
        '      - button "Try it" [ref=e6]\n'
        '    - cell "Other words" [ref=e7]:\n'
        "      - paragraph [ref=e8]: Not the same"
    )
    assert compact(text).text == (
        "- table [ref=e1]:\n"
        # A name of its own stays, before what the cell holds.
        '  - row: 200 | The item button "Try it" [ref=e6] | Other words: Not the same'
    )


@every_python
def test_words_an_element_s_name_already_says_are_not_printed_again() -> None:
    text = (
        '- button "GET /items List items" [ref=e1]:\n'
        "  - generic [ref=e2]: GET\n"
        '  - link "/items" [ref=e3]\n'
        "  - generic [ref=e4]: List items\n"
        "  - generic [ref=e5]: deprecated\n"
        '- heading "Warehouse API" [level=1] [ref=e6]: Warehouse API'
    )
    assert compact(text).text == (
        '- button "GET /items List items" [ref=e1]:\n'
        '  - link "/items" [ref=e3]\n'  # something to act on: kept
        "  - generic [ref=e5]: deprecated\n"  # words the name does not say
        '- heading "Warehouse API" [level=1]'
    )


@every_python
def test_label_text_beside_its_field_is_dropped() -> None:
    result = compact(sample("forms"))
    assert 'textbox "Email" [ref=e4]' in result.text
    assert "text: Email" not in result.text and "text: Remember me" not in result.text
    assert "generic [ref=e3]" not in result.text  # the label's box went with it
    check_refs(sample("forms"), result)


@every_python
def test_long_names_texts_and_values_are_capped() -> None:
    long = "word " * 100
    text = (
        f'- link "{long.strip()}" [ref=e1] [cursor=pointer]:\n'
        f"  - /url: /{'x' * 400}\n"
        f"- paragraph [ref=e2]: {long.strip()}\n"
        f"- text: {long.strip()}"
    )
    result = compact(text)
    nodes = list(parse(result.text).walk())
    # A cut text says how to read it whole (tests/snapshot/test_long_leaves.py).
    notes = [
        "",
        ' 340 more chars (expand: snapshot(target="e2"))',
        " 340 more chars (expand: snapshot(compact=False))",  # no ref above it
    ]
    texts = [
        (n.name or n.text or "").removesuffix(end) for n, end in zip(nodes, notes, strict=True)
    ]
    assert [len(t) for t in texts] == [TEXT_CAP, TEXT_CAP, TEXT_CAP]
    assert all(t.endswith("…") for t in texts)
    assert nodes[0].props == ()  # a link's URL never shows in a compact outline
    assert (nodes[0].ref, nodes[1].ref, result.capped) == ("e1", None, 3)


@every_python
def test_inline_pieces_join_their_parents_line() -> None:
    text = (
        "- paragraph [ref=e1]:\n"
        "  - text: Total\n"
        "  - strong [ref=e2]: 3 items\n"
        "  - text: (\n"
        "  - emphasis [ref=e3]:\n"
        "    - generic [ref=e4]: incl.\n"
        "    - code [ref=e5]: VAT\n"
        "  - text: ).\n"
        "- paragraph [ref=e6]:\n"
        "  - text: See\n"
        '  - link "terms" [ref=e7]'
    )
    result = compact(text)
    assert result.text == (
        "- paragraph: Total 3 items (incl. VAT).\n"
        "- paragraph:\n"  # a link is not a piece of text: kept, with its ref
        "  - text: See\n"
        '  - link "terms" [ref=e7]'
    )
    assert result.inlined == 7


@every_python
def test_links_and_buttons_lose_only_their_cursor_hint() -> None:
    text = (
        '- link "Docs" [ref=e1] [cursor=pointer]:\n'
        "  - /url: /docs\n"
        '- button "Go" [pressed] [ref=e2] [cursor=pointer]\n'
        "- generic [ref=e3] [cursor=pointer]: Clickable"
    )
    assert compact(text).text == (
        '- link "Docs" [ref=e1]\n'
        '- button "Go" [pressed] [ref=e2]\n'
        "- generic [ref=e3] [cursor=pointer]: Clickable"  # the hint says it is clickable
    )


@every_python
def test_nothing_else_to_compact_loses_no_words() -> None:
    for name in ("basic", "table", "widgets", "iframes"):
        text = (OUTLINES / f"{name}.txt").read_text(encoding="utf-8")
        result = compact(text)
        # No runs to collapse and nothing too long: only refs nothing acts on,
        # layout wrappers, cursor hints and link URLs go, never what a node says.
        assert (result.runs, result.capped, result.folded, result.cut) == (0, 0, 0, 0), name
        for node in parse(text).walk():
            for words in (node.name, node.text):
                assert not words or words in result.text, (name, words)
        assert "[cursor=pointer]" not in re.sub(r".*- (?!link|button).*\n?", "", result.text)
        assert "/url:" not in result.text
    assert compact("").text == ""


@every_python
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_actionable_ref_stays_unless_a_named_expansion_holds_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    check_refs(text, compact(text))


@every_python
def test_the_outline_of_an_expanded_run_shows_it_whole_but_collapses_deeper_runs() -> None:
    inner = "\n".join(
        f"      - listitem [ref=e{900 + i}]: Sub item number {i} of the list" for i in range(20)
    )
    text = (
        f"- list [ref=e4]:\n{items(30, indent='  ')}\n"
        f"  - listitem [ref=e800]:\n    - list [ref=e801]:\n{inner}"
    )
    expanded = compact(text, open_top=True)
    assert expanded.text.count("  - listitem:") >= 31  # every item of e4
    assert "Add 29" in expanded.text
    deeper = '- … 17 more listitem like the above (expand: snapshot(target="e801"))'
    assert deeper in expanded.text
    assert '(expand: snapshot(target="e4"))' in compact(text).text


@every_python
def test_the_large_list_costs_what_its_distinct_parts_cost() -> None:
    for name in ("shop_300", "list_5000"):
        full = sample(name)
        assert compact(full).tokens * 20 <= len(full) / 4, name


# ----------------------------------------------------------------- budget


@every_python
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_max_tokens_is_always_respected(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    # A repeat run on another Python tries a tiny, a middling and a loose budget.
    budgets = (1, 80, 10_000) if REPEAT else (1, 2, 5, 10, 20, 40, 80, 150, 300, 1000, 10_000)
    for budget in budgets:
        result = compact(text, max_tokens=budget)
        assert len(result.text) <= 4 * budget, (budget, result.text)
        assert refs_of(result.text) <= refs_of(text)
        assert set(EXPAND.findall(result.text)) <= refs_of(text)


@every_python
def test_a_budget_that_fits_changes_nothing() -> None:
    plain = compact(sample("shop_300"))
    assert compact(sample("shop_300"), max_tokens=plain.tokens) == plain


@every_python
def test_the_budget_first_tightens_runs_then_caps_texts() -> None:
    text = f"- list [ref=e4]:\n{items(30, indent='  ')}\n- paragraph [ref=e2]: {'long ' * 60}"
    plain = compact(text)
    tighter = compact(text, max_tokens=plain.tokens - 10)
    assert tighter.text.count("- listitem:") == 1
    assert "… 29 more listitem like the above" in tighter.text
    assert "long " * 20 in tighter.text  # the text is not cut yet
    capped = compact(text, max_tokens=(len(tighter.text) - 60) // 4)
    assert capped.text.count("- listitem:") == 1 and "long " * 20 not in capped.text
    assert capped.capped == 1 and capped.folded == 0 and capped.cut == 0


@every_python
def test_link_urls_never_show_but_the_links_always_do() -> None:
    text = "\n".join(
        f'- heading "Part {i}" [level=2] [ref=e{i}0]\n'
        f'- link "Read part {i}" [ref=e{i}1]:\n  - /url: /parts/{i}/a/long/address/to/read'
        for i in range(4)
    )
    plain = compact(text)
    assert "/url:" not in plain.text
    assert {f"e{i}1" for i in range(4)} <= refs_of(plain.text)


@every_python
def test_then_folds_the_biggest_subtrees_with_the_ref_that_expands_them() -> None:
    text = sample("article")
    result = compact(text, max_tokens=200)
    assert result.folded >= 1 and result.cut == 0 and len(result.text) <= 800
    folds = [line for line in result.text.split("\n") if "nodes folded" in line]
    assert folds and all(EXPAND.search(line) for line in folds)
    # What is not folded keeps its refs, the landmarks first of all.
    assert "banner [ref=e2]" in result.text and "contentinfo [ref=e41]" in result.text
    check_refs(text, result)


@every_python
def test_and_at_last_cuts_with_a_note_on_how_to_read_the_rest() -> None:
    roles = itertools.cycle(["button", "link", "checkbox", "tab"])  # no two alike in a row
    flat = "\n".join(f'- {next(roles)} "Control {i}" [ref=e{i}]' for i in range(200))
    result = compact(flat, max_tokens=60)
    assert len(result.text) <= 240 and result.cut > 0 and result.folded == 0
    lines = result.text.split("\n")
    assert lines[:2] == ['- button "Control 0" [ref=e0]', '- link "Control 1" [ref=e1]']
    assert lines[-1] == f"- … {result.cut} more lines cut (raise max_tokens)"
    # Inside an element, the note names its ref.
    nested = "- main [ref=e999]:\n" + "\n".join("  " + line for line in flat.split("\n"))
    result = compact(nested, max_tokens=25)
    assert result.text == (
        "- main [ref=e999]:\n"
        '  - … 200 more lines cut (expand: snapshot(target="e999"), or raise max_tokens)'
    )
    assert (result.cut, result.expansions) == (200, ("e999",))


@every_python
def test_a_bad_budget_is_refused() -> None:
    for bad in (0, -1, 1.5, True, "10"):
        with pytest.raises(ValueError, match="max_tokens"):
            compact("- button [ref=e1]", max_tokens=bad)  # type: ignore[arg-type]


# ------------------------------------------------------------- properties

ROLES = ["generic", "button", "link", "listitem", "list", "row", "cell", "paragraph", "group"]
NAMES = st.sampled_from([None, None, "Add", "OK", "a: b", 'say "hi"', "é", "x" * 200])


@st.composite
def outlines(draw: st.DrawFn) -> str:
    """Outlines with wrappers, repeated rows, name pairs and long texts."""
    fresh = (f"e{i}" for i in itertools.count(1))

    def node(depth: int) -> Node:
        role = draw(st.sampled_from(["text", *ROLES]))
        if role == "text":
            return Node.create("text", text=draw(st.sampled_from(["one", "a: b", "y" * 300])))
        name = draw(NAMES)
        ref = next(fresh) if draw(st.integers(0, 3)) else None
        kids: list[Node] = []
        if depth < 4:
            for _ in range(draw(st.integers(0, 3))):
                if draw(st.integers(0, 4)) == 0:  # a run of similar rows
                    template = draw(st.sampled_from(["listitem", "row", "option"]))
                    for i in range(draw(st.integers(2, 12))):
                        kids.append(
                            Node.create(
                                template,
                                f"{template} {i}",
                                ref=next(fresh),
                                children=[Node.create("button", "Go", ref=next(fresh))],
                            )
                        )
                else:
                    kids.append(node(depth + 1))
        if name is not None and draw(st.booleans()):
            kids = [Node.create("button", name, ref=next(fresh))]  # a pair
        return Node.create(role, name, ref=ref, children=kids)

    roots = [node(0) for _ in range(draw(st.integers(0, 3)))]
    return render(Outline(tuple(roots)))


@every_python
@settings(max_examples=examples(200), deadline=None)
@given(outlines(), st.one_of(st.none(), st.integers(1, 400)))
def test_any_outline_compacts_within_budget_keeping_real_refs(
    text: str, budget: int | None
) -> None:
    result = compact(text, max_tokens=budget)
    if budget is None:
        check_refs(text, result)
        assert len(result.text) <= len(text) + 100 * result.runs
    else:
        assert len(result.text) <= 4 * budget
        assert refs_of(result.text) <= refs_of(text)
        assert set(EXPAND.findall(result.text)) <= refs_of(text)
        assert set(result.expansions) == set(EXPAND.findall(result.text))


@every_python
@settings(max_examples=examples(100), deadline=None)
@given(outlines())
def test_a_budget_only_takes_away_what_it_must(text: str) -> None:
    plain = compact(text)
    assert compact(text, max_tokens=max(1, plain.tokens)) == plain
    if plain.tokens > 1:
        tighter = compact(text, max_tokens=plain.tokens - 1)
        assert tighter.tokens < plain.tokens


# ---------------------------------------------------------- real browser


def _expansion(text: str, pattern: re.Pattern[str] = EXPAND) -> str:
    found = pattern.findall(text)
    assert len(found) == 1, text
    return str(found[0])


def _ref_of(text: str, needle: str) -> str:
    for line in text.split("\n"):
        if needle in line:
            return str(REF.findall(line)[0])
    raise AssertionError(f"{needle!r} not in {text[:400]}")


async def test_a_collapsed_list_expands_to_refs_that_click_the_right_row(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/generated/list?n=300"))
    snap = await aw(sess.snapshot(compact=True))
    assert str(snap) == snap.compact and 'button "Add 250"' in snap.tree
    assert 'button "Add 250"' not in snap.compact
    assert "… 297 more listitem like the above" in snap.compact
    holder = _expansion(snap.compact)
    assert f"list [ref={holder}]" in snap.compact  # a real ref the outline shows
    expanded = await aw(sess.snapshot(target=holder, compact=True))
    assert "more listitem" not in str(expanded)  # the run it was asked for, in full
    row = _ref_of(str(expanded), 'button "Add 250"')
    await aw(sess.click(row))
    state = await aw(
        sess.evaluate(
            "[document.getElementById('status').textContent,"
            " document.querySelector('[data-i=\"250\"]').textContent]"
        )
    )
    assert state == ["added 250", "Added 250"]


async def test_compact_snapshot_of_300_rows_is_at_most_a_fifth_of_the_full_tree(
    sess: AnySession, base_url: str
) -> None:
    for path in ("/generated/list?n=300", "/generated/table?rows=300"):
        await aw(sess.navigate(base_url + path))
        snap = await aw(sess.snapshot(compact=True))
        assert len(snap.compact) * 5 <= len(snap.tree), (path, len(snap.compact), len(snap.tree))
        assert len(snap.compact) * 20 <= len(snap.tree)  # measured: under 1/40
        plain = await aw(sess.snapshot())
        assert plain.compact is None and str(plain) == plain.tree


async def test_max_tokens_bounds_the_snapshot_and_its_refs_act(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/generated/table?rows=300"))
    snap = await aw(sess.snapshot(max_tokens=300))
    assert snap.compact is not None and len(str(snap)) <= 1200
    assert "row [ref=" in snap.tree and len(snap.tree) > 20_000  # the tree stays whole
    view = _ref_of(snap.compact, 'button "View 1"')
    await aw(sess.click(view))  # recorded like the tree's refs
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.snapshot(max_tokens=0))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.snapshot(compact="yes"))


async def test_a_diff_still_wins_over_the_compact_outline(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/generated/list?n=50"))
    first = await aw(sess.snapshot(compact=True))
    assert first.diff is None and str(first) == first.compact
    await aw(sess.snapshot(diff=True))  # the baseline
    await aw(sess.click(_ref_of(first.compact, 'button "Add 1"'), observe=False))
    again = await aw(sess.snapshot(diff=True, compact=True))
    assert again.diff is not None and str(again) == str(again.diff)
    assert "Added 1" in str(again) and again.compact is not None


async def test_compact_refs_past_the_node_cap_are_recorded(base_url: str) -> None:
    async with bk.AsyncBrowser(bk.Config.from_env(max_snapshot_nodes=40, idle_stop_ms=0)) as b:
        s = await b.start(url=f"{base_url}/generated/table?rows=60")
        snap = await s.snapshot(compact=True)
        assert snap.truncated and "Help topic 0" not in snap.tree
        link = _ref_of(snap.compact or "", 'link "Help topic 0"')
        result = await s.click(link)
        assert result.navigated and s.url.endswith("/help/0")


async def test_the_snapshot_tool_is_compact_unless_asked_for_all(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = await tools.call(
        abrowser, "browser_sessions_start", {"url": f"{base_url}/generated/list?n=300"}
    )
    sid = start["session_id"]
    try:
        small = await tools.call(abrowser, "browser_snapshot", {"session_id": sid})
        full = await tools.call(abrowser, "browser_snapshot", {"session_id": sid, "full": True})
        assert len(small["snapshot"]) * 5 <= len(full["snapshot"])
        assert 'button "Add 299"' in full["snapshot"]
        holder = _expansion(small["snapshot"], TOOL_EXPAND)
        part = await tools.call(abrowser, "browser_snapshot", {"session_id": sid, "ref": holder})
        row = _ref_of(part["snapshot"], 'button "Add 299"')
        acted = await tools.call(
            abrowser,
            "browser_act",
            {"session_id": sid, "action": "click", "ref": row, "detail": "add the last row"},
        )
        assert "error" not in acted and "added 299" in acted["diff"], acted
        bounded = await tools.call(
            abrowser, "browser_snapshot", {"session_id": sid, "max_tokens": 40, "full": True}
        )
        assert len(bounded["snapshot"]) <= 160
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


# -- a section a #fragment asks for --------------------------------------------

_WRAPPED = """\
- main [ref=e1]:
  - generic [ref=e2]:
    - heading "Guide" [level=1] [ref=e3]
    - paragraph [ref=e4]: Read this first.
    - generic [ref=e5]:
      - heading "Install" [level=2] [ref=e6]
      - paragraph [ref=e7]: Run pip install.
    - generic [ref=e8]:
      - heading "Usage" [level=2] [ref=e9]
      - paragraph [ref=e10]: Call start.
      - button "Try usage" [ref=e11]
    - generic [ref=e12]:
      - heading "FAQ" [level=2] [ref=e13]
      - paragraph [ref=e14]: Ask us.
- navigation "Site" [ref=e15]:
  - link "Home" [ref=e16]"""

_FLAT = """\
- main [ref=e1]:
  - heading "Flat" [level=1] [ref=e2]
  - paragraph [ref=e3]: Intro.
  - heading "One" [level=2] [ref=e4]
  - paragraph [ref=e5]: First prose.
  - heading "Two" [level=2] [ref=e6]
  - paragraph [ref=e7]: Second prose.
  - heading "Deeper" [level=3] [ref=e8]
  - paragraph [ref=e9]: Second detail.
  - heading "Three" [level=2] [ref=e10]
  - paragraph [ref=e11]: Third prose."""


def test_focus_keeps_a_wrapped_section_and_folds_the_others_to_their_headings() -> None:
    out = compact(_WRAPPED, focus="Usage¶")  # the words of the heading the fragment names
    assert "Call start." in out.text and 'button "Try usage" [ref=e11]' in out.text
    assert "Run pip install." not in out.text and "Ask us." not in out.text
    assert "Read this first." not in out.text
    for heading in ("Guide", "Install", "FAQ"):
        assert f'heading "{heading}"' in out.text
    assert 'link "Home" [ref=e16]' in out.text  # outside the content: untouched
    folds = EXPAND.findall(out.text)
    assert {"e2", "e5", "e12"} <= set(folds) and set(folds) <= set(out.expansions)


def test_focus_on_flat_headings_ends_at_the_next_heading_of_the_same_level() -> None:
    out = compact(_FLAT, focus="Two")
    assert "Second prose." in out.text and "Second detail." in out.text
    assert "Intro." not in out.text and "First prose." not in out.text
    assert "Third prose." not in out.text
    assert 'heading "One"' in out.text and 'heading "Three"' in out.text
    assert EXPAND.findall(out.text) == ["e1", "e1", "e1"]


@pytest.mark.parametrize("focus", [None, "", "Nowhere", "Read this first"])
def test_focus_without_a_heading_to_focus_on_changes_nothing(focus: str | None) -> None:
    assert compact(_WRAPPED, focus=focus) == compact(_WRAPPED)


@every_python
def test_a_run_of_long_items_keeps_fewer_of_them() -> None:
    # Rows of six controls: two show what the run is like (KEPT_CHARS), not three.
    row = (
        '  - listitem [ref=e{0}]:\n    - link "Story number {0} of the site" [ref=e{0}1]\n'
        '    - button "More options for story number {0} of the site" [ref=e{0}2]\n'
        '    - link "Add a child page to story number {0} of the site" [ref=e{0}3]\n'
        '    - link "Current page status: live, story {0}" [ref=e{0}4]'
    )
    text = "- list [ref=e1]:\n" + "\n".join(row.format(i) for i in range(10, 20))
    result = compact(text)
    assert result.text.count("  - listitem:") == 2, result.text
    assert '- … 8 more listitem like the above (expand: snapshot(target="e1"))' in result.text
    assert sum(len(line) for line in result.text.splitlines()[1:-1]) <= KEPT_CHARS
    short = "- list [ref=e1]:\n" + items(30, indent="  ")
    assert compact(short).text.count("  - listitem:") == KEEP


@every_python
def test_a_hidden_icon_and_a_floating_label_say_nothing_more() -> None:
    text = (
        "- generic [ref=e1]:\n"
        "  - generic [ref=e2]:\n"
        "    - text: Product Brass telescope\n"
        '    - combobox "Product" [ref=e3]: Brass telescope\n'
        "  - generic [aria-hidden] [ref=e4]: arrow_drop_down\n"
        "  - generic [aria-hidden] [ref=e5] [cursor=pointer]: close\n"
    ).rstrip("\n")
    shown = compact(text).text
    assert "Product Brass telescope" not in shown and "arrow_drop_down" not in shown, shown
    assert 'combobox "Product" [ref=e3]: Brass telescope' in shown
    # A clickable box around one control is that control.
    boxed = '- generic [ref=e7] [cursor=pointer]:\n  - combobox "Size" [ref=e8]: Large'
    assert compact(boxed).text == '- combobox "Size" [ref=e8]: Large'
    # Quasar's select: the label and the shown value in pieces of their own.
    quasar = (
        "- generic [ref=e7] [cursor=pointer]:\n  - generic [ref=e9]:\n"
        "    - generic: Size\n    - generic [ref=e10]:\n"
        '      - generic [ref=e11]: Large\n      - combobox "Size" [ref=e8]: Large\n'
        "  - generic [aria-hidden] [ref=e12]: arrow_drop_down"
    )
    assert compact(quasar).text == '- combobox "Size" [ref=e8]: Large'
    assert "[ref=e5]" in shown  # hidden, but something to click: it stays


def test_a_fold_prints_the_item_that_holds_what_the_agent_typed() -> None:
    line = "  - listitem [ref=e{0}]: Ticket {0}, label printer skips a page"
    items = [line.format(i) for i in range(2, 42)]
    items[27] = "  - listitem [ref=e29]: Ticket 29, Economy ticket T7"
    text = "- list [ref=e1]:\n" + "\n".join(items)
    assert "Economy ticket T7" not in compact(text).text
    short = compact(text, wanted=["economy TICKET t7"]).text
    assert "- listitem: Ticket 29, Economy ticket T7" in short
    assert "- … 36 more listitem like the above" in short  # 40 items: 3 kept, 1 shown
    # Words too short to tell one item from another keep nothing.
    assert compact(text, wanted=["29"]).text == compact(text).text


def test_a_toolbar_prints_every_control_and_no_box_around_one() -> None:
    # JupyterLab's notebook toolbar: nine clickable boxes, each around the button
    # of its name. Run is the seventh: never folded away.
    items = "".join(
        f'  - generic "Tool {i}" [ref=e{200 + 2 * i}] [cursor=pointer]:\n'
        f'    - button "Tool {i}" [ref=e{201 + 2 * i}]\n'
        for i in range(9)
    )
    text = compact('- toolbar "main area toolbar" [ref=e156]:\n' + items.rstrip()).text
    assert text.splitlines() == ['- toolbar "main area toolbar" [ref=e156]:'] + [
        f'  - button "Tool {i}" [ref={f"e{201 + 2 * i}"}]' for i in range(9)
    ]


def test_a_page_without_landmarks_folds_the_header_and_footer_the_last_page_had() -> None:
    # Trac's pages: menus and a footer at the top level, no banner or navigation.
    header = (
        '- link [ref=e{0}0]:\n  - img "(please configure the [header_logo] section in trac.ini)"\n'
        '- textbox "Search:" [ref=e{0}1]\n- button "Search" [ref=e{0}2]\n- list [ref=e{0}3]:\n'
        + "".join(f'  - link "Menu {i}" [ref=e{{0}}{i + 4}]\n' for i in range(5))
    )
    footer = '- paragraph:\n  - text: Powered by\n  - link "Trac 1.6" [ref=e{0}9]\n'
    footer += '- heading "Download in other formats:" [level=3]\n- link "Plain Text" [ref=e{0}8]'

    def page(n: int, body: str) -> str:
        return header.format(n) + body + "\n" + footer.format(n)

    first = compact(page(1, '- heading "New ticket" [level=1]'))
    second = compact(
        page(2, '- heading "Ticket #41" [level=1]\n- paragraph: Labels print blank'),
        seen=first.landmarks,
    ).text
    # Its menu of links is what the agent follows next: printed, with the new refs.
    assert second.splitlines() == [
        "- … 3 items the same as on the last page (expand: snapshot(compact=False))",
        "- list [ref=e23]:",
        *(f'  - link "Menu {i}" [ref=e2{i + 4}]' for i in range(5)),
        '- heading "Ticket #41" [level=1]',
        "- paragraph: Labels print blank",
        "- … 3 items the same as on the last page (expand: snapshot(compact=False))",
    ]
    # The same page again reads whole; an outline asked for (no seen) too.
    again = page(3, '- heading "New ticket" [level=1]')
    assert compact(again, seen=first.landmarks).text == compact(again).text


def test_an_empty_placeholder_is_not_printed() -> None:
    text = '- textbox "Patient" [ref=e29]:\n  - /placeholder: ""\n- textbox "Q" [ref=e30]:\n'
    text += "  - /placeholder: Search"
    assert compact(text).text.splitlines() == [
        '- textbox "Patient" [ref=e29]',
        '- textbox "Q" [ref=e30]:',
        "  - /placeholder: Search",
    ]


def test_a_word_many_items_hold_keeps_none_of_them_out_of_the_fold() -> None:
    # A docs search for "generation": every result holds it, so it picks none out.
    line = "  - listitem [ref=e{0}]: Result {0}: refs and generations, in detail here"
    text = "- list [ref=e1]:\n" + "\n".join(line.format(i) for i in range(2, 42))
    assert compact(text, wanted=["generation"]).text == compact(text).text


def test_a_text_many_items_hold_does_not_hide_the_one_another_text_picks_out() -> None:
    # The agent typed a ticket's summary and chose "Shipping", which many tickets
    # share: the summary still picks its ticket out.
    line = "  - listitem [ref=e{0}]: Ticket {0}, label printer skips a page, Shipping"
    items = [line.format(i) for i in range(2, 42)]
    items[27] = "  - listitem [ref=e29]: Ticket 29, Economy ticket T7, Shipping"
    text = "- list [ref=e1]:\n" + "\n".join(items)
    short = compact(text, wanted=["Economy ticket T7", "Shipping"]).text
    assert "- listitem: Ticket 29, Economy ticket T7, Shipping" in short
    assert "- … 36 more listitem like the above" in short


def test_a_link_or_button_that_says_what_it_is_drops_the_images_beside_its_words() -> None:
    # Gradio's footer: each control holds its words and a logo.
    text = (
        '- contentinfo "Footer" [ref=e1]:\n  - button [ref=e2]:\n    - text: Use via API\n'
        '    - img "logo"\n  - link [ref=e3]:\n    - text: Built with Gradio\n'
        '    - img "logo"\n  - button [ref=e4]:\n    - img "Settings"'
    )
    assert compact(text).text.splitlines() == [
        '- contentinfo "Footer" [ref=e1]:',
        "  - button [ref=e2]: Use via API",
        "  - link [ref=e3]: Built with Gradio",
        "  - button [ref=e4]:",  # an icon button: its image is all it says
        '    - img "Settings"',
    ]
