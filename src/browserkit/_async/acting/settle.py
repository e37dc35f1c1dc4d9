"""Waiting for the page to settle after an action, without fixed sleeps.

An action has settled when (1) a navigation it started has committed and
reached DOMContentLoaded, (2) the requests it started no longer hold the page,
(3) a window it opened (a link with a target, ``window.open``) has joined the
context as a page, and (4) the DOM has been quiet, closing animations and the
short timers the action set (a debounced editor's sync) included. What holds
the page and for how long, and what quiet means, is the loading policy
(``loading``); requests that by their nature never end (long
polls, streams, beacons) do not make ``settled`` False.
Each wait is bounded; hitting a bound reports ``settled=False`` instead of
hanging. The quiet window doubles as the grace period in which a late
navigation (Enter in a form submits after the key event returns) shows up.

An action that sent a WebSocket message (a data app's rerun, a UI driven from
Python) is answered over it (typing without a submit is not waited on: its keys
are seldom answered): once the DOM is quiet, the settle waits, at most
:data:`SOCKET_REPLY_MS`, for frames after the message and then none for
:data:`SOCKET_QUIET_MS`, and settles again (``evidence/socket_traffic.py``).

A result that comes later than settling can see (a job sent through a queue
whose answer arrives over a stream the page keeps open) shows as a busy
indicator the action put up: :func:`started_busy` finds it in the action's
diff, and the observed action then waits, at most :data:`RESULT_MS`, until it
is gone (``js/busy_gone.js``), so the answer shows the result, not the spinner.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page

from browserkit._async.core.loading import (
    BUSY_WORDS,
    SOCKET_QUIET_MS,
    SOCKET_REPLY_MS,
    PendingRequests,
    dom_quiet,
    quiet_result,
)
from browserkit._async.core.tab import Baseline, Tab, swallow, unless_blocked
from browserkit._async.evidence.hooks import Evidence
from browserkit.errors import ModalStateBlockedError
from browserkit.snapshot import Node, SnapshotDiff
from browserkit.snapshot._parse import parse

__all__ = ["MAX_SETTLE_MS", "RESULT_MS", "Settler", "started_busy"]

MAX_SETTLE_MS = 5_000
"""No action waits longer than this for the page to settle."""

RESULT_MS = 10_000
"""How long an observed action waits, past settling, for a busy indicator it put up
to go (never past the action's own timeout): a model demo answers in seconds."""

_BUSY = re.compile(BUSY_WORDS, re.IGNORECASE)
# A busy text is a short status line, not a paragraph that begins with the word.
_BUSY_CHARS = 60

# Chromium never loads these in a new window (top-level data: navigations are
# blocked; javascript: runs in the blank window without a navigation), and
# Playwright reports a popup only once its first navigation commits: waiting
# for such a window would wait out the settle bound.
_NO_WINDOW_SCHEMES = frozenset({"data", "javascript"})


class Settler:
    """Watches one tab from just before an action until it has settled."""

    def __init__(self, tab: Tab, evidence: Evidence, *, socket_answers: bool = True) -> None:
        self.tab = tab
        self._evidence = evidence
        self._unsubscribe: list[Callable[[], None]] = []
        self.requests = PendingRequests()
        """The requests the action started that hold the page."""
        self.navigation_requested = False
        self.nav_requests: set[str] = set()
        self._nav_done = asyncio.Event()
        self.start_navigations = tab.navigations
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
        self._sockets = evidence.sockets(tab.tab_id)
        self._socket_answers = socket_answers
        """Whether a WebSocket message the action sent is waited on for its answer."""
        self._socket_mark = self._sockets.count
        self._socket_waited = False

    def __enter__(self) -> Settler:
        self._entered = self._returned = time.monotonic()
        self._socket_mark, self._socket_waited = self._sockets.count, False
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
        self.requests.follow(kind, fields)
        if not fields.get("_navigation"):
            return
        # The main frame's navigation is followed to its commit, or to the end
        # of its request when none comes (a download, a 204, an abort).
        request_id = str(fields["request_id"])
        if kind == "start":
            self.navigation_requested = True
            self.nav_requests.add(request_id)
            self._nav_done.clear()
        elif kind == "end" and request_id in self.nav_requests:
            self.nav_requests.discard(request_id)
            if not self.nav_requests:
                self._nav_done.set()

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
            if self.requests.holding():
                if not await self.requests.settle(deadline):
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
            if (
                self.navigation_requested
                or self.navigated
                or self.requests.holding()
                or self.windows_opening
            ):
                continue  # something started while we watched the DOM
            if (
                self._socket_answers
                and not self._socket_waited
                and self._sockets.asked_since(self._socket_mark)
            ):
                # The action sent a WebSocket message: its answer draws the result.
                self._socket_waited = True
                until = min(deadline, time.monotonic() + SOCKET_REPLY_MS / 1000)
                if await self._sockets.answered(SOCKET_QUIET_MS / 1000, until):
                    if self.early is not None:  # read before the answer: read again
                        self.early.add_done_callback(swallow)
                        self.early = None
                    continue
            return quiet

    async def _dom_quiet(self, deadline: float, frame: Frame | None) -> bool:
        page = self.tab.page
        now = time.monotonic()
        # The window counts from when the action touched the page, not from
        # when this call arrives: the action's own input events mark that
        # time in the page (pristine.js). Those that fell between the action's
        # start and its return are the action's.
        since_ms = (now - self._returned) * 1000
        took_ms = (self._returned - self._entered) * 1000
        self.stamp = None
        max_ms = (deadline - now) * 1000
        try:
            where: Page | Frame = frame if frame is not None and not frame.is_detached() else page
            result: Any = await unless_blocked(
                self.tab, dom_quiet(where, max_ms, since_ms, took_ms, timers=True)
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


def _busy_node(node: Node) -> bool:
    """A progress bar, or a short text that says it is working (by words: True)."""
    if node.role == "progressbar":
        return True
    return any(
        w is not None and len(w) <= _BUSY_CHARS and _BUSY.match(w.strip())
        for w in (node.name, node.text)
    )


def _busy_in(node: Node, holder: str | None) -> tuple[str, bool] | None:
    """The first busy indicator in ``node``'s subtree: the ref that holds it, and
    whether it is known by its words."""
    stack = [(node, holder)]
    while stack:
        here, ref = stack.pop()
        ref = here.ref or ref
        if _busy_node(here) and ref is not None and ref.startswith("e"):
            return ref, here.role != "progressbar"
        stack.extend((kid, ref) for kid in reversed(here.children))
    return None


def started_busy(change: SnapshotDiff) -> tuple[str, bool] | None:
    """A busy indicator the action put up: an added progress bar or "Processing…"
    text, or a line that came to say so; its (main-frame) ref and whether its words
    say it (else its role). None when the action put none up."""
    for added in change.added:
        found = _busy_in(added.node, added.ancestor_ref)
        if found is not None:
            return found
    for changed in change.changed:
        old, new = parse(changed.old_line).children, parse(changed.line).children
        if new and old and _busy_node(new[0]) and not _busy_node(old[0]):
            ref = changed.ref
            if ref is not None and ref.startswith("e"):
                return ref, new[0].role != "progressbar"
    return None
