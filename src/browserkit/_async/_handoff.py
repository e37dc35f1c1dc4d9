"""Handing a tab to a person until they click Continue, or someone confirms."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Literal

from playwright.async_api import Error as PlaywrightError

from browserkit._async import _js
from browserkit._async._core import SessionCore, now_ms
from browserkit._async._tab import Tab
from browserkit.errors import InvalidArgumentError
from browserkit.results import Handoff

__all__ = ["Handoffs"]

_Via = Literal["in_page", "confirm_call", "timeout"]


class Handoffs:
    """Shows the handoff banner and waits for its end."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core

    async def handoff(
        self, instructions: str, timeout_ms: float | None, page_id: str | None
    ) -> Handoff:
        if not isinstance(instructions, str) or not instructions.strip():
            raise InvalidArgumentError("instructions must be a non-empty string")
        core = self._core
        tab = core.check(page_id=page_id)
        ms = core.timeout(timeout_ms)
        handoff_id, confirmed_call = core.browser._open_handoff(core.id)
        deadline = time.monotonic() + ms / 1000
        via: _Via = "timeout"
        try:
            while time.monotonic() < deadline and via == "timeout":
                via = await self._round(tab, instructions, confirmed_call, deadline)
        finally:
            core.browser._close_handoff(handoff_id)
        core.last_used_ms = now_ms()
        return Handoff(handoff_id, via != "timeout", via, tab.page.url)

    async def _round(
        self, tab: Tab, text: str, confirmed_call: asyncio.Event, deadline: float
    ) -> _Via:
        """Show the banner once and wait; "timeout" also when a navigation took it away."""
        navigations = tab.navigations
        tab.nav_seen.clear()
        try:
            banner = await tab.page.evaluate_handle(_js.HANDOFF_BANNER, text)
        except PlaywrightError:
            banner = None  # between documents: wait for the next one below
        clicked: asyncio.Future[Any] = (
            asyncio.ensure_future(banner.evaluate("(b) => b.done"))
            if banner is not None
            else asyncio.ensure_future(asyncio.sleep(3600))
        )
        confirmed: asyncio.Future[Any] = asyncio.ensure_future(confirmed_call.wait())
        navigated: asyncio.Future[Any] = asyncio.ensure_future(tab.nav_seen.wait())
        done: set[asyncio.Future[Any]] = set()
        try:
            done, _ = await asyncio.wait(
                {clicked, confirmed, navigated},
                timeout=max(0.0, deadline - time.monotonic()),
                return_when=asyncio.FIRST_COMPLETED,
            )
        finally:
            for task in (clicked, confirmed, navigated):
                task.cancel()
        if confirmed in done:
            result: _Via = "confirm_call"
        elif clicked in done and not clicked.cancelled() and clicked.exception() is None:
            result = "in_page"
        else:
            result = "timeout"
        if banner is not None:
            try:
                if tab.navigations == navigations:
                    await banner.evaluate("(b) => b.remove()")
                await banner.dispose()
            except PlaywrightError:
                pass
        if result == "timeout" and tab.navigations == navigations and banner is None:
            await asyncio.sleep(0.05)  # no document to show the banner in yet: retry shortly
        if result == "timeout" and tab.navigations != navigations:
            try:
                await tab.page.wait_for_load_state(
                    "domcontentloaded", timeout=max(1.0, (deadline - time.monotonic()) * 1000)
                )
            except PlaywrightError:
                pass
        return result
