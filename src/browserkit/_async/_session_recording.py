"""Session methods for recording a replayable trace (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from browserkit._async._recording import Recordings
from browserkit.results import Recording

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["RecordingMethods"]


class RecordingMethods:
    """Recording the session's work as a Playwright trace a person can replay."""

    _recordings: Recordings

    def _init_recording(self, core: SessionCore) -> None:
        self._recordings = Recordings(core)

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
        return await self._recordings.record(path, timeout_ms)

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
        return await self._recordings.stop_recording(timeout_ms)
