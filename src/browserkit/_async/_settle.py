"""Waiting for the page to settle after an action, without fixed sleeps.

An action has settled when (1) a navigation it started has committed and
reached DOMContentLoaded, (2) the document/xhr/fetch requests it started have
had their response, (3) a window it opened (a link with a target,
``window.open``) has joined the context as a page, and (4) the DOM has been
free of mutations for a short quiet window.
Each wait is bounded; hitting a bound reports ``settled=False`` instead of
hanging. The quiet window doubles as the grace period in which a late
navigation (Enter in a form submits after the key event returns) shows up.

Requests that by their nature never end do not hold an action: a response
counts, not the end of its body (a ``fetch`` whose body nobody reads never
ends, and neither does a stream); beacons, images and event streams are not
waited for at all; and a fetch or XHR without a response after
:data:`REQUEST_PATIENCE_MS` is taken for a long poll (or a beacon the server
holds) and stops holding the action. None of these makes ``settled`` False.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page

from browserkit._async import _js
from browserkit._async._evidence import Evidence
from browserkit._async._tab import Baseline, Tab, swallow, unless_blocked
from browserkit.errors import ModalStateBlockedError

__all__ = ["MAX_SETTLE_MS", "QUIET_MS", "REQUEST_PATIENCE_MS", "Settler", "quiet_result"]

QUIET_MS = 20
"""DOM quiet window: long enough for a task queued by the action to run, and
for a frame to be rendered (work a page puts off to the next animation frame
runs within 16.7 ms); shorter than the interval of any DOM animation driven
by frames, so such a page never looks quiet.

Counted from the action's own last input event in the page (or the last DOM
change after it), so the time Playwright takes to return from the action is
part of the window rather than added to it."""

ANIMATION_MS = 1_000
"""An animation that hides its element and ends within this long holds the
quiet window, so a dialog that fades out or a panel that collapses (changing
the DOM only when its animation ends) is seen closed. UI transitions take a
few hundred milliseconds; a fade that ends later (a toast leaving after a
few seconds) is the page's own schedule and is not waited for."""

MAX_SETTLE_MS = 5_000
"""No action waits longer than this for the page to settle."""

REQUEST_PATIENCE_MS = 1_500
"""How long a fetch or XHR may go without a response before it is taken for a
long poll: longer than an ordinary API call takes, far shorter than the
seconds a long-poll server holds a request."""

# Beacons (sendBeacon is "ping"), event streams and images never hold an action.
_TRACKED = frozenset({"document", "xhr", "fetch"})
# Chromium never loads these in a new window (top-level data: navigations are
# blocked; javascript: runs in the blank window without a navigation), and
# Playwright reports a popup only once its first navigation commits: waiting
# for such a window would wait out the settle bound.
_NO_WINDOW_SCHEMES = frozenset({"data", "javascript"})


