"""Reading outline lines for the diff: what a node shows apart from its ref, and
an added subtree cut by meaning rather than by line count.

Pure functions over :class:`~browserkit.snapshot.Node`. ``_diff`` uses
:func:`content_key` to pair nodes; ``_changes`` uses the rest to print a
diff. Nothing here knows about diff entries, so both can import it.

An added block is printed under a character budget. Before anything is cut,
unnamed ref-less wrappers (``generic``, ``none``, ``presentation``) are
hoisted away and ``generic "X"`` around a lone ``button "X"`` is printed as
the button. When the block is still too long, lines go in this order, each
step only if the previous one did not make it fit:

1. wrappers that have a ref but no name, text or pointer cursor;
2. property lines (``/url: ...``);
3. other unnamed, textless containers (``list``, ``listitem`` holding
   elements);
4. all but the first few of a long run of similar siblings
   (``… 95 more row``);
5. the tail (``… 12 more lines``).

So text, values and elements with refs are never dropped while a layout line
that holds them is still printed.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import groupby

import attrs

from browserkit.snapshot._compacted import expand_hint
from browserkit.snapshot._parse import Node
from browserkit.snapshot._roles import INLINE, LAYOUT, actionable, content_named, shows_ref, unref
from browserkit.snapshot._rows import one_line, own_name

__all__ = [
    "LAYOUT_ROLES",
    "WHOLE_TEXT",
    "clip",
    "content_key",
    "has_focus",
    "subtree_lines",
    "whole_text",
]

# Roles that only group other nodes: an unnamed one says nothing about what it holds.
LAYOUT_ROLES = frozenset({"generic", "none", "presentation"})

# Playwright prints these next to the ref; they describe pointer and focus, not content.
_HINTS = frozenset({"cursor", "active"})

WHOLE_TEXT = 2000
"""Characters of a text an action just caused (a response body that appeared
after a click) that its diff line shows whole, about 500 tokens; a longer one
is cut there with a note naming the ref whose snapshot reads it all."""

# A long run of similar siblings keeps this many before ``… N more <role>``:
# enough to show the row shape and the first entries, few enough that a
# 100-row table added by one action costs a handful of lines.
RUN_KEEP = 5

# What a printed line is, in the order lines are dropped to fit a budget.
_WRAPPER, _PROP, _CONTAINER, _CONTENT = range(4)


def content_key(node: Node, ignore: frozenset[str] = _HINTS) -> Hashable:
    """What a node shows, leaving out its ref and the bracket hints named in ``ignore``.

    Two nodes with equal keys print the same line but for those; a list that
    a framework re-rendered has every item equal to its old self this way.
    """
    if node.opaque:
        return (node.line, node.prop_lines)
    shown = tuple(attr for attr in node.attributes if attr[0] not in ignore)
    return (node.role, node.name, shown, node.text, node.prop_lines)


def has_focus(node: Node) -> bool:
    """True when the line carries ``[active]`` (the focused element, or a frame holding it)."""
    return any(key == "active" for key, _ in node.attributes)


def clip(text: str, limit: int) -> str:
    """``text`` shortened to ``limit`` characters, with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def whole_text(node: Node, ref: str | None) -> tuple[Node, str]:
    """``node`` with its text cut at :data:`WHOLE_TEXT` characters, and the note that
    says how to read the rest (``ref``: the node's, or its nearest ancestor's);
    ``node`` itself and ``""`` when its text fits."""
    text = node.text
    if node.opaque or text is None or len(text) <= WHOLE_TEXT:
        return node, ""
    short = text[: WHOLE_TEXT - 1] + "…"
    try:
        if node.role == "text":
            made = Node.create("text", text=short)
        else:
            made = Node.create(
                node.role, node.name, attributes=node.attributes, ref=node.ref, text=short
            )
    except ValueError:  # text beside properties: not what Playwright prints
        return node, ""
    return made, f" {len(text) - WHOLE_TEXT + 1} more chars ({expand_hint(ref)})"


@attrs.define
class _Row:
    text: str  # the outline line without indentation
    tier: int
    parent: int  # index of the row it is printed under; -1 for the added node itself
    node: Node | None  # None for a property line
    dropped: bool = False  # not printed; its children move up a level
    hidden: bool = False  # not printed, nor anything under it
    marker: str | None = None  # printed instead of the row (a collapsed run)
    weight: int = 1  # rows this one stands for when counted as cut
    wide: bool = False  # not clipped to a line: a table row's (cells capped), a caused text
    extra: int = 0  # characters past a line's length a caused text may add to the block


