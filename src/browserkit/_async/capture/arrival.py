"""Reading a page that just loaded, once it has rendered: what a navigation answers with.

A navigation (``navigate``, ``back``/``forward``/``reload``, or an observed
action that loaded a new document) answers with the new page's compact
outline, so the agent can act on the next step without a snapshot of its own.
It is read once the page has rendered, bounded by :data:`READY_BOUND_MS`,
by the loading policy (``loading``) that settling an action uses too:

- no request holds the page (those already in flight count);
- the DOM has been quiet, and a dialog the page closes with an animation as
  it loads has closed;
- the outline is not an app still to render: only a "Loading…" text or a
  progress bar, or nothing but layout wrappers on a page with an app's mount
  point (``#root``, ``#app``, ``app-root``…) or a body of scripts alone.
  Such a shell is given ``SHELL_MS`` to render, waiting on its next DOM
  change rather than polling;
- the page is not an app that drew its chrome first: menus, side bars and a
  status bar around a main landmark with nothing in it yet (an IDE restoring
  its open document). That panel is waited for while the page keeps changing,
  each change due within ``loading.BOOT_MS`` of the last, the whole wait
  within ``SHELL_MS``: a page whose main landmark stays empty and quiet is
  read as it is once ``BOOT_MS`` passed. A table whose rows are all blank
  (skeleton rows while its data loads) is waited for the same way;
- the page is not between the links of a chain of requests: an xhr or fetch
  that answered less than ``loading.CHAIN_MS`` before the read has the page
  watched for the rest of that time, for the next request or the render of
  the answer;
- the page's WebSockets answered what it sent them as it loaded (a script's
  first run drawn from its socket), within ``loading.SOCKET_REPLY_MS``.

A URL with a ``#fragment`` naming a heading (``concepts.html#generations``)
asks for that section: the answer keeps it whole and folds the prose of the
page's other sections to their headings (``snapshot.compact``'s ``focus``).

The outline read becomes the tab's baseline (a later ``snapshot(diff=True)``
or observed action compares against it), and the refs the compact outline
prints are usable at once.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator, Sequence
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError

from browserkit._async.capture.outline_capture import Capture, left_ms
from browserkit._async.core import page_scripts
from browserkit._async.core.loading import (
    BOOT_MS,
    CHAIN_MS,
    LOADING_WORDS,
    SOCKET_QUIET_MS,
    SOCKET_REPLY_MS,
    PendingRequests,
    dom_quiet,
    quiet_result,
)
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Baseline, Tab, swallow
from browserkit.errors import (
    BrowserCrashedError,
    BrowserkitError,
    SessionClosedError,
    TimeoutError,
)
from browserkit.snapshot import Node, parse

__all__ = ["FRAGMENT_MS", "READY_BOUND_MS", "SHELL_MS", "Arrival"]

READY_BOUND_MS = 3000.0
"""How long a page that just loaded may take to render before it is read as it is."""

SHELL_MS = 10_000.0
"""How long an app shell still to render is waited for on arrival, never past the
call's own timeout. The wait ends at the change that draws the app, so only a
shell that never draws costs all of it: a notebook IDE boots for seconds. (``scan``
tells a shell still booting from an idle one by ``loading.BOOT_MS`` instead.)"""

FRAGMENT_MS = 500.0
"""How long the page is asked which heading its URL's ``#fragment`` points at."""
_LOADING = re.compile("^(" + "|".join(LOADING_WORDS) + r")\b", re.IGNORECASE)
_WRAPPERS = frozenset({"generic", "none", "presentation", "document", "main", "region"})
# Where single-page apps draw themselves: a mount point, or a body holding only scripts.
_APP_SHELL = (
    "() => document.querySelector('#root, #app, #__next, #__nuxt, #svelte, [data-reactroot],"
    " [ng-version], app-root') !== null || (!!document.body && document.scripts.length > 0"
    " && [...document.body.children].every((e) => /^(SCRIPT|NOSCRIPT|TEMPLATE|STYLE|LINK)$/"
    ".test(e.tagName)))"
)


