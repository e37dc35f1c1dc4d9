"""The hit check of clicks: will a click at the point we aim at reach the target?

It must hold on hostile pages, so nothing it trusts runs in the page's own
world. The action's element is pinned in Playwright's utility world (an
isolated world page scripts can neither reach nor patch; see
``binding``), and the check (``js/hit_check.js``) runs in that same world
on exactly that element, in one round trip: no nomination by the page, no
second lookup that could find another element. Only when it shows the
point clear and the element settled may the click skip Playwright's own
checks; it is then made at exactly that point (``position=``) on the pinned
element, under a guard that stops trusted pointer events landing anywhere
else. Whatever cannot be shown this way (an element in an iframe, one that
is moving or disabled) falls back to Playwright's own actionability
checks, which are as strict.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator, Position

from browserkit._async.core import page_scripts
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab
from browserkit._async.targeting.binding import ENGINE, Binder, Bound
from browserkit.errors import TargetCoveredError, TargetNotActionableError

__all__ = ["Aimed", "ClickStopped", "HitTester", "cover_hint"]

# How long a cover may take to leave before the click is refused: a cover
# fading out (opacity animating to 0) is given longer than one that is not
# visibly leaving, which may still go on its own (a loading shield).
_COVER_WAIT_MS = 1000.0
_FADE_WAIT_MS = 5000.0


class Aimed:
    """How to click an element the hit check looked at.

    ``force`` skips Playwright's actionability waits (the check showed what
    they would); ``position`` is the checked point, relative to the
    element's padding box as Playwright's ``position=`` takes it;
    ``locator`` is the pinned element the check looked at (None: the
    action's own locator, with Playwright's checks). ``point`` is the checked
    point in the viewport, set when the mouse may press there directly (a
    ref's element, checked and guarded: see :meth:`HitTester.check`). Used as
    an async context manager around the click: leaving it ends the guard and
    raises TargetCoveredError if the guard stopped the click.
    """

    def __init__(
        self,
        force: bool = False,
        position: Position | None = None,
        disarm: Callable[[], Awaitable[dict[str, Any] | None]] | None = None,
        locator: Locator | None = None,
        replaced: Callable[[], Awaitable[bool]] | None = None,
        point: tuple[float, float] | None = None,
    ) -> None:
        self.force = force
        self.position = position
        self.locator = locator
        self.point = point
        self._disarm = disarm
        self._replaced = replaced

    async def apply(
        self, locator: Locator, act: Callable[[Locator, bool, Position | None], Awaitable[None]]
    ) -> None:
        """Run ``act(locator, force, position)`` as the check said.

        An element pinned only for the check (a selector's, not a ref's)
        that is replaced before the click falls back to the selector, with
        Playwright's own checks: a selector names whatever matches it now.
        """
        if self.locator is None:
            await act(locator, False, None)
            return
        try:
            await act(self.locator, self.force, self.position)
        except PlaywrightError:
            if self._replaced is None or not await self._replaced():
                raise
        else:
            return
        await self._end()
        await act(locator, False, None)

    async def __aenter__(self) -> Aimed:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        blocked = await self._end()
        if blocked and exc_type is None:
            stopped = _covered(blocked, "the click was stopped: ")
            raise ClickStopped(stopped.message, hint=stopped.hint)

    async def _end(self) -> dict[str, Any] | None:
        if self._disarm is None:
            return None
        disarm, self._disarm = self._disarm, None
        try:
            return await disarm()
        except (PlaywrightError, asyncio.TimeoutError):
            return None  # the document went away (the click navigated): nothing was blocked


class HitTester:
    """Runs the hit check of one session's clicks."""

    def __init__(self, core: SessionCore, binder: Binder) -> None:
        self._core = core
        self._binder = binder

    async def check(
        self, tab: Tab, locator: Locator, ms: float, bound: Bound | None = None
    ) -> Aimed:
        """Raise TargetCoveredError if another element would receive a click on ``locator``.

        ``bound`` is the pin of a ref's element (``locator`` is then its
        bound locator); any other locator is pinned here for the check.
        Waits, bounded, for a cover to leave first. Returns how to click.
        """
        core = self._core
        if bound is not None:
            if bound.base is not tab.page:
                return Aimed()  # in an iframe: Playwright's own checks decide
            key: str | None = bound.key
        else:
            key = await core.bounded(
                self._binder.pin_locator(tab, locator, ms), "hit check", ms, tab
            )
            if key is None:
                return Aimed()  # none or several: Playwright waits, or refuses
        args = {
            "key": key,
            "coverMs": min(_COVER_WAIT_MS, ms * 0.25),
            "fadeMs": min(_FADE_WAIT_MS, ms * 0.6),
            "armMs": ms,
        }
        verdict = await core.bounded(self._call(tab, "check", args, ms), "hit check", ms, tab)
        status = verdict.get("status") if isinstance(verdict, dict) else None
        if status == "covered":
            raise _covered(verdict["cover"])
        if status == "veiled":
            raise _veiled(verdict.get("popup"))
        if status != "ok" or not (verdict.get("settled") or verdict.get("viaLabel")):
            # Hidden, gone (in an iframe), disabled or moving: Playwright
            # waits for it, or says why, and its own checks (hit test and
            # guard included) run at the point it then clicks.
            return Aimed()
        rel = verdict["rel"]
        position: Position = {"x": float(rel["x"]), "y": float(rel["y"])}

        async def disarm() -> dict[str, Any] | None:
            reply = await asyncio.wait_for(self._call(tab, "disarm", {}, ms), ms / 1000)
            blocked = reply.get("blocked") if isinstance(reply, dict) else None
            return blocked if isinstance(blocked, dict) else None

        pin = str(verdict["pin"])
        pinned = tab.page.locator(f"{ENGINE}={pin}")
        if bound is not None:
            # A ref's element: the mouse presses at the checked point itself,
            # without Playwright's second lookup and box read (the guard
            # stops a press that would land elsewhere, and an element
            # replaced meanwhile fails as ref_not_found, see run_bound).
            at = verdict["point"]
            point = (float(at["x"]), float(at["y"]))
            return Aimed(True, position, disarm, pinned, point=point)

        async def replaced() -> bool:
            # Not its element any more (removed, or its document replaced):
            # the selector names whatever matches it now.
            return await self._binder.pin_state(tab, pin) != 1

        return Aimed(True, position, disarm, pinned, replaced)

    async def _call(self, tab: Tab, command: str, args: dict[str, Any], ms: float) -> Any:
        """One hit-check command, by name in the utility world; installed there
        first when its document does not have it yet (see ``page_scripts``)."""
        member = f"({json.dumps(command)}, {json.dumps(args)})"
        reply = await self._binder.in_utility(tab, page_scripts.HIT.call(member), ms)
        if reply != page_scripts.MISSING:
            return reply
        if command != "check":
            return None  # a new document: no guard of an earlier check to end there
        return await self._binder.in_utility(tab, page_scripts.HIT.install(member), ms)


class ClickStopped(TargetCoveredError):
    """The guard stopped a click whose press would have landed off its target:
    nothing of it reached the page, so it may be checked and tried again."""


def _covered(cover: dict[str, Any], prefix: str = "") -> TargetCoveredError:
    who = str(cover.get("tag") or "element")
    if cover.get("id"):
        who += f"#{cover['id']}"
    for cls in cover.get("classes") or ():
        who += f".{cls}"
    text = str(cover.get("text") or "")
    return TargetCoveredError(
        f"{prefix}the target is covered by <{who}>" + (f" ({text!r})" if text else ""),
        hint=cover_hint(cover, who),
    )


def _veiled(popup: object) -> TargetNotActionableError:
    role, name = "popup", ""
    if isinstance(popup, dict):
        role, name = str(popup.get("role") or role), str(popup.get("name") or "")
    which = f"{role} {name!r}" if name else role
    return TargetNotActionableError(
        f"the target is behind an open {which}, which hides the rest of the page from "
        "assistive technology",
        hint=f"pick in the {role} or close it (press Escape), then act on this ref again: "
        "it stays the same element",
        reason="veiled",
    )


def cover_hint(cover: dict[str, Any], who: str) -> str:
    """What to do about a cover, chosen from what it is."""
    if cover.get("consent"):
        return f"<{who}> looks like a cookie or consent banner: accept or dismiss it, then retry"
    if cover.get("dialog"):
        return (
            f"a dialog is open over the page (<{who}>): act inside it, or close it "
            "(its close button, or press Escape) before acting on what is behind it"
        )
    if cover.get("iframe"):
        return f"an embedded frame (<{who}>) lies over the target: act inside it or close it"
    if cover.get("full") and cover.get("invisible"):
        return (
            f"an invisible layer (<{who}>) over the whole page catches clicks: it may be a "
            "loading shield (wait_for what the page is loading) or a trap; take a snapshot"
        )
    if cover.get("full"):
        return (
            f"<{who}> covers the whole page (an overlay or loading screen): "
            "close it or wait_for it to go"
        )
    if cover.get("fixed"):
        return (
            f"<{who}> stays fixed on screen over the target: scroll the page so the target "
            "is clear of it (scroll(delta_y=...)), then retry"
        )
    return (
        f"<{who}> lies over the target: act on it or remove it first; a snapshot shows what it is"
    )
