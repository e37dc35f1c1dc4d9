"""What calls return: frozen attrs values that turn into JSON with one converter."""

from __future__ import annotations

import base64
import html
from typing import TYPE_CHECKING, Literal

import attrs

if TYPE_CHECKING:
    from browserkit.snapshot import SnapshotDiff

__all__ = [
    "ActionResult",
    "DiagnosticIssue",
    "Diagnostics",
    "DialogInfo",
    "HistoryMove",
    "Navigation",
    "Screenshot",
    "SessionInfo",
    "Snapshot",
    "TabInfo",
    "WaitResult",
]


@attrs.frozen
class Navigation:
    """Where ``navigate`` ended: the URL after redirects and the main document's status."""

    url: str
    status: int | None
    timed_out: bool
    generation: int

    def _repr_markdown_(self) -> str:
        note = " (load timed out; the page is usable)" if self.timed_out else ""
        return (
            f"navigated to `{self.url}` — status {self.status}, generation {self.generation}{note}"
        )


@attrs.frozen
class HistoryMove:
    """Result of ``back``/``forward``/``reload``; ``moved=False`` at the history edge."""

    moved: bool
    url: str
    generation: int


@attrs.frozen
class DialogInfo:
    """A JavaScript dialog an action opened (alert, confirm, prompt, beforeunload)."""

    type: str
    message: str
    default_value: str = ""
    handled: Literal["pending", "accepted", "dismissed"] = "pending"


@attrs.frozen
class Snapshot:
    """The page as an accessibility outline with refs (``[ref=e3]``).

    ``tree`` is always the full outline. ``diff`` is the change since the
    previous snapshot of the same tab and generation when ``diff=True`` was
    asked and a baseline existed; ``str(snapshot)`` then renders just the diff,
    which is what an agent should read.
    """

    tree: str
    generation: int
    url: str
    title: str
    page_id: str
    truncated: bool
    refs: int
    diff: SnapshotDiff | None = None

    def __str__(self) -> str:
        if self.diff is not None:
            return str(self.diff)
        return self.tree

    def _repr_markdown_(self) -> str:
        title = html.escape(self.title) or "(untitled)"
        head = f"**{title}** — `{self.url}` · generation {self.generation}"
        return f"{head}\n\n```yaml\n{self}\n```"


@attrs.frozen
class ActionResult:
    """What an action did and, when observed, what it changed.

    ``diff`` is the outline change the action caused (None when not observed
    or when it navigated: then ``navigated`` is True and ``generation`` is the
    new one). ``settled`` is False when a settle bound was hit.
    """

    detail: str
    url: str
    generation: int
    navigated: bool = False
    target_verified: bool | None = None
    diff: SnapshotDiff | None = None
    dialog: DialogInfo | None = None
    new_tabs: tuple[str, ...] = ()
    downloads: tuple[str, ...] = ()
    settled: bool = True

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
        if not self.settled:
            lines.append("(page still busy when the settle bound was hit)")
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return f"```\n{self}\n```"


@attrs.frozen
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

    def _repr_jpeg_(self) -> bytes | None:
        return self.data if self.mime == "image/jpeg" else None

    def _repr_png_(self) -> bytes | None:
        return self.data if self.mime == "image/png" else None

    def base64(self) -> str:
        """The image as base64 text (for JSON and MCP image content)."""
        return base64.b64encode(self.data).decode("ascii")


@attrs.frozen
class WaitResult:
    """Whether ``wait_for``'s condition was met, and how long it took."""

    met: bool
    waited_ms: int


@attrs.frozen
class SessionInfo:
    """One running session, as ``sessions()`` lists it."""

    id: str
    url: str
    created_ms: int
    last_used_ms: int
    read_only: bool
    console_entries: int


@attrs.frozen
class TabInfo:
    """A tab: of a session (``page_id``), or at a CDP endpoint (``adopted``)."""

    page_id: str
    url: str
    title: str
    active: bool = False
    adopted: bool = False


@attrs.frozen
class DiagnosticIssue:
    """A capability that is missing or degraded, and how to enable it."""

    capability: str
    problem: str
    enable_how: str


@attrs.frozen
class Diagnostics:
    """What browserkit would use, found without starting a browser."""

    ok: bool
    executable: str | None
    executable_source: str | None
    version: str | None
    headless: bool
    max_sessions: int
    active_sessions: int
    allowed_schemes: tuple[str, ...]
    launch_args: tuple[str, ...]
    playwright_version: str
    python_version: str
    platform: str
    issues: tuple[DiagnosticIssue, ...] = ()
