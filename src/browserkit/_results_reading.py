"""Results of the reading calls (dom, scan, find, styles); exported by :mod:`browserkit.results`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

import attrs

from browserkit._reprs import line_count, quote, record_markdown, summary, text_markdown
from browserkit.targets import Selector

__all__ = [
    "CollapsedList",
    "DomNode",
    "FindMatch",
    "FrameInfo",
    "MarkdownLink",
    "PageMarkdown",
    "PageScan",
    "ScanTarget",
    "Styles",
]


@attrs.frozen(repr=False)
class DomNode:
    """One node of the DOM as :meth:`~browserkit.AsyncSession.dom` reads it.

    Element nodes have a ``tag`` (``div``), their ``id`` and ``classes``, and a
    ``ref`` (``d7``) that every target-taking call accepts: read deeper with
    ``dom(target="d7")``, act with ``click("d7")``. An element whose only
    content is text carries it in ``text`` and has no children; mixed content
    lists its text as ``#text`` children. A shadow host's open shadow tree is
    its first child, tagged ``#shadow-root``.

    ``child_count`` counts every child, even when fewer are in ``children``
    (the depth limit was reached there); ``truncated`` says the node cap cut
    this node's children (on the root: anywhere in the tree).
    """

    tag: str
    id: str | None = None
    classes: tuple[str, ...] = ()
    ref: str | None = None
    text: str | None = None
    child_count: int = 0
    children: tuple[DomNode, ...] = ()
    truncated: bool = False

    __repr__ = summary
    _repr_markdown_ = text_markdown

    def walk(self) -> Iterator[DomNode]:
        """This node and every node under it, in document order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def find(self, ref: str) -> DomNode | None:
        """The node with this ref in the tree, or None.

        Args:
            ref: A DOM ref such as ``"d7"`` (the ``ref`` of a node of this tree).
        """
        return next((n for n in self.walk() if n.ref == ref), None)

    def _head(self) -> str:
        if self.tag == "#text":
            return quote(self.text or "", 200)
        head = self.tag
        if self.id:
            head += f"#{self.id}"
        if self.classes:
            head += "".join(f".{c}" for c in self.classes)
        if self.text:
            head += f" {quote(self.text)}"
        if self.ref:
            head += f" [ref={self.ref}]"
        hidden = self.child_count - len(self.children)
        if hidden > 0:
            noun = "child" if hidden == 1 else "children"
            head += f" (+{hidden} more)" if self.children else f" ({hidden} {noun})"
        if self.truncated:
            head += " [truncated]"
        return head

    def __str__(self) -> str:
        lines: list[str] = []
        stack: list[tuple[DomNode, int]] = [(self, 0)]
        while stack:
            node, level = stack.pop()
            lines.append("  " * level + node._head())
            stack.extend((child, level + 1) for child in reversed(node.children))
        return "\n".join(lines)


@attrs.frozen(repr=False)
class CollapsedList:
    """A run of similar siblings :meth:`~browserkit.AsyncSession.scan` cut to a few examples.

    ``selector`` is a CSS selector of the container, unique on the page and
    derived from its structure: ``dom(bk.css(selector))`` or
    ``snapshot(target=bk.css(selector))`` shows every item. ``shown`` items
    are in the scan, ``count`` more were left out; ``item_tag`` is their tag.
    """

    selector: str
    count: int
    shown: int
    item_tag: str

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class ScanTarget:
    """A control the scan found, and how to act on it.

    ``locator`` is a unique CSS selector value and ``ref`` a ``d``-ref; both
    are accepted as a target (``click(t.locator)``, ``type(t.ref, ...)``).
    ``action`` is the recommended call: ``click``, ``type``, ``select`` or
    ``upload``; ``editable`` says the control takes typed text.
    """

    locator: Selector
    role: str
    name: str
    editable: bool
    action: Literal["click", "type", "select", "upload"]
    ref: str
    tag: str

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class FrameInfo:
    """A child frame of the scanned page, same-origin or not.

    ``selector`` is a CSS selector of its ``<iframe>`` element (usable as a
    selector's ``frame=``), None for frames nested deeper or not matched.
    """

    url: str
    name: str
    cross_origin: bool
    selector: str | None = None

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class PageScan:
    """The page as compact simplified HTML (or text), for reading long pages cheaply.

    ``content`` is at most ``max_chars`` long (``truncated`` says it was cut);
    long runs of similar siblings appear as a few examples and a
    ``<!-- N more ... -->`` note, each listed in ``collapsed`` with a selector
    to expand it. ``render_state`` is ``shell_only`` (an app shell with no
    content and nothing under way), ``hydrating`` (content is loading or still
    changing) or ``ready``; ``content_ready`` says there is real content to
    read now. ``targets`` lists controls with a locator, ``frames`` the child
    frames. ``str(scan)`` is the content followed by the targets.
    """

    content: str = attrs.field(repr=line_count)
    render_state: Literal["shell_only", "hydrating", "ready"]
    content_ready: bool
    chars: int
    truncated: bool
    collapsed: tuple[CollapsedList, ...] = ()
    targets: tuple[ScanTarget, ...] = ()
    frames: tuple[FrameInfo, ...] = ()
    url: str = ""
    generation: int = 0

    __repr__ = summary

    def __str__(self) -> str:
        lines = [self.content]
        if self.truncated:
            lines.append(f"(cut at {self.chars} chars; raise max_chars or read part with dom())")
        if self.targets:
            lines.append("targets:")
            for t in self.targets:
                name = quote(t.name, 60)
                lines.append(f"- {t.action} {t.role} {name} [ref={t.ref}] css={t.locator.value}")
        if self.frames:
            lines.append("frames:")
            for f in self.frames:
                kind = "cross-origin" if f.cross_origin else "same-origin"
                where = f" css={f.selector}" if f.selector else ""
                lines.append(f"- {f.url} ({kind}){where}")
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        head = (
            f"**scan** `{self.url}` · {self.render_state} · {self.chars} chars"
            f"{' (truncated)' if self.truncated else ''} · {len(self.collapsed)} lists collapsed"
        )
        body = str(self).replace("```", "'''")
        return f"{head}\n\n```html\n{body}\n```"


