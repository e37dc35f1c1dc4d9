"""Running a script again without a model, checking every step (``bk.replay``).

Each step acts on its recorded locator and then checks what it recorded:
the URL, the text that appeared, the checkbox's state, the control that
became disabled or enabled. A step that finds no element, several, or not
its expectation stops the replay with
:class:`~browserkit.ReplayStepFailedError`, naming the step, what was
expected, the page around where the element was, and the refs that could
stand in. With ``heal=True`` a step whose locator matches nothing may run
on the one element of the same role at the same place (a renamed button);
it is reported with its new locator. Nothing else is ever guessed.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import TYPE_CHECKING

import attrs

from browserkit._script import Healed, ReplayResult, Script, shows_disabled, with_start
from browserkit._steps import Step, kind_of
from browserkit.errors import (
    BrowserkitError,
    InvalidArgumentError,
    ReplayStepFailedError,
    TargetNotFoundError,
)
from browserkit.results import ActionResult, HistoryMove, Navigation
from browserkit.snapshot import Node, parse
from browserkit.targets import Selector

if TYPE_CHECKING:
    from browserkit._async.session import AsyncSession

__all__ = ["replay_on"]

# How close (CSS px, centre to centre) a stand-in must be to where the element was,
# and no other element of its role: a renamed label moves its centre a little.
SAME_PLACE_PX = 32.0
# How long a step's check waits for the page to show what it recorded.
CHECK_MS = 5000
# How often a state check reads the control again while it waits.
_POLL_S = 0.1
_OUTLINE_LINES = 16
_CANDIDATES = 5


async def replay_on(script: Script, session: AsyncSession, heal: bool) -> ReplayResult:
    """Run ``script`` in ``session`` (see :func:`browserkit.replay`)."""
    if not isinstance(script, Script):
        raise InvalidArgumentError(f"replay needs a Script, got {type(script).__name__}")
    healed: list[Healed] = []
    done: list[Step] = []
    for number, step in enumerate(with_start(script), 1):
        ran = await _run(session, step, number, heal)
        if ran.locator != step.locator and ran.locator is not None:
            healed.append(Healed(number, step.locator, ran.locator))
        await _check(session, ran, number)
        done.append(ran)
    fixed = Script(tuple(done[len(done) - len(script.steps) :]), script.start_url)
    return ReplayResult(len(done), session.url, tuple(healed), fixed)


async def _run(session: AsyncSession, step: Step, number: int, heal: bool) -> Step:
    """Do the step; the step as it ran (with its stand-in's locator when healed)."""
    try:
        await _act(session, step)
        return step
    except TargetNotFoundError as exc:
        if await _drop_gone(session, step):
            # Only the dragged element is ever healed; its drop target has no stand-in.
            gone = f"{step.to!r} to match one element"
            raise await _failure(session, step, number, str(exc.message), [], gone) from None
        near = await _near(session, step)
        if heal and near and near[0][0] <= SAME_PLACE_PX:
            close = [n for n in near if n[0] <= SAME_PLACE_PX]
            if len(close) == 1:
                new = await session.locator(close[0][1])
                fixed = attrs.evolve(step, locator=new)
                try:
                    await _act(session, fixed)
                except TargetNotFoundError as again:
                    what = str(again.message)
                    raise await _failure(session, step, number, what, near) from None
                return fixed
        raise await _failure(session, step, number, str(exc.message), near) from None
    except BrowserkitError as exc:
        if exc.code not in ("invalid_argument", "target_not_actionable", "target_covered"):
            raise
        near = await _near(session, step)
        raise await _failure(session, step, number, exc.message, near) from None


async def _drop_gone(session: AsyncSession, step: Step) -> bool:
    """Whether the step is a drag whose drop target is what matches nothing (only the
    dragged element is ever healed)."""
    if step.action != "drag" or step.to is None:
        return False
    try:
        await session.locator(step.to)
    except BrowserkitError:  # none, or several: nothing to drop on for sure
        return True
    return False


async def _act(session: AsyncSession, step: Step) -> ActionResult | Navigation | HistoryMove:
    """Do the step: the session call its kind declares (``_steps``)."""
    call = kind_of(step.action).replay(step)
    done: ActionResult | Navigation | HistoryMove = await getattr(session, call.method)(
        *call.args, **call.kwargs
    )
    return done


async def _check(session: AsyncSession, step: Step, number: int) -> None:
    """Wait (bounded) for what the step recorded; the typed error when it does not come."""
    expected = None
    url, text = step.expect_url, step.expect_text
    if url is not None and not (await session.wait_for(url=url, timeout_ms=CHECK_MS)).met:
        expected = f"the URL {url!r}"
    if (
        expected is None
        and text is not None
        and not (await session.wait_for(text=text, timeout_ms=CHECK_MS)).met
    ):
        expected = f"the text {text!r}"
    if expected is None and step.expect_checked is not None and step.locator is not None:
        tree = (await session.snapshot(target=step.locator)).tree
        if ("[checked" in tree) != step.expect_checked:
            state = "checked" if step.expect_checked else "not checked"
            expected = f"{step.locator!r} {state}"
    control, disabled = step.control, step.expect_disabled
    if (
        expected is None
        and disabled is not None
        and control is not None
        and not await _disabled_shows(session, control, disabled)
    ):
        expected = f"{control!r} {'disabled' if disabled else 'enabled'}"
    if expected is not None:
        near = await _near(session, step)
        raise await _failure(session, step, number, f"{expected} did not show", near, expected)


async def _disabled_shows(session: AsyncSession, control: Selector, disabled: bool) -> bool:
    """Whether ``control`` shows ``disabled`` within :data:`CHECK_MS` (a control a
    request re-enables comes back a moment after the action settled)."""
    deadline = time.monotonic() + CHECK_MS / 1000
    while True:
        try:
            first = (await session.snapshot(target=control)).tree.splitlines()[:1]
        except (TargetNotFoundError, InvalidArgumentError):
            first = []  # gone (or doubled) for now, or for good: the deadline tells
        if first and shows_disabled(Node.from_line(first[0])) == disabled:
            return True
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(_POLL_S)


async def _near(session: AsyncSession, step: Step) -> list[tuple[float, str, str]]:
    """The elements of the step's role now on the page: (distance to where it was, ref, line),
    nearest first (distance inf when either place is unknown)."""
    if step.role is None:
        return []
    snap = await session.snapshot()
    found = []
    for node in parse(snap.tree).walk():
        if node.role != step.role or node.ref is None:
            continue
        distance = math.inf
        if step.box is not None:
            box = await session._locators.box_of(node.ref)
            if box is not None:
                distance = math.dist(box, step.box)
        found.append((distance, node.ref, node.line))
    return sorted(found)


async def _failure(
    session: AsyncSession,
    step: Step,
    number: int,
    what: str,
    near: list[tuple[float, str, str]],
    expected: str | None = None,
) -> ReplayStepFailedError:
    """The typed error of a step that failed, with the page around where its element was."""
    snap = await session.snapshot()
    lines = snap.tree.splitlines()
    at = 0
    if near:
        at = next((i for i, line in enumerate(lines) if f"[ref={near[0][1]}]" in line), 0)
    start = max(0, at - _OUTLINE_LINES // 2)
    outline = "\n".join(lines[start : start + _OUTLINE_LINES])
    candidates = tuple(
        f"{ref} {line.removeprefix('- ').replace(f' [ref={ref}]', '')}"
        + (f" ({distance:.0f} px from where it was)" if math.isfinite(distance) else "")
        for distance, ref, line in near[:_CANDIDATES]
    )
    expected = expected or (
        f"{step.locator!r} to match one element" if step.locator is not None else step.describe()
    )
    shown = "\n  ".join(candidates) if candidates else "none"
    message = (
        f"step {number} ({step.describe()}) failed: {what}\n"
        f"expected: {expected}\npage now near it:\n{outline}\ncould stand in:\n  {shown}"
    )
    return ReplayStepFailedError(
        message, step=number, expected=expected, outline=outline, candidates=candidates
    )
