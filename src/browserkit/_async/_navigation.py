"""Navigation: loading URLs, history moves and reloads, and the scheme allowlist."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import TypeVar
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browserkit._async._core import SessionCore
from browserkit._async._tab import Tab, unless_blocked
from browserkit.config import Config
from browserkit.errors import (
    BrowserkitError,
    InvalidArgumentError,
    ModalStateBlockedError,
    NavigationFailedError,
    SchemeNotAllowedError,
    TimeoutError,
)
from browserkit.results import HistoryMove, Navigation

__all__ = ["Navigator", "check_scheme"]

T = TypeVar("T")


def check_scheme(url: str, config: Config) -> None:
    """Refuse a URL whose scheme is not allowed, before any request is made."""
    if not isinstance(url, str) or not url:
        raise InvalidArgumentError(f"url must be a non-empty string, got {url!r}")
    scheme = urlsplit(url).scheme.lower()
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


class Navigator:
    """Moves a session's tabs between documents."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core

    async def navigate(self, url: str, timeout_ms: float | None) -> Navigation:
        check_scheme(url, self._core.config)
        tab = self._core.check()
        return await self.goto(tab, url, self._core.timeout(timeout_ms))

    async def goto(self, tab: Tab, url: str, ms: float) -> Navigation:
        """Load ``url`` in ``tab``: wait for the commit, then (bounded) for the load event."""
        start = time.monotonic()
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
            if isinstance(err, NavigationFailedError) or type(err) is BrowserkitError:
                raise NavigationFailedError(
                    err.message, hint=NavigationFailedError.default_hint
                ) from None
            raise err from None
        timed_out = not await self._wait_load(tab, ms - (time.monotonic() - start) * 1000)
        status = response.status if response is not None else None
        return Navigation(tab.page.url, status, timed_out, tab.generation)

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
        if tab.pending_dialog is not None:
            return False  # a dialog during load blocks the load event; report, don't hang
        try:
            load = asyncio.ensure_future(
                tab.page.wait_for_load_state("load", timeout=max(1.0, left_ms))
            )
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
        ms = self._core.timeout(timeout_ms)
        cdp = await tab.cdp_session()
        history = await cdp.send("Page.getNavigationHistory")
        index = int(history["currentIndex"]) + delta
        entries = history["entries"]
        if not 0 <= index < len(entries):
            return HistoryMove(False, tab.page.url, tab.generation)
        start = time.monotonic()
        coro = tab.page.go_back if delta < 0 else tab.page.go_forward
        await self._core.guard(
            self._until_commit(tab, coro(wait_until="commit", timeout=ms)), "history move", ms
        )
        await self._wait_load(tab, ms - (time.monotonic() - start) * 1000)
        return HistoryMove(True, tab.page.url, tab.generation)

    async def reload(self, timeout_ms: float | None) -> HistoryMove:
        tab = self._core.check()
        ms = self._core.timeout(timeout_ms)
        start = time.monotonic()
        await self._core.guard(
            self._until_commit(tab, tab.page.reload(wait_until="commit", timeout=ms)), "reload", ms
        )
        await self._wait_load(tab, ms - (time.monotonic() - start) * 1000)
        return HistoryMove(True, tab.page.url, tab.generation)
