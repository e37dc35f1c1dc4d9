"""The views that read a session's console, network and downloads buffers."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.async_api import Error as PlaywrightError

from browserkit._async.evidence.hooks import Evidence
from browserkit._paths import copy_file, output_file
from browserkit.buffers import (
    CONSOLE_LEVELS,
    ConsoleEntry,
    DownloadEntry,
    EventBuffer,
    EventPage,
    NetworkEntry,
    export,
)
from browserkit.errors import BrowserkitError, DownloadNotFoundError, InvalidArgumentError

__all__ = ["AsyncDownloads", "ConsoleView", "Evidence", "NetworkView"]

_STATIC = frozenset({"image", "font", "stylesheet", "media"})
_EXPORT_LIMIT = 10_000


def _page_filter(tab_id: str | None) -> Callable[[Any], bool] | None:
    if tab_id is None:
        return None
    return lambda e: bool(e.tab_id == tab_id)


def _both(
    a: Callable[[Any], bool] | None, b: Callable[[Any], bool] | None
) -> Callable[[Any], bool] | None:
    if a is None or b is None:
        return a or b
    return lambda e: a(e) and b(e)


class ConsoleView:
    """The session's console: messages, uncaught exceptions and failed loads, every tab."""

    def __init__(self, buffer: EventBuffer[ConsoleEntry]) -> None:
        self._buffer = buffer

    def _predicate(self, level: str | None, tab_id: str | None) -> Callable[[Any], bool] | None:
        levels: frozenset[str] | None = None
        if level is not None:
            if level not in CONSOLE_LEVELS:
                raise InvalidArgumentError(
                    f"level must be one of {', '.join(CONSOLE_LEVELS)}, got {level!r}"
                )
            # An uncaught exception is an error too.
            levels = frozenset({"error", "exception"}) if level == "error" else frozenset({level})
        by_level = None if levels is None else (lambda e: e.level in levels)
        return _both(by_level, _page_filter(tab_id))

    def read(
        self,
        *,
        since_seq: int = 0,
        limit: int = 100,
        pattern: str | None = None,
        level: str | None = None,
        tab_id: str | None = None,
    ) -> EventPage[ConsoleEntry]:
        """Entries after ``since_seq``, oldest first, filtered.

        Page on with ``since_seq=page.last_seq``; nothing is missed or repeated.

        Args:
            since_seq: 0 for a first look (the newest matches), else the ``last_seq``
                of the previous page: only what came after it.
            limit: Most entries returned, 1 to 10,000; default 100.
            pattern: A regular expression (Python ``re``) searched in the text and source;
                default: no filter. An invalid pattern raises
                :class:`~browserkit.InvalidArgumentError`.
            level: Only this level: ``"log"``, ``"info"``, ``"warning"``,
                ``"error"`` (uncaught exceptions included), ``"debug"`` or
                ``"exception"``; default: every level.
            tab_id: Only this tab's entries (``t1``, ``t2``, ...; see ``tabs()``);
                default: every tab.
        """
        return self._buffer.read(
            since_seq=since_seq,
            limit=limit,
            pattern=pattern,
            predicate=self._predicate(level, tab_id),
        )

    def export(
        self,
        path: str,
        *,
        since_seq: int = 0,
        limit: int = _EXPORT_LIMIT,
        pattern: str | None = None,
        level: str | None = None,
        tab_id: str | None = None,
    ) -> Path:
        """Write the selected page of entries, with its cursor fields, as JSON to ``path``.

        Args:
            path: The JSON file to write; its folder must exist, else
                :class:`~browserkit.InvalidArgumentError`.
            since_seq: 0 for a first look (the newest matches), else the ``last_seq``
                of the previous page: only what came after it.
            limit: Most entries written, 1 to 10,000; default 10,000.
            pattern: A regular expression (Python ``re``) searched in the text and source;
                default: no filter. An invalid pattern raises
                :class:`~browserkit.InvalidArgumentError`.
            level: Only this level: ``"log"``, ``"info"``, ``"warning"``,
                ``"error"`` (uncaught exceptions included), ``"debug"`` or
                ``"exception"``; default: every level.
            tab_id: Only this tab's entries (``t1``, ``t2``, ...; see ``tabs()``);
                default: every tab.
        """
        page = self.read(
            since_seq=since_seq, limit=limit, pattern=pattern, level=level, tab_id=tab_id
        )
        return export(path, page)

    def __len__(self) -> int:
        return len(self._buffer)

    @property
    def written(self) -> int:
        """Entries recorded since the session started (including dropped ones)."""
        return self._buffer.written


