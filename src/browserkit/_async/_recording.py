"""A recording under way: the session's Playwright trace, one named group per action.

While a session records (``record(path)``), every action and navigation
opens a group in the trace titled with what it did and to what
(``clicked e7 (button "Add to cart")``), and ends it with a one-line outcome
nested inside (``→ 2 changes: ...``, ``→ navigated to ...``, ``→ failed:
TargetCoveredError ...``). The trace viewer then shows the session as the
steps the agent took, each holding the Playwright calls it made.

Nothing here runs when no recording is on: the session core's ``recorder``
is None then, and callers skip it. A failing group call never fails the
action: the trace only misses that group.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from playwright.async_api import BrowserContext
from playwright.async_api import Error as PlaywrightError

from browserkit._async._tab import Baseline, Tab
from browserkit.errors import BrowserkitError
from browserkit.refs import REF_SHAPE, Ref, bare_ref
from browserkit.results import ActionResult
from browserkit.snapshot import SnapshotDiff
from browserkit.targets import Target

__all__ = ["Begin", "Recorder", "write_owner_only"]

T = TypeVar("T")

Begin = Callable[[Tab, Baseline | None], Awaitable[None]]
"""Called by an action once its target resolved: opens the action's group."""

GROUP_BOUND_S = 5.0
"""The longest one group call may take (a round trip to Playwright's driver)."""

_TITLE = 160  # longest group title, in characters
_NAME = 60  # longest accessible name quoted in a title


class Recorder:
    """The trace being recorded for one session: where it goes and the groups so far."""

    def __init__(self, context: BrowserContext, path: Path) -> None:
        self.context = context
        self.path = path
        self.actions = 0
        # Writes the trace when the session stops (a SessionCore.on_shutdown hook).
        self.on_stop: Callable[[], Awaitable[None]] | None = None
        self._open = 0  # action groups open now (more than one: actions overlap)
        # One group call at a time: an entry's open and end must not enclose
        # another action's entry made meanwhile.
        self._lock = asyncio.Lock()

    async def action(
        self,
        detail: str,
        target: Target | None,
        run: Callable[[Begin], Awaitable[ActionResult]],
    ) -> ActionResult:
        """Run an action (``run``) as one group, ended with its outcome on every way out.

        ``run`` calls the :data:`Begin` it is given once the target resolved;
        an action that fails before (a stale ref, a read-only session) is
        recorded as a group holding just its failure.
        """
        opened: list[bool] = []  # [whether its group is open] once begun

        async def begin(tab: Tab, before: Baseline | None) -> None:
            opened.append(False)
            opened[0] = await self._begin(action_title(detail, target, tab, before))

        try:
            result = await run(begin)
        except BaseException as exc:
            await self._finish(opened, detail, failure(exc))
            raise
        await self._finish(opened, detail, outcome(result))
        return result

    async def step(self, title: str, call: Awaitable[T]) -> T:
        """Await a navigation (``call``) as one group titled ``title``, ended with its outcome."""
        opened = [await self._begin(clip(title))]
        try:
            result = await call
        except BaseException as exc:
            await self._finish(opened, title, failure(exc))
            raise
        await self._finish(opened, title, moved(result))
        return result

    async def _begin(self, title: str) -> bool:
        """Open an action's group; False when another action's group is open.

        Playwright's groups are one stack per context: two actions running at
        once (in two tabs) would close each other's groups. The later one is
        then recorded as two entries that hold nothing (its title now, its
        outcome when done), inside whichever group is open at the time.
        """
        self.actions += 1
        if self._open:
            await self._mark(f"{title} (alongside another action)")
            return False
        self._open += 1
        went = False
        try:
            async with self._lock:
                went = await self._call(self.context.tracing.group(title))
        finally:
            if not went:
                self._open -= 1
        return went

    async def _finish(self, opened: list[bool], detail: str, result: str) -> None:
        if not opened:  # failed before its target resolved: a group holding just that
            opened = [await self._begin(clip(detail))]
        if not opened[0]:  # recorded beside another action: say whose outcome it is
            await self._mark(clip(f"{detail} {result}"))
            return
        await self._mark(result)
        self._open -= 1
        async with self._lock:
            await self._call(self.context.tracing.group_end())

    async def _mark(self, title: str) -> None:
        """An entry that holds nothing: a group ended at once."""
        async with self._lock:
            if await self._call(self.context.tracing.group(title)):
                await self._call(self.context.tracing.group_end())

    async def _call(self, call: Awaitable[object]) -> bool:
        """Await one tracing call, bounded; whether it went through (its errors are dropped)."""
        try:
            await asyncio.wait_for(call, GROUP_BOUND_S)
        except (PlaywrightError, asyncio.TimeoutError):
            return False
        return True