class Arrival:
    """Reads a tab's new page once it has rendered (see the module docstring)."""

    def __init__(self, core: SessionCore, capture: Capture) -> None:
        self._core = core
        self._capture = capture

    async def read(self, tab: Tab, ms: float) -> str | None:
        """The compact outline of the tab's page once it rendered (bounded by ``ms`` too).

        None when it cannot be read: a dialog holds the page, or it never
        answered within the bound (the caller's own result still stands).
        """
        # Waiting for the page to settle is bounded by READY_BOUND_MS (an app shell's
        # first render by SHELL_MS); a read, once due, has the caller's whole bound:
        # a page that loaded is never answered as nothing because it was busy.
        start = time.monotonic()
        deadline = start + ms / 1000
        wait_until = start + min(ms, READY_BOUND_MS) / 1000
        boot_until = start + min(ms, SHELL_MS) / 1000
        base: Baseline | None = None
        evidence = self._core.evidence
        requests = PendingRequests()
        undo = evidence.observe_requests(tab.tab_id, requests.follow)
        requests.adopt(evidence.in_flight(tab.tab_id))
        try:
            while True:
                stamp = -1
                if time.monotonic() < wait_until:
                    await requests.settle(wait_until)
                    stamp = await self._quiet(tab, wait_until)
                    if requests.holding() and time.monotonic() < wait_until:
                        continue  # a request the page began as it rendered: wait for it too
                elif base is not None and base.generation == tab.generation:
                    break  # waited long enough: what was read stands
                if base is None or stamp < 0 or stamp != base.stamp:
                    # Stamped with what the quiet window read just before: no round trip.
                    base = await self._baseline(tab, stamp, deadline)
                if base.generation != tab.generation:
                    continue  # it navigated again (a script's redirect): read the new one
                if requests.holding() and time.monotonic() < wait_until:
                    # A request the page began as it rendered, whose event came
                    # late: its answer will change what was just read.
                    continue
                since = time.monotonic() - requests.ended_at
                if since < CHAIN_MS / 1000 and time.monotonic() < wait_until:
                    # A request just ended: its answer may be drawn next, or ask for
                    # more (an app's config, the chunk of its page, the page's data).
                    watch = min(CHAIN_MS / 1000 - since, wait_until - time.monotonic())
                    if await self._chained(tab, requests, watch * 1000, base.stamp):
                        continue
                waiting = (boot_until - time.monotonic()) * 1000
                patience = await self._unrendered(tab, base.text, waiting) if waiting > 0 else 0
                if patience <= 0:
                    break
                # An app still to draw: wait on its next change, then read it again.
                wait_until = max(wait_until, boot_until)
                if not await self._next_change(tab, patience, base.stamp):
                    break  # no change within its patience: what was read stands
            if base is not None and base.generation == tab.generation:
                base = await self._answered(tab, base, deadline)
        except (SessionClosedError, BrowserCrashedError):
            raise
        except (BrowserkitError, PlaywrightError):
            if base is None:
                return None  # a dialog, or a page that never answered: nothing read
        finally:
            undo()
        if base is None or base.generation != tab.generation:
            return None
        base.diffable = False
        self._capture.keep(tab, base)
        heading = await self._fragment_heading(tab, deadline)
        return await self._capture.compact(
            tab, base.text, base.generation, fold_seen=True, focus=heading, glued=base.glued
        )

    async def _chained(
        self, tab: Tab, requests: PendingRequests, max_ms: float, since: int
    ) -> bool:
        """Whether, within ``max_ms``, the page changed (since change stamp ``since``)
        or a request that holds it started or ended."""
        requests.moved.clear()
        change = asyncio.ensure_future(self._next_change(tab, max_ms, since))
        moved = asyncio.ensure_future(requests.moved.wait())
        try:
            done, _ = await asyncio.wait(
                {change, moved}, timeout=max_ms / 1000 + 1, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            for task in (change, moved):
                if not task.done():
                    task.cancel()
                    task.add_done_callback(swallow)
        if moved in done:
            return True
        return (
            change in done
            and not change.cancelled()
            and change.exception() is None
            and bool(change.result())
        )

    async def _answered(self, tab: Tab, base: Baseline, deadline: float) -> Baseline:
        """``base``, or the page read again once its WebSockets answered what it sent
        them: an app that draws from what its socket brings (a script rerun on load)
        was read mid-way. Bounded by ``SOCKET_REPLY_MS`` and ``deadline``."""
        traffic = self._core.evidence.sockets(tab.tab_id)
        now = time.monotonic()
        if not traffic.unanswered() and now - traffic.received_at >= SOCKET_QUIET_MS / 1000:
            return base  # nothing on its way
        until = min(deadline, now + SOCKET_REPLY_MS / 1000)
        if not await traffic.answered(SOCKET_QUIET_MS / 1000, until):
            return base
        stamp = await self._quiet(tab, min(until, deadline))
        if stamp >= 0 and stamp == base.stamp:
            return base  # the answer changed nothing
        return await self._baseline(tab, stamp, deadline)

    async def _baseline(self, tab: Tab, stamp: int, deadline: float) -> Baseline:
        """The page read now, stamped with ``stamp`` (what the quiet window just read)."""
        read = await self._capture.read(tab, left_ms(deadline))
        return Baseline(read.generation, read.text, stamp, hidden=read.hidden, glued=read.glued)

    async def _fragment_heading(self, tab: Tab, deadline: float) -> str | None:
        """The words of the heading the URL's ``#fragment`` points at (the section
        the link asked for), if any; one short round trip, only with a fragment."""
        fragment = urlsplit(tab.page.url).fragment
        if not fragment:
            return None
        ms = min(FRAGMENT_MS, left_ms(deadline))
        call = tab.page.evaluate(page_scripts.FRAGMENT_HEADING, fragment)
        try:
            words = await self._core.bounded(call, "read the new page", ms, tab)
        except (SessionClosedError, BrowserCrashedError):
            raise
        except (BrowserkitError, PlaywrightError):
            return None  # no focus: the whole page, as without a fragment
        return words if isinstance(words, str) and words.strip() else None

    async def _quiet(self, tab: Tab, deadline: float) -> int:
        """Wait for a quiet DOM (bounded); the change stamp then (-1: unknown, or a
        page too busy to answer in time: it is read all the same)."""
        max_ms = left_ms(deadline)
        call = dom_quiet(tab.page, max_ms)
        try:
            reply = await self._core.bounded(call, "read the new page", max_ms + 1000, tab)
        except TimeoutError:
            return -1
        read = quiet_result(reply)
        return -1 if read is None else read[1]

    async def _next_change(self, tab: Tab, max_ms: float, since: int) -> bool:
        """Whether the page changed within ``max_ms`` (or since change stamp ``since``)."""
        args = {"maxMs": max(1, int(max_ms)), "since": since}
        call = tab.page.evaluate(page_scripts.DOM_CHANGE, args)
        return bool(await self._core.bounded(call, "read the new page", max_ms + 1000, tab))

    async def _unrendered(self, tab: Tab, outline: str, ms: float) -> float:
        """How long to wait for the next change of an app still to render (ms; 0: it
        rendered). An app shell ("Loading…" or a progress bar only, or nothing at all
        on a page with an app's mount point) is given all of ``ms``; the chrome around
        an empty main panel, :data:`~browserkit._async.core.loading.BOOT_MS` per
        change, as is a table whose rows are all blank (the rows an app draws while
        its data loads). Asked within ``ms``: a page that cannot say is taken as drawn."""
        nodes = parse(outline).children
        if not _shell(nodes):
            if _placeholder_rows(nodes):
                return min(ms, BOOT_MS)  # a table's rows still to be filled
            if _drawn_main(nodes) or not await self._capture.drawing(tab, ms):
                return 0
            return min(ms, BOOT_MS)
        if _busy(nodes):
            return ms
        try:
            found = await self._core.bounded(tab.page.evaluate(_APP_SHELL), "read", ms, tab)
        except TimeoutError:
            return 0
        return ms if found else 0


def _shell(nodes: Sequence[Node]) -> bool:
    """No content but layout wrappers, a progress bar or "Loading…" texts."""
    for node in nodes:
        if node.opaque:
            return False
        if node.role == "progressbar":
            continue
        words = [w for w in (node.name, node.text) if w]
        if any(not _LOADING.match(w.strip()) for w in words):
            return False
        if node.role not in _WRAPPERS and node.role != "text" and not words:
            return False  # an image, a field, a table: content, even unnamed
        if not _shell(node.children):
            return False
    return True


_TABLES = frozenset({"table", "grid", "treegrid"})


def _walk(nodes: Sequence[Node]) -> Iterator[Node]:
    for node in nodes:
        yield node
        yield from _walk(node.children)


def _placeholder_rows(nodes: Sequence[Node]) -> bool:
    """Whether a table shows rows with nothing in them and no others: the skeleton
    rows an app draws while its data loads (a header row aside)."""
    for table in _walk(nodes):
        if table.role not in _TABLES:
            continue
        rows = [
            row
            for row in _walk(table.children)
            if row.role == "row" and not any(c.role == "columnheader" for c in row.children)
        ]
        if rows and not any(
            row.name or any(n.name or n.text for n in _walk(row.children)) for row in rows
        ):
            return True
    return False


def _drawn_main(nodes: Sequence[Node]) -> bool:
    """Whether the outline shows a main landmark with content: no need to ask the page."""
    for node in nodes:
        if node.role == "main" and not _shell(node.children):
            return True
        if _drawn_main(node.children):
            return True
    return False


def _busy(nodes: Sequence[Node]) -> bool:
    """Whether a shell says it is loading (a progress bar, a "Loading…" text)."""
    for node in nodes:
        if node.role == "progressbar" or any(
            w and _LOADING.match(w.strip()) for w in (node.name, node.text)
        ):
            return True
        if _busy(node.children):
            return True
    return False
