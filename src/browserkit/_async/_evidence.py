"""Recording what pages do (console, network, downloads) and the views that read it."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from playwright.async_api import CDPSession, Download, Page, Request, Response
from playwright.async_api import Error as PlaywrightError

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

_LEVELS = {
    "warning": "warning",
    "error": "error",
    "assert": "error",
    "info": "info",
    "debug": "debug",
}
_STATIC = frozenset({"image", "font", "stylesheet", "media"})
_STACK_SOURCE = re.compile(r"\(?((?:https?|file|data|blob|about):[^\s()]+?):(\d+)(?::\d+)?\)?$")
_EXPORT_LIMIT = 10_000


def _source_from_stack(stack: str | None) -> str | None:
    for line in (stack or "").splitlines()[1:]:
        match = _STACK_SOURCE.search(line.strip())
        if match:
            return f"{match.group(1)}:{match.group(2)}"
    return None


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
        self._requests: dict[Request, dict[str, Any]] = {}
        self._next_request = 1
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

        Console output and uncaught exceptions come straight from the page's
        CDP session, not from Playwright's ``console`` event: Playwright
        makes a handle for every logged argument and keeps it until the
        context closes (100,000 messages held 300 MB and took 44 s), while
        CDP events are plain JSON that lives only as long as our ring.
        """
        task = asyncio.ensure_future(self._listen(cdp, page_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        listen(page, "request", lambda req: self._on_request(req, page_id))
        listen(page, "response", self._on_response)
        listen(page, "requestfinished", lambda req: self._on_request_done(req, None))
        listen(
            page, "requestfailed", lambda req: self._on_request_done(req, req.failure or "failed")
        )
        listen(page, "download", lambda d: self._on_download(d, page_id))

    # ---------------------------------------------------------------- console

    async def _listen(self, cdp: Awaitable[CDPSession], page_id: str) -> None:
        try:
            session = await cdp
            session.on("Runtime.consoleAPICalled", lambda e: self._on_console(e, page_id))
            session.on("Runtime.exceptionThrown", lambda e: self._on_exception(e, page_id))
            session.on("Log.entryAdded", lambda e: self._on_log(e, page_id))
            # Enabling replays what the document logged before we listened.
            await session.send("Runtime.enable")
            await session.send("Log.enable")
        except PlaywrightError:
            pass  # the page closed before we could listen

    def _on_console(self, event: dict[str, Any], page_id: str) -> None:
        text = " ".join(_remote_text(arg) for arg in event.get("args", ()))
        frames = (event.get("stackTrace") or {}).get("callFrames") or ()
        source = _frame_source(frames[0]) if frames else None
        level = _LEVELS.get(event.get("type", "log"), "log")
        self.console.append(level=level, text=text, source=source, page_id=page_id)

    def _on_exception(self, event: dict[str, Any], page_id: str) -> None:
        details = event.get("exceptionDetails") or {}
        exception = details.get("exception") or {}
        stack = exception.get("description") or details.get("text") or "exception"
        frames = (details.get("stackTrace") or {}).get("callFrames") or ()
        source = _frame_source(frames[0]) if frames else None
        if source is None and details.get("url"):
            source = f"{details['url']}:{int(details.get('lineNumber', 0)) + 1}"
        self.console.append(
            level="exception",
            text=stack.splitlines()[0] if stack else "exception",
            source=source or _source_from_stack(stack),
            page_id=page_id,
            stack=stack,
        )

    def _on_log(self, event: dict[str, Any], page_id: str) -> None:
        entry = event.get("entry") or {}
        level = {"verbose": "debug", "info": "info", "warning": "warning"}.get(
            entry.get("level", ""), "error"
        )
        url = entry.get("url")
        source = f"{url}:{int(entry.get('lineNumber', 0)) + 1}" if url else None
        self.console.append(
            level=level, text=str(entry.get("text", "")), source=source, page_id=page_id
        )

    # ---------------------------------------------------------------- network

    def _on_request(self, request: Request, page_id: str) -> None:
        request_id = f"r{self._next_request}"
        self._next_request += 1
        fields: dict[str, Any] = {
            "method": request.method,
            "url": request.url,
            "resource_type": request.resource_type,
            "page_id": page_id,
        }
        self._requests[request] = {"request_id": request_id, **fields}
        self.network.upsert(request_id, **fields)

    def _on_response(self, response: Response) -> None:
        fields = self._requests.get(response.request)
        if fields is None:
            return
        fields["status"] = response.status
        self.network.upsert(fields["request_id"], **_without_id(fields))

    def _on_request_done(self, request: Request, failure: str | None) -> None:
        fields = self._requests.pop(request, None)
        if fields is None:
            return
        timing = request.timing
        end = timing.get("responseEnd", -1)
        if end is not None and end >= 0:
            fields["duration_ms"] = round(float(end), 1)
        if failure is not None:
            fields["failure"] = failure
        self.network.upsert(fields["request_id"], **_without_id(fields))

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

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()


def _frame_source(frame: dict[str, Any]) -> str | None:
    url = frame.get("url")
    if not url:
        return None
    return f"{url}:{int(frame.get('lineNumber', 0)) + 1}"  # CDP lines are 0-based


def _remote_text(arg: dict[str, Any]) -> str:
    """A logged argument as the console would print it."""
    if "value" in arg:
        value = arg["value"]
        if isinstance(value, str):
            return value
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true" if value else "false"
        return json.dumps(value) if isinstance(value, (dict, list)) else str(value)
    if "unserializableValue" in arg:
        return str(arg["unserializableValue"])
    if arg.get("type") == "undefined":
        return "undefined"
    return str(arg.get("description") or arg.get("className") or arg.get("type", ""))


def _without_id(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if k != "request_id"}


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
