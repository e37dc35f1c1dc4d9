"""What changed between two outlines, in refs, and how to replay it.

Matching: a ref printed once in each outline pairs those two nodes wherever
they are (an element keeps its ref while its role and name stay). Then, under
every pair of matched parents, the children left over between two in-order
pairs are paired by position, most certain first, each pass only between the
pairs the earlier ones made:

1. subtrees that print the same but for refs and the ``[cursor]``/``[active]``
   hints (unchanged, or rebuilt by a framework with the same content: a
   re-rendered list item pairs with its old self, not with its neighbour);
2. identical lines;
3. lines identical but for the ref and those hints;
4. two ref-less nodes of the same role (a text line and its edited self);
5. two nodes with refs and the same role, unless it is a layout role
   (``generic``, ``none``, ``presentation``): an element renamed by the page,
   which Playwright then prints with a new ref;
6. same role and name, when only one of the two has a ref, again not for
   layout roles: an element that became visible (Playwright prints refs only
   for visible elements, so an empty ``status`` has none until it gets text).

A node with a ref is never paired with a ref-less node by position alone: an
unnamed ``generic`` has no identity but its ref, so ``generic [ref=e118]``
and a new ``generic: Cancel`` in its place are one removal and one addition.

Pairing refs across parents matters on real pages: Playwright leaves out an
unnamed ``generic`` wrapper while it has a single child, so a modal appended
next to a page's only root element makes a wrapper appear around the whole
page. That is reported as one added wrapper, one moved node and the modal,
not as the page removed and added again.

Cost is linear in the size of both outlines (plus a log factor for siblings
that were reordered).
"""

from __future__ import annotations

import json
import weakref
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Hashable
from itertools import pairwise

import attrs

from browserkit.snapshot._changes import (
    AddedNode,
    ChangedNode,
    ChangedRow,
    RemovedNode,
    SnapshotDiff,
)
from browserkit.snapshot._kept import kept_refs
from browserkit.snapshot._parse import Node, Outline
from browserkit.snapshot._render import LAYOUT_ROLES, content_key
from browserkit.snapshot._rows import CELL_CHARS, one_line, row_cells, row_head

__all__ = ["diff"]

_Path = tuple[int, ...]


