"""Recording what pages do (console, network, downloads) and the views that read it."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from playwright.async_api import CDPSession, Download, Page
from playwright.async_api import Error as PlaywrightError

from browserkit._async._cdp_console import console_fields, exception_fields, log_fields
from browserkit._async._frame_watch import FrameWatch
from browserkit._async._requests import RequestRecords
from browserkit.buffers import (
    CONSOLE_LEVELS,
    ConsoleEntry,
    DownloadEntry,
    EventBuffer,
    EventPage,
    NetworkEntry,
    export,
)
from browserkit.config import Config
from browserkit.errors import BrowserkitError, DownloadNotFoundError, InvalidArgumentError

__all__ = ["AsyncDownloads", "ConsoleView", "Evidence", "NetworkView"]

_STATIC = frozenset({"image", "font", "stylesheet", "media"})
_EXPORT_LIMIT = 10_000
_MAX_IN_FLIGHT = 5_000
_FRAME_RETRY_S = (0.05, 0.1, 0.2, 0.4, 0.0)

_T = TypeVar("_T")

RequestObserver = Callable[[str, dict[str, Any]], None]
"""Called with (kind, fields) as a request starts (``start``), as its response
arrives (``response``) and as it ends (``end``: finished or failed). A body
nobody reads never ends (Chromium reports no ``loadingFinished`` for it)."""


async def _done(session: CDPSession) -> CDPSession:
    return session


def _subscribe(observers: list[_T], observer: _T) -> Callable[[], None]:
    observers.append(observer)
    return lambda: observers.remove(observer) if observer in observers else None


class Evidence:
    """The three buffers of a session and the page hooks that fill them."""

    def __init__(self, config: Config) -> None:
        size, chars = config.buffer_size, config.max_field_chars
        self.console: EventBuffer[ConsoleEntry] = EventBuffer(
            ConsoleEntry, capacity=size, max_field_chars=chars
        )
        self.network: EventBuffer[NetworkEntry] = EventBuffer(
            NetworkEntry, capacity=size, max_field_chars=chars
        )
        self.downloads: EventBuffer[DownloadEntry] = EventBuffer(
            DownloadEntry, capacity=size, max_field_chars=chars
        )
        self._requests: dict[tuple[int, str], dict[str, Any]] = {}
        # Headers and body handles of the requests in the buffer (network.detail).
        self.details = RequestRecords(self.network, self._requests, self._write)
        self._next_request = 1
        self._observers: dict[str, list[RequestObserver]] = {}
        self._window_observers: dict[str, list[Callable[[str], None]]] = {}
        self._frame_watches: dict[str, FrameWatch] = {}
        self._download_waiters: list[asyncio.Future[None]] = []
        self._main_frames: dict[int, str] = {}
        self._frame_sessions: dict[Any, CDPSession | None] = {}
        self._sessions: list[CDPSession] = []
        self._ready: dict[str, asyncio.Future[None]] = {}
        self._next_download = 1
        self.download_files: dict[str, Download] = {}
        self.new_downloads: list[str] = []
        self._tasks: set[asyncio.Future[Any]] = set()

    def watch(
        self,
        page: Page,
        page_id: str,
        cdp: Awaitable[CDPSession],
        listen: Callable[[Any, str, Callable[..., Any]], None],
    ) -> None:
        """Record everything ``page`` reports, tagged with ``page_id``.

        Console output, exceptions and requests come straight from the
        page's CDP session (and from the session of each out-of-process
        iframe), not from Playwright's ``console`` and ``request`` events:
        Playwright keeps an object per logged argument and per request and
        response until the context closes (100,000 messages held 300 MB;
        3,000 fetches 6,000 objects and 40 MB), while CDP events are plain
        JSON that lives only as long as our rings.
        """
        ready = asyncio.get_running_loop().create_future()
        self._ready[page_id] = ready
        task = asyncio.ensure_future(self._listen(cdp, page_id, main=True, ready=ready))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        listen(page, "framenavigated", lambda frame: self._on_frame(page, frame, page_id))
        listen(page, "download", lambda d: self._on_download(d, page_id))

    async def ready(self, page_id: str) -> None:
        """Wait until ``page_id``'s CDP listeners are enabled (so its first request is seen)."""
        future = self._ready.get(page_id)
        if future is not None:
            await asyncio.shield(future)

    def _on_frame(self, page: Page, frame: Any, page_id: str) -> None:
        if frame == page.main_frame or frame in self._frame_sessions:
            return
        self._frame_sessions[frame] = None
        task = asyncio.ensure_future(self._listen_frame(page, frame, page_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _listen_frame(self, page: Page, frame: Any, page_id: str) -> None:
        # Only a cross-origin iframe that Chromium runs in its own process has
        # a session of its own; the others report through the page's. Right at
        # commit the new process may not be reachable yet: retry a few times.
        session = None
        for delay in _FRAME_RETRY_S:
            try:
                session = await page.context.new_cdp_session(frame)
                break
            except PlaywrightError:
                if frame.is_detached():
                    break
                await asyncio.sleep(delay)
        if session is None:
            self._frame_sessions.pop(frame, None)  # a later navigation may try again
            return
        self._frame_sessions[frame] = session
        await self._listen(_done(session), page_id, main=False, ready=None)

    # ---------------------------------------------------------------- console

    async def _listen(
        self,
        cdp: Awaitable[CDPSession],
        page_id: str,
        *,
        main: bool,
        ready: asyncio.Future[None] | None,
    ) -> None:
        try:
            session = await cdp
            key = id(session)
            self._sessions.append(session)
            session.on("Runtime.consoleAPICalled", lambda e: self._on_console(e, page_id))
            session.on("Runtime.exceptionThrown", lambda e: self._on_exception(e, page_id))
            session.on("Log.entryAdded", lambda e: self._on_log(e, page_id))
            session.on(
                "Network.requestWillBeSent",
                lambda e: self._on_request(e, page_id, key, session),
            )
            session.on("Network.responseReceived", lambda e: self._on_response(e, page_id, key))
            session.on(
                "Network.loadingFinished",
                lambda e: self._end((key, str(e.get("requestId"))), page_id, e.get("timestamp")),
            )
            session.on("Network.loadingFailed", lambda e: self._on_failed(e, page_id, key))
            if main:
                tree = await session.send("Page.getFrameTree")
                self._main_frames[key] = tree["frameTree"]["frame"]["id"]
                self.frames(page_id).attach(session, self._main_frames[key])
                # Chromium says a window is about to open (link with a target,
                # window.open, form) well before Playwright reports the new
                # page; settling waits for the page in between. A popup the
                # browser blocks sends nothing, so nobody waits for it.
                session.on(
                    "Page.windowOpen", lambda e: self._notify_window(page_id, str(e.get("url")))
                )
                await session.send("Page.enable")
            await session.send("Network.enable")
            # Enabling replays what the document logged before we listened.
            await session.send("Runtime.enable")
            await session.send("Log.enable")
        except PlaywrightError:
            pass  # the page closed before we could listen
        finally:
            if ready is not None and not ready.done():
                ready.set_result(None)

    def _on_console(self, event: dict[str, Any], page_id: str) -> None:
        self.console.append(**console_fields(event), page_id=page_id)

    def _on_exception(self, event: dict[str, Any], page_id: str) -> None:
        self.console.append(**exception_fields(event), page_id=page_id)

    def _on_log(self, event: dict[str, Any], page_id: str) -> None:
        self.console.append(**log_fields(event), page_id=page_id)

    # ---------------------------------------------------------------- network

    def observe_requests(self, page_id: str, observer: RequestObserver) -> Callable[[], None]:
        """Call ``observer(kind, fields)`` for each request of ``page_id``; returns an undo."""
        return _subscribe(self._observers.setdefault(page_id, []), observer)

    def observe_windows(self, page_id: str, observer: Callable[[str], None]) -> Callable[[], None]:
        """Call ``observer(url)`` as ``page_id`` is about to open a window; returns an undo."""
        return _subscribe(self._window_observers.setdefault(page_id, []), observer)

    def frames(self, page_id: str) -> FrameWatch:
        """What the main frame of ``page_id`` is loading (see :class:`FrameWatch`)."""
        return self._frame_watches.setdefault(page_id, FrameWatch())

    def _notify_window(self, page_id: str, url: str) -> None:
        for observer in list(self._window_observers.get(page_id, ())):
            observer(url)

    def _notify(self, page_id: str, kind: str, fields: dict[str, Any]) -> None:
        for observer in list(self._observers.get(page_id, ())):
            observer(kind, fields)

    def _write(self, fields: dict[str, Any]) -> None:
        self.network.upsert(
            fields["request_id"],
            **{k: v for k, v in fields.items() if k != "request_id" and not k.startswith("_")},
        )

    def _end(self, key: tuple[int, str], page_id: str, timestamp: Any, **changes: Any) -> None:
        fields = self._requests.pop(key, None)
        if fields is None:
            return
        if isinstance(timestamp, (int, float)):
            fields["duration_ms"] = round((timestamp - fields["_start"]) * 1000, 1)
        fields.update(changes)
        self._write(fields)
        self._notify(page_id, "end", fields)

    def _on_request(
        self, event: dict[str, Any], page_id: str, session: int, cdp: CDPSession
    ) -> None:
        key = (session, str(event.get("requestId")))
        redirect = event.get("redirectResponse")
        if redirect is not None:
            # CDP reuses the request id for each redirect hop; every hop is a request.
            self._end(key, page_id, event.get("timestamp"), status=redirect.get("status"))
        request = event.get("request") or {}
        rtype = str(event.get("type") or "other").lower()
        fields: dict[str, Any] = {
            "request_id": f"r{self._next_request}",
            "method": str(request.get("method", "GET")),
            "url": str(request.get("url", "")),
            "resource_type": rtype,
            "page_id": page_id,
            "_start": event.get("timestamp") or 0.0,
            "_navigation": rtype == "document"
            and event.get("frameId") == self._main_frames.get(session),
        }
        self._next_request += 1
        if len(self._requests) >= _MAX_IN_FLIGHT:
            # Requests that never end (long polls, streams) must not grow this forever.
            self._requests.pop(next(iter(self._requests)))
        self.details.started(key, fields, cdp, event)
        self._requests[key] = fields
        self._write(fields)
        self._notify(page_id, "start", fields)

    def _on_response(self, event: dict[str, Any], page_id: str, session: int) -> None:
        fields = self._requests.get((session, str(event.get("requestId"))))
        if fields is not None:
            fields["status"] = (event.get("response") or {}).get("status")
            self.details.responded(fields["request_id"], event)
            timestamp = event.get("timestamp")
            if isinstance(timestamp, (int, float)):
                # Time to the response for now; the end, if it ever comes,
                # makes it the whole duration.
                fields["duration_ms"] = round((timestamp - fields["_start"]) * 1000, 1)
            self._write(fields)
            self._notify(page_id, "response", fields)

    def _on_failed(self, event: dict[str, Any], page_id: str, session: int) -> None:
        failure = str(event.get("errorText") or "failed")
        cors = event.get("corsErrorStatus") or {}
        if cors.get("corsError"):
            failure += f" (CORS: {cors['corsError']})"
        elif event.get("blockedReason"):
            failure += f" (blocked: {event['blockedReason']})"
        key = (session, str(event.get("requestId")))
        self._end(key, page_id, event.get("timestamp"), failure=failure)

    # -------------------------------------------------------------- downloads

    def _on_download(self, download: Download, page_id: str) -> None:
        download_id = f"d{self._next_download}"
        self._next_download += 1
        self.download_files[download_id] = download
        self.new_downloads.append(download_id)
        base = {
            "page_id": page_id,
            "url": download.url,
            "suggested_filename": download.suggested_filename,
        }
        self.downloads.upsert(download_id, status="detected", **base)
        for waiter in self._download_waiters:
            if not waiter.done():
                waiter.set_result(None)
        task = asyncio.ensure_future(self._finish_download(download_id, download, base))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _finish_download(
        self, download_id: str, download: Download, base: dict[str, Any]
    ) -> None:
        try:
            failure = await download.failure()
        except PlaywrightError as exc:
            failure = str(exc).splitlines()[0]
        current = self.downloads.get(download_id)
        status = current.status if current is not None else "detected"
        if failure:
            self.downloads.upsert(download_id, status="failed", available=False, **base)
        else:
            self.downloads.upsert(download_id, status=status, available=True, **base)

    @property
    def download_count(self) -> int:
        """Downloads recorded so far, every tab: a mark for :meth:`downloads_since`."""
        return self._next_download - 1

    def downloads_since(self, mark: int, page_id: str) -> list[str]:
        """Ids of the downloads ``page_id`` started after ``download_count`` was ``mark``."""
        ids = (f"d{n}" for n in range(mark + 1, self._next_download))
        return [i for i in ids if (e := self.downloads.get(i)) is not None and e.page_id == page_id]

    async def next_download(self, seconds: float) -> None:
        """Wait (at most ``seconds``) until the next download is recorded."""
        waiter = asyncio.get_running_loop().create_future()
        self._download_waiters.append(waiter)
        try:
            await asyncio.wait_for(waiter, max(0.0, seconds))
        except asyncio.TimeoutError:
            pass
        finally:
            self._download_waiters.remove(waiter)

    async def close(self) -> None:
        """Stop recording: cancel pending work, detach the iframe sessions."""
        for task in list(self._tasks):
            task.cancel()
        for watch in self._frame_watches.values():
            watch.close()
        for session in [s for s in self._frame_sessions.values() if s is not None]:
            try:
                await session.detach()
            except PlaywrightError:
                pass
        self._frame_sessions.clear()
        self._observers.clear()
        self._window_observers.clear()


def _page_filter(page_id: str | None) -> Callable[[Any], bool] | None:
    if page_id is None:
        return None
    return lambda e: bool(e.page_id == page_id)


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

    def _predicate(self, level: str | None, page_id: str | None) -> Callable[[Any], bool] | None:
        levels: frozenset[str] | None = None
        if level is not None:
            if level not in CONSOLE_LEVELS:
                raise InvalidArgumentError(
                    f"level must be one of {', '.join(CONSOLE_LEVELS)}, got {level!r}"
                )
            # An uncaught exception is an error too.
            levels = frozenset({"error", "exception"}) if level == "error" else frozenset({level})
        by_level = None if levels is None else (lambda e: e.level in levels)
        return _both(by_level, _page_filter(page_id))

    def read(
        self,
        *,
        since_seq: int = 0,
        limit: int = 100,
        pattern: str | None = None,
        level: str | None = None,
        page_id: str | None = None,
    ) -> EventPage[ConsoleEntry]:
        """Entries after ``since_seq`` (0: the newest ``limit``), filtered.

        ``level="error"`` also matches ``exception``; ``pattern`` is a regular
        expression searched in the text and source. Page on with
        ``since_seq=page.last_seq``; nothing is missed or repeated.
        """
        return self._buffer.read(
            since_seq=since_seq,
            limit=limit,
            pattern=pattern,
            predicate=self._predicate(level, page_id),
        )

    def export(
        self,
        path: str,
        *,
        since_seq: int = 0,
        limit: int = _EXPORT_LIMIT,
        pattern: str | None = None,
        level: str | None = None,
        page_id: str | None = None,
    ) -> Path:
        """Write the selected page of entries, with its cursor fields, as JSON to ``path``."""
        page = self.read(
            since_seq=since_seq, limit=limit, pattern=pattern, level=level, page_id=page_id
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
        failed_only: bool, include_static: bool, page_id: str | None
    ) -> Callable[[Any], bool] | None:
        pred: Callable[[Any], bool] | None = None
        if failed_only:
            pred = lambda e: e.failure is not None or (e.status or 0) >= 400  # noqa: E731
        if not include_static:
            pred = _both(pred, lambda e: e.resource_type not in _STATIC)
        return _both(pred, _page_filter(page_id))

    def read(
        self,
        *,
        since_seq: int = 0,
        limit: int = 100,
        pattern: str | None = None,
        failed_only: bool = False,
        include_static: bool = False,
        page_id: str | None = None,
    ) -> EventPage[NetworkEntry]:
        """Requests after ``since_seq``; an update (response, failure) re-lists a request.

        ``failed_only`` keeps network errors and statuses >= 400; images,
        fonts, stylesheets and media are hidden unless ``include_static``.
        """
        return self._buffer.read(
            since_seq=since_seq,
            limit=limit,
            pattern=pattern,
            predicate=self._predicate(failed_only, include_static, page_id),
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
        page_id: str | None = None,
    ) -> Path:
        """Write the selected page of requests, with its cursor fields, as JSON to ``path``."""
        page = self.read(
            since_seq=since_seq,
            limit=limit,
            pattern=pattern,
            failed_only=failed_only,
            include_static=include_static,
            page_id=page_id,
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
        page_id: str | None = None,
    ) -> EventPage[DownloadEntry]:
        """Downloads after ``since_seq``; a status change re-lists a download."""
        return self._buffer.read(
            since_seq=since_seq, limit=limit, pattern=pattern, predicate=_page_filter(page_id)
        )

    def export(
        self,
        path: str,
        *,
        since_seq: int = 0,
        limit: int = _EXPORT_LIMIT,
        pattern: str | None = None,
        page_id: str | None = None,
    ) -> Path:
        """Write the selected page of downloads, with its cursor fields, as JSON to ``path``."""
        return export(
            path, self.read(since_seq=since_seq, limit=limit, pattern=pattern, page_id=page_id)
        )

    async def save(self, download_id: str, path: str) -> DownloadEntry:
        """Copy a finished download to ``path`` (its folder must exist); returns the entry.

        Saving pins the entry: it is never evicted from the buffer afterwards.
        """
        download = self._evidence.download_files.get(download_id)
        entry = self._buffer.get(download_id)
        if download is None or entry is None:
            raise DownloadNotFoundError(f"no download {download_id!r} in this session")
        target = Path(path)
        if not target.parent.is_dir():
            raise InvalidArgumentError(f"the folder of {path!r} does not exist")
        if target.is_dir():
            raise InvalidArgumentError(f"{path!r} is a folder; give a file path")
        base = {
            "page_id": entry.page_id,
            "url": entry.url,
            "suggested_filename": entry.suggested_filename,
        }
        self._buffer.pin(download_id)
        self._buffer.upsert(download_id, status="saving", available=entry.available, **base)
        try:
            source = await download.path()
            await asyncio.to_thread(shutil.copyfile, source, target)
        except (PlaywrightError, OSError) as exc:
            self._buffer.upsert(download_id, status="failed", available=False, **base)
            raise BrowserkitError(f"saving download {download_id} failed: {exc}") from None
        return self._buffer.upsert(
            download_id, status="saved", available=True, path=str(target), **base
        )

    def __len__(self) -> int:
        return len(self._buffer)
