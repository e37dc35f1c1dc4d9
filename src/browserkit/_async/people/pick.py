"""A person picking an element in the live view: the pick loop behind ``pick()``.

The view is put in pick mode; each click a person makes there is a point
in the page, turned into a ``p`` ref by
:class:`~browserkit._async.targeting.picked_refs.Picks` (the first
point that names an element wins), while the element under their pointer
is outlined by the browser's own overlay.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from playwright.async_api import CDPSession
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab
from browserkit._async.people.live_view import LiveView, LiveViews
from browserkit._async.targeting.locators import Locators
from browserkit._async.targeting.picked_refs import NOTHING_SEEN, Picks, seen_at
from browserkit.errors import InvalidArgumentError, TimeoutError
from browserkit.results import Picked

__all__ = ["Picking"]

# How the element under the pointer is outlined in the page (drawn by the
# browser's own overlay, so it shows in the screencast): box, tag, id, class,
# size, and the accessible role and name.
_HIGHLIGHT = {
    "showInfo": True,
    "showAccessibilityInfo": True,
    "showStyles": False,
    "contentColor": {"r": 111, "g": 168, "b": 220, "a": 0.45},
    "paddingColor": {"r": 147, "g": 196, "b": 125, "a": 0.35},
    "borderColor": {"r": 255, "g": 229, "b": 153, "a": 0.6},
    "marginColor": {"r": 246, "g": 178, "b": 107, "a": 0.35},
}


class Picking:
    """Waits for one person's pick at a time, in a session's live view."""

    def __init__(
        self, core: SessionCore, picks: Picks, live_views: LiveViews, locators: Locators
    ) -> None:
        self._core = core
        self._picks = picks
        self._live_views = live_views
        self._locators = locators
        self._picking = False

    async def pick(self, prompt: str | None, timeout_ms: float | None) -> Picked:
        core = self._core
        core.ensure_open()
        if self._picking:
            raise InvalidArgumentError(
                f"session {core.id} is already waiting for a pick",
                hint="wait for the pick under way to end",
            )
        ms = core.timeout(timeout_ms if timeout_ms is not None else core.config.max_timeout_ms)
        view = await self._live_views.live(ms)
        self._picking = True
        try:
            return await self._await_pick(view, prompt, ms)
        finally:
            self._picking = False

    async def _await_pick(self, view: LiveView, prompt: str | None, ms: float) -> Picked:
        core = self._core
        server = view._server
        points: asyncio.Queue[tuple[float, float]] = asyncio.Queue()
        hover = _Hover(core)
        server.set_mode(
            "pick",
            prompt or "Click the element the agent should use",
            on_pick=lambda x, y: points.put_nowait((x, y)),
            on_pick_move=hover.move,
        )
        deadline = time.monotonic() + ms / 1000
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise asyncio.TimeoutError
                x, y = await core.unless_gone(_next_point(points, server.ended, left))
                tab = core.tab(None)
                picked = await self._picks.pick_at(tab, x, y, max(1.0, left * 1000))
                if picked is not None:
                    locator = await self._locators.quietly(picked.ref, picked.tab_id)
                    return Picked(picked.ref, picked.line, picked.tab_id, tab.page.url, locator)
        except _ViewStopped:
            raise TimeoutError(
                "the live view was stopped before anybody picked an element",
                hint="call pick() again: it opens a new view",
            ) from None
        except asyncio.TimeoutError:
            raise TimeoutError(
                f"nobody picked an element within {int(ms)} ms",
                hint=f"open the live view at {view.url} and click an element, "
                "or pass a longer timeout_ms",
            ) from None
        finally:
            if not server.closed:
                server.set_mode("watch")
            await hover.close()


class _ViewStopped(Exception):
    """The live view a pick waited on stopped serving."""


async def _next_point(
    points: asyncio.Queue[tuple[float, float]], ended: asyncio.Event, left_s: float
) -> tuple[float, float]:
    """The next point a person picked; ``_ViewStopped`` once the view stops, and
    ``asyncio.TimeoutError`` after ``left_s``."""
    point = asyncio.ensure_future(points.get())
    stopped = asyncio.ensure_future(ended.wait())
    try:
        done, _ = await asyncio.wait(
            {point, stopped}, timeout=left_s, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        point.cancel()
        stopped.cancel()
    if point in done:
        return point.result()
    if stopped in done:
        raise _ViewStopped
    raise asyncio.TimeoutError


class _Hover:
    """Outlines the element under a person's pointer, one request at a time, latest point wins.

    On a CDP session of its own: the DOM and Overlay domains it turns on end
    with it, and cost the agent's later calls nothing.
    """

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self._point: tuple[float, float] | None = None
        self._task: asyncio.Future[None] | None = None
        self._tab: Tab | None = None
        self._cdp: CDPSession | None = None

    def move(self, x: float, y: float) -> None:
        self._point = (x, y)
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        while self._point is not None:
            (x, y), self._point = self._point, None
            with contextlib.suppress(PlaywrightError, LookupError):
                await self._outline(x, y)

    async def _outline(self, x: float, y: float) -> None:
        core = self._core
        if core.closed or core.active is None or core.active not in core.tabs:
            return
        tab = core.tabs[core.active]
        if self._tab is not tab or self._cdp is None:
            await self._detach()
            self._tab = tab
            self._cdp = await tab.page.context.new_cdp_session(tab.page)
            await self._cdp.send("DOM.enable")
            await self._cdp.send("Overlay.enable")
        cdp = self._cdp
        # What a click there would pick: an invisible layer is looked through.
        backend = await seen_at(cdp, x, y)
        if backend is None or backend == NOTHING_SEEN:
            await cdp.send("Overlay.hideHighlight")
            return
        await cdp.send(
            "Overlay.highlightNode", {"highlightConfig": _HIGHLIGHT, "backendNodeId": backend}
        )

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        await self._detach()

    async def _detach(self) -> None:
        cdp, self._cdp = self._cdp, None
        if cdp is not None:
            with contextlib.suppress(PlaywrightError):
                await cdp.send("Overlay.hideHighlight")
                await cdp.detach()
