"""A stable locator for the element an action used: the selector a careful person would write.

Candidates come in the order people trust them (the order Playwright's
codegen scores them): the test id, the role with its accessible name, the
label, the placeholder, the exact text, and a CSS path last. The element's
facts are read in Playwright's utility world (``js/locator.js``), where page
code can neither reach nor patch what runs, and its role and name are the
outline's (Playwright's own accessible-name computation). A candidate is
kept only when Playwright's locator count says it matches exactly this
element, pinned by the action's binding; a role, label or text that several
elements share gets ``nth=`` rather than falling to CSS.

The work runs beside the action's outline read, before the input is sent
(after it the element may be gone), so an observed action waits for it only
when it is slower than that read.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Locator, Page

from browserkit._async.core import page_scripts
from browserkit._async.core.events import Located
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab, swallow
from browserkit._async.targeting.binding import Bound
from browserkit._async.targeting.resolve import Aim, Targets
from browserkit.errors import BrowserkitError, InvalidArgumentError, TargetNotFoundError
from browserkit.snapshot import Node
from browserkit.targets import Point, Selector, Target, describe

__all__ = ["Locators"]

_FACTS = page_scripts.load("locator")
# Past this many matches a shared role or text is no locator anyone would keep.
_MAX_NTH = 8
# The roles whose name is worth naming an element by (not a generic div's text).
_NAMELESS = {"generic", "none", "presentation", "paragraph", "text", ""}


class Locators:
    """Makes stable locators for a session's targets."""

    def __init__(self, core: SessionCore, targets: Targets) -> None:
        self._core = core
        self._targets = targets

    def start(self, tab: Tab, target: Target | None, aim: Aim, ms: float) -> asyncio.Future[Any]:
        """Begin making the locator of an action's target (see :meth:`finish`)."""
        making = asyncio.ensure_future(self.locate(tab, target, aim, ms))
        making.add_done_callback(swallow)  # an action that failed first never reads it
        return making

    async def finish(self, making: asyncio.Future[Any] | None) -> Located | None:
        """The locator :meth:`start` made; None when it could not (never an error)."""
        if making is None:
            return None
        try:
            located: Located | None = await making
        except (PlaywrightError, BrowserkitError, asyncio.TimeoutError):
            located = None
        except asyncio.CancelledError:
            making.cancel()
            raise
        return located

    async def of(self, target: Target, timeout_ms: float | None, tab_id: str | None) -> Selector:
        """The stable locator of the element ``target`` names now (``session.locator``)."""
        if isinstance(target, Point):
            raise InvalidArgumentError("a point has no locator; give a ref or a selector")
        tab = self._core.check(tab_id=tab_id)
        ms = self._core.timeout(timeout_ms)
        aim = await self._targets.aim(tab, target, ms)
        located = await self.locate(tab, target, aim, ms)
        if located is not None:
            return located.selector
        raise TargetNotFoundError(f"{describe(target)} is gone", hint="take a new snapshot")

    async def quietly(self, ref: str, tab_id: str) -> Selector | None:
        """The locator of ``ref``, or None when it cannot be made (a picked element that left)."""
        try:
            return await self.of(ref, None, tab_id)
        except (PlaywrightError, BrowserkitError):
            return None

    async def field(self, target: Target, tab_id: str | None) -> tuple[Located | None, str | None]:
        """The locator of a field ``fill_form`` just filled, and how it was filled
        (``js/kind.js``: ``"text"``, ``"checkbox"``, ``"select"``, ...); Nones
        when it is gone or a point (never an error: the fill already happened)."""
        if isinstance(target, Point):
            return None, None
        try:
            tab = self._core.check(tab_id=tab_id)
            ms = self._core.timeout(None)
            aim = await self._targets.aim(tab, target, ms)
            if aim.locator is None:
                return None, None
            kind, located = await asyncio.gather(
                aim.locator.evaluate(page_scripts.KIND, timeout=ms),
                self.locate(tab, target, aim, ms),
            )
        except (PlaywrightError, BrowserkitError, asyncio.TimeoutError):
            return None, None
        return located, kind if isinstance(kind, str) else None

    async def box_of(self, ref: str) -> tuple[float, float] | None:
        """Where the element of ``ref`` is now: its centre on the page, or None."""
        tab = self._core.check()
        ms = self._core.timeout(None)
        aim = await self._targets.aim(tab, ref, ms)
        if aim.bound is None:
            return None
        base = aim.bound.base
        frame = base if isinstance(base, Frame) else base.main_frame
        facts = await self._facts(tab, frame, aim.bound.key, ms)
        box = facts.get("box") if isinstance(facts, dict) else None
        return (float(box[0]), float(box[1])) if box else None

    async def locate(self, tab: Tab, target: Target | None, aim: Aim, ms: float) -> Located | None:
        """The stable locator of ``target`` as it was aimed at."""
        if isinstance(target, Selector) and target.kind not in ("css", "xpath"):
            # Already a person's locator, and checked unique as it resolved.
            return Located(target, role=target.value if target.kind == "role" else None)
        if aim.locator is None:
            return None  # a point: no element to find again
        if aim.bound is None:
            # A CSS or XPath selector resolves unbound, to the one element it matched:
            # it finds that element again as it did now.
            return Located(target) if isinstance(target, Selector) else None
        return await self._from_pin(tab, aim.bound, ms)

    async def _from_pin(self, tab: Tab, bound: Bound, ms: float) -> Located | None:
        base = bound.base
        frame = base if isinstance(base, Frame) else base.main_frame
        facts = await self._facts(tab, frame, bound.key, ms)
        if not isinstance(facts, dict):
            return None
        # The outline's role and name (Playwright's own computation), else the
        # facts' guess; the count below tells whether either names it. Not
        # Playwright's aria_snapshot: it replaces the outline refs resolve against.
        node = _outline_node(tab, bound)
        guess = (facts.get("role") or None, facts.get("name") or None)
        role, name = (node.role, node.name) if node is not None else guess
        frame_spec = None if frame is tab.page.main_frame else (frame.name or frame.url)
        candidates = _candidates(facts, role, name, frame_spec)
        known = _known_counts(tab, bound, candidates, facts) if node is not None else {}
        selector = await self._first_unique(base, bound, candidates, ms, known)
        box = facts.get("box")
        return Located(selector, (float(box[0]), float(box[1])) if box else None, role)

    async def _facts(self, tab: Tab, frame: Frame, key: str, ms: float) -> Any:
        args = json.dumps([key, self._core.config.test_id_attribute])
        expression = f"({_FACTS})(({page_scripts.PINS}), ...{args})"
        if frame is tab.page.main_frame:
            return await self._targets.binder.worlds.evaluate(tab, expression, ms)
        context = await self._targets.binder.worlds.frame_context(tab, frame, ms)
        if context is None:
            return None
        cdp = await tab.cdp_session()
        reply = await cdp.send(
            "Runtime.evaluate",
            {"expression": expression, "contextId": context, "returnByValue": True},
        )
        return reply.get("result", {}).get("value")

    async def _first_unique(
        self,
        base: Page | Frame,
        bound: Bound,
        candidates: list[Selector],
        ms: float,
        known: Mapping[Selector, int],
    ) -> Selector:
        """The first candidate that matches this element alone; else the first one that
        matches it among a few, with ``nth``; else the CSS path (always last).

        Asked one at a time: the first usually answers, and each answer is a
        round trip on the action's way. ``known`` holds the candidates whose
        count needs no asking (see :func:`_known_counts`): one is the answer,
        and more than a few are passed over. The CSS path is counted too: a
        path the page repeats (a component's insides, twice) gets ``nth`` as
        well.
        """
        mine = bound.locator()
        *named, path = candidates
        for group in (named, [path]):  # a name with nth= before any CSS path
            shared: list[tuple[Selector, int]] = []
            for sel in group:
                judged = known.get(sel)
                if judged == 1:
                    return sel
                if judged is not None and judged > _MAX_NTH:
                    continue
                found = self._targets.locate(base, sel)
                counting = asyncio.gather(found.count(), found.and_(mine).count())
                try:
                    count, here = await asyncio.wait_for(counting, ms / 1000)
                except PlaywrightError:
                    continue
                if (count, here) == (1, 1):
                    return sel
                if here == 1 and 1 < count <= _MAX_NTH:
                    shared.append((sel, count))
            for sel, count in shared:
                index = await self._index(base, sel, mine, count)
                if index is not None:
                    return Selector(sel.kind, sel.value, sel.name, nth=index, frame=sel.frame)
        return path

    async def _index(self, base: Page | Frame, sel: Selector, mine: Locator, n: int) -> int | None:
        found = self._targets.locate(base, sel)
        hits = await asyncio.gather(*(found.nth(i).and_(mine).count() for i in range(n)))
        return hits.index(1) if hits.count(1) == 1 else None


