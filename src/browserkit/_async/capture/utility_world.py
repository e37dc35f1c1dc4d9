"""Playwright's utility world of a tab's main frame, reached over CDP.

The utility world is an isolated world: page scripts can neither reach what
runs there nor replace the functions it calls, so the checks that guard an
action (the hit check, what became of a pinned element) run there.
Playwright creates it in every new document; its execution context is
learnt from CDP's ``Runtime.executionContextCreated`` events, so using it
costs no round trip of its own. Where no event told it (the first call of a
CDP session, whose Runtime domain was already on), a "hello" through the
``browserkit-bound`` engine asks the world for its id: Playwright evaluates
the engine there, and it calls a CDP binding only worlds of that name have.
"""

from __future__ import annotations

import asyncio
import secrets
import weakref
from typing import Any

import attrs
from playwright.async_api import CDPSession, Frame
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core import page_scripts
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab
from browserkit.errors import BrowserkitError, ModalStateBlockedError

__all__ = ["ENGINE", "HELLO", "UtilityWorlds", "new_key"]

ENGINE = page_scripts.BOUND_ENGINE_NAME
HELLO = "__browserkitHello"
# Playwright names its utility world after the page's guid; the CDP binding
# below exists only in worlds of that name, so page code never sees it.
_UTILITY_WORLD = "__playwright_utility_world_"
_HELLO_WAIT_S = 0.5


def new_key() -> str:
    """A fresh pin key. Secret: whoever knows a key could bind a hello to another world."""
    return secrets.token_hex(12)


@attrs.define
class _Watch:
    """What one CDP session's events say about its page's main-frame utility world."""

    world: str | None
    frame_id: str | None = None
    context: int | None = None

    def on_created(self, event: dict[str, Any]) -> None:
        context = event.get("context") or {}
        aux = context.get("auxData") or {}
        named = self.world is not None and context.get("name") == self.world
        if named and aux.get("frameId") == self.frame_id:
            self.context = int(context["id"])

    def on_destroyed(self, event: dict[str, Any]) -> None:
        if event.get("executionContextId") == self.context:
            self.context = None

    def on_cleared(self, _event: object) -> None:
        self.context = None