class Settler:
    """Watches one tab from just before an action until it has settled."""

    def __init__(self, tab: Tab, evidence: Evidence) -> None:
        self.tab = tab
        self._evidence = evidence
        self._unsubscribe: list[Callable[[], None]] = []
        # Request id -> when its patience runs out (monotonic; inf for navigations).
        self.pending: dict[str, float] = {}
        self.navigation_requested = False
        self.nav_requests: set[str] = set()
        self._nav_done = asyncio.Event()
        self.start_navigations = tab.navigations
        self._idle = asyncio.Event()
        self._idle.set()
        self._listening = False
        self.windows_opening = 0
        self._window_arrived = asyncio.Event()
        self._entered = self._returned = time.monotonic()
        self.stamp: int | None = None
        """The page's change stamp when settle() last saw the DOM quiet (None: unknown).

        Read in the same round trip as the quiet window, so the outline taken
        right after can be stamped without one of its own."""
        self.early: asyncio.Future[Baseline] | None = None
        """The outline ``settle(read_early=...)`` read while the quiet window ran."""

    def __enter__(self) -> Settler:
        self._entered = self._returned = time.monotonic()
        self.tab.nav_seen.clear()
        tab_id, context = self.tab.tab_id, self.tab.page.context
        self._unsubscribe = [
            self._evidence.observe_requests(tab_id, self._on_event),
            self._evidence.observe_windows(tab_id, self._on_window_open),
        ]
        # Registered after the session's own handler, so by the time this
        # runs the new page has been adopted as a tab.
        context.on("page", self._on_page)
        self._unsubscribe.append(lambda: context.remove_listener("page", self._on_page))
        self._listening = True
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.early is not None and not self.early.done():
            self.early.add_done_callback(swallow)
        if not self._listening:
            return
        self._listening = False
        for undo in self._unsubscribe:
            undo()
        self._unsubscribe.clear()

    def _on_window_open(self, url: str) -> None:
        if urlsplit(url).scheme.lower() in _NO_WINDOW_SCHEMES:
            return
        self.windows_opening += 1

    def _on_page(self, _page: Any) -> None:
        self.windows_opening = max(0, self.windows_opening - 1)
        self._window_arrived.set()

    def _on_event(self, kind: str, fields: dict[str, Any]) -> None:
        if fields.get("resource_type") not in _TRACKED:
            return
        request_id = str(fields["request_id"])
        if kind == "start":
            patience = time.monotonic() + REQUEST_PATIENCE_MS / 1000
            if fields.get("_navigation"):
                self.navigation_requested = True
                self.nav_requests.add(request_id)
                self._nav_done.clear()
                patience = math.inf  # a navigation is followed to its commit instead
            self.pending[request_id] = patience
            self._idle.clear()
            return
        if kind == "response" and request_id in self.nav_requests:
            return  # its commit follows; the end of the document is what we wait for
        self.pending.pop(request_id, None)
        if request_id in self.nav_requests:
            self.nav_requests.discard(request_id)
            if not self.nav_requests:
                self._nav_done.set()
        if not self.pending:
            self._idle.set()

    @property
    def navigated(self) -> bool:
        """Whether a cross-document navigation committed since the watch began."""
        return self.tab.navigations != self.start_navigations

    async def settle(
        self,
        budget_ms: float,
        frame: Frame | None = None,
        read_early: Callable[[], Awaitable[Baseline]] | None = None,
    ) -> bool:
        """Wait until the page has settled; False when a bound was hit first.

        Called as soon as the action returned. ``frame`` is the iframe the
        action acted in, if it did: the quiet window watches its document,
        where the action's input and its effects happen. When the main
        frame settled on a quiet DOM, :attr:`stamp` is its change stamp read
        at that moment.

        ``read_early`` reads the page's outline, stamped: it is started as
        the quiet window begins (no navigation or request pending), so the
        read overlaps the wait; :attr:`early` holds it. It shows the settled
        page when its stamp equals :attr:`stamp`: nothing changed from just
        before it was read to the end of the window.
        """
        self._returned = time.monotonic()
        deadline = time.monotonic() + min(budget_ms, MAX_SETTLE_MS) / 1000
        page = self.tab.page
        while True:
            if self.tab.blocked.is_set():
                # A dialog the action opened stops the page: nothing more will
                # happen until it is answered, and the caller reports it.
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if self.navigation_requested and not self.navigated:
                if self.nav_requests:
                    # Not committed yet: wait for the commit or the request's end.
                    await _wait_any(self.tab.nav_seen, self._nav_done, left)
                    continue
                # The request ended without a commit yet (a download, a 204,
                # an abort): give a commit a moment, then stop expecting one.
                await _wait(self.tab.nav_seen, min(0.25, left))
                if not self.navigated:
                    self.navigation_requested = False
                continue
            if self.navigated:
                try:
                    await page.wait_for_load_state(
                        "domcontentloaded", timeout=max(1.0, (deadline - time.monotonic()) * 1000)
                    )
                except PlaywrightError:
                    return False
                return True
            if self.pending:
                now = time.monotonic()
                patience = min(self.pending.values())
                if patience <= now:
                    self._give_up_on_long_polls(now)
                    continue
                idle = await _wait(self._idle, min(deadline, patience) - now)
                if not idle and time.monotonic() >= deadline:
                    return False
                continue
            if self.windows_opening:
                self._window_arrived.clear()
                if not await _wait(self._window_arrived, deadline - time.monotonic()):
                    return False
                continue
            if read_early is not None and self.early is None and frame is None:
                self.early = asyncio.ensure_future(read_early())
            quiet = await self._dom_quiet(deadline, frame)
            if self.navigation_requested or self.navigated or self.pending or self.windows_opening:
                continue  # something started while we watched the DOM
            return quiet

    def _give_up_on_long_polls(self, now: float) -> None:
        for request_id, patience in list(self.pending.items()):
            if patience <= now:
                del self.pending[request_id]
        if not self.pending:
            self._idle.set()

    async def _dom_quiet(self, deadline: float, frame: Frame | None) -> bool:
        page = self.tab.page
        now = time.monotonic()
        max_ms = max(QUIET_MS, int((deadline - now) * 1000))
        # The window counts from when the action touched the page, not from
        # when this call arrives: the action's own input events mark that
        # time in the page (pristine.js). Those that fell between the action's
        # start and its return are the action's.
        since_ms = (now - self._returned) * 1000
        took_ms = (self._returned - self._entered) * 1000
        self.stamp = None
        try:
            where: Page | Frame = frame if frame is not None and not frame.is_detached() else page
            result: Any = await unless_blocked(
                self.tab,
                _js.dom_quiet(where, [QUIET_MS, max_ms, since_ms, took_ms, ANIMATION_MS]),
            )
        except ModalStateBlockedError:
            return True  # settle() sees the dialog and stops
        except PlaywrightError:
            # The document went away under us: a navigation is under way.
            await asyncio.sleep(0)
            return self.navigated
        read = quiet_result(result)
        if read is None:
            return True  # a page that patched its own world: no quiet window to trust
        quiet, stamp = read
        if where is page and stamp >= 0:
            self.stamp = stamp
        return quiet


def quiet_result(result: Any) -> tuple[bool, int] | None:
    """``js/dom_quiet.js``'s answer as (quiet, change stamp; -1 unknown); None when it
    is not that shape (a page that patches its own world can make it anything)."""
    if not (isinstance(result, list) and len(result) == 2):
        return None
    quiet, stamp = result
    known = isinstance(stamp, int) and not isinstance(stamp, bool) and stamp >= 0
    return bool(quiet), stamp if known else -1


async def _wait(event: asyncio.Event, seconds: float) -> bool:
    if event.is_set():
        return True
    if seconds <= 0:
        return False
    try:
        await asyncio.wait_for(event.wait(), seconds)
    except asyncio.TimeoutError:
        return False
    return True


async def _wait_any(a: asyncio.Event, b: asyncio.Event, seconds: float) -> None:
    tasks = [asyncio.ensure_future(a.wait()), asyncio.ensure_future(b.wait())]
    try:
        await asyncio.wait(tasks, timeout=max(0.0, seconds), return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
