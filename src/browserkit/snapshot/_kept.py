"""Which old refs still name an element after the page rebuilt it with the same content.

A framework that re-renders a list replaces its elements with new ones that
look the same; Playwright gives them new refs. An old ref is *kept* (it keeps
working, naming the new element) only when nothing about the match is a
guess:

- its node and the new one sit under parents that are certainly the same:
  the top of the page, the same ref (the same element), or a pair found
  this way one level up (kept, or the one child of its role and name on
  both sides);
- the two subtrees print exactly the same but for refs and the
  ``[cursor]``/``[active]`` hints, and no sibling on either side prints the
  same: two identical "Buy milk" items are never told apart, so neither is
  kept;
- the same holds all the way down: a node inside a kept item is kept only
  when it is the one of its shape in its item (two "Edit" buttons are not);
- the diff paired the two nodes itself, under the same parents, and the old
  ref is printed nowhere in the new outline (nor the new ref in the old one).

Only main-frame refs (``e12``) are kept: an iframe that loads a new document
numbers its refs from the start again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import TypeGuard

from browserkit.snapshot._changes import ChangedNode
from browserkit.snapshot._parse import Node, Outline
from browserkit.snapshot._render import content_key

__all__ = ["kept_refs"]


def _main(ref: str | None) -> TypeGuard[str]:
    """A main-frame ref (``e12``; an iframe's is ``f1e12``)."""
    return ref is not None and ref[:1] == "e" and ref[1:].isdigit()


def kept_refs(
    old: Outline, new: Outline, changed: Iterable[ChangedNode]
) -> tuple[tuple[str, str], ...]:
    """``(old ref, new ref)`` for each element rebuilt with the same content at the
    same place (see the module docstring).

    ``changed`` are the diff's entries for ``old`` → ``new``; only pairs it made
    can be kept.
    """
    wanted = {(c.old_ref, c.ref) for c in changed if _renamed(c)}
    if not wanted:
        return ()
    old_refs, new_refs = _refs(old.children), _refs(new.children)
    shapes = _Shapes()
    kept: list[tuple[str, str]] = []
    todo: list[tuple[Sequence[Node], Sequence[Node]]] = [(old.children, new.children)]
    while todo:
        olds, news = todo.pop()
        for o, n, same in _pairs(olds, news, shapes):
            pair = (o.ref, n.ref)
            if (
                same
                and pair in wanted
                and old_refs[o.ref or ""] == 1
                and new_refs[n.ref or ""] == 1
                and (n.ref or "") not in old_refs
                and (o.ref or "") not in new_refs
            ):
                kept.append((o.ref or "", n.ref or ""))
            if o.children and n.children:
                todo.append((o.children, n.children))
    return tuple(kept)


def _renamed(c: ChangedNode) -> bool:
    """A node the diff paired with a new ref, in the same parent: one that may be kept."""
    return (
        not c.moved
        and c.ref != c.old_ref
        and c.ref is not None
        and c.old_ref is not None
        and _main(c.ref)
        and _main(c.old_ref)
    )


def _refs(nodes: Sequence[Node]) -> Counter[str]:
    """How many times each main-frame ref is printed under ``nodes``."""
    count: Counter[str] = Counter()
    stack = list(nodes)
    while stack:
        node = stack.pop()
        ref = node.ref
        if _main(ref):
            count[ref] += 1
        stack.extend(node.children)
    return count


def _pairs(
    olds: Sequence[Node], news: Sequence[Node], shapes: _Shapes
) -> Iterator[tuple[Node, Node, bool]]:
    """Children of two certainly-same parents that are certainly the same, and whether
    their whole subtrees print the same.

    Certainly the same: the same ref, or the one child with that subtree (else
    that role, name and text) among all the children on each side. Never by
    elimination: an item that changed is not paired with the one left over.
    """
    if len(olds) == 1 and len(news) == 1:
        # The common case inside an item: one child each side.
        o, n = olds[0], news[0]
        if o.ref == n.ref and _main(o.ref):
            yield o, n, shapes.of(o) == shapes.of(n)
        elif shapes.of(o) == shapes.of(n):
            yield o, n, True
        elif _own_key(o) == _own_key(n):
            yield o, n, False
        return
    at_ref = {n.ref: j for j, n in enumerate(news) if _main(n.ref)}
    paired_old: set[int] = set()
    paired_new: set[int] = set()
    for i, o in enumerate(olds):
        j = at_ref.get(o.ref) if o.ref else None
        if j is not None:
            paired_old.add(i)
            paired_new.add(j)
            yield o, news[j], shapes.of(o) == shapes.of(news[j])
    passes: tuple[tuple[Callable[[Node], Hashable], bool], ...] = (
        (shapes.of, True),
        (_own_key, False),
    )
    for key, same in passes:
        if len(paired_old) == len(olds) or len(paired_new) == len(news):
            return
        old_keys = [key(o) for o in olds]
        once = {k for k, count in Counter(old_keys).items() if count == 1}
        new_at: dict[Hashable, int] = {}
        for j, n in enumerate(news):
            k = key(n)
            if k in once:
                # A second one on the new side: not unique there (-1).
                new_at[k] = -1 if k in new_at else j
        for i, k in enumerate(old_keys):
            j = new_at.get(k, -1)
            if i in paired_old or j < 0 or j in paired_new:
                continue
            paired_old.add(i)
            paired_new.add(j)
            yield olds[i], news[j], same


def _own_key(node: Node) -> Hashable:
    """What a node's own line shows (role, name, text, states), refs and hints left out."""
    return content_key(node)


class _Shapes:
    """What a subtree prints but for refs and hints, as one number: equal numbers,
    equal subtrees (exactly: each number stands for one distinct shape)."""

    def __init__(self) -> None:
        self._ids: dict[tuple[Hashable, tuple[int, ...]], int] = {}
        # By the node's identity: parse() shares a node between outlines that
        # print the same childless line, and a shared node has one shape.
        self._of: dict[int, int] = {}

    def of(self, node: Node) -> int:
        known = self._of.get(id(node))
        if known is not None:
            return known
        # Children before parents, without recursion (outlines can be deep).
        order: list[Node] = []
        stack = [node]
        while stack:
            y = stack.pop()
            if id(y) not in self._of:
                order.append(y)
                stack.extend(y.children)
        for y in reversed(order):
            key = (content_key(y), tuple(self._of[id(k)] for k in y.children))
            self._of[id(y)] = self._ids.setdefault(key, len(self._ids))
        return self._of[id(node)]
