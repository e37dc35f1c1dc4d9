"""Recording a session's successful actions as script steps (``session.script()``).

The session tells :class:`Steps` about each action that returned; one that
raised is never told, and reads are not actions. Each step gets the stable
locator its action made (``ActionResult.locator``), the element's role and
place (for a healing replay), and its one check from what it changed
(:func:`~browserkit._script.expectation`). A text that is a secret's value is
kept as the secret's name.
"""

from __future__ import annotations

from typing import TypeVar

import attrs

from browserkit._async._locators import Locators
from browserkit._script import Script, Step, expectation
from browserkit._secrets import Secret, Secrets
from browserkit.results import ActionResult, Navigation

__all__ = ["Steps", "typed_step"]

R = TypeVar("R", ActionResult, Navigation)


def typed_step(text: str | Secret, submit: bool, clear: bool) -> Step:
    """The step of a ``type`` call, a secret by its name."""
    if isinstance(text, Secret):
        return Step("type", secret=text.name, submit=submit, clear=clear)
    return Step("type", text=text, submit=submit, clear=clear)


class Steps:
    """The steps a session recorded since it started or since the last reset."""

    def __init__(self, locators: Locators, secrets: Secrets) -> None:
        self._locators = locators
        self._secrets = secrets
        self._steps: list[Step] = []
        self._start_url: str | None = None

    def note(self, result: R, step: Step, url_before: str) -> R:
        """Record ``step`` that returned ``result``; gives back ``result`` unchanged."""
        if not self._steps and step.action != "navigate" and url_before.startswith("http"):
            self._start_url = url_before
        if isinstance(result, ActionResult):
            located = self._locators.last
            step = attrs.evolve(step, locator=result.locator)
            if located is not None and located.selector == result.locator:
                step = attrs.evolve(step, role=located.role, box=located.box)
        self._steps.append(self._hidden(expectation(result, step)))
        return result

    def script(self, reset: bool) -> Script:
        made = Script(tuple(self._steps), self._start_url)
        if reset:
            self._steps.clear()
            self._start_url = None
        return made

    def _hidden(self, step: Step) -> Step:
        """``step`` with no secret value in it: a text that is one becomes its name."""
        if step.text is not None:
            shown = self._secrets.redact(step.text)
            names = [n for n in self._secrets.names if shown == f"<secret:{n}>"]
            if names:
                step = attrs.evolve(step, text=None, secret=names[0])
        return self._secrets.hide(step)
