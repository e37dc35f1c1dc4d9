"""What a snapshot diff holds, and the few lines of text a language model reads.

:class:`SnapshotDiff` and its entries are plain values that
:func:`~browserkit.snapshot.diff` computes. Their text form (``str(diff)``,
:func:`render_diff`) lives beside them rather than with the diff algorithm so
that the two modules depend one way only: ``_diff`` builds these values,
nothing here needs ``_diff``.

::

    changes: 3 changed, 1 added, 1 removed; 903 unchanged
    ~ button "Add to cart" [ref=e91] → button "Added ✓" [ref=e609]  # in listitem e90
    ~ link "Docs" [ref=e5]; /url: /v1 → /v2  # in navigation e2
    ~ listitem [ref=e12]: Call mom  # in list e8; moved to position 2
    + status [ref=e608]: 1 item in cart  # in banner e2
    - dialog "Promo" [ref=e7]  # in main e2; 12 nested nodes

Each line is an outline line without its ``- `` bullet: ``~`` changed (old →
new, or just the line when only properties or the position changed), ``+``
added (its subtree indented below it, capped), ``-`` removed. The comment
names the nearest enclosing node with a ref and notes moves; outline lines
never contain an unquoted `` #``, so the comment cannot be mistaken for text.
Changes and additions come in page order, removals last.
"""

from __future__ import annotations

import attrs

from browserkit.snapshot._parse import Node, render

__all__ = ["AddedNode", "ChangedNode", "RemovedNode", "SnapshotDiff", "render_diff"]


@attrs.frozen
class AddedNode:
    """A node that is only in the new outline, with its subtree.

    Attributes:
        line: the node's outline line, without indentation.
        ref: its ref, if it has one.
        ancestor_ref: ref of the nearest enclosing node that has one (None at top level).
        ancestor_role: role of that enclosing node.
        path: child indices from the top of the new outline down to this node.
        node: the added subtree as in the new outline, or, when ``shallow``,
            the node without children.
        shallow: True when part of what is nested under the node existed
            before (it wraps moved nodes); its children then have entries of
            their own (added, or changed with ``moved``).
    """

    line: str
    ref: str | None
    ancestor_ref: str | None
    ancestor_role: str | None
    path: tuple[int, ...]
    node: Node
    shallow: bool = False


@attrs.frozen
class RemovedNode:
    """A node that is only in the old outline.

    Attributes:
        line: the node's outline line, without indentation.
        ref: its ref, if it had one.
        ancestor_ref: ref of the nearest enclosing node that has one, in the old outline.
        ancestor_role: role of that enclosing node.
        path: child indices from the top of the old outline down to this node.
        nested: nodes nested under it that went with it. When some of its
            descendants survive elsewhere (its content moved), this is 0 and
            its other children have entries of their own.
    """

    line: str
    ref: str | None
    ancestor_ref: str | None
    ancestor_role: str | None
    path: tuple[int, ...]
    nested: int


@attrs.frozen
class ChangedNode:
    """A node present in both outlines whose own line or properties changed, or that moved.

    Changes further down have entries of their own.

    Attributes:
        line: the new line, without indentation.
        old_line: the old line.
        ref: the new ref (an element renamed by the page gets a new ref).
        old_ref: the old ref.
        ancestor_ref: ref of the nearest enclosing node that has one, in the new outline.
        ancestor_role: role of that enclosing node.
        path: child indices down to the node in the new outline.
        old_path: child indices down to the node in the old outline.
        prop_lines: the new ``/url``, ``/placeholder`` ... lines.
        old_prop_lines: the old property lines.
        moved: True when it moved to another parent or its siblings were
            reordered around it.
        old_ancestor_ref: ``ancestor_ref`` in the old outline (differs when
            it moved to another part of the page).
    """

    line: str
    old_line: str
    ref: str | None
    old_ref: str | None
    ancestor_ref: str | None
    ancestor_role: str | None
    path: tuple[int, ...]
    old_path: tuple[int, ...]
    prop_lines: tuple[str, ...] = ()
    old_prop_lines: tuple[str, ...] = ()
    moved: bool = False
    old_ancestor_ref: str | None = None


@attrs.frozen
class SnapshotDiff:
    """How an outline changed since a baseline snapshot.

    ``str(diff)`` is a compact text for a model to read (see
    :func:`~browserkit.snapshot.render_diff`);
    :func:`~browserkit.snapshot.apply` replays the diff on the baseline
    outline.

    Attributes:
        added: new subtrees, in document order of the new outline.
        removed: vanished subtrees, in document order of the old outline.
        changed: nodes whose own line or properties changed, or that moved,
            in document order of the new outline.
        unchanged: nodes found in both outlines with the same line and
            properties, in the same place.
        baseline_generation: page generation of the baseline snapshot.
    """

    added: tuple[AddedNode, ...]
    removed: tuple[RemovedNode, ...]
    changed: tuple[ChangedNode, ...]
    unchanged: int
    baseline_generation: int

    @property
    def empty(self) -> bool:
        """True when nothing was added, removed or changed."""
        return not (self.added or self.removed or self.changed)

    def __str__(self) -> str:
        return render_diff(self)

    def _repr_markdown_(self) -> str:
        return f"```\n{self}\n```"


# -- text form ---------------------------------------------------------------

_CONTEXT = 40


