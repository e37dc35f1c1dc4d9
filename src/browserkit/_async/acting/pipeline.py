"""The action pipeline: the one way every action runs, as six named stages.

Each stage is a small function of what the one before returned; data goes
down, and the result comes up once::

    1. bind        resolve and bind the targets        -> Run
    2. read_before the outline before, when observed    -> Baseline | None
    3. dispatch    the input, racing dialogs            -> Sent (verified?)
    4. settle      wait for the page to settle          -> Settled
    5. read_after  the outline after and its diff, or
                   the arrival page after a navigation  -> Seen
    6. report      the ActionResult

Targets resolve first, so a stale ref fails before anything reads the new
page. A pointer action (:class:`Press`) is dispatched as the hit check, then
the press where it looked: once the element passed the check the action is
verified, even if what it pressed opens a dialog that holds it unfinished.
Observers hear ``action_started`` once the target resolved and
``action_ended`` on every way out (see ``events``).
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable, Sequence

import attrs
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Locator, Position
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browserkit._async.acting.settle import RESULT_MS, Settler, started_busy
from browserkit._async.capture.arrival import Arrival
from browserkit._async.capture.outline_capture import Capture
from browserkit._async.core import page_scripts
from browserkit._async.core.events import (
    ActionEnded,
    ActionStarted,
    FormFields,
    Located,
    next_action_id,
)
from browserkit._async.core.loading import BUSY_WORDS
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Baseline, Tab, swallow
from browserkit._async.evidence.hooks import BLOCKED_BY_POLICY
from browserkit._async.targeting.actionability import attempt, budget, explain, explain_timeout
from browserkit._async.targeting.hit_test import Aimed, ClickStopped, HitTester
from browserkit._async.targeting.locators import Locators
from browserkit._async.targeting.resolve import Aim, Targets
from browserkit._steps import Step
from browserkit.errors import BrowserkitError, ModalStateBlockedError, TimeoutError
from browserkit.results import ActionResult
from browserkit.snapshot import SnapshotDiff
from browserkit.snapshot import diff as diff_outlines
from browserkit.targets import Target

__all__ = ["ActionBody", "Pipeline", "Press", "Sent"]


_PRESS_TRIES = 3
"""Presses of one click the guard may stop before its error stands: the page moved
between the check and the press (nothing of the click reached it)."""


@attrs.frozen
class Sent:
    """What an action body may return when it knows more than whether its element
    was verified: ``detail`` then replaces the action's detail in its result
    (``set_style`` adds the inline style it left)."""

    verified: bool | None
    detail: str


ActionBody = Callable[[Tab, float, Aim], Awaitable[bool | Sent | None]]
"""Performs an action on its resolved aim; returns whether the element was
verified (None for points and keys), or a :class:`Sent`."""


@attrs.frozen
class Press:
    """How a pointer action (click, check) presses; the pipeline hit-checks first.

    ``element(locator, force, position, point, timeout_ms)`` presses the
    element as the check said (see
    :class:`~browserkit._async.targeting.hit_test.Aimed`): ``point``, when set,
    is the checked viewport point the mouse may press directly.
    ``at_point(tab, xy)`` presses a point target (unverified). ``ready``, if
    given, checks the element's own state before the hit check (raising
    its refusal) and returns how the element is named in errors.
    """

    element: Callable[
        [Locator, bool, Position | None, tuple[float, float] | None, float], Awaitable[None]
    ]
    at_point: Callable[[Tab, tuple[float, float]], Awaitable[None]] | None = None
    ready: Callable[[Locator, Callable[[], float]], Awaitable[str]] | None = None


@attrs.frozen
class _Action:
    """What an action asks of the pipeline."""

    detail: str
    how: ActionBody | Press
    target: Target | None
    more_targets: tuple[Target, ...]
    observe: bool | None
    timeout_ms: float | None
    tab_id: str | None
    answers_chooser: bool
    locate_more: bool
    step: Step | FormFields | None


@attrs.frozen
class _Run:
    """Stage 1's result: the action's tab, bound, aim and clock."""

    detail: str
    tab: Tab
    ms: float
    started: float
    observing: bool
    aim: Aim
    stamp: asyncio.Future[tuple[int, str | None]] | None

    def left(self) -> float:
        return self.ms - (time.monotonic() - self.started) * 1000


@attrs.frozen
class _Settled:
    settled: bool
    navigated: bool


@attrs.frozen
class _Seen:
    navigated: bool
    change: SnapshotDiff | None
    page: str | None


class Pipeline:
    """Runs actions through the stages (see the module docstring)."""

    def __init__(self, core: SessionCore, capture: Capture, targets: Targets) -> None:
        self._core = core
        self._capture = capture
        self._targets = targets
        self._hits = HitTester(core, targets.binder)
        self._arrival = Arrival(core, capture)
        self.locators = Locators(core, targets)

    async def act(
        self,
        detail: str,
        how: ActionBody | Press,
        *,
        target: Target | None,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None = None,
        more_targets: Sequence[Target] = (),
        answers_chooser: bool = False,
        locate_more: bool = False,
        step: Step | FormFields | None = None,
    ) -> ActionResult:
        """Run one action with dialog racing, settling and an observed diff.

        With ``observe`` off the action returns as soon as it was dispatched:
        no settle wait, no diff (a navigation it starts may not have
        committed yet, so ``navigated`` can be False). ``locate_more``: make
        the stable locators of ``more_targets`` too (``ActionEnded.located_more``),
        before the input changes them (a drop zone that counts its items).
        ``step``: what a script records of the action when it succeeds, told to
        observers with where its element was (see ``core/events``).
        """
        action = _Action(
            detail,
            how,
            target,
            tuple(more_targets),
            observe,
            timeout_ms,
            tab_id,
            answers_chooser,
            locate_more,
            step,
        )
        events = self._core.events
        action_id = next_action_id()
        try:
            run = await self._bind(action)
            fenced = self._core.evidence.fenced_count(run.tab.tab_id)
            locating = self.locators.start(run.tab, target, run.aim, run.ms)
            locating_more = (
                [
                    self.locators.start(run.tab, t, aim, run.ms)
                    for t, aim in zip(action.more_targets, run.aim.more, strict=True)
                ]
                if locate_more
                else []
            )
            before = await self._read_before(run)
            located = await self.locators.finish(locating)
            located_more = tuple([await self.locators.finish(one) for one in locating_more])
            started = ActionStarted(action_id, detail, target, run.tab, before, step)
            await events.action_started(started)
            self._start_fresh(run.tab)
            # Typing is sent key by key and seldom answered: only a submit is asked.
            typing = isinstance(step, Step) and step.action == "type" and not step.submit
            with Settler(run.tab, self._core.evidence, socket_answers=not typing) as settler:
                sent = await self._dispatch(run, action.how)
                settled = await self._settle(run, before, settler)
            seen = await self._read_after(run, before, settled, settler)
            result = self._report(run, sent, settled, seen, fenced, located)
        except BaseException as exc:
            await events.action_ended(ActionEnded(action_id, detail, error=exc, step=step))
            raise
        ended = ActionEnded(action_id, detail, result, None, step, located, located_more)
        await events.action_ended(ended)
        return result

    # -- 1. bind ------------------------------------------------------------

    async def _bind(self, action: _Action) -> _Run:
        """The tab, after the session's checks, and the targets resolved and bound.

        The change stamp is read while the targets resolve (it reads no
        outline, so a stale ref still fails before anything of a new page).
        """
        core = self._core
        tab = core.check(
            mutating=True, tab_id=action.tab_id, answering_chooser=action.answers_chooser
        )
        ms = core.timeout(action.timeout_ms, "action")
        observing = core.observe(action.observe)
        started = time.monotonic()
        stamp = asyncio.ensure_future(self._capture.stamp(tab, ms)) if observing else None
        try:
            aim = Aim(None, None)
            if action.target is not None:
                aim = await self._targets.aim(tab, action.target, ms)
            if action.more_targets:
                more = [await self._targets.aim(tab, t, ms) for t in action.more_targets]
                aim = aim._replace(more=tuple(more))
        except BaseException:
            if stamp is not None:
                stamp.cancel()
                stamp.add_done_callback(swallow)
            raise
        return _Run(action.detail, tab, ms, started, observing, aim, stamp)

    # -- 2. read before -----------------------------------------------------

    async def _read_before(self, run: _Run) -> Baseline | None:
        """The outline before the action, when observed (not recorded as printed
        refs: the caller never saw it)."""
        if run.stamp is None:
            return None
        return await self._capture.before_action(run.tab, run.ms, run.stamp)

    def _start_fresh(self, tab: Tab) -> None:
        """Forget what the previous action opened: this one reports its own."""
        self._core.new_tabs.clear()
        self._core.evidence.new_downloads.clear()
        tab.dialog_seen.clear()
        tab.dialog_info = None

    # -- 3. dispatch --------------------------------------------------------

    async def _dispatch(self, run: _Run, how: ActionBody | Press) -> Sent:
        """Send the action's input, racing the dialogs it may open; whether its
        element was verified.

        A dialog (or file chooser) the input opens blocks it until answered:
        the input then finishes in the background once handle_dialog runs.
        Bound refs turn a failure caused by a navigation or a removal into
        stale_ref / ref_not_found.
        """
        tab = run.tab
        checked = asyncio.Event()  # set once a pointer action's element passed the hit check
        sending: Awaitable[bool | Sent | None]
        if isinstance(how, Press):
            sending = self._press(run, how, checked)
        else:
            sending = how(tab, run.ms, run.aim)
        action = asyncio.ensure_future(self._targets.run_bound(tab, run.aim, sending))
        dialog = asyncio.ensure_future(tab.dialog_seen.wait())
        try:
            done, _ = await asyncio.wait(
                {action, dialog}, timeout=run.ms / 1000, return_when=asyncio.FIRST_COMPLETED
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
                raise TimeoutError(f"{run.detail} did not finish within {int(run.ms)} ms")
            action.add_done_callback(swallow)
            return Sent(True if checked.is_set() else None, run.detail)
        try:
            done_with = action.result()
        except PlaywrightTimeoutError as exc:
            # Playwright's call log says why (hidden, disabled, covered): keep it.
            raise explain_timeout(exc, run.detail, run.ms) from None
        except PlaywrightError as exc:
            raise explain(exc, run.detail) or self._core.translate(
                exc, attempt(run.detail)
            ) from None
        return done_with if isinstance(done_with, Sent) else Sent(done_with, run.detail)

    async def _press(self, run: _Run, press: Press, checked: asyncio.Event) -> bool | None:
        """A pointer action: the hit check, then the press at the point it looked at,
        on the element it looked at, under its guard."""
        tab, aim = run.tab, run.aim
        if aim.locator is None:
            assert aim.xy is not None and press.at_point is not None
            await press.at_point(tab, aim.xy)
            return None
        left = budget(run.ms)  # Playwright's reason (disabled, hidden) must beat our bound
        what = await press.ready(aim.locator, left) if press.ready is not None else None
        for tries in range(_PRESS_TRIES):
            aimed = await self._hits.check(tab, aim.locator, run.ms, aim.bound)
            checked.set()
            try:
                await _press_aimed(aim.locator, press, aimed, left)
            except ClickStopped:
                # The page moved between the check and the press (a layout shift
                # as it loads), and none of the click reached it: check again, as
                # Playwright retries; a trap still there is named by the check.
                if tries + 1 == _PRESS_TRIES or run.left() <= 0:
                    raise
                continue
            except PlaywrightError as exc:
                if what is None:
                    raise
                # Named with what the element check saw ("a <input>"), not Playwright's words.
                raise explain(exc, run.detail, what) or exc from None
            return True
        return True

    # -- 4. settle ----------------------------------------------------------

    async def _settle(self, run: _Run, before: Baseline | None, settler: Settler) -> _Settled:
        """Wait (bounded) for the page to settle after an observed action."""
        tab = run.tab
        if tab.pending_dialog is not None or not run.observing:
            # Unobserved actions return once dispatched: raw speed, and
            # nothing to wait for since nobody reads a diff.
            return _Settled(True, settler.navigated)
        base = run.aim.bound.base if run.aim.bound is not None else None
        frame = base if isinstance(base, Frame) and base is not tab.page.main_frame else None
        read_early = None
        # Not on pages with iframes: the settle stamp is the main frame's.
        single = len(tab.page.frames) == 1
        if before is not None and single and tab.early_read_missed != tab.navigations:
            read_early = functools.partial(self._read_early, tab, run.ms)
        # A browser that dies meanwhile ends the wait at once.
        settling = settler.settle(max(0.0, run.left()), frame, read_early)
        settled = await self._core.unless_gone(settling)
        return _Settled(settled, settler.navigated)

    async def _read_early(self, tab: Tab, ms: float) -> Baseline:
        """The whole-page outline and its stamp, read while the page settles."""
        return (await self._capture.baseline(tab, ms))[0]

    # -- 5. read after ------------------------------------------------------

    async def _read_after(
        self, run: _Run, before: Baseline | None, settled: _Settled, settler: Settler
    ) -> _Seen:
        """What the action changed: the diff of the outlines before and after, or,
        after a navigation, the new page once it rendered (the next step's refs)."""
        tab = run.tab
        navigated = settled.navigated
        change = None
        if run.observing and before is not None and not navigated and tab.pending_dialog is None:
            try:
                after: Baseline | None = await self._after(tab, run.ms, settler)
            except ModalStateBlockedError:
                after = None  # a dialog opened as the page settled: reported below
            except BrowserkitError:
                self._core.ensure_open()  # the session went away: not a navigation
                after = None
                navigated = True
            if after is not None and after.generation == before.generation:
                change = diff_outlines(
                    before.outline, after.outline, baseline_generation=before.generation
                )
                busy = started_busy(change)
                later = after if busy is None else await self._result(run, after, busy)
                if later is not after:  # what the busy indicator was waiting for
                    after, change = later, None
                    if after.generation == before.generation:
                        change = diff_outlines(
                            before.outline, after.outline, baseline_generation=before.generation
                        )
            if after is not None and change is not None:
                self._capture.record(tab, after.text, after.generation)
                ticking = self._capture.ticking(tab, after.generation)
                veiled = self._capture.veiled(tab, after.generation)
                if ticking or veiled:
                    change = attrs.evolve(change, ticking=ticking, veiled=veiled)
                self._capture.keep(tab, after)
            elif after is not None:
                navigated = True
        page = None
        if run.observing and navigated and tab.pending_dialog is None:
            page = await self._arrival.read(tab, max(1.0, run.left()))
        return _Seen(navigated, change, page)

    async def _result(self, run: _Run, after: Baseline, busy: tuple[str, bool]) -> Baseline:
        """The outline once the busy indicator the action put up has gone (a queued
        job's result arrived), settled again; ``after`` itself when it stays past
        :data:`RESULT_MS` or the action's time, or cannot be watched."""
        tab = run.tab
        ref, by_words = busy
        wait_ms = min(RESULT_MS, run.left())
        if wait_ms <= 0:
            return after
        args = {"maxMs": int(wait_ms), "words": BUSY_WORDS if by_words else None}
        try:
            element = tab.page.locator(f"aria-ref={tab.raw_ref(ref, after.generation)}")
            watch = element.evaluate(page_scripts.BUSY_GONE, args, timeout=wait_ms + 1000)
            gone = await self._core.bounded(watch, "wait for the result", wait_ms + 2000, tab)
        except (PlaywrightError, BrowserkitError):
            return after  # gone already, or the page moved on: what was read stands
        if not gone:
            return after
        with Settler(tab, self._core.evidence) as settler:
            await self._core.unless_gone(settler.settle(max(0.0, run.left())))
        try:
            return (await self._capture.baseline(tab, max(1.0, run.left())))[0]
        except BrowserkitError:
            return after

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

    # -- 6. report ----------------------------------------------------------

    def _report(
        self,
        run: _Run,
        sent: Sent,
        settled: _Settled,
        seen: _Seen,
        fenced: int,
        located: Located | None,
    ) -> ActionResult:
        tab = run.tab
        core = self._core
        # Read last: a dialog may open while the page settles or is read.
        dialog = tab.take_dialog_info() if tab.pending_dialog is None else tab.dialog_info
        detail = sent.detail
        # A navigation the domain fence refused (a link, a form, a popup): say so.
        refused = core.evidence.fenced_off_since(tab.tab_id, fenced)
        for tab_id in core.new_tabs:
            refused = refused or core.evidence.fenced_off_since(tab_id, 0)
        if refused is not None:
            detail += f"; the navigation to {refused} was {BLOCKED_BY_POLICY}"
        return ActionResult(
            detail=detail,
            url=tab.page.url,
            generation=tab.generation,
            navigated=seen.navigated,
            target_verified=sent.verified,
            diff=seen.change,
            dialog=dialog,
            new_tabs=tuple(core.new_tabs),
            downloads=tuple(core.evidence.new_downloads),
            settled=settled.settled,
            page=seen.page,
            locator=located.selector if located is not None else None,
        )


async def _press_aimed(
    locator: Locator, press: Press, aimed: Aimed, left: Callable[[], float]
) -> None:
    """The press on ``locator`` where the hit check aimed it, under its guard."""

    async def on(target: Locator, force: bool, position: Position | None) -> None:
        direct = force and aimed.point is not None and target is aimed.locator
        await press.element(target, force, position, aimed.point if direct else None, left())

    async with aimed:
        await aimed.apply(locator, on)