def subtree_lines(
    node: Node, *, max_chars: int, max_lines: int, line_chars: int
) -> tuple[list[str], str]:
    """The lines printed under an added node, and a note on what was left out.

    Lines are indented for the diff (children of ``node`` by four spaces).
    Their total length stays within ``max_chars`` and their number within
    ``max_lines``, plus one ``… N more lines`` line when the tail is cut. A
    collapsed run and a cut tail name the ref whose snapshot shows them.
    The note is ``""`` or says how many layout and property lines were
    omitted to fit.
    """
    rows = _rows(node, line_chars)
    if not rows:
        return [], ""
    # A text the action caused reads whole (up to WHOLE_TEXT), not cut by the block's bound.
    max_chars += sum(row.extra for row in rows)
    omitted = {_WRAPPER: 0, _PROP: 0, _CONTAINER: 0}

    def fits() -> bool:
        lines = _print(rows, line_chars)
        return len(lines) <= max_lines and sum(len(line) + 1 for line in lines) <= max_chars

    for tier in (_WRAPPER, _PROP, _CONTAINER):
        if fits():
            break
        for row in rows:
            if row.tier == tier:
                row.dropped = True
                omitted[tier] += 1
    if not fits():
        _collapse_runs(rows, node.ref)
    lines = _cut(rows, max_chars, max_lines, line_chars, node.ref)
    layout, props = omitted[_WRAPPER] + omitted[_CONTAINER], omitted[_PROP]
    notes = [
        f"{count} {kind} line{'s' if count > 1 else ''}"
        for count, kind in ((layout, "layout"), (props, "property"))
        if count
    ]
    return lines, " and ".join(notes) + " omitted" if notes else ""


def _rows(top: Node, line_chars: int) -> list[_Row]:
    """The subtree under ``top`` in document order, bare wrappers hoisted and pairs merged."""
    rows = [_Row(prop, _PROP, -1, None) for prop in top.prop_lines]
    # Each node with the nearest ref at or above it (a cut text's note names it).
    stack: list[tuple[Node, int, str | None]] = [
        (child, -1, child.ref or top.ref) for child in reversed(_joined(top.children))
    ]
    names: set[str] = set()  # row names printed (see own_name): once per block
    while stack:
        node, parent, anchor = stack.pop()
        if _bare_wrapper(node):
            stack.extend((child, parent, child.ref or anchor) for child in reversed(node.children))
            continue
        node = _merged(node)
        at = len(rows)
        line = None
        if node.role == "row":
            name = own_name(node)
            line = one_line(node, named=name not in names)
            if line is not None and name is not None:
                names.add(name)
        if line is not None:  # a table row: one line, its cells in order
            rows.append(_Row(line, _CONTENT, parent, node, wide=True))
            continue
        # As in a compact outline: no ref where nothing acts on it or reads from it.
        text = node.line.strip() if node.opaque else _shown_line(node)
        long = node.text is not None and len(text) > line_chars and not node.opaque
        if long:  # a text the action caused: whole, up to WHOLE_TEXT
            made, note = whole_text(node, node.ref or anchor)
            text = _shown_line(made) + note
        extra = max(0, len(text) - line_chars) if long else 0
        rows.append(_Row(text, _tier(node), parent, node, wide=long, extra=extra))
        rows.extend(_Row(prop, _PROP, at, None) for prop in node.prop_lines)
        stack.extend(
            (child, at, child.ref or node.ref or anchor)
            for child in reversed(_joined(node.children))
        )
    return rows


def _joined(children: tuple[Node, ...]) -> list[Node]:
    """``children`` with each run of two or more bare pieces of text (spans,
    ``strong``, a ``generic`` holding a word) as one text line, as a compact
    outline prints them."""
    out: list[Node] = []
    for pieces, group in groupby(children, key=_piece):
        run = list(group)
        words = " ".join(w for w in ((n.text or n.name or "").strip() for n in run) if w)
        if pieces and len(run) > 1 and words:
            out.append(Node.create("text", text=words))
        else:
            out.extend(run)
    return out


def _piece(node: Node) -> bool:
    return (
        node.role in INLINE
        and not (node.children or node.prop_lines or node.opaque or actionable(node))
        and bool(node.text or node.name)
    )


def _shown_line(node: Node) -> str:
    """``node``'s line as an agent reads it: no ref nothing acts on, no name that
    its children repeat."""
    if not content_named(node):
        return unref(node)
    ref = node.ref if shows_ref(node) else None
    try:
        return Node.create(
            node.role, None, attributes=node.attributes, ref=ref, children=node.children
        ).line
    except ValueError:
        return unref(node)


def _bare_wrapper(node: Node) -> bool:
    """An unnamed layout node with no printed ref, text or hint: printing it tells nothing."""
    return (
        node.role in LAYOUT
        and not node.opaque
        and not node.name
        and (node.ref is None or not shows_ref(node))
        and node.text is None
        and not node.prop_lines
        and not node.attributes
    )


def _merged(node: Node) -> Node:
    """``generic "X"`` around a lone ``button "X"`` is the button, printed once."""
    while (
        node.role in LAYOUT_ROLES
        and node.name
        and len(node.children) == 1
        and node.text is None
        and not node.prop_lines
        and node.children[0].name == node.name
        and (node.children[0].ref is not None or node.ref is None)
    ):
        node = node.children[0]
    return node


