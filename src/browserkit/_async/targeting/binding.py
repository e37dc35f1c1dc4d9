"""Binding an action to exactly one element of one document.

A ref's element is pinned in Playwright's utility world, an isolated world
that page code can neither reach nor patch, under a random key; the action
then gets the locator ``browserkit-bound=<key>`` (the engine in
``js/bound_engine.js``). Playwright resolves a locator again at every step of
an action, in whatever document the frame shows by then; this one matches the
pinned element and nothing else, and in a document that replaced it, or once
the element is removed, it fails at once instead of waiting. So an action can
never land on an element of another document, and a ref whose page navigated
mid-action fails fast with a typed error (:meth:`Binder.explain`).

Outline refs are pinned by Playwright's own ``aria-ref`` engine (a selector
chain, one round trip). ``d``-refs name an element of browserkit's reading
world: it is handed over by CDP (backend node id, then ``DOM.resolveNode``
into the utility world), never by a selector the page could make match
another element.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

from playwright.async_api import BrowserContext, CDPSession, Frame, Locator, Page, Playwright
from playwright.async_api import Error as PlaywrightError

from browserkit._async.capture.utility_world import ENGINE, UtilityWorlds, new_key
from browserkit._async.core import page_scripts
from browserkit._async.core.session_core import SessionCore, is_closed_error
from browserkit._async.core.tab import Tab, stale_ref, unless_blocked
from browserkit.errors import (
    BrowserkitError,
    ModalStateBlockedError,
    RefNotFoundError,
    StaleRefError,
    TimeoutError,
)

__all__ = ["ENGINE", "Binder", "Bound", "ensure_engine", "register_engine", "release_input_guard"]

T = TypeVar("T")

# Run in the utility world (js/pins.js holds the rule for what a pin is):
# with ``this`` the element, pin it under a key; and what became of the
# element pinned under a key, in the three states of the engine's probe.
_PIN = "function (key) { return (" + page_scripts.PINS + ")().pin(this, key); }"
# The same, only when the element is of this world's own document: CDP
# resolves a node of a same-origin iframe into the parent's world too.
_PIN_HERE = (
    "function (key) { return this.ownerDocument === document && ("
    + page_scripts.PINS
    + ")().pin(this, key); }"
)
_PIN_STATE = (
    "(key) => { const found = (" + page_scripts.PINS + ")().state(key);"
    " return found === 'lost' ? 2 : found === 'gone' ? 0 : 1; }"
)
_GUARD_WORLD = "browserkit-guard"
# The CDP binding guarded documents announce themselves by (only guard worlds have it).
_GUARD_HELLO = "__browserkitGuardHello"
_RELEASE = page_scripts.GUARD_RELEASE
_PROBE_WAIT_S = 2.0
# Playwright's "no timeout" for protocol calls (0 means none).
_NO_TIMEOUT = 0
# Contexts ensure_engine registered the engine on.
_ENGINE_CONTEXTS: weakref.WeakSet[Any] = weakref.WeakSet()


async def register_engine(playwright: Playwright) -> None:
    """Register the ``browserkit-bound`` selector engine (once per Playwright instance)."""
    await playwright.selectors.register(ENGINE, page_scripts.BOUND_ENGINE, content_script=True)


async def ensure_engine(playwright: Playwright, context: BrowserContext) -> None:
    """Make the engine known to a context Playwright did not create itself.

    Playwright passes its selector engines to the contexts it makes; the
    context of a Chrome reached over CDP (``attach``) existed before, so it
    never got them, and Playwright has no public call for that: this makes
    the call its own ``selectors.register`` makes, once per context.
    """
    impl: Any = context._impl_obj
    if impl in _ENGINE_CONTEXTS:
        return
    selectors: Any = playwright.selectors._impl_obj
    engine = next(e for e in selectors._selector_engines if e["name"] == ENGINE)
    try:
        await impl._channel.registerSelectorEngine(selectorEngine=engine, timeout=_NO_TIMEOUT)
    except PlaywrightError as exc:
        if "already registered" not in str(exc):
            raise
    _ENGINE_CONTEXTS.add(impl)


class Bound(NamedTuple):
    """An element pinned for one action: the ref it came from and where it lives."""

    key: str
    ref: str
    generation: int
    base: Page | Frame

    def locator(self) -> Locator:
        return self.base.locator(f"{ENGINE}={self.key}")


class Binder:
    """Pins the elements refs name, and says what became of them when an action fails."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self.worlds = UtilityWorlds(core)
        # Per tab: bound actions under way, the guard script while any is,
        # the guarded documents (their guard world's context ids) that began
        # meanwhile, and releases under way.
        self._in_flight: dict[str, int] = {}
        self._guard_ids: dict[str, str] = {}
        self._guarded: dict[str, set[int]] = {}
        self._releasing: dict[str, set[asyncio.Future[None]]] = {}
        # CDP sessions whose guarded documents announce themselves (a tab
        # that replaced a stuck page keeps its id but has a new session).
        self._announcing: weakref.WeakSet[CDPSession] = weakref.WeakSet()
        self._arming: dict[str, asyncio.Future[None]] = {}

    async def pin_ref(self, tab: Tab, ref: str, generation: int, ms: float) -> tuple[int, Bound]:
        """Pin the element of outline ref ``ref``; the count of elements it matched (1 = pinned)."""
        key = new_key()
        raw = tab.raw_ref(ref, generation)  # as Playwright numbers it
        chain = tab.page.locator(f"aria-ref={raw} >> {ENGINE}=pin:{key}")
        count = await self._ask(tab, chain.count(), ms, ref, generation)
        bound = Bound(key, ref, generation, tab.page)
        if count != 1 or ref.startswith("e"):
            return count, bound  # printed without a frame prefix: the main frame's
        # A frame prefix names an iframe's element (or, in an outline printed
        # before the main frame's prefix was known, the main frame's): find
        # the frame whose utility world holds the pin.
        frames = tab.page.frames
        states = await asyncio.gather(
            *(self.probe_pin(tab, f, key, ms, ref, generation) for f in frames)
        )
        for frame, state in zip(frames, states, strict=True):
            if state < 2:
                base: Page | Frame = tab.page if frame is tab.page.main_frame else frame
                return count, bound._replace(base=base)
        raise self._gone(tab, ref, generation)

    async def pin_node(self, tab: Tab, backend: int, key: str, ms: float) -> Frame | None:
        """Pin DOM node ``backend`` under ``key`` in the utility world of its frame.

        The node is handed over by CDP, never found by a selector; the frame
        is the one whose utility world could resolve it. None when no frame's
        document holds it (any more).
        """
        cdp = await tab.cdp_session()
        for frame in tab.page.frames:
            context = await self.worlds.frame_context(tab, frame, ms)
            if context is None:
                continue
            # False also when that frame is between documents: try the next.
            if await _pin_in_world(cdp, backend, context, _PIN_HERE, key, _unbounded):
                return frame
        return None

    async def probe_pin(
        self, tab: Tab, frame: Frame, key: str, ms: float, ref: str, generation: int
    ) -> int:
        """What the pin ``key`` is to ``frame``: 1 here, 0 removed, 2 of another document."""
        probe = frame.locator(f"{ENGINE}=probe:{key}")
        try:
            return await self._ask(tab, probe.count(), ms, ref, generation)
        except RefNotFoundError:
            return 2  # that frame is going away

    async def pin_object(
        self, tab: Tab, object_id: str, ref: str, generation: int, ms: float
    ) -> Bound:
        """Pin the element a CDP object of browserkit's reading world is (a ``d``-ref's)."""
        cdp = await tab.cdp_session()
        try:
            return await self._pin_object(tab, cdp, object_id, ref, generation, ms)
        finally:
            _forget(cdp.send("Runtime.releaseObject", {"objectId": object_id}))

    async def _pin_object(
        self, tab: Tab, cdp: CDPSession, object_id: str, ref: str, generation: int, ms: float
    ) -> Bound:
        async def gone() -> BrowserkitError:
            return await self._object_gone(tab, cdp, object_id, ref, generation)

        def bounded(call: Awaitable[T]) -> Awaitable[T]:
            return self._ask(tab, call, ms, ref, generation, gone)

        node = await self._ask(
            tab, cdp.send("DOM.describeNode", {"objectId": object_id}), ms, ref, generation, gone
        )
        backend = node["node"]["backendNodeId"]
        for fresh in (False, True):
            context = await self.worlds.context(tab, ms, fresh=fresh)
            if context is None:
                break
            key = new_key()
            # False also when that world's document is gone: ask the current one.
            if await _pin_in_world(cdp, backend, context, _PIN, key, bounded):
                return Bound(key, ref, generation, tab.page)
        raise await gone()

    async def _object_gone(
        self, tab: Tab, cdp: CDPSession, object_id: str, ref: str, generation: int
    ) -> BrowserkitError:
        """Why a ``d``-ref's element could not be bound, as the browser tells it.

        ``object_id`` is the element in the reading world of the document the
        ref was handed out in. A call on it fails once that document was
        replaced, even by a navigation whose event has not reached us yet
        (``tab.generation`` lags the browser): the ref is stale. It finds the
        element disconnected once the element was removed.
        """
        try:
            reply = await unless_blocked(
                tab,
                asyncio.wait_for(
                    cdp.send(
                        "Runtime.callFunctionOn",
                        {
                            "objectId": object_id,
                            "functionDeclaration": "function () { return this.isConnected; }",
                            "returnByValue": True,
                        },
                    ),
                    _PROBE_WAIT_S,
                ),
            )
        except asyncio.TimeoutError:
            return self._gone(tab, ref, generation)
        except PlaywrightError as exc:
            if tab.closed or self._core.closed or is_closed_error(exc):
                return self._core.translate(exc, f"resolve ref {ref}")
            return self._stale(tab, ref, generation)
        if reply.get("result", {}).get("value") is False:
            return RefNotFoundError(
                f"ref {ref} is gone: its element was removed from the page",
                hint="take a new snapshot and use its refs",
            )
        return self._gone(tab, ref, generation)

    async def pin_locator(self, tab: Tab, locator: Locator, ms: float) -> str | None:
        """Pin the one element ``locator`` matches, for a check of it; its key.

        None when it matches no element or several (Playwright's own action
        then waits for one, or refuses the ambiguity).
        """
        key = new_key()
        pin = locator.locator(f"{ENGINE}=pin:{key}")
        try:
            count = await unless_blocked(tab, asyncio.wait_for(pin.count(), ms / 1000))
        except (PlaywrightError, asyncio.TimeoutError):
            return None
        return key if count == 1 else None

    async def in_utility(self, tab: Tab, expression: str, ms: float) -> Any:
        """The value of ``expression`` in the utility world of the tab's main frame
        (see ``utility_world``); None when the page is between documents."""
        return await self.worlds.evaluate(tab, expression, ms)

    async def arm(self, tab: Tab) -> None:
        """Before a bound action's input: a document that begins before :meth:`disarm`,
        in the tab's main frame or any of its iframes, swallows trusted input
        until released (``js/input_guard.js``).

        The binding keeps Playwright from resolving another document's
        element; this keeps input aimed at a point of the old document from
        reaching a new one that commits in between. (An iframe of another
        site runs in its own process, which this page's session does not
        reach: its new documents are not guarded.)
        """
        tab_id = tab.tab_id
        self._in_flight[tab_id] = self._in_flight.get(tab_id, 0) + 1
        if self._in_flight[tab_id] > 1:
            # Another action set the guard up: wait until it is in place.
            await asyncio.shield(self._arming[tab_id])
            return
        arming = self._arming[tab_id] = asyncio.get_running_loop().create_future()
        try:
            await self._set_guard(tab)
        finally:
            arming.set_result(None)

    async def _set_guard(self, tab: Tab) -> None:
        tab_id = tab.tab_id
        try:
            cdp = await tab.cdp_session()
            if cdp not in self._announcing:
                await self._listen_for_guards(tab, cdp)
            reply = await cdp.send(
                "Page.addScriptToEvaluateOnNewDocument",
                {"source": page_scripts.INPUT_GUARD, "worldName": _GUARD_WORLD},
            )
        except PlaywrightError:
            return  # the page is closing: the action fails on its own
        self._guard_ids[tab_id] = str(reply["identifier"])

    async def _listen_for_guards(self, tab: Tab, cdp: CDPSession) -> None:
        """Once per CDP session: every guarded document announces its guard world's context."""
        self._announcing.add(cdp)
        tab.listen(cdp, "Runtime.bindingCalled", lambda event: self._on_guard(tab, event))
        await asyncio.gather(
            # Only guard worlds have the binding: page code can neither see nor call it.
            cdp.send(
                "Runtime.addBinding", {"name": _GUARD_HELLO, "executionContextName": _GUARD_WORLD}
            ),
            cdp.send("Runtime.enable"),  # bindingCalled needs it; a no-op if on
            cdp.send("Page.enable"),  # scripts for new documents need it
        )

    def _on_guard(self, tab: Tab, event: dict[str, Any]) -> None:
        if event.get("name") != _GUARD_HELLO:
            return
        context = int(event["executionContextId"])
        if self._in_flight.get(tab.tab_id, 0):
            self._guarded.setdefault(tab.tab_id, set()).add(context)
        else:
            # Its action ended before the announcement arrived: nothing is
            # aimed at it any more.
            self._release(tab, {context})

    def _release(self, tab: Tab, contexts: set[int]) -> None:
        """Let the guarded documents of ``contexts`` take input again (the calls run on)."""
        if not contexts or tab.closed or self._core.closed:
            return

        async def release() -> None:
            try:
                cdp = await tab.cdp_session()
            except PlaywrightError:
                return  # the page is gone, its guards with it
            await _release_contexts(cdp, contexts)

        task = asyncio.ensure_future(release())
        releasing = self._releasing.setdefault(tab.tab_id, set())
        releasing.add(task)
        task.add_done_callback(releasing.discard)

    async def disarm(self, tab: Tab) -> None:
        """After a bound action's input: new documents start unguarded again, and
        every guarded one that began meanwhile is released."""
        tab_id = tab.tab_id
        self._in_flight[tab_id] = max(0, self._in_flight.get(tab_id, 1) - 1)
        if self._in_flight[tab_id] > 0:
            return
        # From here on, announcements are released as they arrive (_on_guard).
        self._release(tab, self._guarded.pop(tab_id, set()))
        guard = self._guard_ids.pop(tab_id, None)
        if guard is None or tab.closed or self._core.closed:
            return
        cdp = await tab.cdp_session()
        try:
            await cdp.send("Page.removeScriptToEvaluateOnNewDocument", {"identifier": guard})
        except PlaywrightError:
            return  # the page is gone
        # A document that began before the removal took effect announced
        # itself before its reply: its release is under way; wait for it too.
        await self.settle_guards(tab)

    async def settle_guards(self, tab: Tab) -> None:
        """Before an unbound action, and as a bound one ends: every guarded
        document whose action is over takes input again."""
        releasing = self._releasing.get(tab.tab_id)
        if not releasing:
            return
        try:
            # Shielded: a dialog that holds the page stops the wait, not the release.
            await unless_blocked(tab, asyncio.shield(asyncio.gather(*releasing)))
        except ModalStateBlockedError:
            pass  # released once the dialog is answered; the action meets the dialog itself

    async def explain(self, tab: Tab, bounds: Sequence[Bound]) -> BrowserkitError | None:
        """After a failed action: the typed error if a bound element is gone or of another page.

        None when every bound element is still where it was, so the action's
        own error stands.
        """
        if tab.pending_dialog is not None or tab.closed or self._core.closed:
            return None
        for bound in bounds:
            probe = bound.base.locator(f"{ENGINE}=probe:{bound.key}")
            try:
                state = await unless_blocked(tab, asyncio.wait_for(probe.count(), _PROBE_WAIT_S))
            except (PlaywrightError, asyncio.TimeoutError, BrowserkitError):
                state = 2  # its frame is gone or still changing document
            if state == 0 and bound.base is tab.page:
                # The probe tells "of another document" by matching two
                # elements: a new document that has none yet reads as a
                # removal. Ask the main frame's utility world directly.
                state = await self.pin_state(tab, bound.key)
            if state == 1:
                continue
            if state == 0:
                return RefNotFoundError(
                    f"ref {bound.ref} is gone: its element was removed during the action",
                    hint="take a new snapshot and use its refs",
                )
            return self._stale(tab, bound.ref, bound.generation)
        return None

    async def pin_state(self, tab: Tab, key: str) -> int:
        """What the pin ``key`` is to the main frame's current document: 1 here, 0 removed,
        2 of another document (or none: the frame is between documents)."""
        try:
            expression = f"({_PIN_STATE})({json.dumps(key)})"
            state = await self.in_utility(tab, expression, _PROBE_WAIT_S * 1000)
        except (PlaywrightError, BrowserkitError):
            return 2
        return 2 if state is None else int(state)

    async def _ask(
        self,
        tab: Tab,
        call: Awaitable[T],
        ms: float,
        ref: str,
        generation: int,
        gone: Callable[[], Awaitable[BrowserkitError]] | None = None,
    ) -> T:
        """A CDP or Playwright call of binding; a failure means the element's page went away
        (``gone`` says how, when the caller can ask the browser)."""
        try:
            return await unless_blocked(tab, asyncio.wait_for(call, ms / 1000))
        except asyncio.TimeoutError:
            raise TimeoutError(
                f"binding ref {ref} did not finish within {int(ms)} ms",
                hint="the page may be busy running script; try again",
            ) from None
        except PlaywrightError as exc:
            if tab.closed or self._core.closed:
                raise self._core.translate(exc, f"resolve ref {ref}") from None
            raise (await gone() if gone is not None else self._gone(tab, ref, generation)) from None

    def _gone(self, tab: Tab, ref: str, generation: int) -> BrowserkitError:
        if tab.generation != generation:
            return self._stale(tab, ref, generation)
        return RefNotFoundError(
            f"ref {ref} could not be bound: its element or its frame went away",
            hint="take a new snapshot and use its refs",
        )

    def _stale(self, tab: Tab, ref: str, generation: int) -> StaleRefError:
        # The document was replaced, so the generation is past the ref's even
        # when the navigation event has not reached us yet.
        return stale_ref(ref, generation, tab, now=max(tab.generation, generation + 1))


