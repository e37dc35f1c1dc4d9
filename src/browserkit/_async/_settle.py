"""Waiting for the page to settle after an action, without fixed sleeps.

An action has settled when (1) a navigation it started has committed and
reached DOMContentLoaded, (2) the document/xhr/fetch requests it started have
finished, (3) a window it opened (a link with a target, ``window.open``) has
joined the context as a page, and (4) the DOM has been free of mutations for
a short quiet window.
Each wait is bounded; hitting a bound reports ``settled=False`` instead of
hanging. The quiet window doubles as the grace period in which a late
navigation (Enter in a form submits after the key event returns) shows up.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from playwright.async_api import Error as PlaywrightError

from browserkit._async import _js
from browserkit._async._evidence import Evidence
from browserkit._async._tab import Tab, unless_blocked
from browserkit.errors import ModalStateBlockedError

__all__ = ["QUIET_MS", "Settler"]

QUIET_MS = 30
"""DOM quiet window: long enough for a task queued by the action to run."""

MAX_SETTLE_MS = 5_000
"""No action waits longer than this for the page to settle."""

_TRACKED = frozenset({"document", "xhr", "fetch"})


class Settler:
    """Watches one tab from just before an action until it has settled."""

    def __init__(self, tab: Tab, evidence: Evidence) -> None:
        self.tab = tab
        self._evidence = evidence
        self._unsubscribe: list[Callable[[], None]] = []
        self.pending: set[str] = set()
        self.navigation_requested = False
        self.nav_requests: set[str] = set()
        self._nav_done = asyncio.Event()
        self.start_navigations = tab.navigations
        self._idle = asyncio.Event()
        self._idle.set()
        self._listening = False
        self.windows_opening = 0
        self._window_arrived = asyncio.Event()

    def __enter__(self) -> Settler:
        self.tab.nav_seen.clear()
        page_id, context = self.tab.page_id, self.tab.page.context
        self._unsubscribe = [
            self._evidence.observe_requests(page_id, self._on_event),
            self._evidence.observe_windows(page_id, self._on_window_open),
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
        if not self._listening:
            return
        self._listening = False
        for undo in self._unsubscribe:
            undo()
        self._unsubscribe.clear()

    def _on_window_open(self) -> None:
        self.windows_opening += 1

    def _on_page(self, _page: Any) -> None:
        self.windows_opening = max(0, self.windows_opening - 1)
        self._window_arrived.set()

    def _on_event(self, started: bool, fields: dict[str, Any]) -> None:
        if fields.get("resource_type") not in _TRACKED:
            return
        request_id = str(fields["request_id"])
        if started:
            if fields.get("_navigation"):
                self.navigation_requested = True
                self.nav_requests.add(request_id)
                self._nav_done.clear()
            self.pending.add(request_id)
            self._idle.clear()
            return
        self.pending.discard(request_id)
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

    async def settle(self, budget_ms: float) -> bool:
        """Wait until the page has settled; False when a bound was hit first."""
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
                if not await _wait(self._idle, deadline - time.monotonic()):
                    return False
                continue
            if self.windows_opening:
                self._window_arrived.clear()
                if not await _wait(self._window_arrived, deadline - time.monotonic()):
                    return False
                continue
            quiet = await self._dom_quiet(deadline)
            if self.navigation_requested or self.navigated or self.pending or self.windows_opening:
                continue  # something started while we watched the DOM
            return quiet

    async def _dom_quiet(self, deadline: float) -> bool:
        max_ms = max(QUIET_MS, int((deadline - time.monotonic()) * 1000))
        try:
            result: Any = await unless_blocked(
                self.tab, self.tab.page.evaluate(_js.DOM_QUIET, [QUIET_MS, max_ms])
            )
        except ModalStateBlockedError:
            return True  # settle() sees the dialog and stops
        except PlaywrightError:
            # The document went away under us: a navigation is under way.
            await asyncio.sleep(0)
            return self.navigated
        return bool(result)


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
