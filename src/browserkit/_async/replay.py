"""Running a script again without a model, checking every step (``bk.replay``).

Each step acts on its recorded locator and then checks what it recorded:
the URL, the text that appeared, the checkbox's state, the control that
became disabled or enabled. A step that finds no element, several, or not
its expectation stops the replay with
:class:`~browserkit.ReplayStepFailedError`, naming the step, what was
expected, the page around where the element was, and the refs that could
stand in. With ``heal=True`` a step whose locator matches nothing may run
on the one element of the same role at the same place when its accessible
name is the one the step's locator names (a changed test id or CSS path), or
the new name a ``renames`` rule gives it (a renamed button); it is reported
with its new locator and why. A control with another name is never acted on,
whatever stands where the old one was. Nothing else is ever guessed.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Mapping
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


async def replay_on(
    script: Script,
    session: AsyncSession,
    heal: bool,
    renames: Mapping[str, str] | None = None,
) -> ReplayResult:
    """Run ``script`` in ``session`` (see :func:`browserkit.replay`)."""
    if not isinstance(script, Script):
        raise InvalidArgumentError(f"replay needs a Script, got {type(script).__name__}")
    rules = checked_renames(renames, heal)
    healed: list[Healed] = []
    done: list[Step] = []
    for number, step in enumerate(with_start(script), 1):
        ran, why = await _run(session, step, number, heal, rules)
        if ran.locator != step.locator and ran.locator is not None:
            healed.append(Healed(number, step.locator, ran.locator, why))
        await _check(session, ran, number)
        done.append(ran)
    fixed = Script(tuple(done[len(done) - len(script.steps) :]), script.start_url)
    return ReplayResult(len(done), session.url, tuple(healed), fixed)


def checked_renames(renames: object, heal: bool) -> dict[str, str]:
    """``renames`` as a dict of old accessible name to new; InvalidArgumentError else."""
    if renames is None:
        return {}
    if not isinstance(renames, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) and k and v for k, v in renames.items()
    ):
        raise InvalidArgumentError(
            "renames must map old accessible names to new ones, both non-empty strings",
            hint='e.g. renames={"Save": "Store"}',
        )
    if not heal:
        raise InvalidArgumentError(
            "renames are rules for healing: give heal=True with them",
            hint='give heal=True as well, with renames={"Save": "Store"}',
        )
    return dict(renames)


def _recorded_name(step: Step) -> str | None:
    """The accessible name the step's element had, as its locator says; None when the
    locator does not say (a test id, CSS, XPath): such a step is never healed."""
    loc = step.locator
    if loc is None or loc.kind in ("test_id", "css", "xpath"):
        return None
    if loc.kind == "role":
        return loc.name or ""  # a locator by role alone is made for a nameless element
    return loc.value  # label, placeholder, text: what named it


def _stand_in(
    step: Step, near: list[tuple[float, str, str]], renames: Mapping[str, str]
) -> tuple[str | None, str]:
    """The ref a healing step may run on, and why; (None, why not) when there is none."""
    close = [n for n in near if n[0] <= SAME_PLACE_PX]
    if len(close) != 1:
        many = f"{len(close)} elements of its role are" if close else "nothing of its role is"
        return None, f"heal: {many} within {SAME_PLACE_PX:.0f} px of where it was"
    name = _recorded_name(step)
    if name is None:
        return None, "heal: its locator names no accessible name to compare a stand-in's with"
    _distance, ref, line = close[0]
    found = Node.from_line(line).name or ""
    role = step.role or "element"
    if found == name:
        return ref, f"the same {role} {name!r} at its place"
    if name in renames and found == renames[name]:
        return ref, f"renamed {name!r} to {found!r} by renames"
    rule = (
        "renames has no rule for it" if name not in renames else f"renames says {renames[name]!r}"
    )
    return None, (
        f"heal: the {role} at its place is named {found!r}, not {name!r} ({rule}); "
        "a control with another name is never acted on"
    )


async def _run(
    session: AsyncSession, step: Step, number: int, heal: bool, renames: Mapping[str, str]
) -> tuple[Step, str]:
    """Do the step; the step as it ran (with its stand-in's locator when healed), and why
    it was healed."""
    try:
        await _act(session, step)
        return step, ""
    except TargetNotFoundError as exc:
        if await _drop_gone(session, step):
            # Only the dragged element is ever healed; its drop target has no stand-in.
            gone = f"{step.to!r} to match one element"
            raise await _failure(session, step, number, str(exc.message), [], gone) from None
        near = await _near(session, step)
        what = str(exc.message)
        if heal:
            ref, why = _stand_in(step, near, renames)
            if ref is None:
                what = f"{what}; {why}"
            else:
                new = await session.locator(ref)
                fixed = attrs.evolve(step, locator=new)
                try:
                    await _act(session, fixed)
                except TargetNotFoundError as again:
                    what = str(again.message)
                    raise await _failure(session, step, number, what, near) from None
                return fixed, why
        raise await _failure(session, step, number, what, near) from None
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
