"""A recording under way: the session's Playwright trace, one named group per action.

While a session records (``record(path)``), every action and navigation
opens a group in the trace titled with what it did and to what
(``clicked e7 (button "Add to cart")``), and ends it with a one-line outcome
nested inside (``→ 2 changes: ...``, ``→ navigated to ...``, ``→ failed:
TargetCoveredError ...``). The trace viewer then shows the session as the
steps the agent took, each holding the Playwright calls it made.

:class:`Recordings` starts and ends the trace; while it runs, its
:class:`Recorder` is subscribed to the session's events (see ``events``),
so nothing here runs when no recording is on. A failing group call never
fails the action: the trace only misses that group.

A trace holds what the session typed and sent in the clear, so it is
rewritten without its secrets before the file is moved into place (see
``_trace_redact``): the values typed into password and card fields, the
session's HttpOnly cookies, credential headers, and the named
secrets. That holds with ``show_secrets=True`` too: that setting is about
what the agent reads now, and a file outlives the session.

A recording may also keep a HAR of the session's requests
(``record(path, har=True)``, beside the trace) and a video of each tab
(``video=True``, see ``video``); a session can write both for its whole
life instead (``start(har_path=..., video_dir=...)``: :class:`SessionFiles`),
written when it stops. The HAR is Playwright's (``tracing.start_har``),
cleared of secrets by the same rules as the trace before it is moved into
place.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import tempfile
import time
import weakref
import zipfile
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path

import attrs
from playwright.async_api import BrowserContext
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core.events import ActionEnded, ActionStarted, Observer
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Baseline, Tab
from browserkit._async.recording.video import Videos, ensure_ffmpeg
from browserkit._paths import output_file, written_by
from browserkit._secrets import REPLACED, TypedSecrets
from browserkit._trace_redact import RedactionTooLong, redact_har, redact_trace
from browserkit.errors import BrowserkitError, InvalidArgumentError, TimeoutError
from browserkit.refs import REF_SHAPE, Ref, bare_ref
from browserkit.results import ActionResult, Recording
from browserkit.snapshot import SnapshotDiff
from browserkit.targets import Target
from browserkit.types import HarContent

__all__ = ["Recorder", "Recordings", "SecretsHook", "SessionFiles"]

GROUP_BOUND_S = 5.0
"""The longest one group call may take (a round trip to Playwright's driver)."""

REDACT_BOUND_S = 120.0
"""The longest rewriting a trace without its secrets may take. It streams at about
10 to 20 MB of trace a second; past the bound the trace is dropped, never written
as it is."""

SecretsHook = Callable[[], Mapping[str, str]]
"""Values a recording must not hold, each with what replaces it (``{value: "<secret:NAME>"}``)."""

_MAX_COOKIES = 4096  # HttpOnly cookie values kept for redaction; the least recent go first
_TITLE = 160  # longest group title, in characters
_NAME = 60  # longest accessible name quoted in a title
_HAR_CONTENT = ("omit", "embed", "attach")


class Recorder(Observer):
    """The trace being recorded for one session: where it goes and the groups so far.

    Subscribed to the session's events while it records: each action (and
    navigation) opens a group when it starts and ends it with its outcome.
    """

    def __init__(self, context: BrowserContext, path: Path) -> None:
        self.context = context
        self.path = path
        self.actions = 0
        self.har: Har | None = None  # record(har=True): the HAR beside the trace
        self.videos: Videos | None = None  # record(video=True)
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


# -- HAR and videos ----------------------------------------------------------


@attrs.define
class Har:
    """A HAR Playwright records into a private folder, to be cleared and moved to ``target``."""

    target: Path
    raw: Path

    @property
    def folder(self) -> Path:
        return self.raw.parent


@attrs.frozen
class SessionFiles:
    """What ``start(har_path=..., video_dir=...)`` asked a session to write for its whole life."""

    har_path: Path | None = None
    har_content: HarContent | None = None
    har_url_filter: str | re.Pattern[str] | None = None
    video_dir: Path | None = None

    @classmethod
    def from_arguments(
        cls,
        har_path: str | os.PathLike[str] | None,
        har_content: HarContent | None,
        har_url_filter: str | re.Pattern[str] | None,
        video_dir: str | os.PathLike[str] | None,
    ) -> SessionFiles | None:
        """The files checked (None: none asked); raises ``InvalidArgumentError`` before
        anything starts."""
        if har_path is None and video_dir is None:
            if har_content is not None or har_url_filter is not None:
                raise InvalidArgumentError(
                    "har_content and har_url_filter need har_path", hint="e.g. har_path='run.har'"
                )
            return None
        har = None if har_path is None else _checked_har(har_path, har_content)
        if har_url_filter is not None and not isinstance(har_url_filter, (str, re.Pattern)):
            raise InvalidArgumentError(
                f"har_url_filter: must be a URL glob or a compiled regex, got {har_url_filter!r}",
                hint='e.g. har_url_filter="**/api/**"',
            )
        folder = None if video_dir is None else _checked_folder(video_dir)
        if folder is not None:
            ensure_ffmpeg()
        return cls(har, har_content, har_url_filter, folder)


def _checked_har(path: str | os.PathLike[str], content: HarContent | None) -> Path:
    target = output_file(path, "har_path='run.har'")
    suffix = target.suffix.lower()
    if suffix not in (".har", ".zip"):
        raise InvalidArgumentError(
            f"har_path: {str(target)!r} is not a .har or .zip file",
            hint="give a file name ending in .har (or .zip, with the bodies as files)",
        )
    if content is not None and content not in _HAR_CONTENT:
        raise InvalidArgumentError(
            f"har_content: must be one of {', '.join(_HAR_CONTENT)}, got {content!r}"
        )
    if content == "attach" and suffix != ".zip":
        raise InvalidArgumentError(
            "har_content='attach' keeps each body as a file of a zip: har_path must end in .zip",
            hint="use har_content='embed' for a single .har file",
        )
    _check_writable(target.parent)
    return target


def _checked_folder(path: str | os.PathLike[str]) -> Path:
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise InvalidArgumentError(f"video_dir must be a folder path, got {path!r}")
    folder = Path(os.path.abspath(path))
    if not folder.is_dir():
        raise InvalidArgumentError(
            f"video_dir: the folder {str(folder)!r} does not exist", hint="create it first"
        )
    _check_writable(folder)
    return folder


def _check_writable(folder: Path) -> None:
    if not os.access(folder, os.W_OK):
        raise InvalidArgumentError(
            f"path: the folder {str(folder)!r} is not writable",
            hint="give a path in a folder you may write",
        )


# -- the capability ----------------------------------------------------------


class Recordings:
    """Starts and writes one session's recording (``record`` / ``stop_recording``), and the
    HAR and videos a session writes for its whole life (``start(har_path=, video_dir=)``).

    ``typed`` holds what the session's actions typed into password and card
    fields. ``secrets``, called when a trace or HAR is written, returns more
    values to replace, each with its replacement: the session's named secrets as
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
        self._har: Har | None = None  # start(har_path=...)
        self._videos: Videos | None = None  # start(video_dir=...)
        # Every HttpOnly cookie value the session held while a trace or HAR was
        # under way: a cookie cleared before the file is written, or set by a
        # response a HAR filter leaves out, is still replaced in it.
        self._cookies: OrderedDict[str, None] = OrderedDict()  # least recently seen first
        self._unwatch: Callable[[], None] | None = None

    async def begin(self, files: SessionFiles, timeout_ms: float | None) -> None:
        """Start what ``files`` asks for, before the session's first page loads."""
        core = self._core
        ms = core.timeout(timeout_ms)
        core.on_shutdown.append(self._write_session_files)
        if files.har_path is not None:
            await self._watch_cookies(ms)
            self._har = await self._start_har(
                files.har_path, files.har_content, files.har_url_filter, ms
            )
        if files.video_dir is not None:
            self._videos = Videos(core, files.video_dir, f"{core.id}-{{tab}}.webm")
            await self._videos.start()

    async def _write_session_files(self) -> None:
        har, self._har = self._har, None
        videos, self._videos = self._videos, None
        if videos is not None:
            await videos.finish()
        if har is not None:
            await self._write_har(har, None)

    async def record(
        self, path: str | Path, video: bool, har: bool, timeout_ms: float | None
    ) -> None:
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
        if har and self._har is not None:
            raise InvalidArgumentError(
                f"session {core.id} already writes a HAR to {str(self._har.target)!r}",
                hint="that HAR holds this recording's requests too: record(path) without har",
            )
        if video and self._videos is not None:
            raise InvalidArgumentError(
                f"session {core.id} already records videos into {str(self._videos.folder)!r}",
                hint="those videos hold this recording too: record(path) without video",
            )
        recorder = Recorder(core.context, _checked_path(path))
        if video:
            ensure_ffmpeg()
        # Held from now: a second record() meanwhile is refused, not a Playwright error.
        self.recorder = recorder
        ms = core.timeout(timeout_ms)
        try:
            await self._watch_cookies(ms)
        except BaseException:
            self.recorder = None
            raise
        start = core.context.tracing.start(
            screenshots=True, snapshots=True, sources=False, title=f"browserkit session {core.id}"
        )
        try:
            await core.bounded(start, "start recording", ms)
            if har:
                recorder.har = await self._start_har(
                    recorder.path.with_suffix(".har"), None, None, ms
                )
            if video:
                stem = recorder.path.stem
                recorder.videos = Videos(core, recorder.path.parent, f"{stem}-{{tab}}.webm")
                await recorder.videos.start()
        except BaseException:
            self.recorder = None
            with contextlib.suppress(BrowserkitError):
                await core.bounded(core.context.tracing.stop(), "stop recording", ms)
            if recorder.har is not None:
                with contextlib.suppress(BrowserkitError):
                    await core.bounded(core.context.tracing.stop_har(), "stop the HAR", ms)
                shutil.rmtree(recorder.har.folder, ignore_errors=True)
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
        """End ``recorder``'s trace and write it (once: the hook and the call never both do),
        then its HAR and videos."""
        core = self._core
        self.recorder = None
        core.events.unsubscribe(recorder)  # from here on, actions add nothing
        if not stopping and self._write_at_stop in core.on_shutdown:
            core.on_shutdown.remove(self._write_at_stop)  # shutdown() is iterating them otherwise
        ms = core.timeout(timeout_ms)
        videos = () if recorder.videos is None else await recorder.videos.finish()

        async def write(made: Path) -> None:
            # Playwright's zip goes beside ``made`` in the same private folder;
            # only its redacted copy is ever moved into place.
            raw = made.with_name("playwright.zip")
            await core.bounded(core.context.tracing.stop(path=raw), "write the recording", ms)
            known = await self._known(ms)
            deadline = time.monotonic() + REDACT_BOUND_S
            await asyncio.to_thread(redact_trace, raw, made, known, deadline=deadline)

        try:
            size = await self._written(recorder.path, write, "recording")
        except InvalidArgumentError:
            # The folder went away or refuses writes: the trace is dropped,
            # and tracing ends all the same (if it had not yet).
            with contextlib.suppress(BrowserkitError):
                await core.bounded(core.context.tracing.stop(), "stop recording", ms)
            if recorder.har is not None:
                with contextlib.suppress(BrowserkitError):
                    await self._write_har(recorder.har, timeout_ms)
            raise
        har = None if recorder.har is None else await self._write_har(recorder.har, timeout_ms)
        return Recording(
            path=str(recorder.path),
            actions=recorder.actions,
            size_bytes=size,
            har=har,
            videos=videos,
        )

    async def _written(
        self, target: Path, write: Callable[[Path], Awaitable[None]], what: str
    ) -> int:
        """``write`` the file and put it at ``target``, owner-only; its size.

        A file that could not be cleared of its secrets is never written.
        """
        try:
            # It holds what the pages showed (form values, cookies in
            # requests): readable by its owner only, from the moment it exists.
            return await written_by(target, write, private=True)
        except RedactionTooLong:
            raise TimeoutError(
                f"the {what} for {str(target)!r} could not be cleared of secrets "
                f"within {REDACT_BOUND_S:.0f} s, so it was not written",
                hint="record shorter runs (stop_recording(), then record() again)",
            ) from None
        except zipfile.BadZipFile:
            raise InvalidArgumentError(
                f"the {what} for {str(target)!r} could not be read back to clear "
                "it of secrets, so it was not written",
                hint="record again",
            ) from None
        except OSError as exc:
            raise InvalidArgumentError(
                f"cannot write the {what} to {str(target)!r} ({exc.strerror or exc})",
                hint=f"the {what} was dropped: record again into a folder you may write",
            ) from None

    async def _start_har(
        self,
        target: Path,
        content: HarContent | None,
        url_filter: str | re.Pattern[str] | None,
        ms: float,
    ) -> Har:
        """Have Playwright record a HAR into a new private folder, for ``target``."""
        folder = Path(tempfile.mkdtemp(prefix="browserkit-har-"))  # mode 0o700
        har = Har(target, folder / f"playwright{target.suffix.lower()}")
        # Also when the session never writes it (its browser died).
        weakref.finalize(har, shutil.rmtree, folder, True)
        tracing = self._core.context.tracing
        try:
            await self._core.bounded(
                tracing.start_har(har.raw, content=content, url_filter=url_filter),
                "start the HAR",
                ms,
            )
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return har

    async def _write_har(self, har: Har, timeout_ms: float | None) -> str:
        """End the HAR, clear it of secrets and put it at its target; its path."""
        core = self._core
        ms = core.timeout(timeout_ms)
        try:
            await core.bounded(core.context.tracing.stop_har(), "write the HAR", ms)
            known = await self._known(ms)

            async def write(made: Path) -> None:
                deadline = time.monotonic() + REDACT_BOUND_S
                await asyncio.to_thread(redact_har, har.raw, made, known, deadline=deadline)

            await self._written(har.target, write, "HAR")
        finally:
            shutil.rmtree(har.folder, ignore_errors=True)
        return str(har.target)

    async def _watch_cookies(self, ms: float) -> None:
        """Note the HttpOnly cookies held now, and each one sent or set from now on."""
        if self._unwatch is None:
            self._unwatch = self._core.evidence.observe_http_only_cookies(self._note_cookie)
        try:
            cookies = await self._core.bounded(self._core.context.cookies(), "read the cookies", ms)
        except BrowserkitError:
            return  # sent again, they are noted then
        for cookie in cookies:
            if cookie.get("httpOnly") and cookie.get("value"):
                self._note_cookie(cookie["value"])

    def _note_cookie(self, value: str) -> None:
        self._cookies.pop(value, None)
        self._cookies[value] = None
        while len(self._cookies) > _MAX_COOKIES:
            self._cookies.popitem(last=False)

    async def _known(self, ms: float) -> dict[str, str]:
        """The values a trace or HAR must not hold, each with its replacement.

        Read once tracing has stopped, so these reads are not in the trace.
        Every HttpOnly cookie value noted while a trace or HAR was under way
        (held when it began, sent or set since: see :meth:`_watch_cookies`)
        and those held now, what its actions typed into secret fields, then
        the named secrets (their names win).
        """
        core = self._core
        known: dict[str, str] = {}
        try:
            cookies = await core.bounded(core.context.cookies(), "read the cookies", ms)
        except BrowserkitError:
            cookies = []  # those the trace saw set are found in it all the same
        known.update(dict.fromkeys(self._cookies, REPLACED["cookie"]))
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
