"""What calls return: frozen attrs values that turn into JSON with one converter."""

from __future__ import annotations

import base64
import html
import json
from typing import TYPE_CHECKING, Any, Literal

import attrs

from browserkit._reprs import (
    diff_summary,
    fence,
    line_count,
    record_markdown,
    summary,
    text_markdown,
)
from browserkit._results_extras import PdfFile
from browserkit._results_network import RequestDetail
from browserkit._results_people import Recording
from browserkit._results_reading import (
    CollapsedList,
    DomNode,
    FindMatch,
    FrameInfo,
    MarkdownLink,
    PageMarkdown,
    PageScan,
    ScanTarget,
    Styles,
)
from browserkit._results_state import Cookie, OriginStorage, StorageState
from browserkit._version import __version__
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
    renders it when there is no diff.
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


# Documented here, where they are imported from (their modules are private).
# Their annotations are resolved first, in their own modules: the converter
# reads them through ``__module__``, which then names this one.
for _public in (
    CollapsedList,
    Cookie,
    DomNode,
    FindMatch,
    FrameInfo,
    MarkdownLink,
    OriginStorage,
    PageMarkdown,
    PageScan,
    PdfFile,
    Recording,
    RequestDetail,
    ScanTarget,
    StorageState,
    Styles,
):
    attrs.resolve_types(_public)
    _public.__module__ = __name__
del _public
