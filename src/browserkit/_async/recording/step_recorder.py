"""Recording a session's successful actions as script steps (``session.script()``).

:class:`StepRecorder` is an observer of the session's events, subscribed for
the session's life. An action tells, as it starts, the step a script keeps of
it (``ActionStarted.step``, built by the action from its arguments); when it
ends with a result, the recorder adds that step with the stable locator the
pipeline made before the input went out (``ActionEnded.located``), the
element's role and place (for a healing replay), and its one check from what
it changed (:func:`~browserkit._script.expectation`). An action that raised
is never recorded, and reads are not actions. A control the action disabled
or enabled is checked too, on a locator of its own when it is another element
than the action's. A text that is a secret's value is kept as the secret's
name. A ``fill_form`` call becomes a step per field (a type, check, select or
upload, by how the field was filled), so every export and a replay need
nothing new.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core.events import (
    ActionEnded,
    ActionStarted,
    FormFields,
    Located,
    Observer,
)
from browserkit._async.core.session_core import SessionCore
from browserkit._async.targeting.locators import Locators
from browserkit._script import Script, disabled_change, expectation
from browserkit._secrets import Secrets
from browserkit._steps import Step, field_step
from browserkit.errors import BrowserkitError
from browserkit.results import ActionResult, HistoryMove
from browserkit.targets import Selector

__all__ = ["StepRecorder"]


@attrs.frozen
class _Begun:
    """What the recorder keeps of an action that started: its step, where it began."""

    step: Step | FormFields
    url_before: str
    tab_id: str


class StepRecorder(Observer):
    """The steps a session recorded since it started or since the last reset."""

    def __init__(self, core: SessionCore, locators: Locators, secrets: Secrets) -> None:
        self._locators = locators
        self._secrets = secrets
        self._steps: list[Step] = []
        self._start_url: str | None = None
        self._begun: dict[int, _Begun] = {}
        core.events.subscribe(self)

    def action_started(self, event: ActionStarted) -> None:
        if event.step is not None:
            self._begun[event.action_id] = _Begun(event.step, event.tab.page.url, event.tab.tab_id)

    def action_ended(self, event: ActionEnded) -> asyncio.Future[None] | None:
        begun = self._begun.pop(event.action_id, None)
        if begun is None or event.result is None:
            return None
        # A history move at the edge of history did nothing to record.
        if isinstance(event.result, HistoryMove) and not event.result.moved:
            return None
        return asyncio.ensure_future(self._record(begun, event))

    def script(self, reset: bool) -> Script:
        made = Script(tuple(self._steps), self._start_url)
        if reset:
            self._steps.clear()
            self._start_url = None
        return made

    async def _record(self, begun: _Begun, event: ActionEnded) -> None:
        result, url_before = event.result, begun.url_before
        if isinstance(begun.step, FormFields):
            assert isinstance(result, ActionResult)
            await self._record_form(result, begun.step.fields, url_before, begun.tab_id)
            return
        step = begun.step
        if isinstance(result, ActionResult):
            if step.action == "drag":
                step = _dropped(step, event.located_more)
            step = _placed(step, result.locator, event.located)
            step = await self._disabled(result, step, begun.tab_id)
        assert result is not None
        self._add([expectation(result, step, url_before)], url_before)

    async def _disabled(self, result: ActionResult, step: Step, tab_id: str) -> Step:
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

    async def _record_form(
        self,
        result: ActionResult,
        fields: Sequence[Mapping[str, Any]],
        url_before: str,
        tab_id: str,
    ) -> None:
        """A ``fill_form`` call as a step per field; what the form changed is the last
        step's check."""
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


def _dropped(step: Step, more: tuple[Located | None, ...]) -> Step:
    """A drag's step with where it dropped as a locator too (made as the drag began: the
    drop zone may rename itself once it holds the item); else the selector it was given
    (a CSS or XPath selector that matched one element)."""
    if more and more[0] is not None:
        return attrs.evolve(step, to=more[0].selector)
    return step


def _placed(step: Step, locator: Selector | None, located: Located | None) -> Step:
    """``step`` on ``locator``, with its element's role and place when ``located`` is it."""
    step = attrs.evolve(step, locator=locator)
    if located is not None and located.selector == locator:
        step = attrs.evolve(step, role=located.role, box=located.box)
    return step
