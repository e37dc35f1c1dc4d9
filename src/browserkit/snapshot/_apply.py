"""Replaying a diff on the outline it was computed from (:func:`apply`).

The inverse of :func:`~browserkit.snapshot.diff`: ``apply(old, diff(old, new))``
equals ``new``. Entries are indexed by the paths they name, and the new
outline is rebuilt with an explicit stack, sharing every untouched subtree
with ``old``.
"""

from __future__ import annotations

import attrs

from browserkit.snapshot._changes import AddedNode, ChangedNode, SnapshotDiff
from browserkit.snapshot._parse import Node, Outline

__all__ = ["apply"]

_Path = tuple[int, ...]


def apply(old: Outline, d: SnapshotDiff) -> Outline:
    """Replay a diff on the outline it was computed from; returns the new outline.

    Raises ValueError when the diff does not fit ``old`` (it was computed
    from another outline). Subtrees the diff does not touch are shared with
    ``old``, not copied.
    """
    if d.empty:
        return old
    plan = _Plan(old, d)
    # An explicit stack instead of recursion: outlines of real pages can nest deeply.
    frames = [_Frame((), plan.slots(Node("", children=old.children), (), ()))]
    result: tuple[Node, ...] = ()
    while frames:
        frame = frames[-1]
        if frame.pos == len(frame.slots):
            frames.pop()
            kids = tuple(frame.out)
            if not frames:
                result = kids
                break
            parent = frames[-1]
            assert parent.pending is not None
            head, change = parent.pending
            parent.pending = None
            parent.out.append(_rebuilt(head, change, kids))
            parent.pos += 1
            continue
        slot = frame.slots[frame.pos]
        new_path = (*frame.new_path, frame.pos)
        if isinstance(slot, Node):
            frame.out.append(slot)
            frame.pos += 1
        elif isinstance(slot, AddedNode):
            frame.pending = (slot.node, None)
            frames.append(_Frame(new_path, plan.slots(None, None, new_path)))
        else:
            before, old_path = slot
            change = plan.changed_at.get(old_path)
            if change is not None:
                plan.check_change(change, before, new_path)
            if old_path in plan.touched_old or new_path in plan.touched_new:
                frame.pending = (before, change)
                frames.append(_Frame(new_path, plan.slots(before, old_path, new_path)))
            else:
                frame.out.append(_rebuilt(before, change, before.children))
                frame.pos += 1
    plan.check_used()
    return Outline(result)


# A new child: a complete node to insert, a shallow added node whose children
# come from entries, or an old node with its old path.
_Slot = Node | AddedNode | tuple[Node, _Path]


@attrs.define
class _Frame:
    new_path: _Path
    slots: list[_Slot]
    out: list[Node] = attrs.field(factory=list)
    pos: int = 0
    pending: tuple[Node, ChangedNode | None] | None = None


class _Plan:
    """The diff's entries indexed by where they apply."""

    def __init__(self, old: Outline, d: SnapshotDiff) -> None:
        self.old = old
        self.removed_at: dict[_Path, dict[int, str]] = {}
        self.added_at: dict[_Path, dict[int, AddedNode]] = {}
        self.moved_in: dict[_Path, dict[int, ChangedNode]] = {}
        self.moved_out: dict[_Path, set[int]] = {}
        self.changed_at: dict[_Path, ChangedNode] = {}
        self.touched_old: set[_Path] = set()
        self.touched_new: set[_Path] = set()
        removed_paths = {gone.path for gone in d.removed}
        # Entries whose parent was removed too only describe what went with it.
        top_removed = 0
        for gone in d.removed:
            if gone.path[:-1] in removed_paths:
                continue
            top_removed += 1
            self.removed_at.setdefault(gone.path[:-1], {})[gone.path[-1]] = gone.line
            _add_prefixes(self.touched_old, gone.path)
        for new in d.added:
            self.added_at.setdefault(new.path[:-1], {})[new.path[-1]] = new
            _add_prefixes(self.touched_new, new.path)
        for change in d.changed:
            self.changed_at[change.old_path] = change
            _add_prefixes(self.touched_old, change.old_path)
            _add_prefixes(self.touched_new, change.path)
            if change.moved:
                self.moved_in.setdefault(change.path[:-1], {})[change.path[-1]] = change
                self.moved_out.setdefault(change.old_path[:-1], set()).add(change.old_path[-1])
        self.expected = (top_removed, len(d.added), len(d.changed))
        self.used = [0, 0, 0]

    def slots(self, before: Node | None, old_path: _Path | None, new_path: _Path) -> list[_Slot]:
        """The children of the new node at ``new_path``, in order.

        ``before`` is its old counterpart at ``old_path`` (None for a shallow
        added node, whose children all come from entries).
        """
        stay: list[tuple[Node, _Path]] = []
        if before is not None and old_path is not None:
            kids = before.children
            removed = self.removed_at.get(old_path, {})
            for i, line in removed.items():
                if not 0 <= i < len(kids) or kids[i].line != line:
                    raise _mismatch(f"no removed line {line!r} at {(*old_path, i)}")
            self.used[0] += len(removed)
            out = self.moved_out.get(old_path, set())
            stay = [
                (kid, (*old_path, i))
                for i, kid in enumerate(kids)
                if i not in removed and i not in out
            ]
        added = self.added_at.get(new_path, {})
        moved = self.moved_in.get(new_path, {})
        slots: list[_Slot | None] = [None] * (len(stay) + len(added) + len(moved))
        for j, entry in added.items():
            if not 0 <= j < len(slots) or slots[j] is not None:
                raise _mismatch(f"added node at {(*new_path, j)} does not fit")
            slots[j] = entry if entry.shallow else entry.node
        self.used[1] += len(added)
        for j, change in moved.items():
            if not 0 <= j < len(slots) or slots[j] is not None:
                raise _mismatch(f"moved node at {(*new_path, j)} does not fit")
            slots[j] = (self.resolve(change.old_path), change.old_path)
        rest = iter(stay)
        return [slot if slot is not None else next(rest) for slot in slots]

    def resolve(self, path: _Path) -> Node:
        kids = self.old.children
        node: Node | None = None
        for i in path:
            if not 0 <= i < len(kids):
                raise _mismatch(f"no node at {path}")
            node = kids[i]
            kids = node.children
        if node is None:
            raise _mismatch("empty path")
        return node

    def check_change(self, change: ChangedNode, before: Node, new_path: _Path) -> None:
        if change.old_line != before.line or change.path != new_path:
            raise _mismatch(f"changed line {change.old_line!r} is not at {change.old_path}")
        self.used[2] += 1

    def check_used(self) -> None:
        if tuple(self.used) != self.expected:
            raise _mismatch("some entries point at nodes that are not there")


def _add_prefixes(into: set[_Path], path: _Path) -> None:
    for end in range(len(path)):
        into.add(path[:end])


def _rebuilt(before: Node, change: ChangedNode | None, kids: tuple[Node, ...]) -> Node:
    if change is not None:
        return Node.from_line(change.line, prop_lines=change.prop_lines, children=kids)
    if kids is before.children:
        return before
    return attrs.evolve(before, children=kids)


def _mismatch(detail: str) -> ValueError:
    return ValueError(f"diff does not apply to this outline: {detail}")
