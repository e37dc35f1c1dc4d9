"""Session methods for recording a replayable trace (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from browserkit._async._recording import Recorder, write_owner_only
from browserkit._paths import output_file
from browserkit.errors import BrowserkitError, InvalidArgumentError
from browserkit.results import Recording

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["RecordingMethods"]


class RecordingMethods:
    """Recording the session's work as a Playwright trace a person can replay."""

    _core: SessionCore

    def _init_recording(self, core: SessionCore) -> None:
        pass  # nothing until record(): ``core.recorder`` stays None

    async def record(self, path: str | Path, *, timeout_ms: float | None = None) -> None:
        """Start recording the session as a Playwright trace, written to ``path``.

        The trace holds every tab's screenshots, DOM snapshots and network,
        with each browserkit action and navigation as a named step: what it
        did and to what (``clicked e7 (button "Add to cart")``), and its
        outcome inside (``→ 2 changes: ...``, ``→ failed: ...``). It is
        written by :meth:`stop_recording`, or when the session stops; a
        session whose browser crashed writes none. Open it with
        ``python -m playwright show-trace <path>``.

        Raises :class:`~browserkit.InvalidArgumentError` when a recording is
        already under way, when ``path`` is not a ``.zip`` or its folder is
        missing, and on an attached session (its trace would hold the whole
        Chrome). Recording changes nothing in the page: read-only sessions
        may record.

        Args:
            path: The trace file to write, a ``.zip`` in a folder that exists and you
                may write; an existing file there is replaced.
            timeout_ms: Bound in milliseconds on starting the recording; default
                ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
        """
        core = self._core
        core.ensure_open()
        core.own_context_only(
            "record",
            "a trace would hold every tab of the user's Chrome",
            hint="start a session with start() to record it",
        )
        if core.recorder is not None:
            raise InvalidArgumentError(
                f"session {core.id} is already recording to {str(core.recorder.path)!r}",
                hint="call stop_recording() first",
            )
        recorder = Recorder(core.context, _checked_path(path))
        # Held from now: a second record() meanwhile is refused, not a Playwright error.
        core.recorder = recorder
        start = core.context.tracing.start(
            screenshots=True, snapshots=True, sources=False, title=f"browserkit session {core.id}"
        )
        try:
            await core.guard(start, "start recording", core.timeout(timeout_ms))
        except BaseException:
            core.recorder = None
            raise

        async def write_at_stop() -> None:
            # The session is stopping: its trace is written while the context lives.
            await self._write(recorder, None, stopping=True)

        recorder.on_stop = write_at_stop
        core.on_shutdown.append(write_at_stop)

    async def stop_recording(self, *, timeout_ms: float | None = None) -> Recording:
        """Stop recording and write the trace zip; what it holds and where it is.

        The file is readable by its owner only (it holds what the pages
        showed); an existing file at that path is replaced. Open it with
        ``python -m playwright show-trace <path>``, or at
        https://trace.playwright.dev (which reads it in your browser, without
        uploading it). Raises :class:`~browserkit.InvalidArgumentError` when
        no recording is under way.

        Args:
            timeout_ms: Bound in milliseconds on writing the trace; default
                ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
        """
        core = self._core
        core.ensure_open()
        recorder = core.recorder
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
        core.recorder = None  # from here on, actions add nothing
        if not stopping and recorder.on_stop in core.on_shutdown:
            core.on_shutdown.remove(recorder.on_stop)  # shutdown() is iterating them otherwise
        ms = core.timeout(timeout_ms)

        async def write(made: Path) -> None:
            await core.guard(core.context.tracing.stop(path=made), "write the recording", ms)

        try:
            size = await write_owner_only(recorder.path, write)
        except OSError as exc:
            # The folder went away or refuses writes: the trace is dropped,
            # and tracing ends all the same (if it had not yet).
            with contextlib.suppress(BrowserkitError):
                await core.guard(core.context.tracing.stop(), "stop recording", ms)
            raise InvalidArgumentError(
                f"cannot write the recording to {str(recorder.path)!r} ({exc.strerror or exc})",
                hint="the trace was dropped: record again into a folder you may write",
            ) from None
        return Recording(path=str(recorder.path), actions=recorder.actions, size_bytes=size)


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
