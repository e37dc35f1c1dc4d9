"""Tables read as rows: one line per row, its cells in order between bars.

Playwright prints a row as ``row:`` and a line per cell, and a compact
outline used to run cells of inline code together (``logs.retention_days
14``). A row is now one line whose cells keep their place (an empty one
too) and whose controls keep their refs; a diff prints a changed cell as
its row's line.
"""

from __future__ import annotations

import re

import browserkit as bk
from browserkit.snapshot import compact, diff, parse
from tests.helpers import AnySession, aw

SETTINGS = """\
- table [ref=e1]:
  - rowgroup [ref=e2]:
    - row [ref=e3]:
      - columnheader "Key" [ref=e4]
      - columnheader "Value" [ref=e5]
      - columnheader "Actions" [ref=e6]
    - row [ref=e7]:
      - cell [ref=e8]:
        - code [ref=e9]: logs.retention_days
      - cell [ref=e10]:
        - code [ref=e11]: "14"
      - cell [ref=e12]:
        - button "Bump" [ref=e13]
    - row [ref=e14]:
      - cell [ref=e15]:
        - code [ref=e16]: max.open_files
      - cell [ref=e17]
      - cell [ref=e18]:
        - checkbox "Files on" [ref=e19]
        - button "Edit" [ref=e20]"""


def test_a_row_is_one_line_with_its_cells_in_order() -> None:
    result = compact(SETTINGS)
    assert result.text == (
        "- table [ref=e1]:\n"
        "  - columns: Key | Value | Actions\n"  # the header row, once
        '  - row: logs.retention_days | 14 | button "Bump" [ref=e13]\n'
        # An empty cell keeps its place; every control in a cell keeps its ref.
        "  - row: max.open_files |  | "
        'checkbox "Files on" [ref=e19] button "Edit" [ref=e20]'
    )
    assert result.rows == 3


def test_a_row_holding_a_table_of_its_own_keeps_its_block() -> None:
    nested = SETTINGS.replace(
        "      - cell [ref=e17]\n",
        "      - cell [ref=e17]:\n        - table [ref=e30]:\n"
        '          - row [ref=e31]:\n            - cell "inner" [ref=e32]\n',
    )
    text = compact(nested).text
    assert "  - row: max.open_files" not in text and "- row: inner" in text
    assert '- row: logs.retention_days | 14 | button "Bump" [ref=e13]' in text


def test_a_changed_cell_answers_with_its_row_line_only() -> None:
    new = SETTINGS.replace('code [ref=e11]: "14"', 'code [ref=e11]: "30"')
    d = diff(parse(SETTINGS), parse(new), baseline_generation=1)
    assert str(d).splitlines() == [
        "changes: 1 changed; 19 unchanged",
        '~ row [ref=e7]: logs.retention_days | 14 → 30 | button "Bump" [ref=e13]  # in rowgroup e2',
    ]
    assert [c.ref for c in d.changed] == ["e11"]  # the entries stay whole
    (row,) = d.rows
    assert row.ref == "e7" and row.cells[1] == "30" and row.old_cells[1] == "14"
    # A new row reads as its line too.
    added = SETTINGS + '\n    - row [ref=e40]:\n      - cell "a" [ref=e41]\n      - cell [ref=e42]'
    shown = str(diff(parse(SETTINGS), parse(added), baseline_generation=1))
    assert shown.splitlines()[1] == "+ row [ref=e40]: a |  # in rowgroup e2"
    # And a row that went says which, by its cells.
    gone = SETTINGS.split("    - row [ref=e14]:")[0].rstrip()
    shown = str(diff(parse(SETTINGS), parse(gone), baseline_generation=1))
    assert shown.splitlines()[1] == (
        '- row [ref=e14]: max.open_files |  | checkbox "Files on" [ref=e19] '
        'button "Edit" [ref=e20]  # in rowgroup e2'
    )


