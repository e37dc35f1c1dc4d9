"""Why an action could not happen, in words an agent can act on.

Playwright reports a refused action as raw text ("Element is not an <input>
…") or, for a target that never became actionable, as a timeout whose call
log holds the reason ("element is not visible"). These helpers turn both into
browserkit errors with a stable code, a ``reason`` and a hint, phrased as what
failed ("could not type into e5: it is disabled"), never as what the action
would have done.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browserkit._async.core import page_scripts
from browserkit.errors import (
    BrowserkitError,
    InvalidArgumentError,
    RefNotFoundError,
    TargetCoveredError,
    TargetNotActionableError,
    TimeoutError,
)

__all__ = [
    "ACTIONABILITY",
    "KIND_REASONS",
    "attempt",
    "budget",
    "explain",
    "explain_timeout",
    "refused",
]

# Kept beside its only users rather than in page_scripts.py: one script, one module.
ACTIONABILITY = page_scripts.load("actionability")

# Reasons that waiting cannot change: the element is the wrong kind of thing.
KIND_REASONS = frozenset({"not_editable", "not_checkable"})

_VERBS = {
    "clicked": "click",
    "hovered": "hover over",
    "typed": "type",
    "pressed": "press",
    "scrolled": "scroll",
    "selected": "select",
    "checked": "check",
    "unchecked": "uncheck",
    "dragged": "drag",
    "filled": "fill",
    "uploaded": "upload",
}

_SAYS = {
    "not_visible": "it is not visible",
    "disabled": "it is disabled",
    "read_only": "it is read-only",
    "not_editable": "it is not editable",
    "not_checkable": "it is not a checkbox, radio or switch",
    "not_stable": "it kept moving (an animation)",
    "detached": "it was removed from the page",
    "unknown": "it did not become actionable",
}

_HINTS = {
    "not_visible": "it may be shown later: wait_for it, or first do what reveals it (open its "
    "menu or section); take a snapshot to see what is shown",
    "disabled": "the page has not enabled it yet: fill what it needs first, or wait_for the "
    "state that enables it",
    "read_only": "the page does not let this field be edited; take a snapshot to find one that is",
    "not_editable": "type into a textbox (an input, a textarea, a contenteditable or a code "
    "editor); take a snapshot to find its ref",
    "not_checkable": "click it instead, or target the checkbox, radio or switch itself (or "
    "its label)",
    "not_stable": "wait for the animation to end, then try again",
    "detached": "take a new snapshot and use its refs",
    "unknown": "take a snapshot to see the element's state",
}

# Lines of Playwright's call log, newest last, and what each says of the element.
_LOG_REASONS = (
    ("element is not visible", "not_visible"),
    ("element is outside of the viewport", "not_visible"),
    ("element is not enabled", "disabled"),
    ("element is disabled", "disabled"),
    ("element is not editable", "read_only"),
    ("element is not stable", "not_stable"),
    ("element is inert", "disabled"),
    ("element is detached", "detached"),
    ("element is not attached", "detached"),
)
_COVER = re.compile(r"^\s*-?\s*(.+?) intercepts pointer events\s*$")

# Errors Playwright raises at once, without waiting, and what they mean.
_FAILURES = (
    ("Element is not an <input>", "not_editable"),
    ("Not a checkbox or radio button", "not_checkable"),
    ("Clicking the checkbox did not change its state", "not_checkable"),
    ("Element is not visible", "not_visible"),
    ("Element is outside of the viewport", "not_visible"),
    ("Element is not attached to the DOM", "detached"),
    ("Element is not connected", "detached"),
)
_BAD_VALUES = ("Cannot type text into input[type=number]", "Malformed value")


def attempt(detail: str) -> str:
    """An action's detail ("typed 3 chars into e5") as what was tried ("could not type …")."""
    verb, _, rest = detail.partition(" ")
    return f"could not {_VERBS.get(verb, verb)} {rest}".rstrip()


def refused(reason: str, tried: str, what: str | None = None) -> TargetNotActionableError:
    """The error for a target that cannot take the action, naming why."""
    says = _SAYS.get(reason, _SAYS["unknown"])
    if what and reason != "detached":
        says += f" ({what})"
    return TargetNotActionableError(f"{tried}: {says}", hint=_HINTS.get(reason), reason=reason)


def explain(exc: PlaywrightError, detail: str, what: str | None = None) -> BrowserkitError | None:
    """The browserkit error for Playwright's refusal ``exc``, or None when its reason is unknown."""
    if isinstance(exc, PlaywrightTimeoutError):
        return explain_timeout(exc, detail, None, what)
    text = _text(exc)
    tried = attempt(detail)
    for needle, reason in _FAILURES:
        if needle in text:
            if reason == "detached":
                return RefNotFoundError(f"{tried}: {_SAYS['detached']}", hint=_HINTS["detached"])
            return refused(reason, tried, what)
    for needle in _BAD_VALUES:
        if needle in text:
            first = text.splitlines()[0].split("Error: ", 1)[-1]
            return InvalidArgumentError(f"{tried}: {first}")
    return None


def explain_timeout(
    exc: PlaywrightError, detail: str, timeout_ms: float | None, what: str | None = None
) -> BrowserkitError:
    """The error for a Playwright timeout: its call log's last word on the element.

    That is the element's state (hidden, disabled, read-only, moving), what
    covers it, or that nothing matched; a plain TimeoutError when the log
    says none of these.
    """
    tried = attempt(detail)
    lines = _text(exc).splitlines()
    for line in reversed(lines):
        if "element is visible" in line or "performing " in line:
            break  # it was actionable at the last look: what hung came after
        cover = _COVER.match(line)
        if cover:
            return TargetCoveredError(
                f"{tried}: {cover.group(1)} intercepts the click",
                hint="close or act on the covering element first, or wait_for it to go",
            )
        for needle, reason in _LOG_REASONS:
            if needle in line:
                return refused(reason, tried, what)
    within = f" within {int(timeout_ms)} ms" if timeout_ms is not None else ""
    # No reason in the log: the page may be busy in script, or the element
    # left; neither is known for sure, so it stays a timeout.
    return TimeoutError(
        f"{tried}{within}: the action did not finish",
        hint="raise timeout_ms, or take a snapshot to check the page state",
    )


def _text(exc: PlaywrightError) -> str:
    return str(exc.message if hasattr(exc, "message") else exc)


def budget(ms: float) -> Callable[[], float]:
    """Timeouts for the Playwright calls of one action body, ending before the action's own.

    The pipeline bounds an action by ``ms``; a Playwright call given all of
    it would time out just after that bound, and its call log (the reason)
    would be lost. Each call gets what is left, less a margin that leaves
    room for the round trips after a failure (the bound-ref check) on a
    loaded machine.
    """
    deadline = time.monotonic() + ms / 1000
    margin = min(1500.0, max(400.0, ms * 0.25))

    def left() -> float:
        return max(1.0, (deadline - time.monotonic()) * 1000 - margin)

    return left
