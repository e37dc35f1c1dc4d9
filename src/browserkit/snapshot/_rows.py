"""Table rows read as one line each, cells in order between `` | ``.

Playwright prints a table row as ``row:`` and one line per cell; an agent
reads a row as one record. :func:`row_cells` turns a row of the full outline
into the text of each cell, which compact outlines (``_compact``) and diffs
(``_changes``, ``_render``) print on the row's line::

    - row [ref=e45]: 54 | 8 minutes ago | link "Wrong total (#54)" [ref=e46] |  | carol

(compact outlines leave the row's own ref out unless one acts on the row);

- a cell's words are joined as the page shows them (inline code, marks);
- an element one acts on inside a cell (a link, a button, a checkbox) keeps its
  role, name, states and ref, so it stays addressable from the row line;
- an empty cell keeps its place: an empty string between the bars;
- a header row (column headers only) reads ``- columns: # | Title | …``.

A row that does not read well as one line keeps the usual form: one whose
children are not cells, or a cell holding a nested table or more than
:data:`MAX_PIECES` pieces.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable

from browserkit.snapshot._compacted import expand_hint
from browserkit.snapshot._parse import Node
from browserkit.snapshot._roles import ACTIONABLE, actionable, content_named

__all__ = [
    "CELLS",
    "CELL_CHARS",
    "MAX_PIECES",
    "join_words",
    "one_line",
    "own_name",
    "row_cells",
    "row_head",
    "row_line",
]

CELLS = frozenset({"cell", "gridcell", "columnheader", "rowheader"})
"""Roles of the children a row printed as one line holds."""

CELL_CHARS = 160
"""Characters a cell shows on a row line printed in a diff."""

MAX_PIECES = 8
"""Pieces (runs of words, controls) a cell shows on its row's line at most;
a row with a fuller cell is printed as a block."""

# A cell holding one of these is a table of its own: not one line.
_NESTED = frozenset({"table", "grid", "treegrid", "row", "rowgroup"})
_POINTER = ("cursor", "pointer")
_NO_SPACE_BEFORE = tuple(",.;:!?)]}")
_NO_SPACE_AFTER = tuple("([{")


def row_cells(
    row: Node, cap: int, glued: Collection[tuple[str, str]] = ()
) -> tuple[list[str], bool] | None:
    """The text of each cell of ``row`` (the full outline's node), words capped at
    ``cap`` characters, and whether any was cut; None when the row is not read as
    one line."""
    if row.role != "row" or row.opaque or row.props or not row.children:
        return None
    cells: list[str] = []
    cut = False
    for cell in row.children:
        if cell.role not in CELLS or cell.opaque:
            return None
        shown = _cell(cell, cap, glued)
        if shown is None:
            return None
        text, clipped = shown
        cells.append(text)
        cut = cut or clipped
    return cells, cut


def row_head(row: Node, *, ref: bool = True, named: bool = True) -> str:
    """The start of a row's line: ``- row [ref=e45]`` (its states kept), or
    ``- columns`` for a header row; without the row's name unless ``named``
    (a name an earlier row of its table printed: see :func:`own_name`)."""
    if all(cell.role == "columnheader" for cell in row.children):
        return "- columns"
    name = own_name(row) if named else None
    attributes = [a for a in row.attributes if a[0] != "active"]
    return Node.create("row", name, attributes=attributes, ref=row.ref if ref else None).line


def own_name(row: Node) -> str | None:
    """The name a row's line prints: one of its own (an ``aria-label``), not one
    that repeats its cells' words.

    A grid often gives every row the same label, a keyboard hint such as
    "Space selects this row": it names none of them, so whoever prints a
    table's rows prints such a name once, on the first row that has it.
    """
    return None if content_named(row) else row.name


def row_line(head: str, cells: Iterable[str]) -> str:
    """``head: a | b | c``, without the trailing space of an empty last cell."""
    return f"{head}: {' | '.join(cells)}".rstrip()


def one_line(row: Node, cap: int = CELL_CHARS, *, named: bool = True) -> str | None:
    """``row`` as the one line a diff prints (cells capped at ``cap``, and when one
    was cut, the note naming the row's ref, whose read shows it whole); None
    when it does not read as one line. ``named``: as :func:`row_head`."""
    shown = row_cells(row, cap)
    if shown is None:
        return None
    cells, cut = shown
    line = row_line(row_head(row, named=named), cells)
    return f"{line} ({expand_hint(row.ref)})" if cut and row.ref is not None else line


def join_words(pieces: Iterable[str], glued: Collection[tuple[str, str]] = ()) -> str:
    """Inline pieces as one text: a space between words, none before ``,`` or after
    ``(``, and none where the page runs the two words together (``glued``).

    >>> glued = {("logs.", "retention"), ("retention", "_days")}
    >>> join_words(["logs.", "retention", "_days"], glued)
    'logs.retention_days'
    >>> join_words(["see", "the", "docs", "."])
    'see the docs.'
    """
    out = last = ""
    for piece in pieces:
        piece = piece.strip()
        if not piece:
            continue
        if (
            out
            and not piece.startswith(_NO_SPACE_BEFORE)
            and not out.endswith(_NO_SPACE_AFTER)
            and (last, piece.split(None, 1)[0]) not in glued
        ):
            out += " "
        out += piece
        last = piece.rsplit(None, 1)[-1]  # the page's word, not what it was glued to
    return out


def _cell(cell: Node, cap: int, glued: Collection[tuple[str, str]]) -> tuple[str, bool] | None:
    """What one cell shows on its row's line, and whether its words were cut."""
    if not cell.children:
        own = cell.text if cell.text is not None else cell.name or ""
        text, cut = _words([own], cap, glued)
        return _own_ref(cell, text, controls=False), cut
    pieces: list[str] = []
    words: list[str] = []
    cut = controls = False
    if cell.text:
        words.append(cell.text)
    stack = list(reversed(cell.children))
    while stack:
        node = stack.pop()
        if node.opaque or node.role in _NESTED:
            return None
        node = _through_box(node)
        if actionable(node) and node.role not in CELLS:
            if words:
                text, clipped = _words(words, cap, glued)
                pieces.append(text)
                cut, words = cut or clipped, []
            pieces.append(_control(node, cap))
            controls = True
            # Whatever one acts on inside it stays addressable too.
            stack.extend(reversed([n for n in node.walk() if n is not node and actionable(n)]))
            continue
        if node.name and not node.children and node.text is None and node.role not in _WORDS:
            words.append(f'{node.role} "{node.name}"' if node.role != "generic" else node.name)
        elif node.text is not None or (node.name and not node.children):
            words.append(node.text if node.text is not None else node.name or "")
        stack.extend(reversed(node.children))
        if len(pieces) + bool(words) > MAX_PIECES:
            return None
    if words:
        text, clipped = _words(words, cap, glued)
        pieces.append(text)
        cut = cut or clipped
    if len(pieces) > MAX_PIECES:
        return None
    if cell.name and (not pieces or not content_named(cell)):
        # A name of its own (an aria-label) says what the cell holds: first.
        text, clipped = _words([cell.name], cap, glued)
        pieces.insert(0, f"{text}:" if pieces else text)
        cut = cut or clipped
    return _own_ref(cell, " ".join(pieces), controls=controls), cut


# Roles whose name is words of the page (printed bare), not a label for a thing.
_WORDS = frozenset(
    {"cell", "columnheader", "rowheader", "gridcell", "paragraph", "heading", "listitem"}
)


def _words(words: list[str], cap: int, glued: Collection[tuple[str, str]]) -> tuple[str, bool]:
    text = join_words(words, glued)
    if len(text) > cap:
        return text[: cap - 1] + "…", True
    if "|" in text:
        text = json.dumps(text, ensure_ascii=False)  # a bar of its own is not a column
    return text, False


def _control(node: Node, cap: int) -> str:
    """An element one acts on, as its line prints it (without bullet, URL or cursor hint)."""
    name = node.name if node.name is None or len(node.name) <= cap else node.name[: cap - 1] + "…"
    # Focus is the diff's ``focus:`` line, and a link or button is something to
    # click whatever the cursor hint says.
    pointer = node.role in ACTIONABLE
    attributes = tuple(
        a for a in node.attributes if a[0] != "active" and not (pointer and a == _POINTER)
    )
    text = node.text
    if text is not None and len(text) > cap:
        text = text[: cap - 1] + "…"
    line = Node.create(node.role, name, attributes=attributes, ref=node.ref, text=text).line
    return line[2:]


def _through_box(node: Node) -> Node:
    """A clickable box (a ``generic`` with a pointer cursor, no words of its own)
    around one control that has no ref is that control, acted on through the
    box's ref; any other node is itself.

    Playwright gives no ref to a control one cannot hit (a custom checkbox's
    input, hidden under the box drawn for it): the box is what takes the
    click, and the control says what it is.
    """
    if (
        node.role != "generic"
        or node.ref is None
        or node.name
        or node.text is not None
        or ("cursor", "pointer") not in node.attributes
        or len(node.children) != 1
    ):
        return node
    only = node.children[0]
    if only.role not in ACTIONABLE or only.ref is not None or only.children or only.opaque:
        return node
    attributes = [a for a in only.attributes if a[0] != "cursor"]
    return Node.create(only.role, only.name, attributes=attributes, ref=node.ref, text=only.text)


def _own_ref(cell: Node, text: str, *, controls: bool) -> str:
    """A cell one acts on itself (a grid cell, a clickable cell) names its ref.

    Not when it holds a control (a link, a checkbox): that control's ref is
    what one acts on there, printed already. Nor when a grid cell shows no
    value (empty, or only a dash standing for none) and nothing marks it as
    a target (no pointer cursor, no state): every row of a wide grid has
    several, and the full outline keeps their refs.
    """
    if cell.ref is None or not actionable(cell) or controls:
        return text
    if cell.role == "gridcell" and not cell.attributes and not any(map(str.isalnum, text)):
        return text
    return f"{text} [ref={cell.ref}]".lstrip()