def render_diff(
    d: SnapshotDiff,
    *,
    max_lines: int = 80,
    max_subtree_lines: int = 15,
    max_line_chars: int = 240,
) -> str:
    """Render a diff compactly for a model (this is ``str(diff)``).

    Args:
        d: the diff.
        max_lines: total line budget; entries past it are summarised in a
            last line that says how many were left out.
        max_subtree_lines: lines shown under each added node before
            ``… N more lines``.
        max_line_chars: longer lines are shortened around what changed.

    An empty diff renders as ``no changes (N nodes unchanged)``.
    """
    if d.empty:
        return f"no changes ({d.unchanged} nodes unchanged)"
    counts = [
        f"{len(entries)} {label}"
        for entries, label in (
            (d.changed, "changed"),
            (d.added, "added"),
            (d.removed, "removed"),
        )
        if entries
    ]
    out = [f"changes: {', '.join(counts)}; {d.unchanged} unchanged"]
    # Changes and additions in the new outline's order, then removals.
    here: list[ChangedNode | AddedNode] = [*d.changed, *d.added]
    here.sort(key=_new_path)
    blocks = [
        *(
            _changed(e, max_line_chars)
            if isinstance(e, ChangedNode)
            else _added(e, max_subtree_lines, max_line_chars)
            for e in here
        ),
        *(_removed(r, max_line_chars) for r in d.removed),
    ]
    for shown, block in enumerate(blocks):
        # Keep one line free for the summary when something is cut.
        if len(out) + len(block) > max_lines - (shown < len(blocks) - 1):
            left = len(blocks) - shown
            more = f"{left} more change{'s' if left > 1 else ''}"
            out.append(f"… {more} not shown; take a full snapshot")
            break
        out.extend(block)
    return "\n".join(out)


def _changed(c: ChangedNode, limit: int) -> list[str]:
    old, new = _bare(c.old_line), _bare(c.line)
    if old != new:
        old, new = _clip_pair(old, new, limit)
        text = f"~ {old} → {new}"
    else:
        text = f"~ {_clip(new, limit)}"
    if c.prop_lines != c.old_prop_lines:
        text += "".join(
            f"; /{key}: {_clip(before, limit)} → {_clip(after, limit)}"
            for key, before, after in _prop_changes(c.old_prop_lines, c.prop_lines)
        )
    notes = [_where(c.ancestor_role, c.ancestor_ref)]
    if c.moved and c.old_ancestor_ref != c.ancestor_ref:
        notes.append(
            f"moved from {'inside ' + c.old_ancestor_ref if c.old_ancestor_ref else 'top level'}"
        )
    elif c.moved:
        notes.append(f"moved to position {c.path[-1] + 1}")
    return [_with_notes(text, notes)]


def _added(a: AddedNode, max_subtree_lines: int, limit: int) -> list[str]:
    where = _where(a.ancestor_role, a.ancestor_ref)
    if a.shallow:
        head = _clip(_bare(a.line), limit)
        return [_with_notes(f"+ {head}", [where, "wraps nodes listed below"])]
    block = [_with_notes(f"+ {_clip(_bare(a.line, keep_colon=True), limit)}", [where])]
    if a.node.children or a.node.prop_lines:
        below = render(a.node).split("\n")[1:]
        shown = below[:max_subtree_lines]
        block.extend("  " + _clip(line, limit) for line in shown)
        if len(below) > len(shown):
            indent = len(shown[-1]) - len(shown[-1].lstrip(" ")) if shown else 2
            block.append(f"  {' ' * indent}… {len(below) - len(shown)} more lines")
    return block


def _removed(r: RemovedNode, limit: int) -> list[str]:
    notes = [_where(r.ancestor_role, r.ancestor_ref)]
    if r.nested:
        notes.append(f"{r.nested} nested node{'s' if r.nested > 1 else ''}")
    return [_with_notes(f"- {_clip(_bare(r.line), limit)}", notes)]


def _new_path(entry: ChangedNode | AddedNode) -> tuple[int, ...]:
    return entry.path


def _bare(line: str, *, keep_colon: bool = False) -> str:
    """An outline line without its bullet (and without the colon that opens a block)."""
    if not line.startswith("- "):
        return line.strip()
    line = line[2:]
    if not keep_colon and line.endswith(":"):
        line = line[:-1]
    return line


def _where(role: str | None, ref: str | None) -> str:
    if ref is None:
        return ""
    return f"in {role} {ref}" if role else f"in {ref}"


def _with_notes(text: str, notes: list[str]) -> str:
    notes = [note for note in notes if note]
    return f"{text}  # {'; '.join(notes)}" if notes else text


def _prop_changes(old: tuple[str, ...], new: tuple[str, ...]) -> list[tuple[str, str, str]]:
    before = dict(_split_prop(line) for line in old)
    after = dict(_split_prop(line) for line in new)
    keys = list(after) + [key for key in before if key not in after]
    return [
        (key, before.get(key, "(none)"), after.get(key, "(none)"))
        for key in keys
        if before.get(key) != after.get(key)
    ]


def _split_prop(line: str) -> tuple[str, str]:
    body = line[3:] if line.startswith("- /") else line.strip()
    key, _, value = body.partition(": ")
    return key, value


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _clip_pair(old: str, new: str, limit: int) -> tuple[str, str]:
    """Shorten two long lines so the part that differs stays visible."""
    if len(old) <= limit and len(new) <= limit:
        return old, new
    same = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        same += 1
    start = max(0, same - _CONTEXT)
    # Keep the role, name and ref in view when eliding the start of long text.
    key_end = old.find(": ") + 2
    head = old[:key_end] if 1 < key_end <= min(start, limit // 2) else ""
    start = max(start, len(head))

    def cut(text: str) -> str:
        return _clip(head + ("…" if start > len(head) else "") + text[start:], limit)

    return cut(old), cut(new)