def diff(old: Outline, new: Outline, *, baseline_generation: int) -> SnapshotDiff:
    """Compare two outlines of the same page and generation.

    ``apply(old, diff(old, new, ...))`` equals ``new``, and diffing an outline
    with itself gives an empty diff.

    >>> from browserkit.snapshot import parse
    >>> d = diff(parse('- button "Buy" [ref=e3]'), parse('- button "Buy" [disabled] [ref=e3]'),
    ...          baseline_generation=1)
    >>> d.changed[0].old_line, d.changed[0].line
    ('- button "Buy" [ref=e3]', '- button "Buy" [disabled] [ref=e3]')
    """
    a, b = _index(old), _index(new)
    # partner_b[x]: id in b of old node x, partner_a[y]: id in a of new node y; -1 if none.
    partner_b = [-1] * len(a.nodes)
    partner_a = [-1] * len(b.nodes)
    partner_b[0] = partner_a[0] = 0
    for ref, y in b.by_ref.items():
        x = a.by_ref.get(ref, -1)
        if x > 0:
            partner_b[x] = y
            partner_a[y] = x
    reordered: set[int] = set()
    # Pre-order: pairs made among children are visited after their parents.
    for y in range(len(b.nodes)):
        x = partner_a[y]
        if x >= 0 and a.kids[x] and b.kids[y]:
            _match_children(a, b, x, y, partner_b, partner_a, reordered)

    added: list[AddedNode] = []
    changed: list[ChangedNode] = []
    unchanged = 0
    touched: list[int] = []  # nodes of the new outline with an entry
    b_wraps = _wraps_matched(b, partner_a)
    for y in range(1, len(b.nodes)):
        x = partner_a[y]
        node = b.nodes[y]
        parent = b.parent[y]
        if x < 0:
            # Reported with the enclosing added node unless that one is shallow.
            if partner_a[parent] < 0 and not b_wraps[parent]:
                continue
            shallow = b_wraps[y]
            touched.append(y)
            added.append(
                AddedNode(
                    line=node.line,
                    ref=node.ref,
                    ancestor_ref=b.anchor_ref(y),
                    ancestor_role=b.anchor_role(y),
                    path=b.path(y),
                    node=attrs.evolve(node, children=()) if shallow else node,
                    shallow=shallow,
                )
            )
            continue
        before = a.nodes[x]
        moved = partner_a[parent] != a.parent[x] or y in reordered
        if moved or before.line != node.line or before.prop_lines != node.prop_lines:
            touched.append(y)
            changed.append(
                ChangedNode(
                    line=node.line,
                    old_line=before.line,
                    ref=node.ref,
                    old_ref=before.ref,
                    ancestor_ref=b.anchor_ref(y),
                    ancestor_role=b.anchor_role(y),
                    path=b.path(y),
                    old_path=a.path(x),
                    prop_lines=node.prop_lines,
                    old_prop_lines=before.prop_lines,
                    moved=moved,
                    old_ancestor_ref=a.anchor_ref(x),
                    near=b.near(y) if node.ref != before.ref else None,
                )
            )
        else:
            unchanged += 1

    removed: list[RemovedNode] = []
    gone: list[int] = []  # nodes of the old outline with an entry
    a_wraps = _wraps_matched(a, partner_b)
    sizes: list[int] | None = None
    for x in range(1, len(a.nodes)):
        if partner_b[x] >= 0:
            continue
        parent = a.parent[x]
        if partner_b[parent] < 0 and not a_wraps[parent]:
            continue
        if sizes is None:
            sizes = a.subtree_sizes()
        node = a.nodes[x]
        gone.append(x)
        removed.append(
            RemovedNode(
                line=node.line,
                ref=node.ref,
                ancestor_ref=a.anchor_ref(x),
                ancestor_role=a.anchor_role(x),
                path=a.path(x),
                nested=0 if a_wraps[x] else sizes[x] - 1,
                row=None if a_wraps[x] or node.role != "row" else one_line(node),
            )
        )
    return SnapshotDiff(
        added=tuple(added),
        removed=tuple(removed),
        changed=tuple(changed),
        unchanged=unchanged,
        baseline_generation=baseline_generation,
        kept=kept_refs(old, new, changed),
        rows=_changed_rows(a, b, partner_a, partner_b, touched, gone),
    )


# -- table rows ----------------------------------------------------------------


def _changed_rows(
    a: _Index,
    b: _Index,
    partner_a: list[int],
    partner_b: list[int],
    touched: list[int],
    gone: list[int],
) -> tuple[ChangedRow, ...]:
    """The rows, present in both outlines, that hold (or are) a change: what the
    text prints as one row line each, in the new outline's order."""
    rows: set[int] = set()
    for y in touched:
        row = _row_at(b, y)
        if row > 0 and partner_a[row] >= 0:
            rows.add(row)
    for x in gone:
        row = _row_at(a, x)
        if row > 0 and partner_b[row] >= 0:
            rows.add(partner_b[row])
    out: list[ChangedRow] = []
    for y in sorted(rows):
        x = partner_a[y]
        new, old = b.nodes[y], a.nodes[x]
        now, before = row_cells(new, CELL_CHARS), row_cells(old, CELL_CHARS)
        if now is None or before is None:
            continue  # not read as one line: its entries speak for it
        out.append(
            ChangedRow(
                head=row_head(new),
                cells=tuple(now[0]),
                old_cells=tuple(before[0]),
                ref=new.ref,
                ancestor_ref=b.anchor_ref(y),
                ancestor_role=b.anchor_role(y),
                path=b.path(y),
                old_path=a.path(x),
                cut=now[1],
            )
        )
    return tuple(out)


