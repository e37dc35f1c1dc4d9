"""Session methods for scripts and waiting (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from browserkit._async._input import RawInput
from browserkit._async._scripts import Scripts
from browserkit._async._waiting import Waiter
from browserkit.results import ActionResult, ExecuteResult, PdfFile, WaitResult
from browserkit.targets import Selector, Target
from browserkit.types import Button, PaperFormat

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore
    from browserkit._async._pipeline import Pipeline
    from browserkit._async._targets import Targets

__all__ = ["ExtraMethods"]


class ExtraMethods:
    """Scripts, waiting, and the lower-level calls (init scripts, PDF, raw input)."""

    _core: SessionCore

    def _init_extras(self, core: SessionCore, targets: Targets, pipeline: Pipeline) -> None:
        self._scripts = Scripts(core, targets)
        self._waiter = Waiter(core, targets)
        self._input = RawInput(pipeline)

    # --------------------------------------------------------- scripting

    async def evaluate(
        self,
        expression: str,
        *,
        target: Target | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> Any:
        """Evaluate a JavaScript expression (or function source) and return its JSON value.

        ``evaluate("el => el.value", target="e7")`` reads one element. A ref
        target is checked like an action's: one from an earlier page raises
        :class:`~browserkit.StaleRefError`, one whose element is gone
        :class:`~browserkit.RefNotFoundError`, and it never reaches another
        element. A selector must match one element (or pass ``nth=``).

        A thrown error, or a value that is not JSON, raises
        :class:`~browserkit.EvaluationError`. Read-only sessions refuse it
        (a script can change the page).

        Args:
            expression: JavaScript: an expression (``"document.title"``) or a function's
                source (``"() => location.href"``); with ``target``, a function that gets
                the element as its argument (``"el => el.value"``).
            target: The element handed to ``expression``: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ``bk.role(...)``,
                ...); a point raises :class:`~browserkit.InvalidArgumentError`. Default:
                none, the expression runs on the page.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._scripts.evaluate(expression, timeout_ms, tab_id, target)

    async def execute(
        self, code: str, *, timeout_ms: float | None = None, tab_id: str | None = None
    ) -> ExecuteResult:
        """Run several steps of JavaScript in the page in one call.

        In the script's scope:

        - ``state``: a JSON object kept per session across calls (assign to
          its keys, or replace it with another object);
        - ``log(...)``: collected, in order, into ``logs``;
        - ``sleep(ms)`` and ``waitFor(selector, {timeout})`` (resolves with
          the element, rejects after the timeout).

        A thrown error (or a syntax error) does not raise: the result carries
        ``error`` with its message, plus the logs and state up to the throw.
        A script still running at the timeout is stopped, even a
        ``while (true) {}``, and ``TimeoutError`` lists the logs it had
        written; the session stays usable. A script that navigates the page
        loses the rest of its run: that raises ``EvaluationError`` with a
        hint to split the script at the navigation. Read-only sessions
        refuse ``execute``.

        >>> code = "state.n = (state.n || 0) + 1; log('n', state.n); return state.n"
        >>> r = await session.execute(code)  # doctest: +SKIP
        >>> r.result, r.logs  # doctest: +SKIP
        (1, ('n 1',))

        Args:
            code: JavaScript run as the body of an async function: use ``await`` and
                ``return`` at the top level.
            timeout_ms: Bound in milliseconds on the whole run; default
                ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._scripts.execute(code, timeout_ms, tab_id)

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

        Args:
            code: JavaScript source, run as a script at the start of each document.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
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
        tab_id: str | None = None,
    ) -> PdfFile:
        """Print the active tab (or ``tab_id``) to a PDF file at ``path``, as Chromium prints.

        The page is laid out for print: its ``@media print`` styles apply.
        Chromium prints PDFs only without a window: a session started with
        ``headless=False`` raises :class:`~browserkit.InvalidArgumentError`
        and writes nothing. It reads the page and changes nothing, so
        read-only sessions may print.

        Args:
            path: The file to write; its folder must exist (else
                :class:`~browserkit.InvalidArgumentError`), an existing file is replaced.
            paper: The sheet size: ``"A4"`` (default), ``"A3"``, ``"A5"``, ``"Letter"``,
                ``"Legal"`` or ``"Tabloid"``.
            landscape: Lay the sheets sideways; default ``False`` (portrait).
            print_background: Print background colours and images, as on screen;
                default ``True``.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
            tab_id: The tab to print (``t1``, ``t2``, ...; see ``tabs()``); default: the
                active tab.
        """
        return await self._scripts.pdf(path, paper, landscape, print_background, timeout_ms, tab_id)

    # ----------------------------------------------------------- waiting

    async def wait_for(
        self,
        *,
        text: str | None = None,
        text_gone: str | None = None,
        selector: Selector | None = None,
        url: str | None = None,
        time_ms: float | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> WaitResult:
        """Wait until every given condition holds; ``met=False`` (no error) at the timeout.

        At least one of ``text``, ``text_gone``, ``selector``, ``url`` or
        ``time_ms`` is needed (else :class:`~browserkit.InvalidArgumentError`).
        After a ``time_ms`` pause the conditions are checked for what is left
        of the timeout.

        Args:
            text: Text that must show, as a case-sensitive substring of the rendered
                text of some frame (``innerText``: ``display:none`` text does not count,
                visually-hidden status text does).
            text_gone: Text that must show in no frame, read the same way.
            selector: A selector that must match an attached element, in open shadow
                roots too: ``bk.css("#done")``, ``bk.role(...)``, ... (a plain string is
                refused: write ``bk.css(...)``).
            url: A substring of the tab's URL, or a regular expression searched in it
                when written ``/.../``.
            time_ms: Milliseconds to wait first, whatever the page does (an animation, a
                debounce); alone, that is all the call does (``met=True``). More than
                ``timeout_ms`` or ``config.max_timeout_ms`` raises
                :class:`~browserkit.InvalidArgumentError`.
            timeout_ms: Bound in milliseconds, ``time_ms`` included; default
                ``config.default_timeout_ms`` (and at least ``time_ms``), at most
                ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._waiter.wait_for(
            text, text_gone, selector, url, timeout_ms, tab_id, time_ms
        )

    # --------------------------------------------------------- raw input

    async def mouse_down(
        self,
        target: Target | None = None,
        *,
        button: Button = "left",
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Press a mouse button and keep it held, for drawing, sliders and games.

        Move it with :meth:`hover` while held (the page sees pointer moves
        with the button down), then let go with :meth:`mouse_up`. Reported
        like :meth:`click`.

        >>> await session.mouse_down(bk.point(20, 20))  # doctest: +SKIP
        >>> await session.hover(bk.point(120, 80))  # doctest: +SKIP
        >>> await session.mouse_up()  # doctest: +SKIP

        Args:
            target: Where to press, the mouse moved there first: an element (its
                centre) as a snapshot ref (``"e3"``), a :class:`~browserkit.Ref` or a
                selector (``bk.css(...)``, ...), or ``bk.point(x, y)``; default: where
                the mouse is.
            button: ``"left"`` (default), ``"right"`` or ``"middle"``.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._input.mouse("down", target, button, observe, timeout_ms, tab_id)

    async def mouse_up(
        self,
        target: Target | None = None,
        *,
        button: Button = "left",
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Let go of a mouse button held by :meth:`mouse_down`.

        Args:
            target: Where to let go, the mouse moved there first with the button still
                held: an element (its centre) as a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ...), or
                ``bk.point(x, y)``; default: where the mouse is.
            button: The button to let go: ``"left"`` (default), ``"right"`` or
                ``"middle"``.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._input.mouse("up", target, button, observe, timeout_ms, tab_id)

    async def key_down(
        self,
        key: str,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Press one key and keep it held (``Shift``, ``ArrowLeft``, ``a``) until :meth:`key_up`.

        A held modifier applies to the key presses and clicks that follow
        (``key_down("Shift")``, then ``press("KeyA")`` types ``A``; a key
        given as a character, ``press("a")``, is typed as given, with
        ``shiftKey`` set). A held key does not auto-repeat.

        Args:
            key: One key: a key name (``"Shift"``, ``"ArrowLeft"``, ``"Enter"``) or a
                character (``"a"``). A chord such as ``"Shift+a"``, or an unknown key
                name, raises :class:`~browserkit.InvalidArgumentError`.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._input.key("down", key, observe, timeout_ms, tab_id)

    async def key_up(
        self,
        key: str,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Let go of a key held by :meth:`key_down`.

        Args:
            key: The key to let go, named as it was held (``"Shift"``, ``"a"``).
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._input.key("up", key, observe, timeout_ms, tab_id)
