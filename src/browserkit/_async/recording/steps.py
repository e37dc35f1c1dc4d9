"""Recording a session's successful actions as script steps (``session.script()``).

The session tells :class:`Steps` about each action that returned; one that
raised is never told, and reads are not actions. Each step gets the stable
locator its action made (``ActionResult.locator``), the element's role and
place (for a healing replay), and its one check from what it changed
(:func:`~browserkit._script.expectation`). A control the action disabled or
enabled is checked too, on a locator of its own when it is another element
than the action's. A text that is a secret's value is kept as the secret's
name. A ``fill_form`` call becomes a step per field (a type, check,
select or upload, by how the field was filled), so every export and a
replay need nothing new.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import attrs
from playwright.async_api import Error as PlaywrightError

from browserkit._async.targeting.locators import Located, Locators
from browserkit._script import Script, Step, disabled_change, expectation
from browserkit._secrets import Secret, Secrets
from browserkit.errors import BrowserkitError
from browserkit.results import ActionResult, HistoryMove, Navigation
from browserkit.targets import Point, Selector, Target

__all__ = ["Steps", "field_step", "scrolled_step", "typed_step", "uploaded_step"]

R = TypeVar("R", ActionResult, Navigation, HistoryMove)


def typed_step(text: str | Secret, submit: bool, clear: bool, keys: bool) -> Step:
    """The step of a ``type`` call, a secret by its name."""
    if isinstance(text, Secret):
        return Step("type", secret=text.name, submit=submit, clear=clear, keys=keys)
    return Step("type", text=text, submit=submit, clear=clear, keys=keys)


def field_step(kind: str | None, value: Any) -> Step | None:
    """The step that fills one ``fill_form`` field the way it was filled (``kind``, from
    ``js/kind.js``; None when the field left, then the value tells)."""
    if kind in ("checkbox", "radio") or (kind is None and isinstance(value, bool)):
        return Step("check", checked=bool(value))
    if kind == "select" or (kind is None and isinstance(value, (list, tuple))):
        return Step("select", values=(value,) if isinstance(value, str) else tuple(value))
    if kind == "file":
        return uploaded_step(value)
    if kind in ("text", "editor", None):
        return typed_step(value if isinstance(value, Secret) else str(value), False, True, False)
    return None


class Steps:
    """The steps a session recorded since it started or since the last reset."""

    def __init__(self, locators: Locators, secrets: Secrets) -> None:
        self._locators = locators
        self._secrets = secrets
        self._steps: list[Step] = []
        self._start_url: str | None = None

    async def note(self, result: R, step: Step, url_before: str, tab_id: str | None = None) -> R:
        """Record ``step`` that returned ``result``; gives back ``result`` unchanged.
        A history move that did not move (at the edge of history) did nothing to record."""
        if isinstance(result, HistoryMove) and not result.moved:
            return result
        if isinstance(result, ActionResult):
            step = _placed(step, result.locator, self._locators.last)
            step = await self._disabled(result, step, tab_id)
        self._add([expectation(result, step, url_before)], url_before)
        return result

    async def note_drag(
        self, result: ActionResult, to: Target, url_before: str, tab_id: str | None
    ) -> ActionResult:
        """Record a drag that returned ``result``; where it dropped is a locator too
        (made as the drag began: the drop zone may rename itself once it holds the item)."""
        more = self._locators.last_more
        dropped = more[0].selector if more and more[0] is not None else None
        if dropped is None and isinstance(to, Selector):
            dropped = to  # a CSS or XPath selector that matched one element
        return await self.note(result, Step("drag", to=dropped), url_before, tab_id)

    async def _disabled(self, result: ActionResult, step: Step, tab_id: str | None) -> Step:
        """``step`` checked by the control its action disabled or enabled, if any: on the
        step's own element, else on that control's own stable locator."""
        change = disabled_change(result.diff) if not result.navigated else None
        if change is None:
            return step
        ref, disabled = change
        try:
            control = await self._locators.of(ref, None, tab_id)
        except (PlaywrightError, BrowserkitError):
            return step  # gone again already: nothing a replay could check
        if control == step.locator:
            return attrs.evolve(step, expect_disabled=disabled)
        return attrs.evolve(step, expect_disabled=disabled, expect_control=control)

    async def note_form(
        self,
        result: ActionResult,
        fields: Sequence[Mapping[str, Any]],
        url_before: str,
        tab_id: str | None,
    ) -> ActionResult:
        """Record a ``fill_form`` call that returned ``result`` as a step per field;
        what the form changed is the last step's check. Gives back ``result``."""
        found = await asyncio.gather(
            *(self._locators.field(field["target"], tab_id) for field in fields)
        )
        steps = []
        for field, (located, kind) in zip(fields, found, strict=True):
            step = field_step(kind, field["value"])
            if step is not None:
                at = located.selector if located is not None else None
                steps.append(_placed(step, at, located))
        if steps:
            *first, last = steps
            # A tick is checked where it is; what the form changed, after the last field.
            ticked = [attrs.evolve(s, expect_checked=s.checked) for s in first]
            last = await self._disabled(result, last, tab_id)
            self._add([*ticked, expectation(result, last, url_before)], url_before)
        return result

    def script(self, reset: bool) -> Script:
        made = Script(tuple(self._steps), self._start_url)
        if reset:
            self._steps.clear()
            self._start_url = None
        return made

    def _add(self, steps: list[Step], url_before: str) -> None:
        if not self._steps and steps[0].action != "navigate" and url_before.startswith("http"):
            self._start_url = url_before
        self._steps.extend(self._hidden(step) for step in steps)

    def _hidden(self, step: Step) -> Step:
        """``step`` with no secret value in it: a text that is one becomes its name."""
        if step.text is not None:
            shown = self._secrets.redact(step.text)
            names = [n for n in self._secrets.names if shown == f"<secret:{n}>"]
            if names:
                step = attrs.evolve(step, text=None, secret=names[0])
        return self._secrets.hide(step)


def scrolled_step(delta_x: float, delta_y: float, target: Target | None) -> Step:
    """The step of a ``scroll`` call: by how much, and at a point when it was given one
    (an element's locator comes from the action, as any other step's)."""
    point = (target.x, target.y) if isinstance(target, Point) else None
    return Step("scroll", delta_x=delta_x, delta_y=delta_y, point=point)


def uploaded_step(paths: str | Sequence[str]) -> Step:
    """The step of an ``upload`` call: the paths as the caller gave them (their own files)."""
    return Step("upload", files=(paths,) if isinstance(paths, str) else tuple(paths))


def _placed(step: Step, locator: Selector | None, located: Located | None) -> Step:
    """``step`` on ``locator``, with its element's role and place when ``located`` is it."""
    step = attrs.evolve(step, locator=locator)
    if located is not None and located.selector == locator:
        step = attrs.evolve(step, role=located.role, box=located.box)
    return step
