"""An outline focused on one section: what a link to ``page#section`` asks for.

A link to ``concepts.html#generations`` asks for one section of a long page;
the browser scrolls there. :func:`focus_section` keeps that section whole
and folds the prose of the other sections around it, keeping their headings
as a table of contents. Everything outside the heading's container (the
navigation, the footer) is untouched.

The section is the focus heading and the siblings after it, up to the next
heading of the same or a higher level. Each run of folded siblings becomes
one line that names the ref showing it all::

    - … 23 lines of other sections (expand: snapshot(target="e5"))
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from browserkit.snapshot._compacted import expand_hint
from browserkit.snapshot._parse import Node

__all__ = ["focus_section", "same_heading"]

_WORDS = re.compile(r"[\W_]+")


def same_heading(name: str, text: str) -> bool:
    """Whether a heading's accessible ``name`` and the ``text`` of the element a
    fragment names say the same words (a "¶" or "#" link beside them aside)."""
    return _WORDS.sub(" ", name).strip().lower() == _WORDS.sub(" ", text).strip().lower() != ""


def focus_section(
    roots: Sequence[Node], heading: str
) -> tuple[tuple[Node, ...], int, tuple[str, ...]]:
    """``roots`` with the section under the first heading reading ``heading`` kept
    and the other sections around it folded; how many lines were folded; and the
    refs the fold lines name (whose snapshots show what they hid).

    Nothing changes (0 folded) when no heading reads ``heading``.
    """
    path = _find(roots, heading)
    if path is None:
        return tuple(roots), 0, ()
    *above, at = path
    fold = _Folds()
    siblings = above[-1].children if above else tuple(roots)
    if not above or siblings[0] is not at:
        # Flat sections: a heading and the siblings after it, up to the next
        # heading of its level (Markdown rendered without section elements).
        kept = fold.flat(siblings, at, _anchor(above))
        if not above:
            return kept, fold.lines, tuple(fold.named)
        depth, node = len(above) - 1, attrs.evolve(above[-1], children=kept)
    else:
        # Wrapped sections (<section> elements, printed as wrappers): the
        # heading's parent is the section; fold its neighbours, level by
        # level, up to the content landmark holding them.
        depth, node = len(above) - 1, above[-1]
        while depth > 0 and above[depth - 1].role in _CONTENT:
            holder = above[depth - 1]
            kids = fold.around(holder.children, above[depth], node, _anchor(above[:depth]))
            node, depth = attrs.evolve(holder, children=kids), depth - 1
            if holder.role not in _SECTIONS:
                break
    if not fold.lines:
        return tuple(roots), 0, ()
    return _rebuild(roots, above, depth, node), fold.lines, tuple(fold.named)


# Wrappers that can be sections, and the landmarks sections sit in.
_SECTIONS = frozenset({"generic", "region"})
_CONTENT = _SECTIONS | {"main", "article", "document"}


def _find(roots: Sequence[Node], heading: str) -> list[Node] | None:
    """The nodes from a root down to the first heading reading ``heading``; None
    when there is none."""
    stack: list[tuple[Node, list[Node]]] = [(node, []) for node in reversed(roots)]
    while stack:
        node, above = stack.pop()
        if node.role == "heading" and node.name and same_heading(node.name, heading):
            return [*above, node]
        stack.extend((kid, [*above, node]) for kid in reversed(node.children))
    return None


def _anchor(above: Sequence[Node]) -> str | None:
    return next((node.ref for node in reversed(above) if node.ref is not None), None)


def _rebuild(
    roots: Sequence[Node], above: Sequence[Node], depth: int, node: Node
) -> tuple[Node, ...]:
    """``roots`` with ``above[depth]`` replaced by ``node`` (nodes are frozen and shared:
    each ancestor is rebuilt)."""
    for i in range(depth, -1, -1):
        old = above[i]
        siblings = above[i - 1].children if i else tuple(roots)
        at = next(k for k, n in enumerate(siblings) if n is old)
        kids = (*siblings[:at], node, *siblings[at + 1 :])
        if not i:
            return kids
        node = attrs.evolve(above[i - 1], children=kids)
    return tuple(roots)


def _level(node: Node) -> int:
    value = dict(node.attributes).get("level")
    return int(value) if value is not None and value.isdigit() else 7


def _titled(node: Node) -> bool:
    """Whether ``node`` is a section: a wrapper whose first child is a heading."""
    return node.role in _SECTIONS and bool(node.children) and node.children[0].role == "heading"


class _Folds:
    """Folds runs of nodes into one line each, counting the lines and naming the
    refs that expand them."""

    def __init__(self) -> None:
        self.lines = 0
        self.named: list[str] = []

    def flat(self, kids: Sequence[Node], at: Node, anchor: str | None) -> tuple[Node, ...]:
        """``kids`` with what lies outside ``at``'s section folded (headings of
        its level or above kept)."""
        index = next(i for i, n in enumerate(kids) if n is at)
        level = _level(at)
        end = next(
            (
                i
                for i in range(index + 1, len(kids))
                if kids[i].role == "heading" and _level(kids[i]) <= level
            ),
            len(kids),
        )
        out: list[Node] = []
        hidden: list[Node] = []
        for i, kid in enumerate(kids):
            if not index <= i < end and not (kid.role == "heading" and _level(kid) <= level):
                hidden.append(kid)
                continue
            self.flush(out, hidden, anchor)
            out.append(kid)
        self.flush(out, hidden, anchor)
        return tuple(out)

    def around(
        self, kids: Sequence[Node], old: Node, new: Node, anchor: str | None
    ) -> tuple[Node, ...]:
        """``kids`` with ``old`` (the focused section) replaced by ``new``, the
        other sections reduced to their headings and the prose between them folded."""
        out: list[Node] = []
        hidden: list[Node] = []
        for kid in kids:
            if kid is not old and kid.role != "heading" and not _titled(kid):
                hidden.append(kid)
                continue
            self.flush(out, hidden, anchor)
            if kid is old:
                out.append(new)
            elif kid.role == "heading":
                out.append(kid)
            else:
                title, *rest = kid.children
                inner: list[Node] = [title]
                self.flush(inner, rest, kid.ref or anchor)
                out.append(attrs.evolve(kid, children=tuple(inner)))
        self.flush(out, hidden, anchor)
        return tuple(out)

    def flush(self, out: list[Node], hidden: list[Node], anchor: str | None) -> None:
        """Put one line for the nodes in ``hidden`` (then emptied) on ``out``."""
        if not hidden:
            return
        lines = sum(1 + len(node.prop_lines) for kid in hidden for node in kid.walk())
        line = f"- … {lines} lines of other sections ({expand_hint(anchor)})"
        out.append(Node(role="", line=line, opaque=True))
        self.lines += lines
        if anchor is not None:
            self.named.append(anchor)
        hidden.clear()
