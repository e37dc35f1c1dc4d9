"""Searching an outline the way an agent reads it: cheap answers that point at the element.

Pure code over :class:`~browserkit.snapshot.Node` trees (no browser).
:func:`find_lines` is what ``session.find()`` runs on the page's outline:

- A node matches when the text (or regex) is in its printed line
  (``button "Sign up" [ref=e5]``, without the leading ``- ``), its name, its
  text or a property value. Link URLs (``/url:``) are searched only when
  asked: a word such as "published" is in half the links of a blog.
- Only the deepest match is kept: a panel whose name holds "Cancel" is left
  out when the "Cancel" button inside it matches too, so the answer's ref is
  the element itself. A ref-less line (plain text) carries the ref of its
  nearest ancestor that has one.
- The path names at most :data:`PATH_KEEP` ancestors, and only the ones that
  say where the match is (a name, or a ref on a role that is not a layout
  wrapper); the ancestor whose ref a ref-less match carries is always in it.
- One line of context on each side: the nearest printed lines before and
  after the match that say something (wrappers and the match's own
  ancestors skipped), such as the ``strong: "3"`` before ``text: items left``.
- At most ``limit`` matches are listed, in page order; ``total`` counts them all.
- A matched line longer than three times :data:`EXCERPT_CHARS` (a response body of
  40 KB on one line) is printed as the part around its first match, ``…`` on each
  side: the value deep inside it costs a few hundred characters, not the body.

>>> from browserkit.snapshot import parse
>>> tree = parse('- main [ref=e1]:\\n  - strong: "3"\\n  - text: items left')
>>> match = find_lines(tree, "items left").lines[0]
>>> match.ref, match.line, match.path, match.before
('e1', 'text: items left', ('main [ref=e1]',), 'strong: "3"')
"""

from __future__ import annotations

import json
from collections.abc import Callable

import attrs

from browserkit.snapshot._parse import Node, Outline, parse
from browserkit.snapshot._render import LAYOUT_ROLES, clip

__all__ = [
    "CONTEXT_CHARS",
    "EXCERPT_CHARS",
    "FIND_LIMIT",
    "PATH_KEEP",
    "Found",
    "FoundLine",
    "find_lines",
]

FIND_LIMIT = 30
"""Matches listed by default: enough to pick from, few enough to stay cheap."""

PATH_KEEP = 3
"""Ancestors named in a match's path (the nearest ones)."""

CONTEXT_CHARS = 80
"""A context line (``before``/``after``) is clipped to this many characters."""

EXCERPT_CHARS = 200
"""A matched line longer than three times this (a long response body, a log) is
printed as the part around its first match: this many characters on each side."""

_NAME_CHARS = 40  # an ancestor's name in a path is clipped to this


@attrs.frozen
class FoundLine:
    """One match: its printed line, the ref to act on, where it sits, its neighbours."""

    ref: str | None
    line: str
    path: tuple[str, ...] = ()
    before: str | None = None
    after: str | None = None


@attrs.frozen
class Found:
    """The listed matches, in page order, and how many there are in all."""

    lines: tuple[FoundLine, ...]
    total: int

    @property
    def more(self) -> int:
        """Matches that ``limit`` left out."""
        return self.total - len(self.lines)


def find_lines(
    outline: Outline | str,
    text: str | None = None,
    search: Callable[[str], object] | None = None,
    *,
    urls: bool = False,
    limit: int | None = FIND_LIMIT,
) -> Found:
    """The deepest nodes of ``outline`` that match, with a short path and context.

    ``text`` matches case-insensitively as a substring; ``search`` is called
    on the same strings (the printed line, name, text and property values)
    and matches when it returns something truthy, such as a regex's
    ``search``. With both, both must match (each in any of the strings).
    ``urls=True`` also searches link URLs. ``limit=None`` lists every match.
    Linear in the outline's size.
    """
    tree = parse(outline) if isinstance(outline, str) else outline
    needle = text.casefold() if text is not None else None
    nodes: list[Node] = []
    parents: list[int] = []
    stack: list[tuple[Node, int]] = [(node, -1) for node in reversed(tree.children)]
    while stack:  # flatten in document (pre-)order: a parent comes before its children
        node, parent = stack.pop()
        at = len(nodes)
        nodes.append(node)
        parents.append(parent)
        stack.extend((child, at) for child in reversed(node.children))
    hit = [_matches(node, needle, search, urls) for node in nodes]
    below = [False] * len(nodes)  # a node with a match somewhere under it
    for at in range(len(nodes) - 1, -1, -1):
        up = parents[at]
        if up >= 0 and (hit[at] or below[at]):
            below[up] = True
    deepest = [at for at, matched in enumerate(hit) if matched and not below[at]]
    listed = deepest if limit is None else deepest[:limit]
    found = (_found(nodes, parents, at) for at in listed)
    return Found(tuple(_excerpt(f, needle, search) for f in found), len(deepest))


