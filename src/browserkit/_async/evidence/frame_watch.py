"""What a tab's main frame is loading, from its CDP events: loads, downloads, refused navigations.

Playwright answers a navigation call and moves on, but Chromium may still be
busy with it: a failed load commits an error page afterwards, a download
starts, or a navigation the page asked for is refused (a form whose action is
``file:``). :class:`FrameWatch` follows the main frame's loader so that
navigation can wait for it to come to rest, and so that a refused navigation
does not leave Playwright waiting for it forever.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from playwright.async_api import CDPSession
from playwright.async_api import Error as PlaywrightError

__all__ = ["FrameWatch"]

# A same-document navigation to where the page already is: it changes nothing
# a reader sees, and it is the one event that clears Playwright's record of a
# navigation Chromium refused. Run in an isolated world, so page code that
# replaced history.replaceState cannot stop it.
_RELEASE = "history.replaceState(history.state, '', location.href)"
_WORLD = "browserkit-frame-watch"
_RECHECK_S = 0.05
_EVENTS = (
    "Page.frameStartedLoading",
    "Page.frameStoppedLoading",
    "Page.downloadWillBegin",
    "Page.frameRequestedNavigation",
    "Page.frameStartedNavigating",
    "Page.frameNavigated",
    "Page.frameClearedScheduledNavigation",
    "Network.responseReceived",
)


class FrameWatch:
    """The main frame's loading state and downloads, and the release of refused navigations."""

    def __init__(self) -> None:
        self.starts = 0
        """``Page.frameStartedLoading`` events of the main frame so far."""
        self.loading = False
        self.downloads_begun = 0
        """Downloads the main frame started (``Page.downloadWillBegin``)."""
        self.answered = 0
        """Main-frame documents the server answered with content (not 204/205).

        One that never commits was a file to save: Chromium announces the
        download only after it reports the frame at rest."""
        self._changed = asyncio.Event()
        self._session: CDPSession | None = None
        self._frame_id: str | None = None
        self._requested = False
        self._started = False
        self._tasks: set[asyncio.Future[Any]] = set()

    def attach(self, session: CDPSession, frame_id: str) -> None:
        """Follow ``frame_id`` (a main frame) through ``session``; Page must be enabled on it."""
        self._session, self._frame_id = session, frame_id
        for name in _EVENTS:
            session.on(name, lambda event, name=name: self._on(name, event))

    def _on(self, name: str, event: dict[str, Any]) -> None:
        frame = (event.get("frame") or {}).get("id") if name == "Page.frameNavigated" else None
        if (frame or event.get("frameId")) != self._frame_id:
            return
        if name == "Page.frameStartedLoading":
            self.loading = True
            self.starts += 1
            self._kick()
        elif name == "Page.frameStoppedLoading":
            self.loading = False
            self._kick()
        elif name == "Page.downloadWillBegin":
            self.downloads_begun += 1
            self._kick()
        elif name == "Page.frameRequestedNavigation":
            # Playwright records a navigation the page asked for in its own
            # tab and waits for it (a click waits "for scheduled navigations").
            if event.get("disposition") == "currentTab":
                self._requested, self._started = True, False
        elif name in ("Page.frameStartedNavigating", "Page.frameNavigated"):
            self._started = True
        elif name == "Page.frameClearedScheduledNavigation":
            self._on_cleared()
        elif name == "Network.responseReceived":
            status = (event.get("response") or {}).get("status")
            if event.get("type") == "Document" and status not in (204, 205):
                self.answered += 1

    def _kick(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_rest(self, since_starts: int, seconds: float) -> bool:
        """Wait until the main frame started loading after ``since_starts`` and stopped again.

        Returns False when ``seconds`` passed first. A failed navigation ends
        this way whether Chromium commits an error page, starts a download or
        leaves the old document in place.
        """
        deadline = time.monotonic() + seconds
        while not (self.starts > since_starts and not self.loading):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                return False
        return True

    # ------------------------------------------------- refused navigations

    def _on_cleared(self) -> None:
        # Chromium dropped the scheduled navigation. When it never started
        # (refused: a file: form action), nothing will ever end Playwright's
        # wait for it: the click that asked would time out, and every later
        # action would wait first for that navigation "to finish".
        if not self._requested:
            return
        self._requested = False
        if not self._started:
            task = asyncio.ensure_future(self._release())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _release(self) -> None:
        await asyncio.sleep(_RECHECK_S)  # a navigation that did start reports it by now
        if self._started or self._requested or self._session is None:
            return
        try:
            world = await self._session.send(
                "Page.createIsolatedWorld", {"frameId": self._frame_id, "worldName": _WORLD}
            )
            await self._session.send(
                "Runtime.evaluate",
                {"expression": _RELEASE, "contextId": world["executionContextId"]},
            )
        except PlaywrightError:
            pass  # the page went away: so did Playwright's wait

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
