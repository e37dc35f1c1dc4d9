"""AsyncSession: the public face of a session; each method delegates to one capability.

The sync ``Session`` is generated from this class: its signatures and
docstrings are the API reference. See docs/architecture.md for the layout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from browserkit._async._actions import Actions, Button, Modifier
from browserkit._async._capture import Capture
from browserkit._async._core import SessionCore
from browserkit._async._dom import DomReader
from browserkit._async._evidence import AsyncDownloads, ConsoleView
from browserkit._async._handoff import Handoffs
from browserkit._async._modals import Modals
from browserkit._async._navigation import Navigator
from browserkit._async._network_detail import AsyncNetwork
from browserkit._async._outline import Outlines
from browserkit._async._pipeline import Pipeline
from browserkit._async._scan import Scanner
from browserkit._async._session_extras import ExtraMethods
from browserkit._async._session_live import LiveMethods
from browserkit._async._session_network import NetworkMethods
from browserkit._async._session_pick import PickMethods
from browserkit._async._session_recording import RecordingMethods
from browserkit._async._session_state import StateMethods
from browserkit._async._styles import StyleEditor
from browserkit._async._tabs import Tabs
from browserkit._async._targets import Targets
from browserkit._async._world import World
from browserkit.results import (
    ActionResult,
    DomNode,
    FindMatch,
    Handoff,
    HistoryMove,
    Navigation,
    PageScan,
    Screenshot,
    Snapshot,
    Styles,
    TabInfo,
)
from browserkit.targets import Target

__all__ = ["AsyncSession"]


class AsyncSession(
    StateMethods, NetworkMethods, ExtraMethods, RecordingMethods, LiveMethods, PickMethods
):
    """A browser session: its own cookies and storage, one or more tabs.

    Get one from :meth:`AsyncBrowser.start`. Every method that touches the
    page accepts ``timeout_ms`` (clamped to ``config.max_timeout_ms``).
    """

    def __init__(self, core: SessionCore) -> None:
        # Made by AsyncBrowser; each capability below is built from the core.
        self._core = core
        capture = Capture(core)
        world = World(core)
        targets = Targets(core, capture, world)
        self._picks = targets.picks
        pipeline = Pipeline(core, capture, targets)
        self._navigator = Navigator(core, capture)
        self._outlines = Outlines(core, capture, targets)
        self._dom = DomReader(core, world, targets)
        self._scan = Scanner(core, world)
        self._styles = StyleEditor(core, world, targets, pipeline)
        self._actions = Actions(pipeline)
        self._modals = Modals(core)
        self._tabs = Tabs(core, self._navigator)
        self._handoffs = Handoffs(core)
        self._init_extras(core, targets, pipeline)
        self._init_state(core)
        self._init_network(core)
        self._init_recording(core)
        self._init_live(core)
        self._init_pick()

    # -------------------------------------------------------- properties

    @property
    def id(self) -> str:
        """The session id (``s1``, ``s2``, ...)."""
        return self._core.id

    @property
    def read_only(self) -> bool:
        """Whether the session refuses calls that change the page."""
        return self._core.read_only

    @property
    def closed(self) -> bool:
        """Whether the session was stopped."""
        return self._core.closed

    @property
    def generation(self) -> int:
        """The active tab's page generation (advances on cross-document navigation)."""
        return self._core.tab(None).generation

    @property
    def url(self) -> str:
        """The active tab's URL."""
        return "" if self._core.closed else self._core.tab(None).page.url

    @property
    def page_id(self) -> str:
        """The active tab's page id."""
        return self._core.tab(None).page_id

    # ---------------------------------------------------------- evidence

    @property
    def console(self) -> ConsoleView:
        """Console messages, exceptions and failed loads of every tab (:class:`ConsoleView`)."""
        return self._core.console

    @property
    def network(self) -> AsyncNetwork:
        """Requests of every tab, one entry each; ``detail(request_id)`` reads one in full."""
        return self._network

    @property
    def downloads(self) -> AsyncDownloads:
        """Downloads of every tab; ``save(download_id, path)`` keeps one."""
        return self._core.downloads

    # -------------------------------------------------------- navigation

    async def navigate(
        self, url: str, *, timeout_ms: float | None = None, observe: bool | None = None
    ) -> Navigation:
        """Load ``url`` in the active tab; with ``observe``, answer with the page once rendered.

        Scheme checked against ``config.allowed_schemes`` first. No ``load`` 5 s after
        the commit: ``timed_out``, page usable. A file to save: ``download`` is its id.
        ``page``: the compact outline (``observe``, default ``config.observe_actions``).
        """
        return await self._navigator.navigate(url, timeout_ms, observe)

    async def back(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Go back one entry (``moved=False`` at the start); ``timed_out`` after 5 s of load."""
        return await self._navigator.history(-1, timeout_ms)

    async def forward(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Go forward one history entry; ``moved=False`` (no error) at the end of history."""
        return await self._navigator.history(1, timeout_ms)

    async def reload(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Reload the active tab (a new generation: earlier refs go stale)."""
        return await self._navigator.reload(timeout_ms)

    # ----------------------------------------------------------- reading

    async def snapshot(
        self,
        *,
        diff: bool = False,
        target: Target | None = None,
        depth: int | None = None,
        page_id: str | None = None,
        compact: bool = False,
        max_tokens: int | None = None,
        timeout_ms: float | None = None,
    ) -> Snapshot:
        """The page as an accessibility outline with refs (``snap.tree``: always all of it).

        ``diff=True``: ``str(snap)`` is what changed since this tab's last snapshot, if any.
        ``compact=True`` (or ``max_tokens``, a bound): ``str(snap)`` is ``snap.compact``, in which
        a run of similar rows is one line naming the ref that ``snapshot(target=ref)`` expands.
        ``target``: one element's subtree; ``depth``: a nesting limit; ``page_id``: another tab.
        """
        return await self._outlines.snapshot(
            diff, target, depth, page_id, timeout_ms, compact, max_tokens
        )

    async def dom(
        self,
        target: Target | None = None,
        *,
        depth: int = 3,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> DomNode:
        """The DOM as a tree of elements, ``depth`` levels below ``target`` (default: the body).

        Each element comes with its tag, id, classes and a ``d``-ref that any
        target-taking call accepts, so ``dom("d12")`` reads deeper and
        ``click("d12")`` acts on exactly that element. ``child_count`` is the
        full number of children even where the depth limit left them out;
        ``truncated`` marks where the node cap (3,000) cut the tree. Open
        shadow roots appear as ``#shadow-root`` children. Reading the DOM never
        changes the page. It reads the main frame; use ``snapshot()`` for the
        content of iframes.

        >>> print(await session.dom(depth=2))  # doctest: +SKIP
        body [ref=d1]
          h1 "Orders" [ref=d2]
          table#orders [ref=d3] (2 children)
        """
        return await self._dom.dom(target, depth, timeout_ms, page_id)

    async def scan(
        self,
        *,
        max_chars: int = 35000,
        cutlist: bool = True,
        text_only: bool = False,
        max_targets: int = 80,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> PageScan:
        """The page as compact simplified HTML (or plain text with ``text_only``).

        Scripts, styles and layout wrappers are dropped; headings, text,
        links, lists, tables and form controls stay. With ``cutlist`` a run
        of 10 or more structurally similar siblings (table rows, product
        cards, search results) is cut to 3 examples and a note; each cut is
        listed in ``collapsed`` with a unique CSS selector of its container,
        so ``dom(bk.css(sel))`` or ``snapshot(target=bk.css(sel))`` expands
        it. ``render_state`` says whether the page is an empty app shell
        (``shell_only``), still rendering (``hydrating``: loading indicators,
        requests in flight, the DOM still growing) or ``ready``;
        ``content_ready`` whether there is real content to read now.
        ``targets`` lists up to ``max_targets`` visible controls with a
        unique CSS locator, a ``d``-ref, and the call to use (``click``,
        ``type``, ``select``, ``upload``); ``frames`` the child frames,
        cross-origin ones included.

        Scanning never modifies the page: it runs in an isolated world and
        leaves no attribute, id or global behind.
        """
        return await self._scan.scan(
            max_chars, cutlist, text_only, max_targets, timeout_ms, page_id
        )

    async def find(
        self,
        text: str | None = None,
        *,
        regex: str | None = None,
        urls: bool = False,
        limit: int | None = 30,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> list[FindMatch]:
        """The deepest outline nodes whose printed line, name, text or properties match.

        ``text`` is a case-insensitive substring, ``regex`` a Python regex searched in
        the same strings (both given: both must match); link URLs only if ``urls``.
        Each match has its line, its live ref (a bare text line: its nearest
        ancestor's), up to 3 named ancestors and the lines printed before and after
        it. At most ``limit`` (None: all) are listed; the last one's ``more`` counts the rest.

        >>> [str(m) for m in await session.find("items left")]  # doctest: +SKIP
        ['text: items left  # in contentinfo [ref=e20] | before: strong: "3"']
        """
        return await self._outlines.find(text, regex, urls, limit, timeout_ms, page_id)

    async def screenshot(
        self,
        *,
        full_page: bool = False,
        format: Literal["jpeg", "png"] = "jpeg",
        target: Target | None = None,
        max_side: int = 1568,
        path: str | None = None,
        page_id: str | None = None,
        timeout_ms: float | None = None,
    ) -> Screenshot:
        """An image of the viewport, the full page, or one element.

        The image is scaled down (in the browser, no image library needed) so
        its longest side is at most ``max_side``; ``source_width`` and
        ``source_height`` give the captured size in CSS pixels. ``path``
        also writes the image to a file (its folder must exist).
        """
        return await self._outlines.screenshot(
            full_page, format, target, max_side, path, page_id, timeout_ms
        )

    async def styles(
        self,
        target: Target,
        properties: Sequence[str] | None = None,
        *,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> Styles:
        """Computed styles of an element, and its inline style.

        Without ``properties`` a curated design set (display, box model,
        colours, fonts, flex/grid, ...); with names, exactly those (custom
        properties ``--x`` too); ``["*"]`` every computed property.
        """
        return await self._styles.styles(target, properties, timeout_ms, page_id)

    # ----------------------------------------------------------- actions

    async def click(
        self,
        target: Target,
        *,
        button: Button = "left",
        click_count: int = 1,
        modifiers: Sequence[Modifier] = (),
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Click an element (ref or selector) or a point.

        Returns what changed (``diff``), whether it navigated, and any dialog
        or tab it opened.
        """
        return await self._actions.click(
            target, button, click_count, modifiers, observe, timeout_ms, page_id
        )

    async def hover(
        self,
        target: Target,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Move the mouse over an element or a point."""
        return await self._actions.hover(target, observe, timeout_ms, page_id)

    async def type(
        self,
        target: Target | None,
        text: str,
        *,
        submit: bool = False,
        clear: bool = True,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Type ``text`` into a field (``target=None``: the focused element).

        ``clear`` replaces the field's value (default), ``submit`` presses
        Enter afterwards; a navigation that follows is waited for.
        """
        return await self._actions.type(target, text, submit, clear, observe, timeout_ms, page_id)

    async def press(
        self,
        key: str,
        *,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Press a key or chord (``Enter``, ``Control+a``, ``Shift+Tab``).

        On ``target`` when given, else on whatever has focus.
        """
        return await self._actions.press(key, target, observe, timeout_ms, page_id)

    async def scroll(
        self,
        *,
        delta_y: float = 0,
        delta_x: float = 0,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Scroll the page, or a scrollable element, by CSS pixels."""
        return await self._actions.scroll(delta_y, delta_x, target, observe, timeout_ms, page_id)

    async def select(
        self,
        target: Target,
        values: str | Sequence[str],
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Choose options of a native ``<select>`` by value or visible label.

        Several values select several options of a ``multiple`` select. An
        option that does not exist raises TargetNotFoundError listing the
        options, and nothing is selected.
        """
        return await self._actions.select(target, values, observe, timeout_ms, page_id)

    async def check(
        self,
        target: Target,
        checked: bool = True,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Tick (or with ``checked=False`` untick) a checkbox, radio or ARIA checkbox.

        Does nothing when it already has that state. The click is hit-checked
        like :meth:`click`; a custom control whose label paints over the input
        is clicked through its label.
        """
        return await self._actions.check(target, checked, observe, timeout_ms, page_id)

    async def drag(
        self,
        source: Target,
        target: Target,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Drag ``source`` onto ``target`` with the mouse (HTML5 drag and drop included)."""
        return await self._actions.drag(source, target, observe, timeout_ms, page_id)

    async def fill_form(
        self,
        fields: Sequence[Mapping[str, Any]],
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Fill several fields of mixed kinds in one call.

        Each field is ``{"target": <ref or selector>, "value": ...}``: text
        for inputs and textareas, True/False for checkboxes (True for a radio),
        an option value/label (or a list) for selects, a path (or a list) for
        file inputs. Every target is resolved before anything is typed, so a
        bad one changes nothing.
        """
        return await self._actions.fill_form(fields, observe, timeout_ms, page_id)

    async def upload(
        self,
        paths: str | Sequence[str],
        *,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Give files to a file input (``target``) or to the file chooser a click opened.

        With no target it answers the pending file chooser (an empty list
        cancels it). Every path must exist.
        """
        return await self._actions.upload(paths, target, observe, timeout_ms, page_id)

    async def set_style(
        self,
        target: Target,
        property: str,
        value: str,
        *,
        important: bool = False,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Set one inline CSS property on an element, live; an empty ``value`` removes it.

        Returns an :class:`ActionResult` whose ``detail`` ends with the
        element's new inline style (and whose ``diff`` shows what the change
        did to the outline, e.g. an element hidden by ``display: none``).
        The edit is not saved anywhere: it dies with the next navigation. A
        value Chromium rejects raises ``InvalidArgumentError`` and changes
        nothing.
        """
        return await self._styles.set_style(
            target, property, value, important, observe, timeout_ms, page_id
        )

    # ------------------------------------------------------ modal states

    async def handle_dialog(
        self,
        accept: bool,
        *,
        prompt_text: str | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Answer the open dialog (alert, confirm, prompt, beforeunload)."""
        return await self._modals.handle_dialog(accept, prompt_text, timeout_ms, page_id)

    # -------------------------------------------------------------- tabs

    async def tabs(self) -> list[TabInfo]:
        """The session's tabs, with the active one marked."""
        return await self._tabs.tabs()

    async def new_tab(self, url: str | None = None, *, timeout_ms: float | None = None) -> TabInfo:
        """Open a tab (and select it), optionally loading ``url``."""
        return await self._tabs.new_tab(url, timeout_ms)

    async def select_tab(self, page_id: str) -> TabInfo:
        """Make ``page_id`` the active tab (and bring it to front)."""
        return await self._tabs.select_tab(page_id)

    async def close_tab(self, page_id: str) -> bool:
        """Close a tab; True if it was open. Closing the last tab leaves the session tab-less."""
        return await self._tabs.close_tab(page_id)

    # ------------------------------------------------- human in the loop

    async def handoff(
        self,
        instructions: str,
        *,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> Handoff:
        """Hand the tab to a person until they click Continue, or someone confirms.

        Shows ``instructions`` and a Continue button in a banner at the top
        of the page (again after each navigation while it waits). It ends
        when a person clicks Continue (``via="in_page"``; only a trusted
        click counts, so the page's own scripts cannot end it), when
        :meth:`AsyncBrowser.confirm_handoff` is called (``"confirm_call"``),
        or at the timeout (``"timeout"``, ``confirmed=False``). Use it for
        logins, CAPTCHAs and anything an agent must not do itself.
        """
        return await self._handoffs.handoff(instructions, timeout_ms, page_id)

    # --------------------------------------------------------- lifecycle

    async def stop(self) -> bool:
        """Close the session and its tabs; True if it was running. Safe to call twice."""
        return await self._core.browser.stop(self._core.id)

    def __repr__(self) -> str:
        state = "closed" if self._core.closed else self.url
        return f"<AsyncSession {self._core.id} {state}>"