async def test_a_table_arrives_as_rows_whose_refs_act(sess: AnySession, base_url: str) -> None:
    nav = await aw(sess.navigate(f"{base_url}/rows_issues.html"))
    page = nav.page
    assert page is not None
    assert "- columns: # | Updated | Title | Status | Label | Assignee" in page
    first = re.search(r"- row: 60 \| 2 minutes ago \| link \"[^\"]+\" \[ref=\w+\] \|", page)
    assert first is not None, page
    assert "|  | carol" in page  # an empty label cell keeps its place
    assert "- cell" not in page and "- text: logs.retention_days 14" not in page
    bump = re.search(r"- row: logs\.retention_days \| 14 \| .*button \"Bump\" \[ref=(\w+)\]", page)
    assert bump is not None, page
    # A ref read from a row line acts on its element; the diff speaks in the row.
    clicked = await aw(sess.click(bump.group(1)))
    changes = [line for line in str(clicked.diff).splitlines()[1:] if line[0] in "~+-"]
    assert len(changes) == 1, changes  # a changed cell: its row's line only
    # (Playwright gives the row a new ref: its name, computed from its cells, changed.)
    row = r"~ row \[ref=\w+\]: logs\.retention_days \| 14 → 30 \| checkbox .* button \"Bump\""
    assert re.match(row, changes[0]), changes
    link = re.search(r"link \"Wrong total in report 58 \(#58\)\" \[ref=(\w+)\]", page)
    assert link is not None
    await aw(sess.click(link.group(1)))
    assert (await aw(sess.evaluate("location.hash"))) == "#issue-58"
    assert isinstance(sess, (bk.AsyncSession, bk.Session))


def test_a_cut_cell_names_the_row_whose_read_shows_it_whole() -> None:
    long = "word " * 60
    text = SETTINGS.replace('code [ref=e11]: "14"', f"code [ref=e11]: {long.strip()}")
    line = next(line for line in compact(text).text.splitlines() if "retention_days" in line)
    assert line.endswith('… | button "Bump" [ref=e13] (expand: snapshot(target="e7"))'), line
    # What it advises: the row's own read prints its cells whole.
    row = "\n".join(line[4:] for line in text.splitlines()[6:13])
    assert row.startswith("- row [ref=e7]:")
    assert long.strip() in compact(row, open_top=True).text
    assert long.strip() not in compact(row).text
    changed = text.replace("word word", "words word", 1)
    shown = str(diff(parse(text), parse(changed), baseline_generation=1)).splitlines()[1]
    assert shown.startswith("~ row [ref=e7]: logs.retention_days | word") and "→ words" in shown
    assert shown.endswith('(expand: snapshot(target="e7"))  # in rowgroup e2'), shown


def _form_row(kind: str, priority: str) -> str:
    """A form laid out in a table, as Trac's is: a select in each cell."""

    def options(names: tuple[str, ...], chosen: str) -> str:
        return "".join(
            f'          - option "{n}"{" [selected]" if n == chosen else ""}\n' for n in names
        )

    return (
        "- table [ref=e1]:\n  - rowgroup [ref=e2]:\n    - row [ref=e3]:\n"
        '      - rowheader "Type:"\n      - cell:\n        - combobox "Type:" [ref=e4]:\n'
        + options(("defect", "task"), kind)
        + '      - rowheader "Priority:"\n      - cell:\n'
        + '        - combobox "Priority:" [ref=e5]:\n'
        + options(("major", "critical", "minor"), priority).rstrip("\n")
    )


def test_a_select_chosen_in_a_row_reads_as_its_choice_not_its_options() -> None:
    told = str(
        diff(
            parse(_form_row("defect", "major")),
            parse(_form_row("defect", "critical")),
            baseline_generation=1,
        )
    )
    assert told.splitlines()[-1] == (
        '~ row [ref=e3]: Type: | combobox "Type:" [ref=e4]: "defect" | Priority: | '
        'combobox "Priority:" [ref=e5]: "major" → "critical"  # in rowgroup e2'
    ), told
    # The page itself, read whole, still lists every option to choose from.
    assert 'option "minor"' in compact(_form_row("defect", "major")).text


def test_a_row_that_reads_as_before_is_no_change() -> None:
    # A cell's name, computed from its content, went (hidden words cut from it in
    # one read, not the other): the row's line is the same, so nothing is said.
    before = (
        "- table [ref=e1]:\n  - rowgroup [ref=e2]:\n    - row [ref=e3]:\n"
        '      - cell "Travel":\n        - text: Travel\n      - cell "212":\n'
        '        - text: "212"'
    )
    after = before.replace('cell "Travel":', "cell:")
    assert str(diff(parse(before), parse(after), baseline_generation=1)).startswith("no changes")
    # A cell that reads otherwise is the row's change.
    moved = before.replace("text: Travel", "text: Hotel").replace('"Travel"', '"Hotel"')
    assert "Travel → Hotel" in str(diff(parse(before), parse(moved), baseline_generation=1))
