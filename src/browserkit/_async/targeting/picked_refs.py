"""Picked elements: ``p`` refs for what a person pointed at in the live view.

A pick is a point in the tab's viewport, and names what the person sees
there (:func:`seen_at`). The browser's own hit test (CDP
``DOM.getNodeForLocation``, which descends into iframes and shadow roots and
passes through ``pointer-events: none`` overlays, as a click would) names the
top node; a layer nobody can see (``opacity: 0``, nothing painted) is looked
through, in an isolated world the page cannot patch, so a page cannot lay an
invisible "Delete account" over what the person clicked and have it picked.
CDP hands exactly that node to Playwright's utility world of its frame and it
is pinned under a secret key (see ``binding``). Page code can neither
see the pin nor point it at another element, and nothing of a pick reaches
the page's world: no event, no focus, no attribute (its line comes from the
browser's accessibility tree, not from a locator). A ``p`` ref is then
bound like any other ref: it is of the generation it was picked in (stale
after a navigation), its frame must still show the same document, and its
element must still be in it. Ids run ``p1``, ``p2``, … per session, in every
frame, and are never reused.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from typing import Any

import attrs
from playwright.async_api import CDPSession, Frame, Page
from playwright.async_api import Error as PlaywrightError

from browserkit._async.capture.utility_world import new_key
from browserkit._async.core import page_scripts
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab, stale_ref
from browserkit._async.targeting.binding import Binder, Bound, isolated_world
from browserkit.errors import (
    BrowserkitError,
    InvalidArgumentError,
    RefNotFoundError,
    TargetNotActionableError,
)

__all__ = ["NOTHING_SEEN", "P_REF", "PickedElement", "Picks", "ax_line", "seen_at"]

P_REF = re.compile(r"^p(\d+)$")
"""A ref a person picked in the live view (``p1``)."""

NOTHING_SEEN = -1
"""What :func:`seen_at` answers when elements are at the point but none can be seen."""

# browserkit's own isolated world for looking at a point: page scripts can
# neither reach it nor patch the functions it calls.
_LOOK_WORLD = "browserkit-pick"
_LOOK = "function (top, x, y) { return (" + page_scripts.PICK_LOOK + ")(top, x, y); }"
# Chromium's accessibility roles where the outline (ARIA) names them otherwise;
# its own internal roles (``Iframe``, ``LineBreak``) are lowered.
_ROLES = {
    "StaticText": "text",
    "image": "img",
    "RootWebArea": "document",
    "none": "generic",
    "LabelText": "generic",
}


async def seen_at(cdp: CDPSession, x: float, y: float) -> int | None:
    """The backend node id of the element a person sees at viewport point (x, y).

    The browser's hit test (``DOM.getNodeForLocation``: through iframes and
    shadow roots, past ``pointer-events: none``, as a click goes) names the
    top element; when nobody can see it (``opacity: 0`` on it or an
    ancestor, nothing painted, ...) the layers under the point are looked
    through to the first one that can be seen (``js/pick_look.js``, run in
    an isolated world of browserkit's own). None when no element is there,
    :data:`NOTHING_SEEN` when none there can be seen. Raises PlaywrightError
    for a point off the page, or a page between documents.
    """
    found = await cdp.send(
        "DOM.getNodeForLocation",
        {
            "x": round(x),
            "y": round(y),
            "includeUserAgentShadowDOM": False,
            "ignorePointerEventsNone": False,
        },
    )
    top = found.get("backendNodeId")
    if not isinstance(top, int):
        return None
    context = await isolated_world(cdp, _LOOK_WORLD)
    held: list[str] = []
    try:
        try:
            resolved = await cdp.send(
                "DOM.resolveNode", {"backendNodeId": top, "executionContextId": context}
            )
        except PlaywrightError:
            resolved = {}
        top_id = (resolved.get("object") or {}).get("objectId")
        # No id: the node is in a frame out of this world's reach (another origin).
        top_arg: dict[str, Any] = {"value": None}
        if isinstance(top_id, str):
            held.append(top_id)
            top_arg = {"objectId": top_id}
        reply = await cdp.send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": _LOOK,
                "executionContextId": context,
                "arguments": [top_arg, {"value": x}, {"value": y}],
            },
        )
        details = reply.get("exceptionDetails")
        if details is not None:
            text = str((details.get("exception") or {}).get("description") or details.get("text"))
            raise PlaywrightError(f"looking at the picked point failed: {text.splitlines()[0]}")
        object_id = (reply.get("result") or {}).get("objectId")
        if not isinstance(object_id, str):
            return NOTHING_SEEN
        held.append(object_id)
        node = (await cdp.send("DOM.describeNode", {"objectId": object_id}))["node"]
    finally:
        for object_id in held:
            _forget(cdp.send("Runtime.releaseObject", {"objectId": object_id}))
    seen = int(node["backendNodeId"])
    if "value" in top_arg and node.get("localName") in ("iframe", "frame"):
        # The walk stopped at a frame of another origin, and the hit test's
        # element is inside it: what that frame shows is the browser's to say.
        return top
    return seen


def ax_line(nodes: Sequence[dict[str, Any]]) -> str:
    """An outline-like line (``button "Add kettle"``) from ``Accessibility.getPartialAXTree``."""
    node = nodes[0] if nodes else {}
    role = str((node.get("role") or {}).get("value") or "generic")
    if node.get("ignored"):
        role = "generic"
    else:
        role = _ROLES.get(role) or (role.lower() if role[:1].isupper() else role)
    name = str((node.get("name") or {}).get("value") or "").strip()
    line = f"{role} {json.dumps(name, ensure_ascii=False)}" if name else role
    for prop in node.get("properties") or ():
        if prop.get("name") == "level":
            line += f" [level={(prop.get('value') or {}).get('value')}]"
    return line


def _forget(call: Any) -> None:
    """Run a clean-up call in the background; its failure (a page gone) changes nothing."""
    task = asyncio.ensure_future(call)
    task.add_done_callback(lambda t: t.cancelled() or t.exception())


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
        """Pin the element a person sees at viewport point (x, y) as the next ``p`` ref.

        None if no element is there; TargetNotActionableError if the elements
        there are all invisible (see :func:`seen_at`).
        """
        cdp = await tab.cdp_session()
        generation = tab.generation
        try:
            backend = await self._core.bounded(
                seen_at(cdp, x, y), "find the element at the picked point", ms, tab
            )
        except BrowserkitError as exc:
            if type(exc) is BrowserkitError:
                return None  # CDP found no node there (a point off the page)
            raise
        if backend is None:
            return None
        if backend == NOTHING_SEEN:
            raise TargetNotActionableError(
                f"nothing visible is at the point the person picked ({round(x)}, {round(y)}): "
                "every element there is transparent",
                hint="the page may be hiding what it shows; take a screenshot, and ask the "
                "person to pick again",
                reason="not_visible",
            )
        key = new_key()
        frame = await self._binder.pin_node(tab, backend, key, ms)
        if frame is None or tab.generation != generation:
            return None  # the page moved on while the person clicked
        ref = f"p{self._next}"
        self._next += 1
        line = await self._line(tab, cdp, backend, ref, ms)
        picked = PickedElement(ref, tab.tab_id, generation, key, frame, line)
        self._picked[ref] = picked
        return picked

    async def _line(self, tab: Tab, cdp: CDPSession, backend: int, ref: str, ms: float) -> str:
        """The element's outline line (its role and name), with its ``p`` ref.

        From the browser's accessibility tree over CDP: a locator's
        ``aria_snapshot`` would dispatch Playwright's
        ``__playwright_mark_target__`` event on the element, in the page's
        world, telling the page what was picked.
        """
        try:
            reply = await self._core.bounded(
                cdp.send(
                    "Accessibility.getPartialAXTree",
                    {"backendNodeId": backend, "fetchRelatives": False},
                ),
                "read the picked element",
                ms,
                tab,
            )
        except BrowserkitError:  # a line is a courtesy; the ref stands without it
            reply = {}
        return f"{ax_line(reply.get('nodes') or [])} [ref={ref}]"

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
