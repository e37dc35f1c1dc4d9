"""What calls return: frozen attrs values that turn into JSON with one converter."""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

import attrs

from browserkit._reprs import (
    diff_summary,
    fence,
    line_count,
    quote,
    record_markdown,
    summary,
    text_markdown,
)
from browserkit.targets import Selector

if TYPE_CHECKING:
    from browserkit.snapshot import SnapshotDiff

__all__ = [
    "ActionResult",
    "CollapsedList",
    "DiagnosticIssue",
    "Diagnostics",
    "DialogInfo",
    "DomNode",
    "ExecuteResult",
    "FindMatch",
    "FrameInfo",
    "Handoff",
    "HistoryMove",
    "Navigation",
    "PageScan",
    "ScanTarget",
    "Screenshot",
    "SessionInfo",
    "Snapshot",
    "Styles",
    "TabInfo",
    "WaitResult",
]


@attrs.frozen(repr=False)
class Navigation:
    """Where ``navigate`` ended: the URL after redirects and the main document's status.

    ``timed_out`` is True when the page committed but its load event did not
    fire within the readiness bound (at most 5 s); the page is usable.
    ``download`` is the download id (see ``downloads``) when the URL answered
    with a file to save instead of a page: the tab then stays where it was,
    and ``status`` is None. ``page`` is the new page's compact outline, read
    once it rendered (see ``snapshot(compact=True)``; its refs act at once),
    when the call observed (``observe``, default ``config.observe_actions``).
    """

    url: str
    status: int | None
    timed_out: bool
    generation: int
    download: str | None = None
    page: str | None = attrs.field(default=None, repr=line_count)

    __repr__ = summary
    _repr_markdown_ = text_markdown

    def __str__(self) -> str:
        if self.download is not None:
            return (
                f"started download {self.download}; the tab stays on {self.url} "
                f"(generation {self.generation})"
            )
        note = " (load timed out; the page is usable)" if self.timed_out else ""
        head = f"navigated to {self.url}: status {self.status}, generation {self.generation}{note}"
        return head if self.page is None else f"{head}\n{self.page}"


@attrs.frozen(repr=False)
class HistoryMove:
    """Result of ``back``/``forward``/``reload``; ``moved=False`` at the history edge.

    ``timed_out`` is True when the page committed but its load event did not
    fire within the readiness bound (at most 5 s); the page is usable.
    ``page``: the new page's compact outline once it rendered, when
    ``config.observe_actions`` is on.
    """

    moved: bool
    url: str
    generation: int
    timed_out: bool = False
    page: str | None = attrs.field(default=None, repr=line_count)

    __repr__ = summary
    _repr_markdown_ = text_markdown

    def __str__(self) -> str:
        if not self.moved:
            return f"did not move: at the edge of history ({self.url})"
        note = " (load timed out; the page is usable)" if self.timed_out else ""
        head = f"now at {self.url}, generation {self.generation}{note}"
        return head if self.page is None else f"{head}\n{self.page}"


@attrs.frozen(repr=False)
class DialogInfo:
    """A JavaScript dialog an action opened (alert, confirm, prompt, beforeunload)."""

    type: str
    message: str
    default_value: str = ""
    handled: Literal["pending", "accepted", "dismissed"] = "pending"

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class Snapshot:
    """The page as an accessibility outline with refs (``[ref=e3]``).

    ``tree`` is always the full outline. ``diff`` is the change since the
    previous snapshot of the same tab and generation when ``diff=True`` was
    asked and a baseline existed; ``str(snapshot)`` then renders just the diff,
    which is what an agent should read. ``compact`` is the compact outline
    when ``compact=True`` or ``max_tokens`` was asked (repeated rows
    collapsed, each run naming the ref that expands it); ``str(snapshot)``
    renders it when there is no diff.
    """

    tree: str = attrs.field(repr=line_count)
    generation: int
    url: str
    title: str
    page_id: str
    truncated: bool
    refs: int
    diff: SnapshotDiff | None = attrs.field(default=None, repr=diff_summary)
    compact: str | None = attrs.field(default=None, repr=line_count)

    __repr__ = summary

    def __str__(self) -> str:
        if self.diff is not None:
            return str(self.diff)
        if self.compact is not None:
            return self.compact
        return self.tree

    def _repr_markdown_(self) -> str:
        title = html.escape(self.title) or "(untitled)"
        head = f"**{title}** — `{self.url}` · generation {self.generation}"
        return f"{head}\n\n{fence(str(self), 'yaml')}"


