"""What calls return: frozen attrs values that turn into JSON with one converter."""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal, cast

import attrs

from browserkit._checks import number
from browserkit._reprs import (
    diff_summary,
    fence,
    line_count,
    quote,
    record_markdown,
    summary,
    text_markdown,
)
from browserkit._version import __version__
from browserkit.errors import InvalidArgumentError
from browserkit.snapshot._hidden import hidden_note
from browserkit.targets import Selector

if TYPE_CHECKING:
    from browserkit.snapshot import SnapshotDiff

__all__ = [
    "ActionResult",
    "CollapsedList",
    "Cookie",
    "DiagnosticIssue",
    "Diagnostics",
    "DialogInfo",
    "DomNode",
    "EndpointStatus",
    "ExecuteResult",
    "FindMatch",
    "FrameInfo",
    "Handoff",
    "HistoryMove",
    "MarkdownLink",
    "Navigation",
    "OriginStorage",
    "PageMarkdown",
    "PageScan",
    "PdfFile",
    "Picked",
    "Recording",
    "RequestDetail",
    "ScanTarget",
    "Screenshot",
    "SessionInfo",
    "Snapshot",
    "StorageState",
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
    renders it when there is no diff. ``hidden`` counts the texts of the page
    no person can see (a zero font, text the colour of its background, text
    off the page or covered, ...) that the outline left out; ``str(snapshot)``
    then ends with a line that says how to read them
    (``snapshot(include_hidden=True)``, whose ``hidden`` is 0).
    """

    tree: str = attrs.field(repr=line_count)
    generation: int
    url: str
    title: str
    tab_id: str
    truncated: bool
    refs: int
    diff: SnapshotDiff | None = attrs.field(default=None, repr=diff_summary)
    compact: str | None = attrs.field(default=None, repr=line_count)
    hidden: int = 0

    __repr__ = summary

    def __str__(self) -> str:
        if self.diff is not None:
            return str(self.diff)
        shown = self.compact if self.compact is not None else self.tree
        if self.hidden:
            return f"{shown}\n{hidden_note(self.hidden)}"
        return shown

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
    ``locator`` is a selector that finds the element it acted on again on a
    fresh load (``bk.role("button", "Save")``; see :meth:`AsyncSession.locator`),
    checked unique when the action ran; None for points and keys.
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
    locator: Selector | None = None

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
    routes: tuple[str, ...] = ()
    """The URL patterns the session routes (``route``), oldest first."""
    offline: bool = False
    """Whether the session is offline (``offline(True)``)."""
    endpoint: str | None = None
    """The ``Config.endpoints`` entry the session was placed on, as configured but
    with its credentials and launch options shown as ``***``; None for a local
    launch or an attached Chrome."""

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(repr=False)
class TabInfo:
    """A tab: of a session (``tab_id``), or at a CDP endpoint (``adopted``)."""

    tab_id: str
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
class EndpointStatus:
    """One ``Config.endpoints`` entry, as :meth:`~browserkit.AsyncBrowser.diagnostics` found it.

    ``kind`` is ``playwright`` (a ``ws://`` browser server) or ``cdp`` (an
    ``http://`` DevTools endpoint). ``version`` is the server's Playwright
    (``1.65``) or the CDP browser's product (``Chrome/156.0...``); ``sessions``
    counts this browser's sessions placed there, out of ``max_sessions``
    (None: bounded only by ``Config.max_sessions``). ``error`` says why it
    cannot take sessions now (unreachable, another Playwright, dropped).
    ``url`` shows the entry's credentials and launch options as ``***``.
    """

    url: str
    kind: str
    reachable: bool
    version: str | None = None
    sessions: int = 0
    max_sessions: int | None = None
    error: str | None = None

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
    browserkit_version: str = attrs.field(default=__version__, repr=False)
    """The browserkit that made the report (the one running)."""
    endpoints: tuple[EndpointStatus, ...] = ()
    """Each remote endpoint's reachability, version and load (``Config.endpoints``)."""
    allowed_domains: tuple[str, ...] = attrs.field(default=(), repr=False)
    """Hosts sessions may reach, by the config's domain fence; empty means any host."""
    blocked_domains: tuple[str, ...] = attrs.field(default=(), repr=False)
    """Hosts no session may reach, by the config's domain fence."""

    __repr__ = summary
    _repr_markdown_ = record_markdown


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


@attrs.frozen(repr=False)
class Picked:
    """The element a person picked in the live view (:meth:`~browserkit.AsyncSession.pick`).

    ``ref`` (``p1``, ``p2``, ...) is a target every method accepts, checked
    like a snapshot's refs: stale once its tab navigated, gone once its
    element left the page, never another element. ``line`` is the element's
    outline line (role and name, with the ref); ``tab_id`` and ``url`` say
    where it was picked; ``locator`` the selector that finds the element
    again on a fresh load (see :meth:`~browserkit.AsyncSession.locator`), or
    None when it could not be made.
    """

    ref: str
    line: str
    tab_id: str
    url: str
    locator: Selector | None = None

    __repr__ = summary
    _repr_markdown_ = record_markdown

    def __str__(self) -> str:
        return self.ref


# -- Reading: dom, scan, find, styles, markdown ----------------------------


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
    frames. ``hidden`` counts the texts no person can see that were left out
    (see :class:`Snapshot`). ``str(scan)`` is the content followed by the targets.
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
    hidden: int = 0

    __repr__ = summary

    def __str__(self) -> str:
        lines = [self.content]
        if self.truncated:
            lines.append(f"(cut at {self.chars} chars; raise max_chars or read part with dom())")
        if self.hidden:
            lines.append(hidden_note(self.hidden))
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
    ``max_chars`` long, ``truncated`` says it was cut. ``hidden`` counts the
    texts no person can see that were left out (see :class:`Snapshot`).
    ``str(md)`` is ``text``, and a last line on what was hidden, if anything was.
    """

    text: str = attrs.field(repr=line_count)
    title: str
    url: str
    links: tuple[MarkdownLink, ...] = ()
    truncated: bool = False
    generation: int = 0
    hidden: int = 0

    __repr__ = summary

    def __str__(self) -> str:
        if self.hidden:
            return f"{self.text}\n\n{hidden_note(self.hidden)}"
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


# -- Session state: cookies, storage state ---------------------------------

SameSite = Literal["Strict", "Lax", "None"]
SAME_SITE: tuple[SameSite, ...] = ("Strict", "Lax", "None")


def _hidden(value: str) -> str:
    return f"<{len(value)} chars hidden>"


def _counted(items: Mapping[str, str]) -> str:
    return f"<{len(items)} item>" if len(items) == 1 else f"<{len(items)} items>"


@attrs.frozen(repr=False)
class Cookie:
    """One cookie of a session, as :meth:`~browserkit.AsyncSession.cookies` reads it.

    ``expires`` is in seconds since the epoch, ``-1`` for a session cookie.
    ``same_site`` is ``Strict``, ``Lax`` or ``None``. Its ``repr`` hides
    ``value``; the field holds it. Pass cookies back to
    :meth:`~browserkit.AsyncSession.set_cookies` as they are.
    """

    name: str
    value: str = attrs.field(repr=_hidden)
    domain: str
    path: str = "/"
    expires: float = -1.0
    http_only: bool = False
    secure: bool = False
    same_site: SameSite = "Lax"

    __repr__ = summary

    def _repr_markdown_(self) -> str:
        return record_markdown(attrs.evolve(self, value=_hidden(self.value)))

    def to_playwright(self) -> dict[str, Any]:
        """The cookie with Playwright's keys (``httpOnly``, ``sameSite``)."""
        return {
            "name": self.name,
            "value": self.value,
            "domain": self.domain,
            "path": self.path,
            "expires": self.expires,
            "httpOnly": self.http_only,
            "secure": self.secure,
            "sameSite": self.same_site,
        }


def _databases(value: tuple[dict[str, Any], ...]) -> str:
    return f"<{len(value)} databases>"


@attrs.frozen(repr=False)
class OriginStorage:
    """The storage of one origin (``http://127.0.0.1:8000``): localStorage items, key to
    value, and with ``storage_state(indexed_db=True)`` its IndexedDB databases, as
    Playwright's JSON (``name``, ``version``, ``stores`` with their ``records``)."""

    origin: str
    local_storage: dict[str, str] = attrs.field(factory=dict, repr=_counted)
    indexed_db: tuple[dict[str, Any], ...] = attrs.field(default=(), repr=_databases)

    __repr__ = summary

    def _repr_markdown_(self) -> str:
        return f"**OriginStorage** `{self.origin}`: {_counted(self.local_storage)}"


@attrs.frozen(repr=False)
class StorageState:
    """A session's cookies and each origin's localStorage: what a login leaves behind.

    :meth:`~browserkit.AsyncSession.storage_state` reads it;
    ``AsyncBrowser.start(storage_state=...)`` starts a session from it (or
    from its JSON file, or from :meth:`to_playwright`'s dict). The shape is
    Playwright's, so files are interchangeable with Playwright's own. Its
    ``repr`` only counts: values stay in the fields.
    """

    cookies: tuple[Cookie, ...] = ()
    origins: tuple[OriginStorage, ...] = ()

    __repr__ = summary

    def _repr_markdown_(self) -> str:
        lines = [f"**StorageState**: {len(self.cookies)} cookies, {len(self.origins)} origins", ""]
        lines += [f"- cookie `{c.name}` for `{c.domain}{c.path}`" for c in self.cookies[:100]]
        lines += [
            f"- `{o.origin}`: {_counted(o.local_storage)}"
            + (f", {_databases(o.indexed_db)}" if o.indexed_db else "")
            for o in self.origins[:100]
        ]
        return "\n".join(lines)

    def local_storage(self, origin: str) -> dict[str, str]:
        """The localStorage items kept for ``origin`` (empty when none).

        Args:
            origin: Scheme, host and port, e.g. ``"https://shop.example"``; a
                trailing ``/`` is ignored.
        """
        found = next((o for o in self.origins if o.origin == origin.rstrip("/")), None)
        return {} if found is None else dict(found.local_storage)

    def indexed_db(self, origin: str) -> tuple[dict[str, Any], ...]:
        """The IndexedDB databases kept for ``origin`` (read with ``indexed_db=True``).

        Args:
            origin: Scheme, host and port, e.g. ``"https://shop.example"``; a
                trailing ``/`` is ignored.
        """
        found = next((o for o in self.origins if o.origin == origin.rstrip("/")), None)
        return () if found is None else found.indexed_db

    def to_playwright(self) -> dict[str, Any]:
        """The state as Playwright's storage-state JSON (``cookies`` and ``origins``)."""
        return {
            "cookies": [c.to_playwright() for c in self.cookies],
            "origins": [
                {
                    "origin": o.origin,
                    "localStorage": [{"name": k, "value": v} for k, v in o.local_storage.items()],
                    **({"indexedDB": list(o.indexed_db)} if o.indexed_db else {}),
                }
                for o in self.origins
            ],
        }

    @classmethod
    def from_playwright(cls, data: Mapping[str, Any]) -> StorageState:
        """A state from Playwright's storage-state JSON.

        Args:
            data: The parsed JSON: ``{"cookies": [...], "origins": [...]}``, as
                Playwright's ``storage_state()`` or :meth:`to_playwright` gives
                it; a malformed one raises :class:`~browserkit.InvalidArgumentError`
                naming the bad field.
        """
        if not isinstance(data, Mapping):
            raise _bad("storage_state", f"must be an object, got {type(data).__name__}")
        cookies = tuple(
            cookie_from_playwright(c, f"storage_state.cookies[{i}]")
            for i, c in enumerate(_list(data.get("cookies", []), "storage_state.cookies"))
        )
        origins = []
        for i, o in enumerate(_list(data.get("origins", []), "storage_state.origins")):
            where = f"storage_state.origins[{i}]"
            if not isinstance(o, Mapping) or not isinstance(o.get("origin"), str):
                raise _bad(where, "must be an object with an origin string")
            items: dict[str, str] = {}
            for j, item in enumerate(_list(o.get("localStorage", []), f"{where}.localStorage")):
                if not isinstance(item, Mapping) or not all(
                    isinstance(item.get(k), str) for k in ("name", "value")
                ):
                    raise _bad(f"{where}.localStorage[{j}]", "must have name and value strings")
                items[item["name"]] = item["value"]
            databases = _list(o.get("indexedDB", []), f"{where}.indexedDB")
            for j, database in enumerate(databases):
                if not isinstance(database, Mapping) or not isinstance(database.get("name"), str):
                    raise _bad(f"{where}.indexedDB[{j}]", "must be an object with a name string")
            origins.append(OriginStorage(o["origin"], items, tuple(dict(d) for d in databases)))
        return cls(cookies, tuple(origins))


def cookie_from_playwright(data: Any, where: str = "cookie") -> Cookie:
    """A :class:`Cookie` from a mapping with Playwright's keys (as ``context.cookies()`` gives)."""
    if not isinstance(data, Mapping):
        raise _bad(where, f"must be an object, got {type(data).__name__}")
    for key in ("name", "value", "domain"):
        if not isinstance(data.get(key), str):
            raise _bad(where, f"needs {key} as a string")
    same_site = data.get("sameSite", "Lax")
    if same_site not in SAME_SITE:
        raise _bad(where, f"sameSite must be one of {', '.join(SAME_SITE)}, got {same_site!r}")
    expires = data.get("expires", -1)
    number(f"{where}: expires", expires, hint="-1 makes a session cookie")
    return Cookie(
        name=data["name"],
        value=data["value"],
        domain=data["domain"],
        path=str(data.get("path") or "/"),
        expires=float(expires),
        http_only=bool(data.get("httpOnly", False)),
        secure=bool(data.get("secure", False)),
        same_site=cast(SameSite, same_site),
    )


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise _bad(where, f"must be a list, got {type(value).__name__}")
    return list(value)


def _bad(where: str, problem: str) -> InvalidArgumentError:
    return InvalidArgumentError(
        f"{where}: {problem}",
        hint="a storage state is Playwright's JSON: {cookies: [...], origins: [...]}",
    )


# -- Network: a request's detail -------------------------------------------


@attrs.frozen(repr=False)
class RequestDetail:
    """One request of the network buffer in full, as ``network.detail(request_id)`` reads it.

    The buffer entry says what happened (method, url, status, failure); this
    adds what was sent and received: both sets of headers, the request body
    (``request_body``, e.g. a form or JSON post) and the response body.

    A text body is in ``body``, cut to ``config.max_field_chars`` characters;
    then ``body`` is named in ``truncated_fields`` and ``body_size`` still
    gives its full size in bytes (``request_body`` likewise, with
    ``request_body_size``). A binary body (an image, a font, a zip) is never
    returned: ``binary`` is True and ``body_size`` and ``mime_type`` say what
    it was. When the browser no longer holds the body (the page navigated
    away, the request failed, it was a redirect, or it is still loading),
    ``body`` is None and ``note`` says why.

    ``routed`` says how a route of the session handled the request
    (``blocked``, ``fulfilled 200``, ``delayed 500 ms``), None when no route did.
    """

    request_id: str
    method: str
    url: str
    resource_type: str
    tab_id: str | None = None
    request_headers: dict[str, str] = attrs.field(factory=dict)
    request_body: str | None = None
    request_body_size: int | None = None
    status: int | None = None
    status_text: str | None = None
    response_headers: dict[str, str] = attrs.field(factory=dict)
    mime_type: str | None = None
    body: str | None = None
    body_size: int | None = None
    binary: bool = False
    failure: str | None = None
    routed: str | None = None
    note: str | None = None
    truncated_fields: tuple[str, ...] = ()

    __repr__ = summary
    _repr_markdown_ = text_markdown

    def __str__(self) -> str:
        head = f"{self.method} {self.url}"
        if self.status is not None:
            head += f" -> {self.status} {self.status_text or ''}".rstrip()
        lines = [head]
        for what in ("failure", "routed", "note"):
            value = getattr(self, what)
            if value:
                lines.append(f"{what}: {value}")
        lines += [f"> {k}: {v}" for k, v in self.request_headers.items()]
        if self.request_body is not None:
            lines += ["", self.request_body, ""]
        lines += [f"< {k}: {v}" for k, v in self.response_headers.items()]
        if self.body is not None:
            lines += ["", self.body]
        elif self.binary:
            lines.append(f"<{self.body_size} bytes of {self.mime_type or 'binary data'}>")
        return "\n".join(lines)


# -- People: recordings ----------------------------------------------------


@attrs.frozen(repr=False)
class Recording:
    """The trace :meth:`~browserkit.AsyncSession.stop_recording` wrote, and its HAR and videos.

    ``path`` is the zip's absolute path, ``actions`` how many actions and
    navigations it holds as named groups, ``size_bytes`` its size on disk.
    Open it with ``python -m playwright show-trace <path>``. ``har`` is the
    HAR written beside it (``record(har=True)``; else None), ``videos`` the
    ``.webm`` video of each tab (``record(video=True)``), all owner-only.
    """

    path: str
    actions: int
    size_bytes: int
    har: str | None = None
    videos: tuple[str, ...] = ()

    __repr__ = summary
    _repr_markdown_ = record_markdown


# -- Extras: PDF -----------------------------------------------------------


@attrs.frozen(repr=False)
class PdfFile:
    """The PDF :meth:`~browserkit.AsyncSession.pdf` wrote.

    ``path`` is where it is, ``size_bytes`` its size on disk, ``pages`` its
    number of pages as the file's page tree states it (None if the file does
    not state it plainly).
    """

    path: str
    size_bytes: int
    pages: int | None

    __repr__ = summary
    _repr_markdown_ = record_markdown
