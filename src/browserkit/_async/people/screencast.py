"""The screencast of a session's active tab: JPEG frames from CDP, and trusted input back.

Chromium's ``Page.startScreencast`` sends a frame when the compositor drew
something new and waits for its ack before the next, so an idle page sends
nothing and a slow reader never builds a backlog. Only the newest frame is
kept; the live view hands it to every viewer that has not seen it yet.

The screencast runs on the session's active tab and follows it: a watcher
checks which tab is active a few times a second (tabs change in several
places: a click that opens a popup, ``select_tab``, a tab that closes) and
moves the screencast to the new one. It runs only while someone watches.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import attrs
from playwright.async_api import CDPSession
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab, swallow

__all__ = ["Frame", "Screencast"]

QUALITY = 60
"""JPEG quality: text stays readable, a 1280x800 frame is about 50-100 kB."""
MAX_SIDE = 1920
"""Frames are never larger than this (a HiDPI page is sent at its CSS size)."""
FOLLOW_S = 0.25
"""How often the watcher checks which tab is active and what its URL is."""
CDP_S = 5.0
"""The bound on one CDP call of the screencast (start, stop, metrics)."""


@attrs.frozen
class Frame:
    """One screencast frame: base64 JPEG, its number, the screen it shows (DIP), and the
    page's zoom then (``pageScaleFactor``: above 1 when pinch-zoomed or a mobile page
    asks for an initial scale)."""

    seq: int
    data: str
    width: float
    height: float
    scale: float = 1.0


class Screencast:
    """Runs ``Page.startScreencast`` on the session's active tab and keeps the newest frame.

    ``on_frame`` is called (on the loop) after every new frame, ``on_tabs``
    whenever the tabs, the active tab or its URL changed.
    """

    def __init__(
        self, core: SessionCore, *, on_frame: Callable[[], None], on_tabs: Callable[[], None]
    ) -> None:
        self._core = core
        self._on_frame = on_frame
        self._on_tabs = on_tabs
        self.frame: Frame | None = None
        self._seq = 0
        self.tab: Tab | None = None
        self._cdp: CDPSession | None = None
        self._handler: Callable[[dict[str, Any]], None] | None = None
        self._follow: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        # What the watcher saw last: the tabs, their URLs and the active one.
        self.seen: tuple[Any, ...] = ()

    @property
    def running(self) -> bool:
        return self._follow is not None

    def start(self) -> None:
        """Start the screencast on the active tab and follow that tab (idempotent)."""
        if self._follow is None:
            self._follow = asyncio.ensure_future(self._watch())

    async def stop(self) -> None:
        """Stop following and stop the screencast; the last frame is dropped (it goes stale)."""
        follow, self._follow = self._follow, None
        if follow is not None:
            follow.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await follow
        async with self._lock:
            await self._detach()
        self.frame = None
        self.seen = ()

    async def _watch(self) -> None:
        core = self._core
        while not core.closed:
            tab = core.tabs.get(core.active) if core.active is not None else None
            if tab is not self.tab:
                async with self._lock:
                    await self._detach()
                    if tab is not None and not tab.closed:
                        await self._attach(tab)
            seen = (core.active, tuple((t.tab_id, t.page.url) for t in core.tabs.values()))
            if seen != self.seen:
                self.seen = seen
                self._on_tabs()
            await asyncio.sleep(FOLLOW_S)

    async def _attach(self, tab: Tab) -> None:
        self.tab = tab
        try:
            cdp = await asyncio.wait_for(tab.cdp_session(), CDP_S)
            metrics = await asyncio.wait_for(cdp.send("Page.getLayoutMetrics"), CDP_S)
        except (PlaywrightError, asyncio.TimeoutError):
            return  # the tab is closing: the watcher moves on with the next active one
        view = metrics.get("cssVisualViewport") or metrics.get("cssLayoutViewport") or {}
        width = min(MAX_SIDE, int(view.get("clientWidth") or MAX_SIDE))
        height = min(MAX_SIDE, int(view.get("clientHeight") or MAX_SIDE))

        def on_frame(params: dict[str, Any]) -> None:
            if self._handler is not on_frame:
                return  # a late frame of a tab the screencast left
            # Acked at once: Chromium sends the next frame only after the ack,
            # and the view keeps only the newest anyway.
            ack = cdp.send("Page.screencastFrameAck", {"sessionId": params.get("sessionId")})
            asyncio.ensure_future(ack).add_done_callback(swallow)
            meta = params.get("metadata") or {}
            self._seq += 1
            self.frame = Frame(
                self._seq,
                str(params.get("data", "")),
                float(meta.get("deviceWidth") or width),
                float(meta.get("deviceHeight") or height),
                float(meta.get("pageScaleFactor") or 1.0),
            )
            self._on_frame()

        self._cdp, self._handler = cdp, on_frame
        cdp.on("Page.screencastFrame", on_frame)
        params = {"format": "jpeg", "quality": QUALITY, "maxWidth": width, "maxHeight": height}
        try:
            await asyncio.wait_for(cdp.send("Page.startScreencast", params), CDP_S)
        except (PlaywrightError, asyncio.TimeoutError):
            pass  # closing, or stuck: the next tab change retries

    async def _detach(self) -> None:
        cdp, handler = self._cdp, self._handler
        self._cdp = self._handler = None
        self.tab = None
        if cdp is None or handler is None:
            return
        with contextlib.suppress(KeyError, ValueError):
            cdp.remove_listener("Page.screencastFrame", handler)
        with contextlib.suppress(PlaywrightError, asyncio.TimeoutError):
            await asyncio.wait_for(cdp.send("Page.stopScreencast"), CDP_S)

    async def to_css(self, fx: float, fy: float) -> tuple[float, float]:
        """A point of the frame, as fractions of its width and height, in the page's CSS px
        (relative to the layout viewport, as input and hit tests take them).

        The frame shows the visual viewport: on a zoomed page a screen point is
        that far into it at its scale, from where it sits in the layout viewport.
        """
        frame = self.frame
        if frame is None:
            raise LookupError("no frame yet")
        fx, fy = min(max(fx, 0.0), 1.0), min(max(fy, 0.0), 1.0)
        x, y = fx * frame.width, fy * frame.height
        if frame.scale == 1.0:
            return x, y  # the visual viewport is the layout viewport
        left, top = await self._visual_offset()
        return left + x / frame.scale, top + y / frame.scale

    async def _visual_offset(self) -> tuple[float, float]:
        """Where the visual viewport sits in the layout viewport (CSS px); 0, 0 if unknown."""
        metrics = await self.send("Page.getLayoutMetrics", {}) or {}
        visual = metrics.get("cssVisualViewport") or {}
        return float(visual.get("offsetX") or 0.0), float(visual.get("offsetY") or 0.0)

    async def send(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        """A CDP command on the tab being shown, bounded (a page held by a dialog may never
        answer it); its answer, or None when the tab closed or navigated meanwhile (input
        is then lost, as in a browser)."""
        tab = self.tab
        if tab is None or tab.closed:
            return None
        try:
            cdp = await asyncio.wait_for(tab.cdp_session(), CDP_S)
            answer: dict[str, Any] = await asyncio.wait_for(cdp.send(method, params), CDP_S)
        except (PlaywrightError, asyncio.TimeoutError):
            return None
        return answer