class NetworkView:
    """The session's requests, one entry per request, updated as it progresses."""

    def __init__(self, buffer: EventBuffer[NetworkEntry]) -> None:
        self._buffer = buffer

    @staticmethod
    def _predicate(
        failed_only: bool, include_static: bool, tab_id: str | None
    ) -> Callable[[Any], bool] | None:
        pred: Callable[[Any], bool] | None = None
        if failed_only:
            pred = lambda e: e.failure is not None or (e.status or 0) >= 400  # noqa: E731
        if not include_static:
            pred = _both(pred, lambda e: e.resource_type not in _STATIC)
        return _both(pred, _page_filter(tab_id))

    def read(
        self,
        *,
        since_seq: int = 0,
        limit: int = 100,
        pattern: str | None = None,
        failed_only: bool = False,
        include_static: bool = False,
        tab_id: str | None = None,
    ) -> EventPage[NetworkEntry]:
        """Requests after ``since_seq``; an update (response, failure) re-lists a request.

        Args:
            since_seq: 0 for a first look (the newest matches), else the ``last_seq``
                of the previous page: only what came after it.
            limit: Most entries returned, 1 to 10,000; default 100.
            pattern: A regular expression (Python ``re``) searched in the URL, method and failure;
                default: no filter. An invalid pattern raises
                :class:`~browserkit.InvalidArgumentError`.
            failed_only: Keep only network errors and statuses >= 400; default False.
            include_static: Also list images, fonts, stylesheets and media (hidden
                by default).
            tab_id: Only this tab's requests (``t1``, ``t2``, ...; see ``tabs()``);
                default: every tab.
        """
        return self._buffer.read(
            since_seq=since_seq,
            limit=limit,
            pattern=pattern,
            predicate=self._predicate(failed_only, include_static, tab_id),
        )

    def export(
        self,
        path: str,
        *,
        since_seq: int = 0,
        limit: int = _EXPORT_LIMIT,
        pattern: str | None = None,
        failed_only: bool = False,
        include_static: bool = False,
        tab_id: str | None = None,
    ) -> Path:
        """Write the selected page of requests, with its cursor fields, as JSON to ``path``.

        Args:
            path: The JSON file to write; its folder must exist, else
                :class:`~browserkit.InvalidArgumentError`.
            since_seq: 0 for a first look (the newest matches), else the ``last_seq``
                of the previous page: only what came after it.
            limit: Most entries written, 1 to 10,000; default 10,000.
            pattern: A regular expression (Python ``re``) searched in the URL, method and failure;
                default: no filter. An invalid pattern raises
                :class:`~browserkit.InvalidArgumentError`.
            failed_only: Keep only network errors and statuses >= 400; default False.
            include_static: Also list images, fonts, stylesheets and media (hidden
                by default).
            tab_id: Only this tab's requests (``t1``, ``t2``, ...; see ``tabs()``);
                default: every tab.
        """
        page = self.read(
            since_seq=since_seq,
            limit=limit,
            pattern=pattern,
            failed_only=failed_only,
            include_static=include_static,
            tab_id=tab_id,
        )
        return export(path, page)

    def __len__(self) -> int:
        return len(self._buffer)


class AsyncDownloads:
    """The session's downloads; ``save`` copies one to a path of your choice."""

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence
        self._buffer = evidence.downloads

    def read(
        self,
        *,
        since_seq: int = 0,
        limit: int = 100,
        pattern: str | None = None,
        tab_id: str | None = None,
    ) -> EventPage[DownloadEntry]:
        """Downloads after ``since_seq``; a status change re-lists a download.

        Args:
            since_seq: 0 for a first look (the newest matches), else the ``last_seq``
                of the previous page: only what came after it.
            limit: Most entries returned, 1 to 10,000; default 100.
            pattern: A regular expression (Python ``re``) searched in the URL and file name;
                default: no filter. An invalid pattern raises
                :class:`~browserkit.InvalidArgumentError`.
            tab_id: Only this tab's downloads (``t1``, ``t2``, ...; see ``tabs()``);
                default: every tab.
        """
        return self._buffer.read(
            since_seq=since_seq, limit=limit, pattern=pattern, predicate=_page_filter(tab_id)
        )

    def export(
        self,
        path: str,
        *,
        since_seq: int = 0,
        limit: int = _EXPORT_LIMIT,
        pattern: str | None = None,
        tab_id: str | None = None,
    ) -> Path:
        """Write the selected page of downloads, with its cursor fields, as JSON to ``path``.

        Args:
            path: The JSON file to write; its folder must exist, else
                :class:`~browserkit.InvalidArgumentError`.
            since_seq: 0 for a first look (the newest matches), else the ``last_seq``
                of the previous page: only what came after it.
            limit: Most entries written, 1 to 10,000; default 10,000.
            pattern: A regular expression (Python ``re``) searched in the URL and file name;
                default: no filter. An invalid pattern raises
                :class:`~browserkit.InvalidArgumentError`.
            tab_id: Only this tab's downloads (``t1``, ``t2``, ...; see ``tabs()``);
                default: every tab.
        """
        return export(
            path, self.read(since_seq=since_seq, limit=limit, pattern=pattern, tab_id=tab_id)
        )

    async def save(self, download_id: str, path: str) -> DownloadEntry:
        """Copy a finished download to ``path``; returns the updated entry.

        Saving pins the entry: it is never evicted from the buffer afterwards.

        Args:
            download_id: The download (``d1``, ``d2``, ...; see ``read()`` or
                ``ActionResult.downloads``); an unknown one raises
                :class:`~browserkit.DownloadNotFoundError`.
            path: The file to write; its folder must exist and it must not be a
                folder, else :class:`~browserkit.InvalidArgumentError`.
        """
        download = self._evidence.download_files.get(download_id)
        entry = self._buffer.get(download_id)
        if download is None or entry is None:
            raise DownloadNotFoundError(f"no download {download_id!r} in this session")
        target = output_file(path, "<dir>/report.pdf")
        base = {
            "tab_id": entry.tab_id,
            "url": entry.url,
            "suggested_filename": entry.suggested_filename,
        }
        self._buffer.pin(download_id)
        self._buffer.upsert(download_id, status="saving", available=entry.available, **base)
        try:
            source = await download.path()
            await asyncio.to_thread(copy_file, source, target, private=False)
        except (PlaywrightError, OSError) as exc:
            self._buffer.upsert(download_id, status="failed", available=False, **base)
            raise BrowserkitError(f"saving download {download_id} failed: {exc}") from None
        return self._buffer.upsert(
            download_id, status="saved", available=True, path=str(target), **base
        )

    def __len__(self) -> int:
        return len(self._buffer)
