"""The action pipeline every action runs through, and the hit check of clicks.

An action resolves its targets first (so a stale ref fails before anything
reads the new page), reads the outline before it when observed, runs its body
while racing the dialogs it may open, waits for the page to settle, and
reports what changed.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable, Sequence

import attrs
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browserkit._async._actionability import attempt, explain, explain_timeout
from browserkit._async._arrival import Arrival
from browserkit._async._capture import Capture
from browserkit._async._core import SessionCore
from browserkit._async._hit import Aimed, HitTester
from browserkit._async._live import note_action, note_failure
from browserkit._async._recording import Begin
from browserkit._async._settle import Settler
from browserkit._async._tab import Baseline, Tab, swallow
from browserkit._async._targets import Aim, Targets
from browserkit.errors import (
    BrowserkitError,
    ModalStateBlockedError,
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
        self._hits = HitTester(core, targets.binder)
        self._arrival = Arrival(core, capture)

    async def act(
        self,
        detail: str,
        body: ActionBody,
        *,
        target: Target | None,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None = None,
        more_targets: Sequence[Target] = (),
        answers_chooser: bool = False,
    ) -> ActionResult:
        """Run one action with dialog racing, settling and an observed diff.

        With ``observe`` off the action returns as soon as it was dispatched:
        no settle wait, no diff (a navigation it starts may not have
        committed yet, so ``navigated`` can be False).

        ``target`` is resolved first, before anything else reads the page, so
        a stale ref fails before any outline of the new page exists.

        While the session records, the action is one named group of the
        trace, ended with its outcome (see ``_recording``).
        """
        run = functools.partial(
            self._act,
            detail,
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            more_targets=more_targets,
            answers_chooser=answers_chooser,
        )
        recorder = self._core.recorder
        try:
            if recorder is None:
                return await run(None)
            return await recorder.action(detail, target, run)
        except BrowserkitError as exc:
            note_failure(self._core, detail, exc.code)  # the live view lists it too
            raise

    async def _act(
        self,
        detail: str,
        body: ActionBody,
        begin: Begin | None,
        *,
        target: Target | None,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
        more_targets: Sequence[Target],
        answers_chooser: bool,
    ) -> ActionResult:
        core = self._core
        tab = core.check(mutating=True, tab_id=tab_id, answering_chooser=answers_chooser)
        ms = core.timeout(timeout_ms, "action")
        observing = core.observe(observe)
        started = time.monotonic()
        # The change stamp is read while the target resolves (it reads no
        # outline, so a stale ref still fails before anything of a new page).
        stamp = asyncio.ensure_future(self._capture.stamp(tab, ms)) if observing else None
        try:
            aim = Aim(None, None)
            if target is not None:
                aim = await self._targets.aim(tab, target, ms)
            if more_targets:
                more = tuple([await self._targets.aim(tab, t, ms) for t in more_targets])
                aim = aim._replace(more=more)
        except BaseException:
            if stamp is not None:
                stamp.cancel()
                stamp.add_done_callback(swallow)
            raise
        before: Baseline | None = None
        if stamp is not None:
            # Not recorded as printed refs: the caller never saw this outline.
            before = await self._capture.before_action(tab, ms, stamp)
        if begin is not None:
            await begin(tab, before)  # the recording's group: the target is known
        core.new_tabs.clear()
        core.evidence.new_downloads.clear()
        tab.dialog_seen.clear()
        tab.dialog_info = None
        settler = Settler(tab, core.evidence)
        with settler:
            # Bound refs turn a failure caused by a navigation or a removal
            # into stale_ref / ref_not_found.
            action = asyncio.ensure_future(self._targets.run_bound(tab, aim, body(tab, ms, aim)))
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
                except PlaywrightTimeoutError as exc:
                    # Playwright's call log says why (hidden, disabled, covered): keep it.
                    raise explain_timeout(exc, detail, ms) from None
                except PlaywrightError as exc:
                    raise explain(exc, detail) or core.translate(exc, attempt(detail)) from None
            left = ms - (time.monotonic() - started) * 1000
            if tab.pending_dialog is not None or not observing:
                # Unobserved actions return once dispatched: raw speed, and
                # nothing to wait for since nobody reads a diff.
                settled = True
            else:
                # A browser that dies meanwhile ends the wait at once.
                base = aim.bound.base if aim.bound is not None else None
                inner = isinstance(base, Frame) and base is not tab.page.main_frame
                frame = base if inner and isinstance(base, Frame) else None
                read_early = None
                # Not on pages with iframes: the settle stamp is the main frame's.
                single = len(tab.page.frames) == 1
                if before is not None and single and tab.early_read_missed != tab.navigations:
                    read_early = functools.partial(self._read_early, tab, ms)
                settled = await core.unless_gone(settler.settle(max(0.0, left), frame, read_early))
            navigated = settler.navigated
        change = None
        if observing and before is not None and not navigated and tab.pending_dialog is None:
            try:
                after: Baseline | None = await self._after(tab, ms, settler)
            except ModalStateBlockedError:
                after = None  # a dialog opened as the page settled: reported below
            except BrowserkitError:
                core.ensure_open()  # the session went away: not a navigation
                after = None
                navigated = True
            if after is not None and after.generation == before.generation:
                self._capture.record(tab, after.text, after.generation)
                change = diff_outlines(
                    before.outline, after.outline, baseline_generation=before.generation
                )
                if tab.live and tab.live_generation == after.generation:
                    change = attrs.evolve(change, live=tab.live)
                tab.baseline = after
            elif after is not None:
                navigated = True
        page = None
        if observing and navigated and tab.pending_dialog is None:
            # The new page, compactly, once it rendered: the next step's refs.
            page = await self._arrival.read(tab, max(1.0, ms - (time.monotonic() - started) * 1000))
        # Read last: a dialog may open while the page settles or is read.
        dialog_info = tab.take_dialog_info() if tab.pending_dialog is None else tab.dialog_info
        note_action(core, detail, navigated, change, dialog_info)  # shown in a live view
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
            page=page,
        )

    async def _read_early(self, tab: Tab, ms: float) -> Baseline:
        """The whole-page outline and its stamp, read while the page settles."""
        return (await self._capture.baseline(tab, ms))[0]

    async def _after(self, tab: Tab, ms: float, settler: Settler) -> Baseline:
        """The outline once the action settled: the one read early when nothing changed
        since, else a new one (stamped with what settling read, if it did)."""
        stamp = settler.stamp
        early = settler.early
        if early is not None:
            try:
                read = await early
            except (PlaywrightError, BrowserkitError):
                read = None
            if (
                read is not None
                and stamp is not None
                and read.stamp == stamp
                and read.generation == tab.generation
            ):
                return read
            if read is not None:
                tab.early_read_missed = tab.navigations  # this page keeps changing
        if stamp is None or len(tab.page.frames) > 1:
            # Frames have stamps of their own: read them all with the outline.
            return (await self._capture.baseline(tab, ms))[0]
        text, generation = await self._capture.outline(tab, ms)
        return Baseline(generation, text, stamp)

    async def hit_check(self, tab: Tab, aim: Aim, ms: float) -> Aimed:
        """Raise TargetCoveredError if another element would receive a click on ``aim``.

        A cover that leaves (fades out, or goes on its own) is waited for,
        bounded, first. Returns how to click (see :class:`Aimed`): at the
        checked point, skipping Playwright's waits (``force``) only where a
        check the page cannot tamper with showed what they would, and under
        a guard that stops the click if it would land elsewhere after all.
        """
        assert aim.locator is not None
        return await self._hits.check(tab, aim.locator, ms, aim.bound)
