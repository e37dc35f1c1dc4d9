"""Picked elements: ``p`` refs for what a person pointed at in the live view.

A pick is a point in the tab's viewport. The browser's own hit test (CDP
``DOM.getNodeForLocation``, which descends into iframes and shadow roots and
passes through ``pointer-events: none`` overlays, as a click would) names the node
there; CDP hands exactly that node to Playwright's utility world of its frame
and it is pinned under a secret key (see :mod:`._binding`). Page code can
neither see the pin nor point it at another element. A ``p`` ref is then
bound like any other ref: it is of the generation it was picked in (stale
after a navigation), its frame must still show the same document, and its
element must still be in it. Ids run ``p1``, ``p2``, … per session, in every
frame, and are never reused.
"""

from __future__ import annotations

import re

import attrs
from playwright.async_api import Frame, Page

from browserkit._async._binding import Binder, Bound
from browserkit._async._core import SessionCore
from browserkit._async._tab import Tab, stale_ref
from browserkit._async._utility import ENGINE, new_key
from browserkit.errors import BrowserkitError, InvalidArgumentError, RefNotFoundError

__all__ = ["P_REF", "PickedElement", "Picks"]

P_REF = re.compile(r"^p(\d+)$")
"""A ref a person picked in the live view (``p1``)."""


@attrs.frozen
class PickedElement:
    """Where a ``p`` ref's element is pinned: its tab, document generation, frame and key."""

    ref: str
    tab_id: str
    generation: int
    key: str
    frame: Frame
    line: str


class Picks:
    """The session's picked elements, and how a ``p`` ref is bound for an action."""

    def __init__(self, core: SessionCore, binder: Binder) -> None:
        self._core = core
        self._binder = binder
        self._picked: dict[str, PickedElement] = {}
        self._next = 1

    async def pick_at(self, tab: Tab, x: float, y: float, ms: float) -> PickedElement | None:
        """Pin the element at viewport point (x, y) as the next ``p`` ref; None if none is there."""
        cdp = await tab.cdp_session()
        generation = tab.generation
        try:
            found = await self._core.bounded(
                cdp.send(
                    "DOM.getNodeForLocation",
                    {
                        "x": round(x),
                        "y": round(y),
                        "includeUserAgentShadowDOM": False,
                        "ignorePointerEventsNone": False,
                    },
                ),
                "find the element at the picked point",
                ms,
                tab,
            )
        except BrowserkitError as exc:
            if type(exc) is BrowserkitError:
                return None  # CDP found no node there (a point off the page)
            raise
        backend = found.get("backendNodeId")
        if not isinstance(backend, int):
            return None
        key = new_key()
        frame = await self._binder.pin_node(tab, backend, key, ms)
        if frame is None or tab.generation != generation:
            return None  # the page moved on while the person clicked
        ref = f"p{self._next}"
        self._next += 1
        line = await self._line(tab, frame, key, ref, ms)
        picked = PickedElement(ref, tab.tab_id, generation, key, frame, line)
        self._picked[ref] = picked
        return picked

    async def _line(self, tab: Tab, frame: Frame, key: str, ref: str, ms: float) -> str:
        """The element's outline line (its role and name), with its ``p`` ref."""
        try:
            text = await self._core.bounded(
                frame.locator(f"{ENGINE}={key}").aria_snapshot(timeout=ms),
                "read the picked element",
                ms,
                tab,
            )
        except BrowserkitError:  # a line is a courtesy; the ref stands without it
            text = ""
        first = next((line.strip() for line in str(text).splitlines() if line.strip()), "")
        first = first.removeprefix("- ").removesuffix(":").strip() or "generic"
        return f"{first} [ref={ref}]"

    def known(self, ref: str) -> PickedElement:
        picked = self._picked.get(ref)
        if picked is None:
            raise RefNotFoundError(
                f"ref {ref} was never picked in this session",
                hint="ask the person to pick again",
            )
        return picked

    async def bind(self, tab: Tab, ref: str, generation: int | None, ms: float) -> Bound:
        """The element ``ref`` names, bound for an action; never another one."""
        picked = self.known(ref)
        if picked.tab_id != tab.tab_id:
            raise InvalidArgumentError(
                f"ref {ref} was picked in tab {picked.tab_id}, not {tab.tab_id}",
                hint=f"pass tab_id={picked.tab_id!r}",
            )
        printed_in = picked.generation if generation is None else generation
        if printed_in != picked.generation or tab.generation != picked.generation:
            raise stale_ref(ref, picked.generation, tab, hint="ask the person to pick again")
        frame = picked.frame
        if frame.is_detached():
            raise RefNotFoundError(
                f"ref {ref} is gone: its iframe was removed", hint="ask the person to pick again"
            )
        state = await self._binder.probe_pin(tab, frame, picked.key, ms, ref, picked.generation)
        if state == 2:
            raise RefNotFoundError(
                f"ref {ref} is gone: its iframe loaded a new document",
                hint="ask the person to pick again",
            )
        if state == 0:
            raise RefNotFoundError(
                f"ref {ref} is gone: its element was removed from the page",
                hint="ask the person to pick again",
            )
        base: Page | Frame = tab.page if frame is tab.page.main_frame else frame
        return Bound(picked.key, ref, picked.generation, base)
