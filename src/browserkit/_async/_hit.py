"""The hit check of clicks: will a click at the point we aim at reach the target?

It must hold on hostile pages, so nothing it trusts runs in the page's own
world: the check itself (``js/hit_check.js``) runs in an isolated world
of the page (CDP ``Page.createIsolatedWorld``), where page scripts cannot
replace ``elementFromPoint`` or ``getBoundingClientRect``. The page's world
only nominates the element (its structural path); the nomination is
confirmed in Playwright's utility world, which the page cannot reach either:
the locator's element must be the one element a css chain of the candidate
matches, and the candidate's place in the tree must not have changed
meanwhile. Only then may the click skip Playwright's own checks, and it is
made at exactly the point that was checked (``position=``), under a guard
that stops trusted pointer events landing anywhere else. Whatever cannot be
shown this way (an element in an iframe, a lie of the page's world) falls
back to Playwright's own actionability checks, which are as strict.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator, Position

from browserkit._async import _js
from browserkit._async._core import SessionCore
from browserkit._async._tab import Tab
from browserkit.errors import TargetCoveredError

__all__ = ["Aimed", "HitTester", "cover_hint"]

_WORLD = "browserkit-hit"
# How long a cover may take to leave before the click is refused: a cover
# fading out (opacity animating to 0) is given longer than one that is not
# visibly leaving, which may still go on its own (a loading shield).
_COVER_WAIT_MS = 1000.0
_FADE_WAIT_MS = 5000.0


class Aimed:
    """How to click an element the hit check looked at.

    ``force`` skips Playwright's actionability waits (the check showed what
    they would); ``position`` is the checked point, relative to the
    element's padding box as Playwright's ``position=`` takes it. Used as an
    async context manager around the click: leaving it ends the guard and
    raises TargetCoveredError if the guard stopped the click.
    """

    def __init__(
        self,
        force: bool = False,
        position: Position | None = None,
        disarm: Callable[[], Awaitable[dict[str, Any] | None]] | None = None,
    ) -> None:
        self.force = force
        self.position = position
        self._disarm = disarm

    async def __aenter__(self) -> Aimed:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._disarm is None:
            return
        disarm, self._disarm = self._disarm, None
        try:
            blocked = await disarm()
        except (PlaywrightError, asyncio.TimeoutError):
            return  # the document went away (the click navigated): nothing was blocked
        if blocked and exc_type is None:
            raise _covered(blocked, "the click was stopped: ")


class HitTester:
    """Runs the hit check of one session's clicks."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self._frame_ids: dict[str, str] = {}

    async def check(self, tab: Tab, locator: Locator, ms: float) -> Aimed:
        """Raise TargetCoveredError if another element would receive a click on ``locator``.

        Waits, bounded, for a cover to leave first. Returns how to click.
        """
        core = self._core
        # One round trip for both: the nomination, and the world to check it in.
        path, context = await core.guard(
            asyncio.gather(locator.evaluate(_js.ELEMENT_PATH, timeout=ms), self._world(tab)),
            "hit check",
            ms,
            tab,
        )
        if not isinstance(path, list) or not all(isinstance(p, int) for p in path):
            return Aimed()  # in an iframe (or a lie): Playwright's own checks decide
        args = {
            "path": path,
            "coverMs": min(_COVER_WAIT_MS, ms * 0.25),
            "fadeMs": min(_FADE_WAIT_MS, ms * 0.6),
        }
        verdict = await core.guard(
            self._call(tab, context, "check", args, ms), "hit check", ms, tab
        )
        status = verdict.get("status") if isinstance(verdict, dict) else None
        if status == "covered":
            raise _covered(verdict["cover"])
        if status != "ok":
            return Aimed()  # hidden or gone: Playwright waits for it, or says why
        if not (verdict.get("settled") or verdict.get("viaLabel")):
            # Disabled or moving: Playwright waits for it, and its own checks
            # (hit test and guard included) run at the point it then clicks.
            return Aimed()
        # The candidate came from the page's world: confirm it is the
        # locator's element before trusting anything said about it.
        chain = str(verdict["chain"])
        alone, both = await core.guard(
            asyncio.gather(
                locator.page.locator(chain).count(),
                locator.and_(locator.page.locator(chain)).count(),
            ),
            "hit check",
            ms,
            tab,
        )
        if alone != 1 or both != 1:
            return Aimed()
        same = await core.guard(
            self._call(tab, context, "verify", {"armMs": ms}, ms), "hit check", ms, tab
        )
        if not (isinstance(same, dict) and same.get("same")):
            return Aimed()
        rel = verdict["rel"]
        position: Position = {"x": float(rel["x"]), "y": float(rel["y"])}

        async def disarm() -> dict[str, Any] | None:
            reply = await asyncio.wait_for(self._call(tab, context, "disarm", {}, ms), ms / 1000)
            blocked = reply.get("blocked") if isinstance(reply, dict) else None
            return blocked if isinstance(blocked, dict) else None

        return Aimed(True, position, disarm)

    async def _world(self, tab: Tab) -> int:
        """The hit check's isolated world in the tab's main frame (its execution context id).

        Chromium hands out one world per name and document, so this is cheap
        after the first call and never piles up worlds.
        """
        cdp = await tab.cdp_session()
        for attempt in range(2):
            frame_id = self._frame_ids.get(tab.page_id)
            if frame_id is None:
                tree = await cdp.send("Page.getFrameTree")
                frame_id = str(tree["frameTree"]["frame"]["id"])
                self._frame_ids[tab.page_id] = frame_id
            try:
                world = await cdp.send(
                    "Page.createIsolatedWorld",
                    {"frameId": frame_id, "worldName": _WORLD, "grantUniveralAccess": False},
                )
                return int(world["executionContextId"])
            except PlaywrightError:
                self._frame_ids.pop(tab.page_id, None)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _call(
        self, tab: Tab, context: int, command: str, args: dict[str, Any], ms: float
    ) -> Any:
        cdp = await tab.cdp_session()
        reply = await cdp.send(
            "Runtime.evaluate",
            {
                "expression": f"({_js.HIT_CHECK})({json.dumps(command)}, {json.dumps(args)})",
                "contextId": context,
                "returnByValue": True,
                "awaitPromise": True,
                "timeout": max(1, int(ms)),
            },
        )
        details = reply.get("exceptionDetails")
        if details is not None:
            text = str((details.get("exception") or {}).get("description") or details.get("text"))
            raise PlaywrightError(f"hit check failed in the page: {text.splitlines()[0]}")
        return reply.get("result", {}).get("value")


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