def _forget(call: Awaitable[Any]) -> None:
    """Run a clean-up call in the background; its failure (a page gone) changes nothing."""
    task = asyncio.ensure_future(call)
    task.add_done_callback(lambda t: t.cancelled() or t.exception())


async def release_input_guard(cdp: CDPSession) -> None:
    """Let every guarded document of the page, in its main frame and its iframes, take input.

    For a caller outside any action (a handoff to a person): bound actions
    release what they guarded themselves (:meth:`Binder.disarm`).
    """
    try:
        tree = await cdp.send("Page.getFrameTree")
    except PlaywrightError:
        return  # the page is gone
    await asyncio.gather(*(_release_frame(cdp, frame) for frame in _frame_ids(tree["frameTree"])))


def _frame_ids(node: dict[str, Any]) -> list[str]:
    """The ids of a ``Page.getFrameTree`` node's frame and of all frames below it."""
    return [str(node["frame"]["id"])] + [
        frame for child in node.get("childFrames", ()) for frame in _frame_ids(child)
    ]


async def isolated_world(cdp: CDPSession, name: str, frame_id: str | None = None) -> int:
    """The execution context of isolated world ``name`` in a frame's current document
    (default: the page's main frame), made on first use; page scripts cannot reach it."""
    if frame_id is None:
        tree = await cdp.send("Page.getFrameTree")
        frame_id = tree["frameTree"]["frame"]["id"]
    world = await cdp.send(
        "Page.createIsolatedWorld",
        {"frameId": frame_id, "worldName": name, "grantUniveralAccess": False},
    )
    return int(world["executionContextId"])


