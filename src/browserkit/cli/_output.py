"""A tool's answer as a terminal shows it, and the exit status of each error class.

The answer is split as every front end splits it (``tools._answers.parts``):
the page text (an outline, a diff, Markdown, code) as plain lines, and the
rest of the fields as one line of compact JSON before it (left out when
there is none: a click that only changed the page prints only its diff).
An error prints ``error <code>: message`` and ``hint: ...`` on stderr and
exits with the status of its class (:data:`CLASSES`), so a script can branch
on ``$?`` and an agent reads what to do next.
"""

from __future__ import annotations

from typing import Any

import attrs

from browserkit.cli._commands import folds_for_terminal, for_terminal
from browserkit.tools._answers import PAGE_TEXT, dumps, parts

__all__ = ["CLASSES", "INTERRUPTED", "STATUS", "USAGE", "Shown", "error", "shown"]

# Page text a terminal shows as lines: what the MCP server does, and Markdown and code.
TEXT_FIELDS = (*PAGE_TEXT, "markdown", "code")

# Fields the terminal leaves out: the session is the one the command named, and an
# action's locator is for scripts (`browserkit locator REF` gives it when wanted).
_UNSHOWN = ("session_id", "locator")


@attrs.frozen
class ErrorClass:
    """One exit status: the error codes it stands for and what to do about them."""

    status: int
    name: str
    codes: tuple[str, ...]
    meaning: str


CLASSES: tuple[ErrorClass, ...] = (
    ErrorClass(1, "bug", ("internal_error",), "browserkit failed unexpectedly; retrying may help"),
    ErrorClass(
        2, "usage", ("invalid_argument",), "the command line or an argument is wrong: see --help"
    ),
    ErrorClass(3, "no session", ("session_not_found",), "no session of that name: run open"),
    ErrorClass(
        4,
        "session gone",
        ("session_closed", "browser_crashed"),
        "the session's browser closed or crashed: run open to start it again",
    ),
    ErrorClass(
        5, "stale ref", ("stale_ref", "ref_not_found"), "the page changed: take a new snapshot"
    ),
    ErrorClass(
        6,
        "no target",
        (
            "target_not_found",
            "target_covered",
            "target_not_actionable",
            "frame_not_found",
            "page_not_found",
            "download_not_found",
        ),
        "the element, frame, tab or download cannot be used as asked",
    ),
    ErrorClass(7, "blocked", ("modal_state_blocked",), "a dialog or file chooser waits: answer it"),
    ErrorClass(8, "timeout", ("timeout",), "it took longer than the timeout"),
    ErrorClass(
        9,
        "page failed",
        ("navigation_failed", "evaluation_failed", "replay_step_failed"),
        "the page did not load, or a script or replayed step failed in it",
    ),
    ErrorClass(
        10,
        "refused",
        ("read_only", "scheme_not_allowed", "domain_not_allowed", "attach_disabled"),
        "the session's policy refuses it (read-only, allowed schemes or domains)",
    ),
    ErrorClass(
        11,
        "environment",
        ("browser_not_found", "capacity", "profile_in_use", "folder_not_private"),
        "no Chromium, no room, a profile or the sessions' folder in the way",
    ),
    ErrorClass(
        130, "interrupted", ("interrupted",), "Ctrl-C stopped the command; the session runs on"
    ),
)
"""Every exit status but 0, one per class of error; an unknown code exits 1."""

STATUS: dict[str, int] = {code: c.status for c in CLASSES for code in c.codes}
USAGE = STATUS["invalid_argument"]
INTERRUPTED = STATUS["interrupted"]


@attrs.frozen
class Shown:
    """What a command prints: ``out`` on stdout, ``err`` on stderr, and its exit status."""

    out: str = ""
    err: str = ""
    status: int = 0


def error(code: str, message: str, hint: str = "") -> Shown:
    """An error as the terminal shows it, with the status of its class."""
    lines = f"error {code}: {message}\n"
    if hint:
        lines += f"hint: {for_terminal(hint)}\n"
    return Shown(err=lines, status=STATUS.get(code, 1))


def shown(tool: str, result: dict[str, Any]) -> Shown:
    """Tool ``tool``'s registry answer as the terminal shows it."""
    kept = {k: v for k, v in result.items() if k not in _UNSHOWN}
    answer = parts(tool, kept, TEXT_FIELDS)
    if answer.error is not None:
        envelope = answer.error
        return error(
            str(envelope.get("code")), str(envelope.get("message")), str(envelope.get("hint") or "")
        )
    lines = []
    if answer.json != dumps({}):
        lines.append(answer.json)
    if answer.text:
        lines.append(folds_for_terminal(answer.text))
    return Shown(out="".join(f"{line}\n" for line in lines))
