"""Handing a tab to a person until they click Continue, or someone confirms.

The banner lives in an isolated world of its own (CDP): page code shares its
DOM but none of its JavaScript, so a page cannot catch its listener or
resolver, nor confirm it with anything but a trusted click.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Literal

from playwright.async_api import CDPSession
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core import page_scripts
from browserkit._async.core.events import HandoffEnded, HandoffStarted
from browserkit._async.core.session_core import SessionCore, now_ms
from browserkit._async.core.tab import Tab, swallow
from browserkit._async.targeting.binding import isolated_world, release_input_guard
from browserkit.errors import InvalidArgumentError, ReadOnlyError
from browserkit.results import Handoff

__all__ = ["Handoffs"]

_Via = Literal["in_page", "confirm_call", "timeout"]
_WORLD = "browserkit-handoff"
_BANNER = page_scripts.holder("handoff")


class Handoffs:
    """Shows the handoff banner and waits for its end."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core

    async def handoff(
        self, instructions: str, timeout_ms: float | None, tab_id: str | None
    ) -> Handoff:
        if not isinstance(instructions, str) or not instructions.strip():
            raise InvalidArgumentError("instructions must be a non-empty string")
        core = self._core
        if core.read_only:
            # The banner is a node in the page's document: showing it changes the page.
            raise ReadOnlyError(
                f"session {core.id} is read-only, and a handoff shows its banner in the page",
                hint="hand off from a writable session, or let the person use the browser "
                "and wait with wait_for",
            )
        tab = core.check(tab_id=tab_id)
        ms = core.timeout(timeout_ms)
        handoff_id, confirmed_call = core.browser._open_handoff(core.id)
        # Set by whoever watches and may end it as the person's press (a live view's Continue).
        pressed = asyncio.Event()
        core.events.handoff_started(HandoffStarted(handoff_id, instructions, tab, pressed))
        deadline = time.monotonic() + ms / 1000
        via: _Via = "timeout"
        try:
            while time.monotonic() < deadline and via == "timeout":
                via = await self._round(tab, instructions, confirmed_call, deadline, pressed)
        finally:
            core.browser._close_handoff(handoff_id)
            core.events.handoff_ended(HandoffEnded(handoff_id))
        core.last_used_ms = now_ms()
        return Handoff(handoff_id, via != "timeout", via, tab.page.url)

    async def _round(
        self,
        tab: Tab,
        text: str,
        confirmed_call: asyncio.Event,
        deadline: float,
        pressed: asyncio.Event,
    ) -> _Via:
        """Show the banner once and wait; "timeout" also when a navigation took it away."""
        navigations = tab.navigations
        tab.nav_seen.clear()
        cdp = await tab.cdp_session()
        context = await self._show(cdp, text)  # None: between documents, retried below
        clicked: asyncio.Future[Any] = (
            asyncio.ensure_future(
                cdp.send(
                    "Runtime.evaluate",
                    {
                        "expression": f"{_BANNER}.done",
                        "contextId": context,
                        "awaitPromise": True,
                        "returnByValue": True,
                    },
                )
            )
            if context is not None
            else asyncio.ensure_future(asyncio.sleep(3600))
        )
        clicked.add_done_callback(swallow)  # it may end after we stopped waiting
        confirmed: asyncio.Future[Any] = asyncio.ensure_future(confirmed_call.wait())
        navigated: asyncio.Future[Any] = asyncio.ensure_future(tab.nav_seen.wait())
        # Continue in the live view: a person's press there, as trusted as the banner's.
        viewed: asyncio.Future[Any] = asyncio.ensure_future(pressed.wait())
        done: set[asyncio.Future[Any]] = set()
        try:
            done, _ = await asyncio.wait(
                {clicked, confirmed, navigated, viewed},
                timeout=max(0.0, deadline - time.monotonic()),
                return_when=asyncio.FIRST_COMPLETED,
            )
        finally:
            for task in (confirmed, navigated, viewed):
                task.cancel()
        if confirmed in done:
            result: _Via = "confirm_call"
        elif viewed in done or (clicked in done and _was_clicked(clicked)):
            result = "in_page"
        else:
            result = "timeout"
        if context is not None:
            if tab.navigations == navigations:
                try:
                    # Removing it also settles the pending wait for its click.
                    await cdp.send(
                        "Runtime.evaluate",
                        {
                            "expression": f"{_BANNER} && {_BANNER}.remove()",
                            "contextId": context,
                        },
                    )
                except PlaywrightError:
                    pass
            if not clicked.done():
                clicked.cancel()
        if result == "timeout" and tab.navigations == navigations and context is None:
            await asyncio.sleep(0.05)  # no document to show the banner in yet: retry shortly
        if result == "timeout" and tab.navigations != navigations:
            try:
                await tab.page.wait_for_load_state(
                    "domcontentloaded", timeout=max(1.0, (deadline - time.monotonic()) * 1000)
                )
            except PlaywrightError:
                pass
        return result

    async def _show(self, cdp: CDPSession, text: str) -> int | None:
        """Build the banner in the handoff's isolated world; that world's context id.

        Not the page's world: page code may have replaced the very functions
        a banner is built from (see ``js/handoff_banner.js``).
        """
        # A document that began during an agent's action may still swallow
        # input (see binding.py): the person must be able to click.
        await release_input_guard(cdp)
        try:
            context = await isolated_world(cdp, _WORLD)
            reply = await cdp.send(
                "Runtime.callFunctionOn",
                {
                    "functionDeclaration": page_scripts.HANDOFF_BANNER,
                    "executionContextId": context,
                    "arguments": [{"value": text}],
                    "returnByValue": True,
                },
            )
        except PlaywrightError:
            return None
        if reply.get("exceptionDetails") is not None:
            return None  # no body yet, or the document went away meanwhile
        return context


def _was_clicked(clicked: asyncio.Future[Any]) -> bool:
    """Whether the banner's wait ended with a trusted click (True), not its removal."""
    if clicked.cancelled() or clicked.exception() is not None:
        return False
    reply = clicked.result()
    return isinstance(reply, dict) and reply.get("result", {}).get("value") is True