# -- titles ------------------------------------------------------------------


def clip(text: str, limit: int = _TITLE) -> str:
    """``text`` on one line of at most ``limit`` characters."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def action_title(detail: str, target: Target | None, tab: Tab, before: Baseline | None) -> str:
    """The group title of an action: its detail, and the role and name of a ref target.

    The name comes from the outline browserkit last read of the page (no
    round trip); a ref it does not show is named by its id alone.
    """
    ref = target.id if isinstance(target, Ref) else target
    if not isinstance(ref, str) or not REF_SHAPE.match(bare_ref(ref)):
        return clip(detail)
    outline = before if before is not None else tab.baseline
    if outline is None or outline.generation != tab.generation:
        return clip(detail)
    node = outline.outline.find(bare_ref(ref))
    if node is None:
        return clip(detail)
    name = "" if not node.name else f' "{clip(node.name, _NAME)}"'
    return clip(f"{detail} ({node.role}{name})")


def outcome(result: ActionResult) -> str:
    """An action's outcome as one line: what changed, where it went, what it opened."""
    parts: list[str] = []
    if result.navigated:
        parts.append(f"navigated to {result.url}")
    elif result.diff is not None:
        parts.append(changes(result.diff))
    if result.dialog is not None:
        parts.append(f"{result.dialog.type} dialog {result.dialog.message!r}")
    if result.new_tabs:
        parts.append(f"new tabs {', '.join(result.new_tabs)}")
    if result.downloads:
        parts.append(f"downloads {', '.join(result.downloads)}")
    if not result.settled:
        parts.append("page still busy")
    return clip("→ " + ("; ".join(parts) or "done"))


def changes(d: SnapshotDiff) -> str:
    """A diff in a few words: its counts and its first change, as the diff's text shows them.

    ``1 changed: ~ status [ref=e3]: idle → status [ref=e3]: clicked 1``
    """
    if d.empty:
        return "no change"
    lines = str(d).splitlines()
    head = lines[0].removeprefix("changes: ") if lines else ""
    counts = "; ".join(p for p in head.split("; ") if not p.endswith("unchanged"))
    first = next((line for line in lines[1:] if line[:1] in ("~", "+", "-")), "")
    return f"{counts}: {first}" if counts and first else counts or first or "changed"


def moved(result: object) -> str:
    """A navigation's outcome: the first line of its result (``navigated to ...``)."""
    text = str(result)
    return clip("→ " + (text.splitlines()[0] if text else "done"))


def failure(exc: BaseException) -> str:
    """How an action that raised ends: its error class and message."""
    if isinstance(exc, asyncio.CancelledError):
        return "→ cancelled"
    message = exc.message if isinstance(exc, BrowserkitError) else str(exc)
    return clip(f"→ failed: {type(exc).__name__}: {message}")


# -- the file ----------------------------------------------------------------


async def write_owner_only(target: Path, write: Callable[[Path], Awaitable[None]]) -> int:
    """Have ``write`` make the file, then put it at ``target`` readable by its owner only.

    The trace holds what the pages showed (form values, cookies in requests),
    so it is never readable by others, not even for a moment: it is written
    in a private folder beside ``target`` and moved into place. Returns its
    size in bytes.
    """
    folder = Path(tempfile.mkdtemp(prefix=".browserkit-trace-", dir=target.parent))
    try:
        made = folder / "trace.zip"
        await write(made)
        os.chmod(made, 0o600)
        os.replace(made, target)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return os.stat(target).st_size