def _row_at(index: _Index, x: int) -> int:
    """The innermost table row at or above node ``x`` (0 when there is none)."""
    while x > 0 and index.nodes[x].role != "row":
        x = index.parent[x]
    return x


# -- indexing and matching ---------------------------------------------------


# The indexes of the last outlines diffed: the "after" of one action is the
# "before" of the next, so its index is built once. Weak: an outline that is
# gone is never looked up again.
_RECENT: deque[tuple[weakref.ref[Outline], _Index]] = deque(maxlen=8)


def _index(outline: Outline) -> _Index:
    for held, index in list(_RECENT):
        if held() is outline:
            return index
    index = _Index(outline)
    _RECENT.append((weakref.ref(outline), index))
    return index


def _same_kids(
    a: _Index,
    b: _Index,
    old_kids: list[int],
    new_kids: list[int],
    partner_b: list[int],
    partner_a: list[int],
) -> bool:
    """Pair children that are the same nodes, one for one in order (nothing in
    them changed: :func:`parse` shares a node between outlines that print the
    same childless line); False, pairing nothing, unless all of them are.

    What the passes would pair anyway, found without hashing subtrees.
    """
    if len(old_kids) != len(new_kids):
        return False
    nodes_a, nodes_b = a.nodes, b.nodes
    for c, d in zip(old_kids, new_kids, strict=True):
        if nodes_a[c] is not nodes_b[d]:
            return False
        if partner_b[c] not in (-1, d) or partner_a[d] not in (-1, c):
            return False
    for c, d in zip(old_kids, new_kids, strict=True):
        partner_b[c] = d
        partner_a[d] = c
    return True


def _quoted(words: str) -> str:
    return json.dumps(words if len(words) <= 40 else words[:39] + "…", ensure_ascii=False)


