"""Session methods for scripts and waiting (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from browserkit._async._scripts import Scripts
from browserkit._async._waiting import Waiter
from browserkit.results import ExecuteResult, WaitResult

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["ExtraMethods"]


class ExtraMethods:
    """Scripts, waiting, and the lower-level calls (init scripts, PDF, raw input)."""

    _core: SessionCore

    def _init_extras(self, core: SessionCore) -> None:
        self._scripts = Scripts(core)
        self._waiter = Waiter(core)

    # --------------------------------------------------------- scripting

    async def evaluate(
        self, expression: str, *, timeout_ms: float | None = None, page_id: str | None = None
    ) -> Any:
        """Evaluate a JavaScript expression (or function source) and return its JSON value.

        A thrown error, or a value that is not JSON, raises
        :class:`~browserkit.EvaluationError`.
        """
        return await self._scripts.evaluate(expression, timeout_ms, page_id)

    async def execute(
        self, code: str, *, timeout_ms: float | None = None, page_id: str | None = None
    ) -> ExecuteResult:
        """Run several steps of JavaScript in the page in one call.

        ``code`` is the body of an async function: use ``await`` and
        ``return`` at the top level. In scope:

        - ``state``: a JSON object kept per session across calls (assign to
          its keys, or replace it with another object);
        - ``log(...)``: collected, in order, into ``logs``;
        - ``sleep(ms)`` and ``waitFor(selector, {timeout})`` (resolves with
          the element, rejects after the timeout).

        A thrown error (or a syntax error) does not raise: the result carries
        ``error`` with its message, plus the logs and state up to the throw.
        A script still running at the timeout (clamped to
        ``max_timeout_ms``) is stopped, even a ``while (true) {}``, and
        ``TimeoutError`` lists the logs it had written; the session stays
        usable. A script that navigates the page loses the rest of its run:
        that raises ``EvaluationError`` with a hint to split the script at
        the navigation. Read-only sessions refuse ``execute``.

        >>> code = "state.n = (state.n || 0) + 1; log('n', state.n); return state.n"
        >>> r = await session.execute(code)  # doctest: +SKIP
        >>> r.result, r.logs  # doctest: +SKIP
        (1, ('n 1',))
        """
        return await self._scripts.execute(code, timeout_ms, page_id)

    # ----------------------------------------------------------- waiting

    async def wait_for(
        self,
        *,
        text: str | None = None,
        text_gone: str | None = None,
        selector: str | None = None,
        url: str | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> WaitResult:
        """Wait until every given condition holds; ``met=False`` (no error) at the timeout.

        ``text``/``text_gone`` look at the rendered text (``innerText``, so
        ``display:none`` text does not count but visually-hidden status text
        does); ``selector`` waits for a CSS match to be attached; ``url`` is a
        substring of the URL, or a regular expression when wrapped in ``/.../``.
        """
        return await self._waiter.wait_for(text, text_gone, selector, url, timeout_ms, page_id)
