"""The page hooks that fill a session's console, network and downloads buffers.

:class:`Evidence` listens to each page's CDP session (and to each
out-of-process iframe's) and writes what it hears into three
``EventBuffer`` rings; the views in ``views`` read them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from playwright.async_api import CDPSession, Download, Page
from playwright.async_api import Error as PlaywrightError

from browserkit._async.evidence.cdp_console import console_fields, exception_fields, log_fields
from browserkit._async.evidence.frame_watch import FrameWatch
from browserkit._async.evidence.requests import RequestRecords, worker_script
from browserkit._async.evidence.socket_traffic import SocketTraffic
from browserkit._fence import Fence
from browserkit._trace_redact import http_only_value
from browserkit.buffers import ConsoleEntry, DownloadEntry, EventBuffer, NetworkEntry
from browserkit.config import Config

__all__ = ["BLOCKED_BY_POLICY", "Evidence", "RequestObserver"]

BLOCKED_BY_POLICY = "blocked by domain policy"
"""The failure of a request the session's domain fence refused."""

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
        # Secrets are redacted as entries are written, so every read and export is clean.
        redact = config.secrets.redact if config.secrets else None
        self.console: EventBuffer[ConsoleEntry] = EventBuffer(
            ConsoleEntry, capacity=size, max_field_chars=chars, redact=redact
        )
        self.network: EventBuffer[NetworkEntry] = EventBuffer(
            NetworkEntry, capacity=size, max_field_chars=chars, redact=redact
        )
        self.downloads: EventBuffer[DownloadEntry] = EventBuffer(
            DownloadEntry, capacity=size, max_field_chars=chars, redact=redact
        )
        self._requests: dict[tuple[int, str], dict[str, Any]] = {}
        # The session's domain fence: a request it refused fails "blocked by domain
        # policy"; main-frame documents refused, per tab: (count, last URL).
        self.fence: Fence | None = None
        self._fenced: dict[str, tuple[int, str]] = {}
        # Headers and body handles of the requests in the buffer (network.detail).
        self.details = RequestRecords(self.network, self._requests, self._write, redact or str)
        self._next_request = 1
        self._observers: dict[str, list[RequestObserver]] = {}
        self._window_observers: dict[str, list[Callable[[str], None]]] = {}
        self._cookie_watchers: list[Callable[[str], None]] = []
        self._frame_watches: dict[str, FrameWatch] = {}
        self._sockets: dict[str, SocketTraffic] = {}
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
        tab_id: str,
        cdp: Awaitable[CDPSession],
        listen: Callable[[Any, str, Callable[..., Any]], None],
    ) -> None:
        """Record everything ``page`` reports, tagged with ``tab_id``.

        Console output, exceptions and requests come straight from the
        page's CDP session (and from the session of each out-of-process
        iframe), not from Playwright's ``console`` and ``request`` events:
        Playwright keeps an object per logged argument and per request and
        response until the context closes (100,000 messages held 300 MB;
        3,000 fetches 6,000 objects and 40 MB), while CDP events are plain
        JSON that lives only as long as our rings.
        """
        ready = asyncio.get_running_loop().create_future()
        self._ready[tab_id] = ready
        task = asyncio.ensure_future(self._listen(cdp, tab_id, main=True, ready=ready))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        listen(page, "framenavigated", lambda frame: self._on_frame(page, frame, tab_id))
        listen(page, "download", lambda d: self._on_download(d, tab_id))

    async def ready(self, tab_id: str) -> None:
        """Wait until ``tab_id``'s CDP listeners are enabled (so its first request is seen)."""
        future = self._ready.get(tab_id)
        if future is not None:
            await asyncio.shield(future)

    def _on_frame(self, page: Page, frame: Any, tab_id: str) -> None:
        if frame == page.main_frame or frame in self._frame_sessions:
            return
        self._frame_sessions[frame] = None
        task = asyncio.ensure_future(self._listen_frame(page, frame, tab_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _listen_frame(self, page: Page, frame: Any, tab_id: str) -> None:
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
        await self._listen(_done(session), tab_id, main=False, ready=None)

    # ---------------------------------------------------------------- console

    async def _listen(
        self,
        cdp: Awaitable[CDPSession],
        tab_id: str,
        *,
        main: bool,
        ready: asyncio.Future[None] | None,
    ) -> None:
        try:
            session = await cdp
            key = id(session)
            self._sessions.append(session)
            session.on("Runtime.consoleAPICalled", lambda e: self._on_console(e, tab_id))
            session.on("Runtime.exceptionThrown", lambda e: self._on_exception(e, tab_id))
            session.on("Log.entryAdded", lambda e: self._on_log(e, tab_id))
            session.on(
                "Network.requestWillBeSent",
                lambda e: self._on_request(e, tab_id, key, session),
            )
            session.on("Network.responseReceived", lambda e: self._on_response(e, tab_id, key))
            session.on(
                "Network.loadingFinished",
                lambda e: self._end((key, str(e.get("requestId"))), tab_id, e.get("timestamp")),
            )
            session.on("Network.loadingFailed", lambda e: self._on_failed(e, tab_id, key))
            session.on(
                "Network.responseReceivedExtraInfo",
                lambda e: self._on_worker_response(e, tab_id, key),
            )
            # Counted, never kept: what a settle waits on after an action sent one.
            traffic = self.sockets(tab_id)
            for event, heard in (
                ("Network.webSocketCreated", traffic.opened),
                ("Network.webSocketFrameSent", traffic.sent),
                ("Network.webSocketFrameReceived", traffic.received),
                ("Network.webSocketClosed", traffic.closed),
            ):
                session.on(event, lambda e, heard=heard: heard(f"{key}:{e.get('requestId')}"))
            # The raw cookies of every hop, HttpOnly ones included (for recordings).
            session.on("Network.requestWillBeSentExtraInfo", self._on_cookies_sent)
            session.on("Network.responseReceivedExtraInfo", self._on_cookies_set)
            if main:
                tree = await session.send("Page.getFrameTree")
                self._main_frames[key] = tree["frameTree"]["frame"]["id"]
                self.frames(tab_id).attach(session, self._main_frames[key])
                # Chromium says a window is about to open (link with a target,
                # window.open, form) well before Playwright reports the new
                # page; settling waits for the page in between. A popup the
                # browser blocks sends nothing, so nobody waits for it.
                session.on(
                    "Page.windowOpen", lambda e: self._notify_window(tab_id, str(e.get("url")))
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

    def _on_console(self, event: dict[str, Any], tab_id: str) -> None:
        self.console.append(**console_fields(event), tab_id=tab_id)

    def _on_exception(self, event: dict[str, Any], tab_id: str) -> None:
        self.console.append(**exception_fields(event), tab_id=tab_id)

    def _on_log(self, event: dict[str, Any], tab_id: str) -> None:
        self.console.append(**log_fields(event), tab_id=tab_id)

    # ---------------------------------------------------------------- network

    def observe_requests(self, tab_id: str, observer: RequestObserver) -> Callable[[], None]:
        """Call ``observer(kind, fields)`` for each request of ``tab_id``; returns an undo."""
        return _subscribe(self._observers.setdefault(tab_id, []), observer)

    def in_flight(self, tab_id: str) -> list[dict[str, Any]]:
        """The fields of ``tab_id``'s requests that have not ended yet."""
        return [fields for fields in self._requests.values() if fields["tab_id"] == tab_id]

    def observe_windows(self, tab_id: str, observer: Callable[[str], None]) -> Callable[[], None]:
        """Call ``observer(url)`` as ``tab_id`` is about to open a window; returns an undo."""
        return _subscribe(self._window_observers.setdefault(tab_id, []), observer)

    def sockets(self, tab_id: str) -> SocketTraffic:
        """The frames the WebSockets of ``tab_id`` (its iframes' too) sent and received."""
        return self._sockets.setdefault(tab_id, SocketTraffic())

    def frames(self, tab_id: str) -> FrameWatch:
        """What the main frame of ``tab_id`` is loading (see :class:`FrameWatch`)."""
        return self._frame_watches.setdefault(tab_id, FrameWatch())

    def observe_http_only_cookies(self, watcher: Callable[[str], None]) -> Callable[[], None]:
        """Call ``watcher(value)`` with the value of each HttpOnly cookie a request of any
        tab or out-of-process frame sends, or a response (a redirect hop too) sets; returns
        an undo. Read from CDP's raw headers, so a HAR filter or a cookie gone by the
        time a recording stops hides none of them."""
        return _subscribe(self._cookie_watchers, watcher)

    def _on_cookies_sent(self, event: dict[str, Any]) -> None:
        if not self._cookie_watchers:
            return
        for item in event.get("associatedCookies") or ():
            cookie = (item.get("cookie") if isinstance(item, dict) else None) or {}
            if cookie.get("httpOnly") and cookie.get("value"):
                self._cookie_seen(str(cookie["value"]))

    def _on_cookies_set(self, event: dict[str, Any]) -> None:
        if not self._cookie_watchers:
            return
        for name, lines in (event.get("headers") or {}).items():
            if str(name).lower() == "set-cookie":
                for line in str(lines).split("\n"):  # CDP joins repeated headers with \n
                    value = http_only_value(line)
                    if value is not None:
                        self._cookie_seen(value)

    def _cookie_seen(self, value: str) -> None:
        for watcher in list(self._cookie_watchers):
            watcher(value)

    def _notify_window(self, tab_id: str, url: str) -> None:
        for observer in list(self._window_observers.get(tab_id, ())):
            observer(url)

    def _notify(self, tab_id: str, kind: str, fields: dict[str, Any]) -> None:
        for observer in list(self._observers.get(tab_id, ())):
            observer(kind, fields)

    def _write(self, fields: dict[str, Any]) -> None:
        self.network.upsert(
            fields["request_id"],
            **{k: v for k, v in fields.items() if k != "request_id" and not k.startswith("_")},
        )

    def _end(self, key: tuple[int, str], tab_id: str, timestamp: Any, **changes: Any) -> None:
        fields = self._requests.pop(key, None)
        if fields is None:
            return
        if isinstance(timestamp, (int, float)):
            fields["duration_ms"] = round((timestamp - fields["_start"]) * 1000, 1)
        fields.update(changes)
        self._write(fields)
        self._notify(tab_id, "end", fields)

    def _on_request(
        self, event: dict[str, Any], tab_id: str, session: int, cdp: CDPSession
    ) -> None:
        key = (session, str(event.get("requestId")))
        redirect = event.get("redirectResponse")
        if redirect is not None:
            # CDP reuses the request id for each redirect hop; every hop is a request.
            self._end(key, tab_id, event.get("timestamp"), status=redirect.get("status"))
        request = event.get("request") or {}
        rtype = str(event.get("type") or "other").lower()
        fields: dict[str, Any] = {
            "request_id": f"r{self._next_request}",
            "method": str(request.get("method", "GET")),
            "url": str(request.get("url", "")),
            "resource_type": rtype,
            "tab_id": tab_id,
            "_start": event.get("timestamp") or 0.0,
            "_began": time.monotonic(),  # the same, on this process's clock (_loading)
            "_navigation": rtype == "document"
            and event.get("frameId") == self._main_frames.get(session),
            "_worker": worker_script(event),
        }
        self._next_request += 1
        if len(self._requests) >= _MAX_IN_FLIGHT:
            # Requests that never end (long polls, streams) must not grow this forever.
            self._requests.pop(next(iter(self._requests)))
        self.details.started(key, fields, cdp, event)
        self._requests[key] = fields
        self._write(fields)
        self._notify(tab_id, "start", fields)

    def _on_response(self, event: dict[str, Any], tab_id: str, session: int) -> None:
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
            self._notify(tab_id, "response", fields)

    def _on_worker_response(self, event: dict[str, Any], tab_id: str, session: int) -> None:
        # A worker's script hears of its response only here (see worker_script):
        # its status, and the time to it on this clock, end it.
        key = (session, str(event.get("requestId")))
        fields = self._requests.get(key)
        if fields is not None and fields["_worker"]:
            took = round((time.monotonic() - fields["_began"]) * 1000, 1)
            self._end(key, tab_id, None, status=event.get("statusCode"), duration_ms=took)

    def _on_failed(self, event: dict[str, Any], tab_id: str, session: int) -> None:
        failure = str(event.get("errorText") or "failed")
        cors = event.get("corsErrorStatus") or {}
        if cors.get("corsError"):
            failure += f" (CORS: {cors['corsError']})"
        elif event.get("blockedReason"):
            failure += f" (blocked: {event['blockedReason']})"
        key = (session, str(event.get("requestId")))
        fields = self._requests.get(key)
        # Our proxy's refusal reaches Chromium as a SOCKS failure; the policy,
        # asked here again, says whether it was the fence's doing.
        url = str((fields or {}).get("url", ""))
        if self.fence is not None and fields is not None and not self.fence.allows_url(url):
            failure = BLOCKED_BY_POLICY
            if fields.get("_navigation"):
                self._fenced[tab_id] = (self.fenced_count(tab_id) + 1, url)
        self._end(key, tab_id, event.get("timestamp"), failure=failure)

    def fenced_count(self, tab_id: str) -> int:
        """How many main-frame documents of the tab the domain fence refused so far."""
        return self._fenced.get(tab_id, (0, ""))[0]

    def fenced_off_since(self, tab_id: str, count: int) -> str | None:
        """The URL of the last main-frame document refused by the fence after ``count``."""
        seen, url = self._fenced.get(tab_id, (0, ""))
        return url if seen > count else None

    # -------------------------------------------------------------- downloads

    def _on_download(self, download: Download, tab_id: str) -> None:
        download_id = f"d{self._next_download}"
        self._next_download += 1
        self.download_files[download_id] = download
        self.new_downloads.append(download_id)
        base = {
            "tab_id": tab_id,
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

    def downloads_since(self, mark: int, tab_id: str) -> list[str]:
        """Ids of the downloads ``tab_id`` started after ``download_count`` was ``mark``."""
        ids = (f"d{n}" for n in range(mark + 1, self._next_download))
        return [i for i in ids if (e := self.downloads.get(i)) is not None and e.tab_id == tab_id]

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