class _Index:
    """An outline flattened in pre-order; id 0 stands for the outline itself."""

    __slots__ = ("anchor", "by_ref", "deep", "kids", "nodes", "parent", "pos")

    def __init__(self, outline: Outline) -> None:
        nodes: list[Node] = [Node("", children=outline.children)]
        parent: list[int] = [-1]
        pos: list[int] = [0]
        kids: list[list[int]] = [[]]
        anchor: list[int] = [0]  # nearest ancestor with a ref, 0 if none
        by_ref: dict[str, int] = {}  # refs printed exactly once
        dupes: set[str] = set()
        stack: list[tuple[Node, int, int]] = [
            (child, 0, k) for k, child in reversed(list(enumerate(outline.children)))
        ]
        # Locals and bound methods: this runs once per node of every outline read.
        push, pop = stack.extend, stack.pop
        add_node, add_parent, add_pos = nodes.append, parent.append, pos.append
        add_kids, add_anchor = kids.append, anchor.append
        while stack:
            node, up, k = pop()
            x = len(nodes)
            add_node(node)
            add_parent(up)
            add_pos(k)
            add_kids([])
            kids[up].append(x)
            add_anchor(up if up and nodes[up].ref is not None else anchor[up])
            ref = node.ref
            if ref is not None:
                if ref in by_ref:
                    dupes.add(ref)
                by_ref[ref] = x
            children = node.children
            if children:
                push((children[i], x, i) for i in range(len(children) - 1, -1, -1))
        for ref in dupes:
            del by_ref[ref]
        self.nodes, self.parent, self.pos, self.kids = nodes, parent, pos, kids
        self.anchor, self.by_ref = anchor, by_ref
        self.deep: list[int | None] = [None] * len(nodes)  # filled by deep_key()

    def path(self, x: int) -> _Path:
        steps: list[int] = []
        while x > 0:
            steps.append(self.pos[x])
            x = self.parent[x]
        return tuple(reversed(steps))

    def anchor_ref(self, x: int) -> str | None:
        return self.nodes[self.anchor[x]].ref if self.anchor[x] > 0 else None

    def anchor_role(self, x: int) -> str | None:
        return self.nodes[self.anchor[x]].role if self.anchor[x] > 0 else None

    def deep_key(self, x: int) -> int:
        """A hash of what the subtree under ``x`` shows, refs and hints left out.

        Computed on first use for the subtree asked about, bottom-up, and
        kept: linear in the outline however many are asked.
        """
        deep, kids, nodes = self.deep, self.kids, self.nodes
        known = deep[x]
        if known is not None:
            return known
        # Pre-order ids of the subtree not yet known, then settled in reverse.
        order: list[int] = []
        stack = [x]
        while stack:
            y = stack.pop()
            if deep[y] is None:
                order.append(y)
                stack.extend(kids[y])
        for y in reversed(order):
            deep[y] = hash((content_key(nodes[y]), tuple([deep[k] for k in kids[y]])))
        key = deep[x]
        assert key is not None
        return key

    def _words(self, x: int) -> str | None:
        """The first words the subtree under ``x`` shows, itself included."""
        stack = [x]
        while stack:
            y = stack.pop()
            node = self.nodes[y]
            said = node.name or node.text
            if said:
                return said
            stack.extend(reversed(self.kids[y]))
        return None

    def near(self, x: int) -> str | None:
        """What tells a nameless node ``x`` from its like: the words it holds
        (``holds "Add expense"``), else those of what comes before it (``after
        "Description"``); None for a named node or where nothing says."""
        node = self.nodes[x]
        if node.name or node.text:
            return None
        held = next(filter(None, (self._words(k) for k in self.kids[x])), None)
        if held:
            return f"holds {_quoted(held)}"
        siblings = self.kids[self.parent[x]]
        for k in reversed(siblings[: siblings.index(x)]):
            said = self._words(k)
            if said:
                return f"after {_quoted(said)}"
        return None

    def subtree_sizes(self) -> list[int]:
        sizes = [1] * len(self.nodes)
        for x in range(len(self.nodes) - 1, 0, -1):
            sizes[self.parent[x]] += sizes[x]
        return sizes


def _wraps_matched(index: _Index, partner: list[int]) -> list[bool]:
    """For each node: does anything nested under it have a partner in the other outline?"""
    wraps = [False] * len(index.nodes)
    parent = index.parent
    for x in range(len(index.nodes) - 1, 0, -1):
        if wraps[x] or partner[x] >= 0:
            wraps[parent[x]] = True
    return wraps


def _match_children(
    a: _Index,
    b: _Index,
    x: int,
    y: int,
    partner_b: list[int],
    partner_a: list[int],
    reordered: set[int],
) -> None:
    """Pair leftover children of the matched parents ``x`` (old) and ``y`` (new)."""
    old_kids, new_kids = a.kids[x], b.kids[y]
    if _same_kids(a, b, old_kids, new_kids, partner_b, partner_a):
        return
    # Children already paired with each other (by ref), in new order.
    here: list[tuple[int, int]] = []
    for j, c in enumerate(new_kids):
        p = partner_a[c]
        if p > 0 and a.parent[p] == x:
            here.append((a.pos[p], j))
    kept = _increasing(here)
    if len(kept) < len(here):
        kept_set = set(kept)
        reordered.update(new_kids[j] for i, j in here if (i, j) not in kept_set)

    # Unpaired nodes between two kept pairs; a ref printed once on each side is
    # already paired, so these have no ref, a vanished one or a duplicated one.
    prev_i = prev_j = -1
    for end_i, end_j in [*kept, (len(old_kids), len(new_kids))]:
        if end_i - prev_i > 1 and end_j - prev_j > 1:
            old_gap = [c for c in old_kids[prev_i + 1 : end_i] if partner_b[c] < 0]
            new_gap = [d for d in new_kids[prev_j + 1 : end_j] if partner_a[d] < 0]
            if old_gap and new_gap:
                for c, d in _pair_gap(a, b, old_gap, new_gap):
                    partner_b[c] = d
                    partner_a[d] = c
        prev_i, prev_j = end_i, end_j