def _excerpt(
    found: FoundLine, needle: str | None, search: Callable[[str], object] | None
) -> FoundLine:
    """``found`` with a long line cut to the part around its first match (where the
    match is in the line; else its start), ``…`` marking what was left out on each
    side. The whole line is the ref's outline."""
    line = found.line
    if len(line) <= 3 * EXCERPT_CHARS:
        return found
    at, size = 0, 0
    folded = line.casefold()
    # The printed line quotes a text that needs it: its quotes come escaped.
    forms = () if needle is None else (needle, json.dumps(needle, ensure_ascii=False)[1:-1])
    form = next((f for f in forms if f in folded), None)
    if form is not None:
        at, size = folded.index(form), len(form)
    elif search is not None:
        match = search(line)
        start, end = getattr(match, "start", None), getattr(match, "end", None)
        if callable(start) and callable(end):
            at, size = int(start()), int(end()) - int(start())
    begin = max(0, at - EXCERPT_CHARS)
    end = min(len(line), at + size + EXCERPT_CHARS)
    cut = ("… " if begin else "") + line[begin:end] + (" …" if end < len(line) else "")
    return attrs.evolve(found, line=cut)


def _matches(
    node: Node, needle: str | None, search: Callable[[str], object] | None, urls: bool
) -> bool:
    fields = _fields(node, urls)
    return (needle is None or any(needle in field.casefold() for field in fields)) and (
        search is None or any(search(field) for field in fields)
    )


def _fields(node: Node, urls: bool) -> list[str]:
    """What a node is searched in: its printed line, name, text and property values."""
    if node.opaque:
        return [node.line.strip()]
    out = [_printed(node)]
    out.extend(value for value in (node.name, node.text) if value)
    out.extend(value for key, value in node.props if urls or key != "url")
    return out


def _found(nodes: list[Node], parents: list[int], at: int) -> FoundLine:
    ancestors: list[int] = []
    up = parents[at]
    while up >= 0:
        ancestors.append(up)
        up = parents[up]
    ancestors.reverse()  # from the top
    node = nodes[at]
    carrier = at if node.ref else next((a for a in reversed(ancestors) if nodes[a].ref), None)
    named = [a for a in ancestors if a == carrier or _names_a_place(nodes[a])]
    start = max(0, len(named) - PATH_KEEP)
    if carrier is not None and carrier in named:
        start = min(start, named.index(carrier))
    above = set(ancestors)
    before = next(
        (j for j in range(at - 1, -1, -1) if j not in above and _says_something(nodes[j])), None
    )
    after = next((j for j in range(at + 1, len(nodes)) if _says_something(nodes[j])), None)
    return FoundLine(
        ref=None if carrier is None else nodes[carrier].ref,
        line=_printed(node),
        path=tuple(_label(nodes[a]) for a in named[start:]),
        before=None if before is None else _context(nodes[before]),
        after=None if after is None else _context(nodes[after]),
    )


def _printed(node: Node) -> str:
    """The line as an agent reads it: no indentation, no leading ``- ``."""
    line = node.line.strip()
    return line[2:] if line.startswith("- ") else line


def _context(node: Node) -> str:
    """A neighbour's line, clipped, without the colon that only announces children."""
    line = _printed(node)
    if not node.opaque and node.text is None and line.endswith(":"):
        line = line[:-1]
    return clip(line, CONTEXT_CHARS)


def _names_a_place(node: Node) -> bool:
    """An ancestor worth naming in a path: it has a name, or a ref and a real role."""
    if node.opaque:
        return False
    return bool(node.name) or (node.ref is not None and node.role not in LAYOUT_ROLES)


def _says_something(node: Node) -> bool:
    """A line worth showing as context: not a bare wrapper or an empty container."""
    if node.opaque:
        return bool(node.line.strip())
    if node.name or node.text or node.props:
        return True
    return not node.children and node.role not in LAYOUT_ROLES


def _label(node: Node) -> str:
    """How an ancestor appears in a path: ``role "name" [ref=eN]``, the name clipped."""
    out = node.role
    if node.name:
        out += " " + json.dumps(clip(node.name, _NAME_CHARS), ensure_ascii=False)
    if node.ref:
        out += f" [ref={node.ref}]"
    return out
