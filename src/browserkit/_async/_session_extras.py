"""Session methods for scripts and waiting (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from browserkit._async._actions import Button
from browserkit._async._input import RawInput
from browserkit._async._scripts import Scripts
from browserkit._async._waiting import Waiter
from browserkit.results import ActionResult, ExecuteResult, PdfFile, WaitResult
from browserkit.targets import Target

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore
    from browserkit._async._pipeline import Pipeline
    from browserkit._async._targets import Targets

__all__ = ["ExtraMethods"]

PaperFormat = Literal["A3", "A4", "A5", "Legal", "Letter", "Tabloid"]


class ExtraMethods:
    """Scripts, waiting, and the lower-level calls (init scripts, PDF, raw input)."""

    _core: SessionCore

    def _init_extras(self, core: SessionCore, targets: Targets, pipeline: Pipeline) -> None:
        self._scripts = Scripts(core, targets)
        self._waiter = Waiter(core)
        self._input = RawInput(pipeline)

    # --------------------------------------------------------- scripting

    async def evaluate(
        self,
        expression: str,
        *,
        target: Target | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> Any:
        """Evaluate a JavaScript expression (or function source) and return its JSON value.

        With ``target`` (a ref, a selector, any target but a point),
        ``expression`` is a function that gets that element as its argument:
        ``evaluate("el => el.value", target="e7")``. A ref is checked like an
        action's: one from an earlier page raises :class:`~browserkit.StaleRefError`,
        one whose element is gone :class:`~browserkit.RefNotFoundError`, and it
        never reaches another element. A selector must match one element
        (or pass ``nth=``).

        A thrown error, or a value that is not JSON, raises
        :class:`~browserkit.EvaluationError`. Read-only sessions refuse it
        (a script can change the page).
        """
        return await self._scripts.evaluate(expression, timeout_ms, page_id, target)

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

    async def init_script(self, code: str, *, timeout_ms: float | None = None) -> int:
        """Run ``code`` in each document loaded from now on, before the page's own scripts.

        It runs in each new document of every tab (popups and new tabs
        included; in a session attached to a running Chrome, the tabs it has
        now) and of every frame in them, so it can set globals or stub
        functions the page reads as it starts. It does not run in the
        documents already loaded: call :meth:`reload` to apply it to the
        current page. Scripts add up (there is no removing one; a new
        session starts without them) and run in the order given. Returns
        how many init scripts the session now has. Read-only sessions refuse
        it with :class:`~browserkit.ReadOnlyError`.

        >>> await session.init_script("window.__test = true")  # doctest: +SKIP
        1
        """
        return await self._scripts.init_script(code, timeout_ms)

    async def pdf(
        self,
        path: str,
        *,
        paper: PaperFormat = "A4",
        landscape: bool = False,
        print_background: bool = True,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> PdfFile:
        """Print the active tab (or ``page_id``) to a PDF file at ``path``, as Chromium prints.

        The page is laid out for print (its ``@media print`` styles apply) on
        ``paper`` sheets, ``landscape`` if asked, with background colours and
        images unless ``print_background=False``. The folder of ``path`` must
        exist; an existing file is replaced. Chromium prints PDFs only
        without a window: a session started with ``headful=True`` raises
        :class:`~browserkit.InvalidArgumentError` and writes nothing. It
        reads the page and changes nothing, so read-only sessions may print.
        """
        return await self._scripts.pdf(
            path, paper, landscape, print_background, timeout_ms, page_id
        )

    # ----------------------------------------------------------- waiting

    async def wait_for(
        self,
        *,
        text: str | None = None,
        text_gone: str | None = None,
        selector: str | None = None,
        url: str | None = None,
        time_ms: float | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> WaitResult:
        """Wait until every given condition holds; ``met=False`` (no error) at the timeout.

        ``text``/``text_gone`` look at the rendered text (``innerText``, so
        ``display:none`` text does not count but visually-hidden status text
        does); ``selector`` waits for a CSS match to be attached; ``url`` is a
        substring of the URL, or a regular expression when wrapped in ``/.../``.

        ``time_ms`` first waits that long, whatever the page does (an
        animation, a debounce); alone, that is all the call does
        (``met=True``). With conditions, they are checked once it is over,
        for what is left of the timeout. The pause counts within the
        timeout: without ``timeout_ms`` the call's timeout is at least
        ``time_ms``; a ``time_ms`` over ``timeout_ms`` or over
        ``config.max_timeout_ms`` raises :class:`~browserkit.InvalidArgumentError`.
        """
        return await self._waiter.wait_for(
            text, text_gone, selector, url, timeout_ms, page_id, time_ms
        )

    # --------------------------------------------------------- raw input

    async def mouse_down(
        self,
        target: Target | None = None,
        *,
        button: Button = "left",
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Press a mouse button and keep it held, for drawing, sliders and games.

        With ``target`` (an element or ``bk.point(x, y)``) the mouse moves
        there first, else it presses where it is. Move it with :meth:`hover`
        while held (the page sees pointer moves with the button down), then
        let go with :meth:`mouse_up`. Reported like :meth:`click`.

        >>> await session.mouse_down(bk.point(20, 20))  # doctest: +SKIP
        >>> await session.hover(bk.point(120, 80))  # doctest: +SKIP
        >>> await session.mouse_up()  # doctest: +SKIP
        """
        return await self._input.mouse("down", target, button, observe, timeout_ms, page_id)

    async def mouse_up(
        self,
        target: Target | None = None,
        *,
        button: Button = "left",
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Let go of a mouse button held by :meth:`mouse_down`.

        With ``target`` the mouse moves there first (with the button still
        held), else it is released where it is.
        """
        return await self._input.mouse("up", target, button, observe, timeout_ms, page_id)

    async def key_down(
        self,
        key: str,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Press one key and keep it held (``Shift``, ``ArrowLeft``, ``a``) until :meth:`key_up`.

        A held modifier applies to the key presses and clicks that follow
        (``key_down("Shift")``, then ``press("KeyA")`` types ``A``; a key
        given as a character, ``press("a")``, is typed as given, with
        ``shiftKey`` set). A held key does not auto-repeat. One key per call: a chord
        such as ``Shift+a`` raises :class:`~browserkit.InvalidArgumentError`,
        as does an unknown key name.
        """
        return await self._input.key("down", key, observe, timeout_ms, page_id)

    async def key_up(
        self,
        key: str,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Let go of a key held by :meth:`key_down`."""
        return await self._input.key("up", key, observe, timeout_ms, page_id)