def _pair_gap(
    a: _Index, b: _Index, old_gap: list[int], new_gap: list[int]
) -> list[tuple[int, int]]:
    """Pair nodes between two in-order pairs, most certain first (see the module docstring)."""
    passes: list[tuple[_Key, _Key]] = [(a.deep_key, b.deep_key)]
    for key in (_line, content_key, _refless_role, _renamed_role, _shown_role):
        passes.append((_keyed(a, key), _keyed(b, key)))
    return _pair_in_order(old_gap, new_gap, passes)


def _keyed(index: _Index, key: Callable[[Node], Hashable]) -> _Key:
    nodes = index.nodes
    return lambda x: key(nodes[x])


def _line(node: Node) -> Hashable:
    return node.line


def _refless_role(node: Node) -> Hashable:
    return node.role if node.ref is None else None


def _renamed_role(node: Node) -> Hashable:
    return node.role if node.ref is not None and node.role not in LAYOUT_ROLES else None


def _shown_role(node: Node) -> Hashable:
    return (node.role, node.name) if node.role not in LAYOUT_ROLES else None


_Key = Callable[[int], Hashable]


def _pair_in_order(
    old_ids: list[int], new_ids: list[int], passes: list[tuple[_Key, _Key]]
) -> list[tuple[int, int]]:
    """Pair by the first pass's keys, then by the next passes between those pairs."""
    if not passes or not old_ids or not new_ids:
        return []
    (old_key, new_key), rest = passes[0], passes[1:]
    pairs = _greedy(old_ids, new_ids, old_key, new_key)
    out = list(pairs)
    o = n = 0
    for end_c, end_d in [*pairs, (-1, -1)]:
        sub_old: list[int] = []
        while o < len(old_ids) and old_ids[o] != end_c:
            sub_old.append(old_ids[o])
            o += 1
        sub_new: list[int] = []
        while n < len(new_ids) and new_ids[n] != end_d:
            sub_new.append(new_ids[n])
            n += 1
        o, n = o + 1, n + 1
        out.extend(_pair_in_order(sub_old, sub_new, rest))
    return out


def _greedy(
    old_ids: list[int],
    new_ids: list[int],
    old_key: _Key,
    new_key: _Key,
) -> list[tuple[int, int]]:
    """Pair ids with equal keys, first come first served, keeping both orders.

    A key of None never pairs.
    """
    queues: dict[Hashable, deque[int]] = {}
    for c in old_ids:
        key = old_key(c)
        if key is not None:
            queues.setdefault(key, deque()).append(c)
    last = -1
    pairs: list[tuple[int, int]] = []
    for d in new_ids:
        key = new_key(d)
        queue = queues.get(key) if key is not None else None
        while queue and queue[0] < last:
            queue.popleft()
        if queue:
            last = queue.popleft()
            pairs.append((last, d))
    return pairs


def _increasing(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of ``(old index, new index)`` pairs whose old indices increase.

    Those siblings kept their order; the others moved.
    """
    if all(p[0] < q[0] for p, q in pairwise(pairs)):
        return pairs
    tail_values: list[int] = []
    tail_at: list[int] = []
    back = [-1] * len(pairs)
    for k, (i, _) in enumerate(pairs):
        x = bisect_left(tail_values, i)
        if x == len(tail_values):
            tail_values.append(i)
            tail_at.append(k)
        else:
            tail_values[x] = i
            tail_at[x] = k
        back[k] = tail_at[x - 1] if x else -1
    keep: list[tuple[int, int]] = []
    k = tail_at[-1] if tail_at else -1
    while k >= 0:
        keep.append(pairs[k])
        k = back[k]
    keep.reverse()
    return keep
