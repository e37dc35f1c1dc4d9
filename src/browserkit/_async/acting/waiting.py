"""Waiting for a condition on the page (text shown or gone, a selector, a URL), or a set time."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.async_api import Error as PlaywrightError

from browserkit._async.acting.conditions import page_holds
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab, unless_blocked
from browserkit._checks import number
from browserkit._patterns import compile_user_pattern
from browserkit.errors import InvalidArgumentError, TimeoutError
from browserkit.results import WaitResult
from browserkit.targets import Selector

if TYPE_CHECKING:
    from browserkit._async.targeting.resolve import Targets

__all__ = ["Waiter"]

_POLL_S = 0.05


class Waiter:
    """Polls a tab until every condition holds, or its timeout."""

    def __init__(self, core: SessionCore, targets: Targets) -> None:
        self._core = core
        self._targets = targets

    async def wait_for(
        self,
        text: str | None,
        text_gone: str | None,
        selector: Selector | None,
        url: str | None,
        timeout_ms: float | None,
        tab_id: str | None,
        time_ms: float | None = None,
    ) -> WaitResult:
        if selector is not None and not isinstance(selector, Selector):
            raise InvalidArgumentError(
                f"selector must be a selector value, got {selector!r}",
                hint='e.g. selector=bk.css("#done") or bk.role("button", name="Save")',
            )
        conditions = not (text is None and text_gone is None and selector is None and url is None)
        if not conditions and time_ms is None:
            raise InvalidArgumentError("wait_for needs text, text_gone, selector, url or time_ms")
        pause = self._pause_ms(time_ms, timeout_ms)
        tab = self._core.check(tab_id=tab_id)
        ms = self._core.timeout(timeout_ms)
        if pause is not None and timeout_ms is None:
            ms = max(ms, pause)
        start = time.monotonic()
        url_search: Callable[[str], object] | None = None
        if url is not None:
            if len(url) > 2 and url.startswith("/") and url.endswith("/"):
                # Bounded over the whole wait: the page sets its own URL, and a
                # backtracking pattern must not hold the loop (see _patterns).
                url_search = compile_user_pattern(url[1:-1], "url pattern").searcher()
            else:
                needle = url

                def url_search(page_url: str) -> bool:
                    return needle in page_url  # (url.__contains__ would ask the reverse)

        if pause is not None:
            # The one sleep browserkit makes: the caller asked for it.
            await self._core.unless_gone(asyncio.sleep(pause / 1000))
            if not conditions:
                return WaitResult(True, int((time.monotonic() - start) * 1000))
        deadline = start + ms / 1000
        met = False
        core = self._core
        while True:
            # A browser that dies mid-wait ends the wait at once: unless_gone
            # raises BrowserCrashedError (SessionClosedError after a stop).
            try:
                ok_url = url_search is None or bool(url_search(tab.page.url))
                ok_page = True
                left_s = max(0.0, deadline - time.monotonic())
                if text is not None or text_gone is not None:
                    # Every frame and open shadow root, as the outline sees them.
                    ok_page = await core.unless_gone(
                        unless_blocked(tab, page_holds(tab.page, text, text_gone, left_s))
                    )
                if ok_page and selector is not None:
                    ok_page = await self._present(tab, selector, left_s)
            except PlaywrightError:
                core.ensure_open()  # the page went away with the session, not a navigation
                ok_url = ok_page = False  # navigating; try again
            if ok_url and ok_page:
                met = True
                break
            if time.monotonic() >= deadline or tab.pending_dialog is not None:
                break
            await core.unless_gone(
                asyncio.sleep(min(_POLL_S, max(0.0, deadline - time.monotonic())))
            )
        return WaitResult(met, int((time.monotonic() - start) * 1000))

    async def _present(self, tab: Tab, selector: Selector, left_s: float) -> bool:
        """Whether ``selector`` matches; a page too busy to answer in time has not yet.

        A dialog the page opens meanwhile raises ModalStateBlockedError, as for text.
        """
        ms = max(50.0, left_s * 1000)
        try:
            return await self._core.unless_gone(
                unless_blocked(tab, self._targets.present(tab, selector, ms))
            )
        except TimeoutError:
            return False

    def _pause_ms(self, time_ms: float | None, timeout_ms: float | None) -> float | None:
        """``time_ms`` checked: a number of ms that fits in the call's timeout."""
        if time_ms is None:
            return None
        number("time_ms", time_ms, at_least=0)
        most = self._core.config.max_timeout_ms
        if time_ms > most:
            raise InvalidArgumentError(
                f"time_ms {time_ms} is over max_timeout_ms ({most})",
                hint="wait less, or in several calls",
            )
        if timeout_ms is not None and time_ms > self._core.timeout(timeout_ms):
            raise InvalidArgumentError(
                f"time_ms {time_ms} is over timeout_ms {timeout_ms}: the pause counts within it",
                hint="raise timeout_ms, or leave it out (the timeout is then at least time_ms)",
            )
        return float(time_ms)
