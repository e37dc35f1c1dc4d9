"""Caller-supplied regular expressions, searched in page text with a bound on the work.

Every ``pattern``/``regex`` argument (buffer reads, ``find(regex=)``,
``wait_for(url="/.../")``) is matched against text the page controls: console
lines, request URLs, the outline. With Python's ``re`` a pattern such as
``(a|aa)+$`` backtracks exponentially, and ``re`` holds the GIL while it does,
so one read could freeze the event loop and every session on it for minutes.

Patterns are therefore compiled with the ``regex`` package, which accepts
``re`` syntax, answers many patterns that are catastrophic under ``re`` (such
as ``(a+)+b``) in linear time, and takes a ``timeout`` for the rest. Each
operation gets one budget for all of its searches (:data:`MATCH_BUDGET_S` of
time); when it runs out the operation is refused with
:class:`~browserkit.InvalidArgumentError` rather than left to hang.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import lru_cache

import attrs
import regex

from browserkit.errors import InvalidArgumentError

__all__ = ["MATCH_BUDGET_S", "UserPattern", "compile_user_pattern"]

MATCH_BUDGET_S = 1.0
"""Seconds one operation may spend searching with one caller-supplied pattern.

Generous for honest patterns (a literal or a simple class scans tens of
megabytes in that time); a backtracking pattern that needs more is refused.
One search is cut off by ``regex``'s timeout, which counts the process's CPU
time, so on a busy machine a single search may run somewhat past it in wall time.
"""

_SLOW_HINT = (
    "simplify the pattern: avoid nested or overlapping repetition such as (a|aa)+ or "
    "(\\w+\\s?)+, anchor it, or search for a literal substring"
)


@attrs.frozen
class UserPattern:
    """A compiled caller-supplied regex; :meth:`searcher` gives a time-bounded search."""

    source: str
    what: str
    compiled: regex.Pattern[str] = attrs.field(repr=False)

    def searcher(
        self, budget_s: float = MATCH_BUDGET_S
    ) -> Callable[[str], regex.Match[str] | None]:
        """A ``search(text)`` that shares ``budget_s`` across every call made with it.

        It returns the match or None, like ``re.Pattern.search``, and raises
        :class:`~browserkit.InvalidArgumentError` once the budget is spent.
        """
        search = self.compiled.search
        # The CPU time this thread spends across calls: on a loaded machine
        # wall-clock time would run out while other processes run, and refuse
        # a harmless pattern. Within one call, regex's own timeout bounds it.
        deadline = time.thread_time() + budget_s

        def bounded(text: str) -> regex.Match[str] | None:
            left = deadline - time.thread_time()
            if left <= 0:
                raise self._too_slow(budget_s, text)
            try:
                return search(text, timeout=left)
            except TimeoutError:
                raise self._too_slow(budget_s, text) from None

        return bounded

    def _too_slow(self, budget_s: float, text: str) -> InvalidArgumentError:
        return InvalidArgumentError(
            f"{self.what} {self.source!r} needed more than {budget_s:g} s of matching "
            f"(last text searched: {len(text)} chars); it backtracks too much to use here",
            hint=_SLOW_HINT,
        )


@lru_cache(maxsize=128)
def compile_user_pattern(source: str, what: str = "pattern") -> UserPattern:
    """The compiled pattern (cached: pollers send the same one on every read).

    ``what`` names the argument in errors (``pattern``, ``regex``, ``url pattern``).

    Raises:
        InvalidArgumentError: ``source`` is not a valid regular expression.
    """
    if not isinstance(source, str):
        raise InvalidArgumentError(f"{what} must be a str regex, got {source!r}")
    try:
        # VERSION0: the ``re``-compatible dialect, so documented ``re`` syntax holds.
        compiled = regex.compile(source, regex.VERSION0)
    except (regex.error, ValueError, OverflowError, RecursionError) as exc:
        raise InvalidArgumentError(
            f"{what} {source!r} is not a valid regular expression: {exc}",
            hint="fix the regex (Python `re` syntax), or escape it to match literally",
        ) from None
    return UserPattern(source, what, compiled)
