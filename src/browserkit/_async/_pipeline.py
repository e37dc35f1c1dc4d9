"""The action pipeline every action runs through, and the hit check of clicks.

An action resolves its targets first (so a stale ref fails before anything
reads the new page), reads the outline before it when observed, runs its body
while racing the dialogs it may open, waits for the page to settle, and
reports what changed.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browserkit._async import _js
from browserkit._async._capture import Capture
from browserkit._async._core import SessionCore
from browserkit._async._settle import Settler
from browserkit._async._tab import Baseline, Tab, swallow
from browserkit._async._targets import Aim, Targets
from browserkit.errors import (
    BrowserkitError,
    ModalStateBlockedError,
    TargetCoveredError,
    TimeoutError,
)
from browserkit.results import ActionResult
from browserkit.snapshot import diff as diff_outlines
from browserkit.targets import Target

__all__ = ["ActionBody", "Pipeline"]

ActionBody = Callable[[Tab, float, Aim], Awaitable[bool | None]]
"""Performs an action on its resolved aim; returns whether the element was
hit-verified (None for points and keys)."""


class Pipeline:
    """Runs actions: target resolution, dialog racing, settling and the observed diff."""

    def __init__(self, core: SessionCore, capture: Capture, targets: Targets) -> None:
        self._core = core
        self._capture = capture
        self._targets = targets

    async def act(
        self,
        detail: str,
        body: ActionBody,
        *,
        target: Target | None,
        observe: bool | None,
        timeout_ms: float | None,
        page_id: str | None = None,
        more_targets: Sequence[Target] = (),
        answers_chooser: bool = False,
    ) -> ActionResult:
        """Run one action with dialog racing, settling and an observed diff.

        With ``observe`` off the action returns as soon as it was dispatched:
        no settle wait, no diff (a navigation it starts may not have
        committed yet, so ``navigated`` can be False).

        ``target`` is resolved first, before anything else reads the page, so
        a stale ref fails before any outline of the new page exists.
        """
        core = self._core
        tab = core.check(mutating=True, page_id=page_id, answering_chooser=answers_chooser)
        ms = core.timeout(timeout_ms)
        observing = core.observe(observe)
        started = time.monotonic()
        aim = Aim(None, None)
        if target is not None:
            aim = await self._targets.aim(tab, target, ms)
        if more_targets:
            more = tuple([await self._targets.aim(tab, t, ms) for t in more_targets])
            aim = Aim(aim.locator, aim.xy, more)
        before: Baseline | None = None
        if observing:
            # Not recorded as printed refs: the caller never saw this outline.
            before = await self._capture.before_action(tab, ms)
        core.new_tabs.clear()
        core.evidence.new_downloads.clear()
        tab.dialog_seen.clear()
        tab.dialog_info = None
        settler = Settler(tab, core.evidence)
        with settler:
            action = asyncio.ensure_future(body(tab, ms, aim))
            dialog = asyncio.ensure_future(tab.dialog_seen.wait())
            try:
                done, _ = await asyncio.wait(
                    {action, dialog}, timeout=ms / 1000, return_when=asyncio.FIRST_COMPLETED
                )
            finally:
                dialog.cancel()
            if action not in done:
                if (
                    tab.pending_dialog is None
                    and tab.dialog_info is None
                    and tab.pending_chooser is None
                ):
                    action.cancel()
                    raise TimeoutError(f"{detail} did not finish within {int(ms)} ms")
                # A dialog opened by the action blocks it until answered; the
                # action finishes in the background once handle_dialog runs.
                action.add_done_callback(swallow)
                verified: bool | None = None
            else:
                try:
                    verified = action.result()
                except PlaywrightTimeoutError:
                    raise TimeoutError(
                        f"{detail} did not finish within {int(ms)} ms",
                        hint="the element may be hidden, disabled or covered; take a snapshot",
                    ) from None
                except PlaywrightError as exc:
                    raise core.translate(exc, detail) from None
            left = ms - (time.monotonic() - started) * 1000
            if tab.pending_dialog is not None or not observing:
                # Unobserved actions return once dispatched: raw speed, and
                # nothing to wait for since nobody reads a diff.
                settled = True
            else:
                settled = await settler.settle(max(0.0, left))
            navigated = settler.navigated
        change = None
        if observing and before is not None and not navigated and tab.pending_dialog is None:
            try:
                after: Baseline | None = (await self._capture.baseline(tab, ms))[0]
            except ModalStateBlockedError:
                after = None  # a dialog opened as the page settled: reported below
            except BrowserkitError:
                after = None
                navigated = True
            if after is not None and after.generation == before.generation:
                self._capture.record(tab, after.text, after.generation)
                change = diff_outlines(
                    before.outline, after.outline, baseline_generation=before.generation
                )
                tab.baseline = after
            elif after is not None:
                navigated = True
        # Read last: a dialog may open while the page settles or is read.
        dialog_info = tab.take_dialog_info() if tab.pending_dialog is None else tab.dialog_info
        return ActionResult(
            detail=detail,
            url=tab.page.url,
            generation=tab.generation,
            navigated=navigated,
            target_verified=verified,
            diff=change,
            dialog=dialog_info,
            new_tabs=tuple(core.new_tabs),
            downloads=tuple(core.evidence.new_downloads),
            settled=settled,
        )

    async def hit_check(self, locator: Locator, ms: float) -> bool:
        """Raise TargetCoveredError if another element would receive a click on ``locator``.

        Returns True when Playwright's own actionability waits should be
        skipped (``force``): the element is enabled, nothing animates it and
        the click point was just shown to hit it (their two-frame stability
        wait costs ~30 ms a click), or the point is held by the element's own
        label (a styled custom checkbox), which Playwright would wait on.
        """
        verdict: dict[str, Any] | None = await self._core.guard(
            locator.evaluate(_js.HIT_CHECK, timeout=ms), "hit check", ms
        )
        if not verdict or verdict.get("ok"):
            return bool(verdict and (verdict.get("via_label") or verdict.get("settled")))
        who = verdict.get("tag", "element")
        if verdict.get("id"):
            who += f"#{verdict['id']}"
        for cls in verdict.get("classes", ()):
            who += f".{cls}"
        text = verdict.get("text") or ""
        raise TargetCoveredError(
            f"the target is covered by <{who}>" + (f" ({text!r})" if text else ""),
            hint="close or act on the covering element first (e.g. accept a cookie banner), "
            "or scroll so the target is not under a sticky header",
        )