def _known_counts(
    tab: Tab, bound: Bound, candidates: list[Selector], facts: dict[str, Any]
) -> dict[Selector, int]:
    """The candidates whose count is known without asking the page.

    - A role and name: how many elements of the bound element's frame the
      tab's outline shows with them (the outline the ref came from; Playwright
      computes both the outline and ``get_by_role`` alike: exact names, hidden
      elements left out). Only when it shows the element itself, and more than
      a few or exactly one: an ``nth`` is left to Playwright's count.
    - The CSS path, when the page's own ``querySelectorAll`` found it once, on
      the element, with no shadow host on the way (``locator.js``).
    """
    known: dict[Selector, int] = {}
    base = tab.baseline
    frame = _frame_of(bound.ref)
    for sel in candidates:
        if sel.kind == "role" and sel.name is not None and base is not None:
            count = sum(
                1
                for node in base.outline.walk()
                if node.role == sel.value
                and node.name == sel.name
                and node.ref is not None
                and _frame_of(node.ref) == frame
            )
            if count == 1 or count > _MAX_NTH:
                known[sel] = count
    if facts.get("cssUnique") is True:
        known[candidates[-1]] = 1
    return known


def _frame_of(ref: str) -> str:
    """The frame part of an outline ref: ``""`` for the top document's ``e12``,
    ``f1`` for ``f1e3``."""
    return ref[: ref.rfind("e")] if "e" in ref else ref


def _outline_node(tab: Tab, bound: Bound) -> Node | None:
    """The outline node of a ref, when the tab's last outline printed it."""
    base = tab.baseline
    if base is None or base.generation != bound.generation:
        return None
    return base.outline.find(bound.ref)


def _candidates(
    facts: dict[str, Any], role: str | None, name: str | None, frame: str | None
) -> list[Selector]:
    """Every locator worth trying, most trusted first; the CSS path is always last."""
    out: list[Selector] = []
    if facts.get("testId"):
        out.append(Selector("test_id", facts["testId"], frame=frame))
    if role and role not in _NAMELESS and name:
        out.append(Selector("role", role, name, frame=frame))
    if facts.get("label"):
        out.append(Selector("label", facts["label"], frame=frame))
    if facts.get("placeholder"):
        out.append(Selector("placeholder", facts["placeholder"], frame=frame))
    if facts.get("text"):
        out.append(Selector("text", facts["text"], frame=frame))
    if role and role not in _NAMELESS and not name:
        out.append(Selector("role", role, frame=frame))
    out.append(Selector("css", facts.get("css") or facts.get("tag") or "*", frame=frame))
    return out