async def _release_frame(cdp: CDPSession, frame_id: str) -> None:
    """Release the guard of a frame's current document, if it has one."""
    try:
        context = await isolated_world(cdp, _GUARD_WORLD, frame_id)
    except PlaywrightError:
        return  # that frame went away meanwhile
    await _release_contexts(cdp, (context,))


async def _release_contexts(cdp: CDPSession, contexts: Iterable[int]) -> None:
    """Release the guards of these guard-world contexts, all at once. A call that fails
    changes nothing: its document is gone, and its guard with it."""
    calls = [
        cdp.send("Runtime.evaluate", {"expression": _RELEASE, "contextId": context})
        for context in contexts
    ]
    await asyncio.gather(*calls, return_exceptions=True)


def _unbounded(call: Awaitable[T]) -> Awaitable[T]:
    return call


async def _pin_in_world(
    cdp: CDPSession,
    backend: int,
    context: int,
    pin: str,
    key: str,
    ask: Callable[[Awaitable[Any]], Awaitable[Any]],
) -> bool:
    """Pin DOM node ``backend`` under ``key`` in world ``context`` with function ``pin``.

    False when that world's document does not hold the node (any more) or
    the pin did not take; ``ask`` bounds the pin call.
    """
    try:
        resolved = await cdp.send(
            "DOM.resolveNode", {"backendNodeId": backend, "executionContextId": context}
        )
    except PlaywrightError:
        return False
    object_id = resolved.get("object", {}).get("objectId")
    if not isinstance(object_id, str):
        return False  # a node of another origin's frame: this world may not hold it
    try:
        reply = await ask(
            cdp.send(
                "Runtime.callFunctionOn",
                {
                    "objectId": object_id,
                    "functionDeclaration": pin,
                    "arguments": [{"value": key}],
                    "returnByValue": True,
                },
            )
        )
    finally:
        _forget(cdp.send("Runtime.releaseObject", {"objectId": object_id}))
    return reply.get("result", {}).get("value") is True
