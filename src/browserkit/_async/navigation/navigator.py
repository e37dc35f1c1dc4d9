"""Navigation: loading URLs, history moves and reloads, and the scheme allowlist.

Every navigation returns at its commit plus a bounded wait for the load event
(:data:`LOAD_BOUND_MS`): a page whose load never fires (an image that never
arrives) is reported ``timed_out`` and is usable. A navigation that fails is
followed until Chromium is done with it, because Playwright reports the
failure before Chromium commits the error page or starts the download; a
navigation started meanwhile would meet that late commit and fail as
"interrupted by another navigation".
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import Literal, TypeVar
from urllib.parse import urlsplit

import attrs
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browserkit._async.capture.arrival import Arrival
from browserkit._async.capture.outline_capture import Capture
from browserkit._async.core.events import ActionEnded, ActionStarted, next_action_id
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab, unless_blocked
from browserkit._async.navigation.recover import leave, leaving_tab, stay
from browserkit._fence import Fence, host_of
from browserkit._steps import Step
from browserkit.config import Config
from browserkit.errors import (
    BrowserkitError,
    DomainNotAllowedError,
    InvalidArgumentError,
    ModalStateBlockedError,
    NavigationFailedError,
    SchemeNotAllowedError,
    TimeoutError,
)
from browserkit.results import HistoryMove, Navigation

__all__ = ["LOAD_BOUND_MS", "Navigator", "check_scheme"]

T = TypeVar("T")
N = TypeVar("N", Navigation, HistoryMove)

LOAD_BOUND_MS = 5_000
"""Once a navigation has committed, the longest it waits for the load event."""

_REST_S = 2.0
"""After a failed navigation, the longest to wait for Chromium to finish with it."""


def check_scheme(url: str, config: Config, fence: Fence | None = None) -> None:
    """Refuse a URL whose scheme is not allowed, or whose host ``fence`` keeps out,
    before any request is made."""
    if not isinstance(url, str) or not url:
        raise InvalidArgumentError(f"url must be a non-empty string, got {url!r}")
    try:
        scheme = urlsplit(url).scheme.lower()
    except ValueError as exc:  # "http://[::1": an unclosed IPv6 bracket
        raise InvalidArgumentError(f"url {url!r} is malformed: {exc}") from None
    if not scheme:
        raise InvalidArgumentError(
            f"url {url!r} has no scheme", hint="write it in full, e.g. https://example.org"
        )
    if scheme not in config.allowed_schemes:
        allowed = ", ".join(config.allowed_schemes)
        raise SchemeNotAllowedError(
            f"scheme {scheme!r} is not allowed (allowed: {allowed})",
            hint="use one of the allowed schemes, or add it to config.allowed_schemes",
        )
    if fence is not None and not fence.allows_url(url):
        raise DomainNotAllowedError(
            f"host {host_of(url)!r} is not allowed by the domain policy ({fence.describe()})",
            hint="use an allowed host; the policy is config.allowed_domains / "
            "blocked_domains and the session's own (the diagnostics show the config's)",
        )


@attrs.frozen
class _Marks:
    """Counts from before a navigation, to tell what it started."""

    loads: int  # main-frame loads started
    downloads: int  # downloads recorded
    begun: int  # downloads Chromium announced for the main frame
    answered: int  # main-frame documents answered with content
    fenced: int  # main-frame documents the domain fence refused

    @classmethod
    def of(cls, core: SessionCore, tab: Tab) -> _Marks:
        watch = core.evidence.frames(tab.tab_id)
        return cls(
            watch.starts,
            core.evidence.download_count,
            watch.downloads_begun,
            watch.answered,
            core.evidence.fenced_count(tab.tab_id),
        )


class Navigator:
    """Moves a session's tabs between documents."""

    def __init__(self, core: SessionCore, capture: Capture) -> None:
        self._core = core
        self._arrival = Arrival(core, capture)

    async def navigate(
        self, url: str, timeout_ms: float | None, observe: bool | None = None
    ) -> Navigation:
        check_scheme(url, self._core.config, self._core.fence)
        # Leaving is the way out of a dialog storm or a stuck page (see _recover).
        tab = await leave(self._core, leaving_tab(self._core))
        ms = self._core.timeout(timeout_ms, "navigation")
        go = self.goto(tab, url, ms, observe=self._core.observe(observe))
        told = self._told(f"navigate to {url}", tab, go, Step("navigate", url=url))
        return await self._left(tab, told)

    @staticmethod
    async def _left(tab: Tab, call: Awaitable[N]) -> N:
        """Await the navigation ``call`` away from ``tab`` after :func:`leave`.

        If it ends with no new document (it failed, timed out, or the URL was
        a download), the old document stays (see :func:`stay`).
        """
        navigations = tab.navigations
        try:
            return await call
        finally:
            stay(tab, navigations)

    async def _told(self, title: str, tab: Tab, call: Awaitable[N], step: Step) -> N:
        """Await ``call``, told to the session's observers as one action (a recording
        makes it a named step of its trace; a script records ``step``)."""
        events = self._core.events
        action_id = next_action_id()
        await events.action_started(ActionStarted(action_id, title, None, tab, step=step))
        try:
            result = await call
        except BaseException as exc:
            await events.action_ended(ActionEnded(action_id, title, error=exc, step=step))
            raise
        await events.action_ended(ActionEnded(action_id, title, result=result, step=step))
        return result

    async def goto(self, tab: Tab, url: str, ms: float, *, observe: bool = False) -> Navigation:
        """Load ``url`` in ``tab``: wait for the commit, then (bounded) for the load event.

        A URL that answers with a file to save is no failure: the download is
        recorded and reported as ``Navigation.download``; the tab stays put.
        ``observe``: then read the new page once it rendered (``Navigation.page``).
        """
        start = time.monotonic()
        before = _Marks.of(self._core, tab)
        try:
            response = await self._until_commit(
                tab, tab.page.goto(url, wait_until="commit", timeout=ms)
            )
        except PlaywrightTimeoutError:
            raise TimeoutError(
                f"navigation to {url} did not commit within {int(ms)} ms",
                hint="check that the server answers, or raise timeout_ms",
            ) from None
        except PlaywrightError as exc:
            err = self._core.translate(exc, f"navigate to {url}")
            left = ms - (time.monotonic() - start) * 1000
            if type(err) is not BrowserkitError:
                raise err from None  # closed, crashed: not the navigation's doing
            download = await self._after_failure(tab, before, left)
            if download is not None:
                return Navigation(tab.page.url, None, False, tab.generation, download=download)
            fenced = self._core.evidence.fenced_off_since(tab.tab_id, before.fenced)
            if fenced is not None:
                raise DomainNotAllowedError(
                    f"navigation to {url} was refused: it led to {fenced}, a host the "
                    "domain policy fences off",
                    hint=DomainNotAllowedError.default_hint,
                ) from None
            raise NavigationFailedError(
                err.message, hint=NavigationFailedError.default_hint
            ) from None
        timed_out = not await self._wait_load(tab, ms - (time.monotonic() - start) * 1000)
        status = response.status if response is not None else None
        page = await self._read(tab, observe, ms - (time.monotonic() - start) * 1000)
        return Navigation(tab.page.url, status, timed_out, tab.generation, page=page)

    async def _read(self, tab: Tab, observe: bool, left_ms: float) -> str | None:
        """The new page's compact outline once it rendered (observing, no dialog holding it)."""
        if not observe or tab.pending_dialog is not None:
            return None
        return await self._arrival.read(tab, max(1.0, left_ms))

    async def _after_failure(self, tab: Tab, before: _Marks, left_ms: float) -> str | None:
        """Wait (bounded) until Chromium is done with a failed navigation; the download it began.

        Playwright reports the failure first; Chromium then commits an error
        page, or starts the download the URL answered with, and stops
        loading. The download is recorded a moment later still: when the
        server answered with content that never committed (a file to save),
        or Chromium announced a download, wait for it too.
        """
        evidence = self._core.evidence
        watch = evidence.frames(tab.tab_id)
        seconds = min(_REST_S, max(0.0, left_ms / 1000))
        await watch.wait_rest(before.loads, seconds)
        ids = evidence.downloads_since(before.downloads, tab.tab_id)
        if not ids and (watch.downloads_begun > before.begun or watch.answered > before.answered):
            await evidence.next_download(seconds)
            ids = evidence.downloads_since(before.downloads, tab.tab_id)
        return ids[0] if ids else None

    async def _until_commit(self, tab: Tab, call: Awaitable[T]) -> T | None:
        """Await a navigation until it commits; a dialog that holds the page ends the wait.

        A dialog the new document opened once it committed is a load still
        waiting (None: the caller reports ``timed_out``). A dialog of the page
        being left holds the navigation back, so ModalStateBlockedError; the
        navigation goes on once the dialog is answered.
        """
        navigations = tab.navigations
        try:
            return await unless_blocked(tab, call)
        except ModalStateBlockedError:
            if tab.navigations == navigations:
                raise
            return None

    async def _wait_load(self, tab: Tab, left_ms: float) -> bool:
        """Whether the load event fired within ``left_ms`` and :data:`LOAD_BOUND_MS`."""
        if tab.pending_dialog is not None:
            return False  # a dialog during load blocks the load event; report, don't hang
        bound = max(1.0, min(left_ms, LOAD_BOUND_MS))
        try:
            load = asyncio.ensure_future(tab.page.wait_for_load_state("load", timeout=bound))
            dialog = asyncio.ensure_future(tab.dialog_seen.wait())
            done, _ = await asyncio.wait({load, dialog}, return_when=asyncio.FIRST_COMPLETED)
            dialog.cancel()
            if load in done:
                load.result()
                return True
            load.cancel()
            return False
        except PlaywrightError:
            return False

    async def history(self, delta: int, timeout_ms: float | None) -> HistoryMove:
        """Move ``delta`` entries through the active tab's history (-1 back, 1 forward)."""
        tab = self._core.check()
        ms = self._core.timeout(timeout_ms, "navigation")
        cdp = await self._core.bounded(tab.cdp_session(), "history", ms, tab)
        history = await self._core.bounded(
            cdp.send("Page.getNavigationHistory"), "history", ms, tab
        )
        index = int(history["currentIndex"]) + delta
        entries = history["entries"]
        if not 0 <= index < len(entries):
            return HistoryMove(False, tab.page.url, tab.generation)
        move = tab.page.go_back if delta < 0 else tab.page.go_forward
        moving = self._move(tab, move(wait_until="commit", timeout=ms), "history move", ms)
        way: Literal["back", "forward"] = "back" if delta < 0 else "forward"
        return await self._told(way, tab, moving, Step(way))

    async def reload(self, timeout_ms: float | None) -> HistoryMove:
        old = leaving_tab(self._core)
        url = old.page.url
        ms = self._core.timeout(timeout_ms, "navigation")
        tab = await leave(self._core, old)
        if tab is not old:  # the stuck page was replaced: load its URL in the new one
            return await self._told("reload", tab, self._reload_in(tab, url, ms), Step("reload"))
        reloading = self._move(tab, tab.page.reload(wait_until="commit", timeout=ms), "reload", ms)
        return await self._left(tab, self._told("reload", tab, reloading, Step("reload")))

    async def _reload_in(self, tab: Tab, url: str, ms: float) -> HistoryMove:
        """A reload of ``url`` as a load in ``tab``, the stand-in for a page that was stuck."""
        nav = await self.goto(tab, url, ms, observe=self._core.observe(None))
        return HistoryMove(True, nav.url, nav.generation, timed_out=nav.timed_out, page=nav.page)

    async def _move(self, tab: Tab, call: Awaitable[object], what: str, ms: float) -> HistoryMove:
        """Run a history move or reload to its commit, then wait (bounded) for the load event."""
        start = time.monotonic()
        before = _Marks.of(self._core, tab)
        try:
            await self._core.bounded(self._until_commit(tab, call), what, ms)
        except BrowserkitError as err:
            if type(err) is not BrowserkitError:
                raise
            await self._after_failure(tab, before, ms - (time.monotonic() - start) * 1000)
            raise NavigationFailedError(
                err.message, hint=NavigationFailedError.default_hint
            ) from None
        loaded = await self._wait_load(tab, ms - (time.monotonic() - start) * 1000)
        left = ms - (time.monotonic() - start) * 1000
        page = await self._read(tab, self._core.observe(None), left)
        return HistoryMove(True, tab.page.url, tab.generation, timed_out=not loaded, page=page)