class UtilityWorlds:
    """The main-frame utility world of each of a session's tabs."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self._hello: dict[str, asyncio.Future[int]] = {}
        # Per CDP session: a tab that replaced a stuck page keeps its id but
        # has a new session, whose events are what count.
        self._watches: weakref.WeakKeyDictionary[CDPSession, _Watch] = weakref.WeakKeyDictionary()
        self._watching: dict[CDPSession, asyncio.Future[_Watch]] = {}

    async def evaluate(self, tab: Tab, expression: str, ms: float) -> Any:
        """The value of ``expression`` in the utility world of the tab's main frame.

        None when the world cannot be reached (the page is between documents).
        """
        cdp = await tab.cdp_session()
        for fresh in (False, True):
            context = await self.context(tab, ms, fresh=fresh)
            if context is None:
                return None
            try:
                reply = await cdp.send(
                    "Runtime.evaluate",
                    {
                        "expression": expression,
                        "contextId": context,
                        "returnByValue": True,
                        "awaitPromise": True,
                        "timeout": max(1, int(ms)),
                    },
                )
            except PlaywrightError:
                if fresh or tab.closed or self._core.closed:
                    raise
                continue  # that world's document is gone: ask the current one
            details = reply.get("exceptionDetails")
            if details is not None:
                exc = details.get("exception") or {}
                text = str(exc.get("description") or details.get("text"))
                raise PlaywrightError(f"evaluation failed in the page: {text.splitlines()[0]}")
            return reply.get("result", {}).get("value")
        return None

    async def context(self, tab: Tab, ms: float, *, fresh: bool) -> int | None:
        """The execution context id of the utility world in the tab's current document.

        ``fresh`` asks the world itself instead of trusting what events said
        (after a call on that context failed).
        """
        cdp = await tab.cdp_session()
        watch = await self._watch(tab, cdp)
        if watch.context is not None and not fresh:
            return watch.context
        context = await self.frame_context(tab, tab.page.main_frame, ms)
        if context is not None:
            watch.context = context
        return context

    async def frame_context(self, tab: Tab, frame: Frame, ms: float) -> int | None:
        """The utility world's execution context id in ``frame``'s document, asked of the world.

        None when no world answered (the frame is between documents).
        """
        await self._watch(tab, await tab.cdp_session())  # the binding the world calls
        for _ in range(3):
            hello = new_key()
            answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            self._hello[hello] = answer
            try:
                probe = frame.locator(f"{ENGINE}=hello:{hello}")
                await self._core.bounded(
                    asyncio.wait_for(probe.count(), ms / 1000), "bind the target", ms, tab
                )
                # The binding's event is sent before the count's reply.
                return await asyncio.wait_for(answer, _HELLO_WAIT_S)
            except (asyncio.TimeoutError, BrowserkitError) as exc:
                if isinstance(exc, ModalStateBlockedError) or tab.closed or self._core.closed:
                    raise
                continue  # a navigation swapped the world mid-call: ask the new one
            finally:
                self._hello.pop(hello, None)
        return None

    async def _watch(self, tab: Tab, cdp: CDPSession) -> _Watch:
        """The session's watch, set up on first use (concurrent callers share the set-up)."""
        known = self._watches.get(cdp)
        if known is not None:
            return known
        setting_up = self._watching.get(cdp)
        if setting_up is None:
            setting_up = asyncio.ensure_future(self._start_watch(tab, cdp))
            self._watching[cdp] = setting_up
            setting_up.add_done_callback(lambda _: self._watching.pop(cdp, None))
        return await asyncio.shield(setting_up)

    async def _start_watch(self, tab: Tab, cdp: CDPSession) -> _Watch:
        guid = getattr(getattr(tab.page, "_impl_obj", None), "_guid", None)
        watch = _Watch(_UTILITY_WORLD + guid if isinstance(guid, str) else None)
        # Playwright marks the handlers it wraps: plain functions, not slotted methods.
        tab.listen(cdp, "Runtime.executionContextCreated", lambda e: watch.on_created(e))
        tab.listen(cdp, "Runtime.executionContextDestroyed", lambda e: watch.on_destroyed(e))
        tab.listen(cdp, "Runtime.executionContextsCleared", lambda e: watch.on_cleared(e))
        tab.listen(cdp, "Runtime.bindingCalled", self._on_binding)
        params: dict[str, Any] = {"name": HELLO}
        if watch.world is not None:
            params["executionContextName"] = watch.world
        try:
            tree = await cdp.send("Page.getFrameTree")
            watch.frame_id = str(tree["frameTree"]["frame"]["id"])
            await cdp.send("Runtime.addBinding", params)
            # Reports the contexts that exist now, unless another part of
            # browserkit turned Runtime on first: then the hello finds it.
            await cdp.send("Runtime.enable")
            if watch.world is not None:
                # The hit check, installed in this world of every document
                # from now on (and of the current one), so clicks call it by
                # name; a document this missed gets it on its first call.
                await cdp.send(
                    "Page.addScriptToEvaluateOnNewDocument",
                    {
                        "source": page_scripts.HIT.install(""),
                        "worldName": watch.world,
                        "runImmediately": True,
                    },
                )
        except PlaywrightError:
            pass  # the page is closing: calls on it fail on their own
        self._watches[cdp] = watch
        return watch

    def _on_binding(self, event: dict[str, Any]) -> None:
        if event.get("name") != HELLO:
            return
        answer = self._hello.get(str(event.get("payload")))
        if answer is not None and not answer.done():
            answer.set_result(int(event["executionContextId"]))
