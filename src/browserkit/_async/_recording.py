"""A recording under way: the session's Playwright trace, one named group per action.

While a session records (``record(path)``), every action and navigation
opens a group in the trace titled with what it did and to what
(``clicked e7 (button "Add to cart")``), and ends it with a one-line outcome
nested inside (``→ 2 changes: ...``, ``→ navigated to ...``, ``→ failed:
TargetCoveredError ...``). The trace viewer then shows the session as the
steps the agent took, each holding the Playwright calls it made.

:class:`Recordings` starts and ends the trace; while it runs, its
:class:`Recorder` is subscribed to the session's events (see ``_events``),
so nothing here runs when no recording is on. A failing group call never
fails the action: the trace only misses that group.

A trace holds what the session typed and sent in the clear, so it is
rewritten without its secrets before the file is moved into place (see
``_trace_redact``): the values typed into password and card fields, the
session's HttpOnly cookies, credential headers, and the named
secrets. That holds with ``show_secrets=True`` too: that setting is about
what the agent reads now, and a file outlives the session.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
import zipfile
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path

from playwright.async_api import BrowserContext
from playwright.async_api import Error as PlaywrightError

from browserkit._async._core import SessionCore
from browserkit._async._events import ActionEnded, ActionStarted, Observer
from browserkit._async._tab import Baseline, Tab
from browserkit._paths import output_file, written_by
from browserkit._trace_redact import REPLACED, RedactionTooLong, TypedSecrets, redact_trace
from browserkit.errors import BrowserkitError, InvalidArgumentError, TimeoutError
from browserkit.refs import REF_SHAPE, Ref, bare_ref
from browserkit.results import ActionResult, Recording
from browserkit.snapshot import SnapshotDiff
from browserkit.targets import Target

__all__ = ["Recorder", "Recordings", "SecretsHook"]

GROUP_BOUND_S = 5.0
"""The longest one group call may take (a round trip to Playwright's driver)."""

REDACT_BOUND_S = 120.0
"""The longest rewriting a trace without its secrets may take. It streams at about
10 to 20 MB of trace a second; past the bound the trace is dropped, never written
as it is."""

SecretsHook = Callable[[], Mapping[str, str]]
"""Values a recording must not hold, each with what replaces it (``{value: "<secret:NAME>"}``)."""

_TITLE = 160  # longest group title, in characters
_NAME = 60  # longest accessible name quoted in a title


class Recorder(Observer):
    """The trace being recorded for one session: where it goes and the groups so far.

    Subscribed to the session's events while it records: each action (and
    navigation) opens a group when it starts and ends it with its outcome.
    """

    def __init__(self, context: BrowserContext, path: Path) -> None:
        self.context = context
        self.path = path
        self.actions = 0
        self._open = 0  # action groups open now (more than one: actions overlap)
        # Whether each started action's group is open (False: it runs beside another).
        self._groups: dict[int, bool] = {}
        # One group call at a time: an entry's open and end must not enclose
        # another action's entry made meanwhile.
        self._lock = asyncio.Lock()

    async def action_started(self, event: ActionStarted) -> None:
        title = action_title(event.detail, event.target, event.tab, event.before)
        self._groups[event.action_id] = False
        self._groups[event.action_id] = await self._begin(title)

    async def action_ended(self, event: ActionEnded) -> None:
        if event.error is not None:
            line = failure(event.error)
        elif isinstance(event.result, ActionResult):
            line = outcome(event.result)
        else:
            line = moved(event.result)
        await self._finish(self._groups.pop(event.action_id, None), event.detail, line)

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

    async def _finish(self, opened: bool | None, detail: str, result: str) -> None:
        if opened is None:  # failed before its target resolved: a group holding just that
            opened = await self._begin(clip(detail))
        if not opened:  # recorded beside another action: say whose outcome it is
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


# -- the capability ----------------------------------------------------------


class Recordings:
    """Starts and writes one session's recording (``record`` / ``stop_recording``).

    ``typed`` holds what the session's actions typed into password and card
    fields. ``secrets``, called when a trace is written, returns more values to
    replace, each with its replacement: the session's named secrets as
    ``{value: "<secret:NAME>"}`` (``Secrets.hidden``). Its replacements win
    over browserkit's own. Default: none.
    """

    def __init__(
        self,
        core: SessionCore,
        typed: TypedSecrets | None = None,
        secrets: SecretsHook | None = None,
    ) -> None:
        self._core = core
        self._typed = typed if typed is not None else TypedSecrets()
        self._secrets = secrets
        self.recorder: Recorder | None = None  # the recording under way

    async def record(self, path: str | Path, timeout_ms: float | None) -> None:
        core = self._core
        core.ensure_open()
        core.own_context_only(
            "record",
            "a trace would hold every tab of the user's Chrome",
            hint="start a session with start() to record it",
        )
        if self.recorder is not None:
            raise InvalidArgumentError(
                f"session {core.id} is already recording to {str(self.recorder.path)!r}",
                hint="call stop_recording() first",
            )
        recorder = Recorder(core.context, _checked_path(path))
        # Held from now: a second record() meanwhile is refused, not a Playwright error.
        self.recorder = recorder
        start = core.context.tracing.start(
            screenshots=True, snapshots=True, sources=False, title=f"browserkit session {core.id}"
        )
        try:
            await core.bounded(start, "start recording", core.timeout(timeout_ms))
        except BaseException:
            self.recorder = None
            raise
        core.events.subscribe(recorder)
        # The session is stopping: its trace is written while the context lives.
        core.on_shutdown.append(self._write_at_stop)

    async def _write_at_stop(self) -> None:
        if self.recorder is not None:
            await self._write(self.recorder, None, stopping=True)

    async def stop_recording(self, timeout_ms: float | None) -> Recording:
        core = self._core
        core.ensure_open()
        recorder = self.recorder
        if recorder is None:
            raise InvalidArgumentError(
                f"session {core.id} is not recording",
                hint="call record(path) first, then act, then stop_recording()",
            )
        return await self._write(recorder, timeout_ms)

    async def _write(
        self, recorder: Recorder, timeout_ms: float | None, *, stopping: bool = False
    ) -> Recording:
        """End ``recorder``'s trace and write it (once: the hook and the call never both do)."""
        core = self._core
        self.recorder = None
        core.events.unsubscribe(recorder)  # from here on, actions add nothing
        if not stopping and self._write_at_stop in core.on_shutdown:
            core.on_shutdown.remove(self._write_at_stop)  # shutdown() is iterating them otherwise
        ms = core.timeout(timeout_ms)

        async def write(made: Path) -> None:
            # Playwright's zip goes beside ``made`` in the same private folder;
            # only its redacted copy is ever moved into place.
            raw = made.with_name("playwright.zip")
            await core.bounded(core.context.tracing.stop(path=raw), "write the recording", ms)
            known = await self._known(ms)
            deadline = time.monotonic() + REDACT_BOUND_S
            await asyncio.to_thread(redact_trace, raw, made, known, deadline=deadline)

        try:
            # The trace holds what the pages showed (form values, cookies in
            # requests): readable by its owner only, from the moment it exists.
            size = await written_by(recorder.path, write, private=True)
        except RedactionTooLong:
            raise TimeoutError(
                f"the recording for {str(recorder.path)!r} could not be cleared of secrets "
                f"within {REDACT_BOUND_S:.0f} s, so it was not written",
                hint="record shorter runs (stop_recording(), then record() again)",
            ) from None
        except zipfile.BadZipFile:
            raise InvalidArgumentError(
                f"the recording for {str(recorder.path)!r} could not be read back to clear "
                "it of secrets, so it was not written",
                hint="record again",
            ) from None
        except OSError as exc:
            # The folder went away or refuses writes: the trace is dropped,
            # and tracing ends all the same (if it had not yet).
            with contextlib.suppress(BrowserkitError):
                await core.bounded(core.context.tracing.stop(), "stop recording", ms)
            raise InvalidArgumentError(
                f"cannot write the recording to {str(recorder.path)!r} ({exc.strerror or exc})",
                hint="the trace was dropped: record again into a folder you may write",
            ) from None
        return Recording(path=str(recorder.path), actions=recorder.actions, size_bytes=size)

    async def _known(self, ms: float) -> dict[str, str]:
        """The values the trace must not hold, each with its replacement.

        Read once tracing has stopped, so these reads are not in the trace.
        The session's HttpOnly cookies, what its actions typed into secret
        fields, then the named secrets (their names win).
        """
        core = self._core
        known: dict[str, str] = {}
        try:
            cookies = await core.bounded(core.context.cookies(), "read the cookies", ms)
        except BrowserkitError:
            cookies = []  # those the trace saw set are found in it all the same
        for cookie in cookies:
            if cookie.get("httpOnly") and cookie.get("value"):
                known[cookie["value"]] = REPLACED["cookie"]
        known.update(self._typed.replacements())
        if self._secrets is not None:
            known.update(self._secrets())
        return known


def _checked_path(path: str | Path) -> Path:
    """``path`` made absolute, after checking it names a ``.zip`` in a writable folder."""
    target = output_file(path, "record('trace.zip')")
    if target.suffix.lower() != ".zip":
        raise InvalidArgumentError(
            f"path: {str(target)!r} is not a .zip file",
            hint="give a file name ending in .zip, e.g. 'trace.zip'",
        )
    if not os.access(target.parent, os.W_OK):
        raise InvalidArgumentError(
            f"path: the folder {str(target.parent)!r} is not writable",
            hint="give a path in a folder you may write",
        )
    return target