@attrs.frozen(repr=False)
class MarkdownLink:
    """A link of :class:`PageMarkdown`: its ``d``-ref (a target: ``click(link.ref)``),
    its text and its absolute URL."""

    ref: str
    text: str
    url: str

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class PageMarkdown:
    """The page's main content as Markdown, for reading an article or docs page cheaply.

    ``text`` has headings, paragraphs, lists, pipe tables, code blocks and
    links; page chrome (navigation, banners, footers, sidebars, forms) is left
    out. Links are reference-style, labelled with their ``d``-ref
    (``[Install][d12]`` with ``[d12]: <https://...>`` at the end), and listed
    in ``links``; a ref is a target while the page stays. ``text`` is at most
    ``max_chars`` long, ``truncated`` says it was cut. ``str(md)`` is ``text``.
    """

    text: str = attrs.field(repr=line_count)
    title: str
    url: str
    links: tuple[MarkdownLink, ...] = ()
    truncated: bool = False
    generation: int = 0

    __repr__ = summary

    def __str__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return self.text


@attrs.frozen(repr=False)
class FindMatch:
    """A node of the outline that matched :meth:`~browserkit.AsyncSession.find`.

    ``line`` is its outline line without the leading ``- ``; ``ref`` its ref
    (for a ref-less text line: its nearest ancestor's); ``path`` up to three
    of its nearest ancestors that say where it is (named ones, and landmarks
    such as ``main [ref=e3]``), from the top, each as ``role "name" [ref=eN]``
    (it reaches further up only to show the ancestor whose ref ``ref`` is).
    ``before`` and ``after`` are the outline lines printed next to it that
    say something (wrappers skipped; clipped to 80 characters), such as the
    ``strong: "3"`` before ``text: items left``. ``more`` is set on the last
    match of a list that ``limit`` cut: how many further matches exist.

    ``str(match)`` is one line (plus a note on ``more``)::

        button "Cancel" [ref=e41]  # in dialog "Edit" [ref=e30] | before: button "Save" [ref=e40]
    """

    ref: str | None
    line: str
    path: tuple[str, ...] = ()
    before: str | None = None
    after: str | None = None
    more: int = 0

    __repr__ = summary
    _repr_markdown_ = text_markdown

    def __str__(self) -> str:
        notes = [f"in {' > '.join(self.path)}"] if self.path else []
        if self.before is not None:
            notes.append(f"before: {self.before}")
        if self.after is not None:
            notes.append(f"after: {self.after}")
        out = f"{self.line}  # {' | '.join(notes)}" if notes else self.line
        if self.more:
            out += f"\n(+{self.more} more matches not listed: narrow the search or raise limit)"
        return out


@attrs.frozen(repr=False)
class Styles:
    """Computed styles of one element, and its inline ``style`` attribute (normalised)."""

    properties: dict[str, str]
    inline_style: str

    __repr__ = summary

    def _repr_markdown_(self) -> str:
        rows = "\n".join(f"| `{k}` | `{v}` |" for k, v in self.properties.items())
        inline = f"inline style: `{self.inline_style}`" if self.inline_style else "no inline style"
        return f"{inline}\n\n| property | computed |\n|---|---|\n{rows}"