def _tier(node: Node) -> int:
    if node.opaque or node.name or node.text is not None or node.prop_lines:
        return _CONTENT
    if not node.children:
        return _CONTENT
    if node.role in LAYOUT_ROLES and not any(key == "cursor" for key, _ in node.attributes):
        return _WRAPPER
    return _CONTAINER


def _print(rows: list[_Row], line_chars: int) -> list[str]:
    return [line for _, line in _printed(rows, line_chars)]


def _printed(rows: list[_Row], line_chars: int) -> list[tuple[int, str]]:
    """(row index, printed line) for each row that shows, indented by its shown ancestors."""
    out: list[tuple[int, int, str]] = []  # row, depth, text
    # base[i]: depth of what is printed under row i; gone[i]: row i is hidden with its subtree.
    base = [0] * len(rows)
    gone = [False] * len(rows)
    for i, row in enumerate(rows):
        up = base[row.parent] if row.parent >= 0 else 0
        gone[i] = row.hidden or (row.parent >= 0 and gone[row.parent])
        if row.marker is not None:
            out.append((i, up + 1, row.marker))
        elif gone[i]:
            continue
        elif row.dropped:
            base[i] = up
        else:
            base[i] = up + 1
            out.append((i, up + 1, row.text))
    printed: list[tuple[int, str]] = []
    for k, (i, depth, text) in enumerate(out):
        # A block opener whose content was all left out reads as a plain line.
        opener = rows[i].node is not None and text.endswith(":") and not rows[i].marker
        if opener and (k + 1 == len(out) or out[k + 1][1] <= depth):
            text = text[:-1]
        shown = text if rows[i].wide else clip(text, line_chars)
        printed.append((i, "  " * (depth + 1) + shown))
    return printed


def _holder(rows: list[_Row], i: int, top: str | None) -> str | None:
    """The nearest ref above row ``i`` (the added node's, ``top``, at last)."""
    at = rows[i].parent
    while at >= 0:
        node = rows[at].node
        if node is not None and node.ref is not None:
            return node.ref
        at = rows[at].parent
    return top


def _more(text: str, ref: str | None) -> str:
    return text if ref is None else f"{text} ({expand_hint(ref)})"


def _collapse_runs(rows: list[_Row], top: str | None) -> None:
    """Hide all but the first few of each long run of similar siblings."""
    runs: dict[int, tuple[Hashable, list[int]]] = {}  # parent -> (shape, current run)
    found: list[list[int]] = []
    for i, row in enumerate(rows):
        shape = _shape(row)
        key, run = runs.get(row.parent, (None, []))
        if shape is not None and shape == key:
            run.append(i)
            continue
        if len(run) > RUN_KEEP + 1:
            found.append(run)
        runs[row.parent] = (shape, [i])
    found.extend(run for _, run in runs.values() if len(run) > RUN_KEEP + 1)
    sizes = _sizes(rows)
    for run in found:
        first = run[RUN_KEEP]
        for i in run[RUN_KEEP:]:
            rows[i].hidden = True
        node = rows[first].node
        role = node.role if node is not None else "line"
        rows[first].marker = _more(
            f"… {len(run) - RUN_KEEP} more {role}", _holder(rows, first, top)
        )
        rows[first].weight = sum(sizes[i] for i in run[RUN_KEEP:])


def _shape(row: _Row) -> Hashable:
    """Siblings with equal shapes form a run; None for rows that never do.

    Text and unnamed leaf wrappers are left alone: an editor prints one code
    line as a run of coloured spans, which is content, not a list.
    """
    node = row.node
    if node is None or node.opaque or node.role == "text":
        return None
    if node.role in LAYOUT_ROLES and not node.children:
        return None
    return (node.role, node.ref is None, tuple(child.role for child in node.children))


def _sizes(rows: list[_Row]) -> list[int]:
    sizes = [1] * len(rows)
    for i in range(len(rows) - 1, -1, -1):
        if rows[i].parent >= 0:
            sizes[rows[i].parent] += sizes[i]
    return sizes


def _cut(
    rows: list[_Row], max_chars: int, max_lines: int, line_chars: int, top: str | None
) -> list[str]:
    printed = _printed(rows, line_chars)
    lines: list[str] = []
    used = 0
    for shown, (_, line) in enumerate(printed):
        if shown >= max_lines or used + len(line) + 1 > max_chars:
            rest = sum(rows[i].weight for i, _ in printed[shown:])
            last = lines[-1] if lines else "    "
            indent = last[: len(last) - len(last.lstrip(" "))]
            lines.append(indent + _more(f"… {rest} more line{'s' if rest > 1 else ''}", top))
            break
        lines.append(line)
        used += len(line) + 1
    return lines