@attrs.frozen(repr=False)
class ActionResult:
    """What an action did and, when observed, what it changed.

    ``diff`` is the outline change the action caused (None when not observed
    or when it navigated: then ``navigated`` is True, ``generation`` is the
    new one, and ``page`` the new page's compact outline, read once it
    rendered). ``settled`` is False when a settle bound was hit.
    """

    detail: str
    url: str
    generation: int
    navigated: bool = False
    target_verified: bool | None = None
    diff: SnapshotDiff | None = attrs.field(default=None, repr=diff_summary)
    dialog: DialogInfo | None = None
    new_tabs: tuple[str, ...] = ()
    downloads: tuple[str, ...] = ()
    settled: bool = True
    page: str | None = attrs.field(default=None, repr=line_count)

    __repr__ = summary
    _repr_markdown_ = text_markdown

    def __str__(self) -> str:
        lines = [self.detail]
        if self.navigated:
            lines.append(f"navigated to {self.url} (generation {self.generation})")
        if self.dialog is not None:
            lines.append(
                f"dialog {self.dialog.type}: {self.dialog.message!r} ({self.dialog.handled})"
            )
        if self.new_tabs:
            lines.append(f"new tabs: {', '.join(self.new_tabs)}")
        if self.downloads:
            lines.append(f"downloads: {', '.join(self.downloads)}")
        if self.diff is not None:
            lines.append(str(self.diff))
        if self.page is not None:
            lines.append(self.page)
        if not self.settled:
            lines.append("(page still busy when the settle bound was hit)")
        return "\n".join(lines)


@attrs.frozen(repr=False)
class Screenshot:
    """An image of the page, at most ``max_side`` pixels on its longest side.

    ``source_width``/``source_height`` are the captured area in CSS pixels;
    ``width``/``height`` the image's own size. Displays inline in Jupyter.
    """

    data: bytes = attrs.field(repr=lambda d: f"<{len(d)} bytes>")
    mime: Literal["image/jpeg", "image/png"]
    width: int
    height: int
    source_width: int
    source_height: int
    path: str | None = None

    __repr__ = summary

    def _repr_jpeg_(self) -> bytes | None:
        return self.data if self.mime == "image/jpeg" else None

    def _repr_png_(self) -> bytes | None:
        return self.data if self.mime == "image/png" else None

    def base64(self) -> str:
        """The image as base64 text (for JSON and MCP image content)."""
        return base64.b64encode(self.data).decode("ascii")


@attrs.frozen(repr=False)
class WaitResult:
    """Whether ``wait_for``'s condition was met, and how long it took."""

    met: bool
    waited_ms: int

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class SessionInfo:
    """One running session, as ``sessions()`` lists it."""

    id: str
    url: str
    created_ms: int
    last_used_ms: int
    read_only: bool
    console_entries: int

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class TabInfo:
    """A tab: of a session (``page_id``), or at a CDP endpoint (``adopted``)."""

    page_id: str
    url: str
    title: str
    active: bool = False
    adopted: bool = False

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class DiagnosticIssue:
    """A capability that is missing or degraded, and how to enable it."""

    capability: str
    problem: str
    enable_how: str

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class Diagnostics:
    """What browserkit would use, found without starting a browser."""

    ok: bool
    executable: str | None
    executable_source: str | None
    version: str | None
    headless: bool
    max_sessions: int
    active_sessions: int
    allowed_schemes: tuple[str, ...] = attrs.field(repr=False)
    launch_args: tuple[str, ...] = attrs.field(repr=False)
    playwright_version: str = attrs.field(repr=False)
    python_version: str = attrs.field(repr=False)
    platform: str = attrs.field(repr=False)
    issues: tuple[DiagnosticIssue, ...] = ()

    __repr__ = summary
    _repr_markdown_ = record_markdown


# ------------------------------------------------------------------ reading


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
        """The node with this ref in the tree, or None."""
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


@attrs.frozen(repr=False)
class ExecuteResult:
    """What :meth:`~browserkit.AsyncSession.execute` returned.

    ``result`` is the script's return value (JSON), ``logs`` what it passed
    to ``log(...)`` in order, ``state`` the session's script state after the
    run. When the script threw, ``error`` is the message, ``result`` is None
    and ``logs``/``state`` hold what happened before the throw.
    """

    result: Any
    logs: tuple[str, ...] = ()
    state: dict[str, Any] = attrs.field(factory=dict)
    error: str | None = None

    __repr__ = summary
    _repr_markdown_ = text_markdown

    @property
    def ok(self) -> bool:
        """Whether the script finished without throwing."""
        return self.error is None

    def __str__(self) -> str:
        lines = [f"log: {line}" for line in self.logs]
        if self.error is not None:
            lines.append(f"error: {self.error}")
        else:
            lines.append(f"result: {json.dumps(self.result, ensure_ascii=False)}")
        return "\n".join(lines)


@attrs.frozen(repr=False)
class Handoff:
    """How a handoff to a person ended.

    ``via`` is ``in_page`` (they clicked Continue in the page),
    ``confirm_call`` (someone called ``confirm_handoff``) or ``timeout``
    (then ``confirmed`` is False). ``url`` is where the tab is now.
    """

    handoff_id: str
    confirmed: bool
    via: Literal["in_page", "confirm_call", "timeout"]
    url: str

    __repr__ = summary
    _repr_markdown_ = record_markdown
