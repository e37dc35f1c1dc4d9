"""Errors with stable codes and a hint that says what to do next.

Every error browserkit raises is a :class:`BrowserkitError`. Agents branch on
``code`` (stable across releases); people read ``message`` and ``hint``.
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "AttachDisabledError",
    "BrowserCrashedError",
    "BrowserNotFoundError",
    "BrowserkitError",
    "CapacityError",
    "DomainNotAllowedError",
    "DownloadNotFoundError",
    "EvaluationError",
    "FrameNotFoundError",
    "InvalidArgumentError",
    "ModalStateBlockedError",
    "NavigationFailedError",
    "PageNotFoundError",
    "ProfileInUseError",
    "ReadOnlyError",
    "RefNotFoundError",
    "ReplayStepFailedError",
    "SchemeNotAllowedError",
    "SessionClosedError",
    "SessionNotFoundError",
    "StaleRefError",
    "TargetCoveredError",
    "TargetNotActionableError",
    "TargetNotFoundError",
    "TimeoutError",
    "error_for_code",
]


class BrowserkitError(Exception):
    """Base of every browserkit error.

    ``code`` is stable and machine-readable, ``hint`` tells the caller (often a
    model) what to do next.
    """

    code: ClassVar[str] = "error"
    default_hint: ClassVar[str] = ""

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = self.default_hint if hint is None else hint

    def __str__(self) -> str:
        if self.hint:
            return f"{self.message} (hint: {self.hint})"
        return self.message

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, "
            f"hint={self.hint!r})"
        )

    def to_dict(self) -> dict[str, str]:
        """The error as the ``{"code", "message", "hint"}`` envelope tools return."""
        return {"code": self.code, "message": self.message, "hint": self.hint}

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.message, self.hint))


def _rebuild(cls: type[BrowserkitError], message: str, hint: str) -> BrowserkitError:
    return cls(message, hint=hint)


class InvalidArgumentError(BrowserkitError, ValueError):
    """An argument was malformed or out of range; nothing was changed."""

    code = "invalid_argument"
    default_hint = "fix the argument and call again"


class SessionNotFoundError(BrowserkitError, KeyError):
    """No session has this id (it never existed, or was stopped)."""

    code = "session_not_found"
    default_hint = "list sessions with sessions() or start a new one"

    def __str__(self) -> str:  # KeyError would quote the message
        return BrowserkitError.__str__(self)


class SessionClosedError(BrowserkitError):
    """The session was stopped (by the caller, idle expiry or browser close)."""

    code = "session_closed"
    default_hint = "start a new session"


class CapacityError(BrowserkitError):
    """``max_sessions`` sessions are already running."""

    code = "capacity"
    default_hint = "stop a session you no longer need, or raise max_sessions"


class ReadOnlyError(BrowserkitError):
    """The session is read-only and the call would change the page."""

    code = "read_only"
    default_hint = "start a session with read_only=False to act on the page"


class SchemeNotAllowedError(BrowserkitError):
    """The URL's scheme is not in ``config.allowed_schemes``."""

    code = "scheme_not_allowed"
    default_hint = "use an allowed scheme, or add it to allowed_schemes"


class DomainNotAllowedError(BrowserkitError):
    """The URL's host is fenced off by ``allowed_domains`` / ``blocked_domains``."""

    code = "domain_not_allowed"
    default_hint = (
        "the domain policy (config.allowed_domains / blocked_domains, or the session's "
        "own) does not let this host be reached; use an allowed host"
    )


class StaleRefError(BrowserkitError):
    """The ref came from a snapshot of an earlier page generation."""

    code = "stale_ref"
    default_hint = "take a new snapshot and use its refs"


class RefNotFoundError(BrowserkitError):
    """The ref is of the current generation but its element is gone."""

    code = "ref_not_found"
    default_hint = "take a new snapshot; the element was removed or replaced"


class TargetNotFoundError(BrowserkitError):
    """A selector target matched no element."""

    code = "target_not_found"
    default_hint = "check the selector, or take a snapshot and use a ref"


class TargetCoveredError(BrowserkitError):
    """Another element covers the click point of the target."""

    code = "target_covered"
    default_hint = "close or act on the covering element first"


