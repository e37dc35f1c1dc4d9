"""A data grid's rows read without what every row repeats.

A grid with a pinned column (``pages/grid_halves.html``, built as data grids
build one) labels every row with the same keyboard hint and makes each cell a
focusable ``gridcell``. Printed whole, every row line repeated the hint, a
cell holding a link printed the cell's ref beside the link's, and cells that
show nothing (a dash, an empty cell) each printed a ref; a custom toggle
printed its clickable box and the checkbox it draws as two pieces, and a
cell's name kept a code hidden from people. The hint is printed once, on the
first row of the grid; a cell holding a control shows only the control's
ref; a cell that shows no value shows none; the toggle is one checkbox with
the box's ref; hidden words leave a name computed from the cell's content.
Every ref still printed acts on its element.
"""

from __future__ import annotations

import re

from tests.helpers import AnySession, aw

HINT = "Space selects this row"


async def _grid(sess: AnySession, base_url: str) -> str:
    await aw(sess.navigate(f"{base_url}/grid_halves.html?shown"))
    return str(await aw(sess.snapshot(compact=True)))


async def test_a_label_every_row_shares_is_printed_once(sess: AnySession, base_url: str) -> None:
    nav = await aw(sess.navigate(f"{base_url}/grid_halves.html"))
    assert nav.page is not None
    show = re.search(r'button "Show runs" \[ref=(\w+)\]', nav.page)
    assert show is not None, nav.page
    # What an action adds (a diff's block) says it once...
    added = str((await aw(sess.click(show.group(1)))).diff)
    assert added.count(HINT) == 1, added
    assert re.search(
        r'- row \[ref=\w+\]: checkbox "Toggle selection" \[ref=\w+\] '
        r'checkbox "Pin" \[ref=\w+\] \| link "run-02"',
        added,
    )
    # ... and so does the page's outline, on the grid's first row.
    page = str(await aw(sess.snapshot(compact=True)))
    assert page.count(HINT) == 1, page
    first = next(line for line in page.splitlines() if "run-01" in line)
    assert f'- row "{HINT}":' in first
    assert '- row: checkbox "Toggle selection"' in next(
        line for line in page.splitlines() if "run-02" in line
    )
    # The full outline keeps every row's name.
    assert str(await aw(sess.snapshot())).count(HINT) == 60


async def test_grid_cells_print_refs_only_where_one_acts(sess: AnySession, base_url: str) -> None:
    page = await _grid(sess, base_url)
    run = next(line for line in page.splitlines() if '"run-03"' in line)
    # The link's ref only: the cell around it is not printed as a second target.
    assert re.search(r'\| link "run-03" \[ref=\w+\]$', run), run
    assert len(re.findall(r"\[ref=", run)) == 3, run  # two checkboxes' and the link's
    # The swatch's code no person sees is not in the cell's name either.
    assert "#a1b2c3" not in page
    # A custom toggle (a clickable box over an input nothing can hit) reads as the
    # checkbox it is, with the box's ref, which toggles it.
    pin = re.search(r'checkbox "Toggle selection" \[ref=\w+\] checkbox "Pin" \[ref=(\w+)\] \|', run)
    assert pin is not None, run
    await aw(sess.click(pin.group(1)))
    assert await aw(sess.evaluate("document.getElementById('pin-3').checked")) is True
    half = next(line for line in page.splitlines() if "3.0min" in line)
    # A dash, a long dash and an empty cell show no value: no ref; the duration does.
    assert re.fullmatch(r"\s*- row: - \| 3\.0min \[ref=\w+\] \| —(?: \|)?", half), half
    duration = re.search(r"3\.0min \[ref=(\w+)\]", half)
    assert duration is not None
    await aw(sess.click(duration.group(1)))
    assert (await aw(sess.evaluate("document.getElementById('clicked').textContent"))) == (
        "cell duration 3"
    )
    link = re.search(r'link "run-03" \[ref=(\w+)\]', run)
    assert link is not None
    await aw(sess.click(link.group(1)))
    assert (await aw(sess.evaluate("location.hash"))) == "#/runs/3"