class TargetNotActionableError(BrowserkitError):
    """The target cannot take this action: hidden, disabled, read-only, or the wrong kind.

    ``reason`` says which, stable like ``code``: ``not_visible``,
    ``disabled``, ``read_only``, ``not_editable`` (type into something that
    takes no text), ``not_checkable`` (check on something that is no
    checkbox, radio or switch), ``not_stable`` (still moving),
    ``detached`` (removed while the action ran), ``veiled`` (an open popup
    hides it from assistive technology: a select's list, a menu, a modal) or
    ``unknown``.
    """

    code = "target_not_actionable"
    default_hint = "take a snapshot to see the element's state, or act on another element"
    REASONS: ClassVar[frozenset[str]] = frozenset(
        {
            "not_visible",
            "disabled",
            "read_only",
            "not_editable",
            "not_checkable",
            "not_stable",
            "detached",
            "veiled",
            "unknown",
        }
    )

    def __init__(self, message: str, *, hint: str | None = None, reason: str = "unknown") -> None:
        super().__init__(message, hint=hint)
        self.reason = reason if reason in self.REASONS else "unknown"

    def __repr__(self) -> str:
        head = super().__repr__().removesuffix(")")
        return f"{head}, reason={self.reason!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_not_actionable, (self.message, self.hint, self.reason))


def _rebuild_not_actionable(message: str, hint: str, reason: str) -> TargetNotActionableError:
    return TargetNotActionableError(message, hint=hint, reason=reason)


class ModalStateBlockedError(BrowserkitError):
    """A dialog or file chooser is open and must be answered first."""

    code = "modal_state_blocked"
    default_hint = "call handle_dialog (or upload for a file chooser) first"


class PageNotFoundError(BrowserkitError):
    """No tab of the session has this id (``tab_id``)."""

    code = "page_not_found"
    default_hint = "list tabs with tabs()"


class FrameNotFoundError(BrowserkitError):
    """No frame matched the frame selector."""

    code = "frame_not_found"
    default_hint = "take a snapshot to see the page's iframes"


class DownloadNotFoundError(BrowserkitError):
    """No download has this id."""

    code = "download_not_found"
    default_hint = "read the downloads buffer for valid ids"


class NavigationFailedError(BrowserkitError):
    """The navigation failed (DNS, refused connection, aborted, ...)."""

    code = "navigation_failed"
    default_hint = "check the URL and that the server is reachable"


class TimeoutError(BrowserkitError):
    """The call did not finish within its timeout; the session is still usable."""

    code = "timeout"
    default_hint = "raise timeout_ms, or check that the page is in the expected state"


class EvaluationError(BrowserkitError):
    """A script run in the page threw or returned a value that is not JSON."""

    code = "evaluation_failed"
    default_hint = "fix the script; it must return a JSON-serialisable value"


class AttachDisabledError(BrowserkitError):
    """Attaching to a running Chrome was refused by configuration."""

    code = "attach_disabled"
    default_hint = "set allow_attach=True (BROWSERKIT_ALLOW_ATTACH=1) to allow it"


class BrowserNotFoundError(BrowserkitError):
    """No Chromium could be found to launch."""

    code = "browser_not_found"
    default_hint = "run: python -m browserkit install-browser"


class BrowserCrashedError(BrowserkitError):
    """The browser or the tab's renderer crashed."""

    code = "browser_crashed"
    default_hint = "stop this session and start a new one"


class ProfileInUseError(BrowserkitError):
    """Another browser, of this process or another, holds the profile directory."""

    code = "profile_in_use"
    default_hint = "stop the session that holds the profile, or start on another profile"


class ReplayStepFailedError(BrowserkitError):
    """A replayed script step found no element, several, or not what it expected.

    ``step`` is its number (1-based), ``expected`` what the recording saw,
    ``outline`` the page now around where the element was, and
    ``candidates`` the refs that could stand in (with their lines).
    """

    code = "replay_step_failed"
    default_hint = "repair the step's locator (a candidate ref's locator) or replay with heal=True"

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        step: int = 0,
        expected: str = "",
        outline: str = "",
        candidates: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message, hint=hint)
        self.step = step
        self.expected = expected
        self.outline = outline
        self.candidates = candidates


def _all_subclasses() -> list[type[BrowserkitError]]:
    seen: list[type[BrowserkitError]] = []
    todo = list(BrowserkitError.__subclasses__())
    while todo:
        cls = todo.pop()
        seen.append(cls)
        todo.extend(cls.__subclasses__())
    return seen


def error_for_code(code: str) -> type[BrowserkitError]:
    """The error class for a stable code (``BrowserkitError`` when unknown)."""
    for cls in _all_subclasses():
        if cls.code == code:
            return cls
    return BrowserkitError
