"""AsyncSession: the public face of a session; each method delegates to one capability.

The sync ``Session`` is generated from this class: its signatures and
docstrings are the API reference. See docs/architecture.md for the layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from browserkit._async.acting.actions import Actions
from browserkit._async.acting.dialogs import Modals
from browserkit._async.acting.javascript import Scripts
from browserkit._async.acting.pipeline import Pipeline
from browserkit._async.acting.raw_input import RawInput
from browserkit._async.acting.styles import StyleEditor
from browserkit._async.acting.waiting import Waiter
from browserkit._async.capture.isolated_world import World
from browserkit._async.capture.outline_capture import Capture
from browserkit._async.core.session_core import SessionCore
from browserkit._async.evidence.views import AsyncDownloads, ConsoleView
from browserkit._async.navigation.navigator import Navigator
from browserkit._async.navigation.tab_list import Tabs
from browserkit._async.network.detail import AsyncNetwork
from browserkit._async.network.routes import Routes
from browserkit._async.network.throttle import Throttle
from browserkit._async.people.handoff import Handoffs
from browserkit._async.people.live_view import LiveView, LiveViews
from browserkit._async.people.pick import Picking
from browserkit._async.reading.dom import DomReader
from browserkit._async.reading.markdown import MarkdownReader
from browserkit._async.reading.outline import Outlines
from browserkit._async.reading.scan import Scanner
from browserkit._async.recording.recorder import Recordings
from browserkit._async.recording.step_recorder import StepRecorder
from browserkit._async.state.emulation import Media, Resizer
from browserkit._async.state.storage import StateStore
from browserkit._async.targeting.resolve import Targets
from browserkit._docstrings import shared_args
from browserkit._script import Script
from browserkit._secrets import Secret, TypedSecrets, redacting
from browserkit.results import (
    ActionResult,
    Cookie,
    DomNode,
    ExecuteResult,
    FindMatch,
    Handoff,
    HistoryMove,
    Navigation,
    PageMarkdown,
    PageScan,
    PdfFile,
    Picked,
    Recording,
    Screenshot,
    Snapshot,
    StorageState,
    Styles,
    TabInfo,
    WaitResult,
)
from browserkit.targets import Selector, Target
from browserkit.types import (
    Button,
    ColorScheme,
    ForcedColors,
    MediaType,
    Modifier,
    NetworkConditions,
    PaperFormat,
    ReducedMotion,
)

__all__ = ["AsyncSession"]


@redacting(lambda session: session._core.config.secrets)
@shared_args
class AsyncSession:
    """A browser session: its own cookies and storage, one or more tabs.

    Get one from :meth:`AsyncBrowser.start`. Every method that touches the
    page accepts ``timeout_ms`` (clamped to ``config.max_timeout_ms``).
    """

    def __init__(self, core: SessionCore) -> None:
        # Made by AsyncBrowser; each capability below is built from the core.
        self._core = core
        world = World(core)
        capture = Capture(core, world)
        targets = Targets(core, capture, world)
        self._picks = targets.picks
        pipeline = Pipeline(core, capture, targets)
        self._locators = pipeline.locators
        self._step_recorder = StepRecorder(core, self._locators, core.config.secrets)
        self._navigator = Navigator(core, capture)
        self._outlines = Outlines(core, capture, targets)
        self._dom = DomReader(core, world, targets)
        self._scan = Scanner(core, world)
        self._markdown = MarkdownReader(core, world, targets)
        self._styles = StyleEditor(core, world, targets, pipeline)
        typed = TypedSecrets()  # what the session typed into secret fields, in memory only
        self._actions = Actions(pipeline, core.config.secrets, typed)
        self._modals = Modals(core)
        self._tabs = Tabs(core, self._navigator)
        self._handoffs = Handoffs(core)
        self._scripts = Scripts(core, targets)
        self._waiter = Waiter(core, targets)
        self._input = RawInput(pipeline)
        self._state = StateStore(core)
        self._resizer = Resizer(core)
        self._media = Media(core)
        self._throttle = Throttle(core)
        self._network = AsyncNetwork(core)
        self._routes = Routes(core)
        self._live_views = LiveViews(core)
        self._picking = Picking(core, self._picks, self._live_views, self._locators)
        self._recordings = Recordings(core, typed, core.config.secrets.hidden)

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
        """The active tab's URL; ``""`` once the session is stopped or has no tab open
        (its last tab closed, or its remote browser going away)."""
        core = self._core
        tab = None if core.closed or core.active is None else core.tabs.get(core.active)
        return "" if tab is None else tab.page.url

    @property
    def tab_id(self) -> str:
        """The active tab's id (``t1``, ``t2``, ...)."""
        return self._core.tab(None).tab_id

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

        Waits for the commit, then at most 5 s for the ``load`` event: a page
        whose load never fires is reported ``timed_out`` and is usable. A URL
        that answers with a file to save is no failure: ``download`` is its id
        and the tab stays put. A load that fails (an unknown host, a refused
        connection) raises :class:`~browserkit.NavigationFailedError`.

        Args:
            url: The full URL, scheme included (``https://...``); a scheme not in
                ``config.allowed_schemes`` raises :class:`~browserkit.SchemeNotAllowedError`
                before any request is made.
            timeout_ms: {navigation_timeout}
            observe: Wait for the new page to render and answer with its compact outline
                in ``Navigation.page``; default ``config.observe_actions``.
        """
        return await self._navigator.navigate(url, timeout_ms, observe)

    async def back(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Go back one entry (``moved=False`` at the start); ``timed_out`` after 5 s of load.

        Args:
            timeout_ms: {navigation_timeout}
        """
        return await self._navigator.history(-1, timeout_ms)

    async def forward(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Go forward one history entry; ``moved=False`` (no error) at the end of history.

        Args:
            timeout_ms: {navigation_timeout}
        """
        return await self._navigator.history(1, timeout_ms)

    async def reload(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Reload the active tab (a new generation: earlier refs go stale).

        Args:
            timeout_ms: {navigation_timeout}
        """
        return await self._navigator.reload(timeout_ms)

    # ----------------------------------------------------------- reading

    async def snapshot(
        self,
        *,
        diff: bool = False,
        target: Target | None = None,
        depth: int | None = None,
        tab_id: str | None = None,
        compact: bool = False,
        max_tokens: int | None = None,
        include_hidden: bool = False,
        timeout_ms: float | None = None,
    ) -> Snapshot:
        """The page as an accessibility outline with refs (``snap.tree``: always all of it).

        ``str(snap)`` is the tree, or what ``diff`` or ``compact`` ask for.

        Args:
            diff: Make ``str(snap)`` what changed (``snap.diff``) since this tab's last
                whole-page snapshot of the same page generation, if there is one; only
                for the whole page (no ``target``, no ``depth``).
            target: Read only this element's subtree: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ``bk.role(...)``,
                ...); default: the whole page.
            depth: How many levels of nesting to print, an integer >= 1; default: all.
            tab_id: {tab_id}
            compact: Make ``str(snap)`` the compact outline ``snap.compact``, in which a
                run of similar rows is one line naming the ref that ``snapshot(target=ref)``
                expands.
            max_tokens: A bound on ``snap.compact`` (a token counts as 4 characters):
                detail is folded or cut to fit; implies ``compact``; default: no bound.
            include_hidden: Keep the texts no person can see (a zero or 1-px font, text
                the colour of its background, transparent, off the page, clipped, covered,
                ...), which the outline leaves out by default and counts in
                ``snap.hidden``; such an outline is not a baseline for ``diff``.
            timeout_ms: {timeout}
        """
        return await self._outlines.snapshot(
            diff, target, depth, tab_id, timeout_ms, compact, max_tokens, include_hidden
        )

    async def dom(
        self,
        target: Target | None = None,
        *,
        depth: int = 3,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> DomNode:
        """The DOM as a tree of elements, ``depth`` levels below ``target``.

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

        Args:
            target: The element to start from: a ref from a snapshot (``"e3"``) or from
                ``dom()`` (``"d12"``), a :class:`~browserkit.Ref` or a selector
                (``bk.css(...)``, ...); default: the body. An element inside an iframe
                raises :class:`~browserkit.InvalidArgumentError`.
            depth: How many levels below ``target`` to list, an integer >= 0 (0: the
                element alone); default 3.
            timeout_ms: {timeout}
            tab_id: {tab_id}
        """
        return await self._dom.dom(target, depth, timeout_ms, tab_id)

    async def scan(
        self,
        *,
        max_chars: int = 35000,
        cutlist: bool = True,
        text_only: bool = False,
        max_targets: int = 80,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
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

        Args:
            max_chars: The longest ``content``, in characters, at least 100; longer
                content is cut and ``truncated`` set; default 35,000.
            cutlist: Cut long runs of similar siblings as described above; default True.
            text_only: Plain text instead of simplified HTML; default False.
            max_targets: The most controls listed in ``targets`` (0: none); default 80.
            timeout_ms: {timeout}
            tab_id: {tab_id}
        """
        return await self._scan.scan(max_chars, cutlist, text_only, max_targets, timeout_ms, tab_id)

    async def markdown(
        self,
        target: Target | None = None,
        *,
        max_chars: int = 35000,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> PageMarkdown:
        """The page's main content as Markdown: headings, paragraphs, lists, pipe tables,
        code blocks and links, without the page's chrome.

        The main content is ``<main>`` (or ``role=main``), else the longest
        ``<article>``, else the body; inside it, what :meth:`scan` drops
        (scripts, styles, media, hidden elements) and page chrome (navigation,
        banners, footers, sidebars, forms and their controls) are left out.
        Links are reference-style with their ``d``-ref as label, ``[Docs][d12]``,
        their URLs listed at the end and in ``links``; each ref is a target
        (``click("d12")``). Read in an isolated world: the page is not modified
        and its scripts cannot change what is read.

        Args:
            target: Read only this element (and what it holds) instead of the main
                content; a point is refused. Default: the main content.
            max_chars: The longest ``text``, in characters, at least 100; longer text is
                cut and ``truncated`` set; default 35,000.
            timeout_ms: {timeout}
            tab_id: {tab_id}
        """
        return await self._markdown.markdown(target, max_chars, timeout_ms, tab_id)

    async def find(
        self,
        text: str | None = None,
        *,
        regex: str | None = None,
        urls: bool = False,
        limit: int | None = 30,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> list[FindMatch]:
        """The deepest outline nodes whose printed line, name, text or properties match.

        Each match has its line, its live ref (a bare text line: its nearest
        ancestor's), up to 3 named ancestors and the lines printed before and after
        it. Give ``text``, ``regex`` or both (none: :class:`~browserkit.InvalidArgumentError`).

        >>> [str(m) for m in await session.find("items left")]  # doctest: +SKIP
        ['text: items left  # in contentinfo [ref=e20] | before: strong: "3"']

        Args:
            text: A case-insensitive substring to look for.
            regex: A Python regular expression searched in the same strings; with
                ``text`` too, both must match.
            urls: Also search link URLs; default False.
            limit: The most matches to list, an integer >= 1, or None for all; default
                30. The last match's ``more`` counts the rest.
            timeout_ms: {timeout}
            tab_id: {tab_id}
        """
        return await self._outlines.find(text, regex, urls, limit, timeout_ms, tab_id)

    async def screenshot(
        self,
        *,
        full_page: bool = False,
        format: Literal["jpeg", "png"] = "jpeg",
        target: Target | None = None,
        max_side: int = 1568,
        path: str | None = None,
        tab_id: str | None = None,
        timeout_ms: float | None = None,
    ) -> Screenshot:
        """An image of the viewport, the full page, or one element.

        The image is scaled down (in the browser, no image library needed) so
        its longest side is at most ``max_side``; ``source_width`` and
        ``source_height`` give the captured size in CSS pixels.

        Args:
            full_page: Capture the whole page, not only the viewport; not with
                ``target``, and refused in a read-only session
                (:class:`~browserkit.ReadOnlyError`); default False.
            format: ``"jpeg"`` (the default, quality 80) or ``"png"``.
            target: Capture only this element: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ``bk.role(...)``,
                ...); in a read-only session only its part in view. Default: the viewport.
            max_side: The image's longest side in pixels, at least 16; a bigger capture
                is scaled down to fit, never up; default 1568.
            path: Also write the image to this file (its folder must exist); default:
                not written.
            tab_id: {tab_id}
            timeout_ms: {timeout}
        """
        return await self._outlines.screenshot(
            full_page, format, target, max_side, path, tab_id, timeout_ms
        )

    async def styles(
        self,
        target: Target,
        properties: Sequence[str] | None = None,
        *,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> Styles:
        """Computed styles of an element, and its inline style.

        Args:
            target: The element: a snapshot ref (``"e3"``) or ``dom()`` ref (``"d12"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ``bk.role(...)``,
                ...); elements inside iframes too.
            properties: Which computed properties: None (the default) a curated design
                set (display, box model, colours, fonts, flex/grid, ...); names, exactly
                those (custom properties ``--x`` too; an unknown name raises
                :class:`~browserkit.InvalidArgumentError`); ``["*"]`` every one.
            timeout_ms: {timeout}
            tab_id: {tab_id}
        """
        return await self._styles.styles(target, properties, timeout_ms, tab_id)

    # ------------------------------------------------------------ acting

    async def click(
        self,
        target: Target,
        *,
        button: Button = "left",
        click_count: int = 1,
        modifiers: Sequence[Modifier] = (),
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Click an element (ref or selector) or a point.

        Returns what changed (``diff``), whether it navigated, and any dialog
        or tab it opened.

        Args:
            target: The element: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`, a
                selector (``bk.css(...)``, ``bk.role(...)``, ...) or ``bk.point(x, y)``.
            button: ``"left"`` (default), ``"right"`` or ``"middle"``.
            click_count: 1 (default), 2 for a double click, 3 for a triple click.
            modifiers: Keys held down during the click: ``"Alt"``, ``"Control"``,
                ``"ControlOrMeta"`` (Command on macOS), ``"Meta"``, ``"Shift"``; default none.
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.click(
            target, button, click_count, modifiers, observe, timeout_ms, tab_id
        )

    async def hover(
        self,
        target: Target,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Move the mouse over an element or a point.

        Args:
            target: The element (the mouse ends on its centre, scrolled into view): a
                snapshot ref (``"e3"``), a :class:`~browserkit.Ref`, a selector
                (``bk.css(...)``, ``bk.role(...)``, ...) or ``bk.point(x, y)``.
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.hover(target, observe, timeout_ms, tab_id)

    async def type(
        self,
        target: Target | None,
        text: str | Secret,
        *,
        submit: bool = False,
        clear: bool = True,
        keys: bool = False,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Type ``text`` into a field, or into the focused element.

        Args:
            target: The field: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`, a
                selector (``bk.css(...)``, ``bk.role(...)``, ...) or ``bk.point(x, y)``
                (clicked first); None: the element that has focus.
            text: The text to enter, as it is: key names are not read as keys (see
                :meth:`press`). Or ``bk.secret("NAME")``: the value of that secret of
                ``Config.secrets``, which every output shows as ``<secret:NAME>``; a
                secret bound to domains is refused in a frame of another host.
            submit: Press Enter afterwards; a navigation that follows is waited for.
                Default ``False``.
            clear: ``True`` (default): replace the field's value; ``False``: add to
                the end of it.
            keys: ``True``: press a key for each character (keydown, keypress,
                input, keyup), for a field that reacts to keys only, such as a search
                box that reads ``keyup``; ``False`` (default): enter the text at once
                (one ``input`` event), faster.
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.type(
            target, text, submit, clear, keys, observe, timeout_ms, tab_id
        )

    async def press(
        self,
        key: str,
        *,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Press a key or chord (``Enter``, ``Control+a``, ``Shift+Tab``).

        Args:
            key: A key name (``"Enter"``, ``"ArrowDown"``, ``"Escape"``), a character
                (``"a"``), or a chord of them joined by ``+`` (``"Control+a"``).
            target: The element that gets the key: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref`, a selector (``bk.css(...)``, ``bk.role(...)``,
                ...) or ``bk.point(x, y)`` (clicked first); default: whatever has focus.
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.press(key, target, observe, timeout_ms, tab_id)

    async def scroll(
        self,
        *,
        delta_y: float = 0,
        delta_x: float = 0,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Scroll the page, or a scrollable element, by CSS pixels.

        Args:
            delta_y: CSS pixels down (negative: up); default 0.
            delta_x: CSS pixels right (negative: left); default 0.
            target: The scrollable element: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref`, a selector (``bk.css(...)``, ``bk.role(...)``,
                ...) or ``bk.point(x, y)`` (a mouse wheel turned there); default: the page.
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.scroll(delta_y, delta_x, target, observe, timeout_ms, tab_id)

    async def select(
        self,
        target: Target,
        values: str | Sequence[str],
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Choose options of a native ``<select>`` by value or visible label.

        An option that does not exist raises :class:`~browserkit.TargetNotFoundError`
        listing the options, and nothing is selected.

        Args:
            target: The ``<select>``: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`
                or a selector (``bk.css(...)``, ``bk.role(...)``, ...).
            values: One option, or a list of options of a ``multiple`` select, each
                named by its value or its visible label.
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.select(target, values, observe, timeout_ms, tab_id)

    async def check(
        self,
        target: Target,
        checked: bool = True,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Tick (or with ``checked=False`` untick) a checkbox, radio or ARIA checkbox.

        Does nothing when it already has that state. The click is hit-checked
        like :meth:`click`; a custom control whose label paints over the input
        is clicked through its label.

        Args:
            target: The checkbox or radio: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ``bk.role(...)``, ...).
            checked: ``True`` (default): ticked; ``False``: unticked.
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.check(target, checked, observe, timeout_ms, tab_id)

    async def drag(
        self,
        source: Target,
        to: Target,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Drag ``source`` and drop it on ``to`` with the mouse (HTML5 drag and drop included).

        Args:
            source: What to drag: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`, a
                selector (``bk.css(...)``, ``bk.role(...)``, ...) or ``bk.point(x, y)``.
            to: Where to drop it, given the same ways: an element (dropped on its centre)
                or ``bk.point(x, y)``.
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.drag(source, to, observe, timeout_ms, tab_id)

    async def fill_form(
        self,
        fields: Sequence[Mapping[str, Any]],
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Fill several fields of mixed kinds in one call.

        Every target is resolved before anything is typed, so a bad one
        changes nothing.

        Args:
            fields: A non-empty list of ``{"target": ..., "value": ...}``. The target is
                a snapshot ref, a :class:`~browserkit.Ref` or a selector (not a point);
                the value is text for inputs and textareas, ``True``/``False`` for
                checkboxes (``True`` for a radio), an option's value or label (or a
                list) for selects, a path (or a list) for file inputs. A text may be
                ``bk.secret("NAME")`` (see :meth:`type`).
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.fill_form(fields, observe, timeout_ms, tab_id)

    async def upload(
        self,
        paths: str | Sequence[str],
        *,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Give files to a file input (``target``) or to the file chooser a click opened.

        Args:
            paths: A file path, or a list of them; each must be an existing file (else
                :class:`~browserkit.InvalidArgumentError`). An empty list cancels a
                file chooser.
            target: The file input: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`
                or a selector (``bk.css(...)``, ...); default: the file chooser a click
                opened (none open: :class:`~browserkit.InvalidArgumentError`).
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._actions.upload(paths, target, observe, timeout_ms, tab_id)

    async def set_style(
        self,
        target: Target,
        property: str,
        value: str,
        *,
        important: bool = False,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Set one inline CSS property on an element, live; an empty ``value`` removes it.

        Returns an :class:`~browserkit.ActionResult` whose ``detail`` ends with the
        element's new inline style (and whose ``diff`` shows what the change
        did to the outline, e.g. an element hidden by ``display: none``).
        The edit is not saved anywhere: it dies with the next navigation. A
        value Chromium rejects raises ``InvalidArgumentError`` and changes
        nothing.

        Args:
            target: The element: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref` or
                a selector (``bk.css(...)``, ``bk.role(...)``, ...); a point raises
                :class:`~browserkit.InvalidArgumentError`.
            property: A CSS property name (``"display"``, ``"background-color"``) or a
                custom property (``"--brand"``).
            value: The value as CSS writes it (``"none"``, ``"2px solid red"``); an empty
                string removes the property.
            important: Set it with ``!important``, so it beats the page's own
                ``!important`` rules; default ``False``.
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._styles.set_style(
            target, property, value, important, observe, timeout_ms, tab_id
        )

    async def handle_dialog(
        self,
        accept: bool,
        *,
        prompt_text: str | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Answer the open dialog (alert, confirm, prompt, beforeunload).

        With no dialog open it raises :class:`~browserkit.InvalidArgumentError`.

        Args:
            accept: ``True``: OK (accept); ``False``: Cancel (dismiss). A read-only
                session may only dismiss (accepting raises
                :class:`~browserkit.ReadOnlyError`).
            prompt_text: The answer a ``prompt()`` gets when accepted; ignored when
                dismissing and by other dialogs.
            timeout_ms: {action_timeout}
            tab_id: The tab holding the dialog (``t1``, ``t2``, ...; see ``tabs()``);
                default: the active tab.
        """
        return await self._modals.handle_dialog(accept, prompt_text, timeout_ms, tab_id)

    # --------------------------------- javascript, waiting and raw input

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
            timeout_ms: {timeout}
            tab_id: {tab_id}
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
            tab_id: {tab_id}
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
            timeout_ms: {timeout}
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
            timeout_ms: {timeout}
            tab_id: The tab to print (``t1``, ``t2``, ...; see ``tabs()``); default: the
                active tab.
        """
        return await self._scripts.pdf(path, paper, landscape, print_background, timeout_ms, tab_id)

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
            tab_id: {tab_id}
        """
        return await self._waiter.wait_for(
            text, text_gone, selector, url, timeout_ms, tab_id, time_ms
        )

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
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
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
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
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
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
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
            observe: {observe}
            timeout_ms: {action_timeout}
            tab_id: {tab_id}
        """
        return await self._input.key("up", key, observe, timeout_ms, tab_id)

    # ------------------------------------------------- tabs (navigation)

    async def tabs(self) -> list[TabInfo]:
        """The session's tabs, with the active one marked."""
        return await self._tabs.tabs()

    async def new_tab(self, url: str | None = None, *, timeout_ms: float | None = None) -> TabInfo:
        """Open a tab (and select it), optionally loading ``url``.

        Args:
            url: A URL to load in the new tab, checked like ``navigate()``'s; default:
                the tab stays blank.
            timeout_ms: Bound in milliseconds; default ``config.navigation_timeout_ms``
                when loading ``url`` (unset, or no ``url``: ``config.default_timeout_ms``),
                at most ``config.max_timeout_ms``.
        """
        return await self._tabs.new_tab(url, timeout_ms)

    async def select_tab(self, tab_id: str) -> TabInfo:
        """Make ``tab_id`` the active tab (and bring it to front).

        Args:
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); an unknown id raises
                :class:`~browserkit.PageNotFoundError`.
        """
        return await self._tabs.select_tab(tab_id)

    async def close_tab(self, tab_id: str) -> bool:
        """Close a tab; True if it was open. Closing the last tab leaves the session tab-less.

        Args:
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); an unknown or already
                closed one is no error (the answer is False).
        """
        return await self._tabs.close_tab(tab_id)

    # ------------------------------------------------------------- state

    async def storage_state(
        self,
        path: str | Path | None = None,
        *,
        indexed_db: bool = False,
        timeout_ms: float | None = None,
    ) -> StorageState:
        """The session's cookies and each origin's localStorage, to log in once and reuse it.

        Start another session from it with ``browser.start(storage_state=...)``
        (the result, its ``to_playwright()`` dict, or the file). Origins no
        tab shows are included too (every origin the session visited).

        Args:
            path: A file to also write the state to, as Playwright's JSON, readable by
                its owner only; its folder must exist. It holds session cookies: keep it
                as you would a password. Default: write no file.
            indexed_db: Also read each origin's IndexedDB databases (``OriginStorage.indexed_db``),
                as Playwright's ``storage_state(indexed_db=True)`` does; a session started
                from the state gets them back. Default ``False``.
            timeout_ms: {timeout}
        """
        return await self._state.storage_state(path, indexed_db, timeout_ms)

    async def cookies(
        self, urls: str | Sequence[str] | None = None, *, timeout_ms: float | None = None
    ) -> list[Cookie]:
        """The session's cookies; with ``urls``, only those sent to these URLs.

        HttpOnly cookies are included. A :class:`~browserkit.Cookie`'s repr
        hides its value; ``cookie.value`` holds it.

        Args:
            urls: An http(s) URL or a list of them: only the cookies a request to one
                of them would send. Default: every cookie of the session.
            timeout_ms: {timeout}
        """
        return await self._state.cookies(urls, timeout_ms)

    async def set_cookies(
        self,
        cookies: Iterable[Cookie | Mapping[str, Any]],
        *,
        timeout_ms: float | None = None,
    ) -> None:
        """Add (or replace) cookies: each a :class:`~browserkit.Cookie` or a mapping.

        A bad entry raises :class:`~browserkit.InvalidArgumentError` naming
        it, and none is set. Read-only sessions refuse it.

        Args:
            cookies: A list of cookies. A mapping has Playwright's keys: ``name``,
                ``value`` and either ``url`` or ``domain`` (with ``path``, default ``/``);
                optional ``expires`` (seconds since the epoch; -1: a session cookie),
                ``httpOnly``, ``secure``, ``sameSite`` (``Strict``, ``Lax``, ``None``).
            timeout_ms: {timeout}
        """
        await self._state.set_cookies(cookies, timeout_ms)

    async def clear_cookies(
        self,
        *,
        name: str | None = None,
        domain: str | None = None,
        path: str | None = None,
        timeout_ms: float | None = None,
    ) -> int:
        """Remove the session's cookies (only those matching every filter given); how many went.

        Read-only sessions refuse it.

        Args:
            name: Only the cookies of this name. Default: any name.
            domain: Only the cookies whose ``domain`` is this. Default: any domain.
            path: Only the cookies whose ``path`` is this. Default: any path.
            timeout_ms: {timeout}
        """
        return await self._state.clear_cookies(name, domain, path, timeout_ms)

    async def local_storage(
        self,
        origin: str | None = None,
        *,
        update: Mapping[str, str] | None = None,
        remove: Sequence[str] = (),
        clear: bool = False,
        timeout_ms: float | None = None,
    ) -> dict[str, str]:
        """An origin's localStorage items, after any writes (``clear``, ``remove``, ``update``).

        Reads and writes go through the browser, not the page's scripts, so a
        page cannot fake what is read. Writing needs a tab (or frame) of the
        session showing that origin, else
        :class:`~browserkit.InvalidArgumentError`; reading an origin no tab
        shows answers from the session's storage state. Read-only sessions
        refuse writes. The writes apply in the order ``clear``, ``remove``,
        ``update``.

        Args:
            origin: The origin (``http://127.0.0.1:8000``, or any URL of it); default:
                the active tab's.
            update: Items to set, key to value (both strings). Default: set none.
            remove: Keys to delete. Default: delete none.
            clear: Delete every item first. Default ``False``.
            timeout_ms: {timeout}
        """
        return await self._state.local_storage(origin, update, remove, clear, timeout_ms)

    async def session_storage(
        self,
        origin: str | None = None,
        *,
        update: Mapping[str, str] | None = None,
        remove: Sequence[str] = (),
        clear: bool = False,
        timeout_ms: float | None = None,
    ) -> dict[str, str]:
        """An origin's sessionStorage items in one tab, after any writes (``clear``, ``remove``,
        ``update``).

        sessionStorage belongs to a tab: this is the active tab's when it shows
        the origin, else the first other tab of the session that does; no tab
        showing it raises :class:`~browserkit.InvalidArgumentError`. Like
        :meth:`local_storage`, it goes through the browser, not the page's
        scripts, and read-only sessions refuse writes.

        Args:
            origin: The origin (``http://127.0.0.1:8000``, or any URL of it); default:
                the active tab's.
            update: Items to set, key to value (both strings). Default: set none.
            remove: Keys to delete. Default: delete none.
            clear: Delete every item first. Default ``False``.
            timeout_ms: {timeout}
        """
        return await self._state.session_storage(origin, update, remove, clear, timeout_ms)

    async def resize(self, width: int, height: int, *, timeout_ms: float | None = None) -> None:
        """Set the viewport of every tab of the session, and of the tabs it opens later.

        The page lays itself out again (and may fire ``resize``): read-only
        sessions refuse it.

        Args:
            width: The viewport's width in CSS pixels, from 1 to 10,000.
            height: The viewport's height in CSS pixels, from 1 to 10,000.
            timeout_ms: {timeout}
        """
        await self._resizer.resize(width, height, timeout_ms)

    async def emulate_media(
        self,
        *,
        color_scheme: ColorScheme | None = None,
        reduced_motion: ReducedMotion | None = None,
        forced_colors: ForcedColors | None = None,
        media: MediaType | None = None,
        timeout_ms: float | None = None,
    ) -> None:
        """Emulate CSS media features in every tab of the session, and in the tabs it opens later.

        What ``matchMedia`` and ``@media`` see changes at once, without a
        reload: ``emulate_media(color_scheme="dark")`` turns on a page's dark
        theme. A feature left ``None`` keeps what it was; give at least one.
        Read-only sessions refuse it (the page restyles itself); so does an
        attached session (its tabs are the user's).

        >>> await session.emulate_media(color_scheme="dark")  # doctest: +SKIP

        Args:
            color_scheme: ``prefers-color-scheme``: ``"light"``, ``"dark"`` or
                ``"no-preference"``.
            reduced_motion: ``prefers-reduced-motion``: ``"reduce"`` or ``"no-preference"``.
            forced_colors: ``forced-colors``: ``"active"`` (a high-contrast theme) or ``"none"``.
            media: The CSS media type: ``"screen"`` or ``"print"``.
            timeout_ms: {timeout}
        """
        await self._media.emulate(color_scheme, reduced_motion, forced_colors, media, timeout_ms)

    async def throttle(
        self,
        network: NetworkConditions | None = None,
        *,
        cpu: float = 1,
        timeout_ms: float | None = None,
    ) -> None:
        """Slow the session's network and CPU down, in every tab and the tabs it opens later.

        Each call sets both: ``throttle()`` alone ends all throttling. The
        presets are Chrome DevTools' (``"slow-3g"``: 2 s of latency, 400 kbit/s
        each way; ``"fast-3g"``: 562.5 ms, 1.44 Mbit/s down, 675 kbit/s up);
        ``"offline"`` fails every request as without a connection. This is
        apart from :meth:`offline`: a session taken offline there stays offline
        whatever the throttle. Read-only sessions refuse it; so does an
        attached session.

        >>> await session.throttle("slow-3g", cpu=4)  # doctest: +SKIP

        Args:
            network: ``"slow-3g"``, ``"fast-3g"``, ``"offline"``, or a mapping of
                ``latency_ms`` (added to each request), ``download_kbps`` and
                ``upload_kbps`` (kilobits a second; left out or 0: not capped).
                Default ``None``: the network is not throttled.
            cpu: How many times slower the pages' CPU runs, from 1 (not throttled, the
                default) to 100.
            timeout_ms: {timeout}
        """
        await self._throttle.throttle(network, cpu, timeout_ms)

    # ----------------------------------------------------------- network

    async def route(
        self,
        pattern: str,
        *,
        block: bool = False,
        respond: Mapping[str, Any] | None = None,
        delay_ms: float | None = None,
        timeout_ms: float | None = None,
    ) -> tuple[str, ...]:
        """Handle the session's requests whose URL matches ``pattern``; returns the patterns routed.

        Give exactly one of ``block``, ``respond`` and ``delay_ms``. Routes
        are the session's: every tab, popups too, until :meth:`unroute` or
        the end of the session. A route for a pattern already routed replaces
        it. The requests a route handles show it in the network buffer
        (``routed``: ``blocked``, ``fulfilled 200``, ``delayed 500 ms``).

        None or several of the three, or a bad value, raise
        :class:`~browserkit.InvalidArgumentError` and change nothing;
        read-only sessions raise ``ReadOnlyError``; an attached session
        cannot route (it would change its whole browser).

        >>> await session.route("**/ratings.json*", block=True)  # doctest: +SKIP
        ('**/ratings.json*',)

        Args:
            pattern: A Playwright URL glob (``**/api/items*``: ``*`` stays within a path
                segment, ``**`` crosses them) or, written ``/.../``, a regular expression
                searched in the URL.
            block: ``True``: the request fails as blocked by the client (a tracker, an ad).
            respond: The answer the browser gets, the server never asked (a mocked API).
                Keys: ``status`` (default 200), ``headers`` (a dict), ``body`` (str or
                bytes) or ``json`` (any JSON-able value, sent with ``application/json``),
                ``content_type``.
            delay_ms: Milliseconds the request waits before it goes to the server (a slow
                backend); more than 0, at most ``config.max_timeout_ms``.
            timeout_ms: {timeout}
        """
        return await self._routes.route(pattern, block, respond, delay_ms, timeout_ms)

    async def unroute(self, pattern: str, *, timeout_ms: float | None = None) -> bool:
        """Remove the route of ``pattern`` (as it was given to :meth:`route`); False if none.

        Requests matching it go to the server again. Read-only sessions raise
        ``ReadOnlyError``.

        Args:
            pattern: The pattern exactly as it was routed (see ``sessions()``, whose
                ``routes`` lists them).
            timeout_ms: {timeout}
        """
        return await self._routes.unroute(pattern, timeout_ms)

    async def offline(self, flag: bool, *, timeout_ms: float | None = None) -> bool:
        """Take the session off the network (``True``) or back on (``False``); returns ``flag``.

        Offline, every request of every tab fails at once (as without a
        connection) and ``navigator.onLine`` is false; pages already loaded
        stay. Read-only sessions raise ``ReadOnlyError``; an attached session
        cannot go offline (it would take its whole browser offline).

        Args:
            flag: ``True`` to go offline, ``False`` to come back online.
            timeout_ms: {timeout}
        """
        return await self._routes.set_offline(flag, timeout_ms)

    # --------------------------------------------------- people: handoff

    async def handoff(
        self,
        instructions: str,
        *,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> Handoff:
        """Hand the tab to a person until they click Continue, or someone confirms.

        Shows ``instructions`` and a Continue button in a banner at the top
        of the page (again after each navigation while it waits). It ends
        when a person clicks Continue (``via="in_page"``; only a trusted
        click counts, so the page's own scripts cannot end it), when
        :meth:`AsyncBrowser.confirm_handoff` is called (``"confirm_call"``),
        or at the timeout (``"timeout"``, ``confirmed=False``). Use it for
        logins, CAPTCHAs and anything an agent must not do itself. A read-only
        session refuses it (:class:`~browserkit.ReadOnlyError`): the banner
        changes the page.

        Args:
            instructions: What the person should do, shown in the banner; a non-empty
                string (else :class:`~browserkit.InvalidArgumentError`).
            timeout_ms: How long to wait for the person, in milliseconds; default
                ``config.default_timeout_ms`` (short for a person: pass more), at most
                ``config.max_timeout_ms``.
            tab_id: {tab_id}
        """
        return await self._handoffs.handoff(instructions, timeout_ms, tab_id)

    # ---------------------------------------- people: live view and pick

    async def live(self, *, timeout_ms: float | None = None) -> LiveView:
        """Start a live view of the session and return it (a second call returns the running one).

        The view is a web page on this machine, at ``view.url``: the active
        tab's screen as it changes (a screencast: Chromium sends a frame only
        when something was drawn, so an idle page costs nothing), the tab
        list, the URL and the session's last actions. In a notebook the
        returned :class:`LiveView` renders it inline.

        A person can take over from the view: their first click, wheel turn
        or key there takes control of the session and goes to the page as
        trusted input (as from a real mouse and keyboard). While they have
        control, the agent's actions and other calls that change the page
        raise :class:`ModalStateBlockedError` at once (reading still works),
        until they press "Hand back" or the view stops. A :meth:`handoff`
        also shows its instructions and a Continue button in the view.

        It listens on 127.0.0.1 only, on a free port, and refuses every
        request without the view's random token (it is in ``view.url``: treat
        that URL like a password) or from another origin. A read-only
        session's view only watches: it refuses input.

        ``view.stop()`` ends it; the session's stop does too. Raises
        :class:`SessionClosedError` on a stopped session and
        :class:`TimeoutError` if the server could not start in ``timeout_ms``.

        >>> view = await session.live()
        >>> print(view.url)  # open it in a browser on this machine

        Args:
            timeout_ms: Bound in milliseconds on starting the view's server; default
                ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
        """
        return await self._live_views.live(timeout_ms)

    async def pick(self, prompt: str | None = None, *, timeout_ms: float | None = None) -> Picked:
        """Wait for a person to pick an element in the live view; its ``p`` ref.

        Starts the live view if none runs (:meth:`live`; its ``url`` is what
        the person opens) and puts it in pick mode, showing the prompt: the
        element under their pointer is outlined in the page with its tag,
        id and accessible name, and their next click picks it and clicks
        nothing in the page. Works in iframes and open shadow roots, on the
        active tab.

        The returned :class:`~browserkit.Picked` has ``ref`` (``p1``,
        ``p2``, ...), a target every method accepts, checked like any ref:
        stale after its tab navigates (:class:`~browserkit.StaleRefError`),
        gone once its element leaves the page, never another element. Also
        on a read-only session: picking changes nothing in the page.

        One pick at a time per session (a second raises
        :class:`~browserkit.InvalidArgumentError`).

        Args:
            prompt: What the view asks the person to pick; default ``"Click the element
                the agent should use"``.
            timeout_ms: How long to wait for the person, in milliseconds; default and
                upper bound ``config.max_timeout_ms`` (a person's wait). Then
                :class:`~browserkit.TimeoutError`, with the view's URL in its hint.
        """
        return await self._picking.pick(prompt, timeout_ms)

    # ------------------------------------------ recorded runs as scripts

    @shared_args
    async def locator(
        self, target: Target, *, timeout_ms: float | None = None, tab_id: str | None = None
    ) -> Selector:
        """A selector that finds the element ``target`` names again on a fresh load.

        Chosen the way a careful person would: the test id, else the role and
        accessible name, the label, the placeholder, the exact text (with
        ``nth=`` when a few elements share it), a CSS path last; checked
        unique now with Playwright's own locator count. Its repr reads as code:

        >>> s.locator("e3")  # doctest: +SKIP
        bk.role("button", "Save")

        Every action's result carries the same for its element (``ActionResult.locator``).

        Args:
            target: A ref (``"e3"``, ``"p1"``, ``"d4"``) or a selector.
            timeout_ms: {timeout}
            tab_id: {tab_id}
        """
        return await self._locators.of(target, timeout_ms, tab_id)

    def script(self, *, reset: bool = False) -> Script:
        """The session's successful actions since it started (or the last reset), as a script.

        Each step holds the action, the stable locator of its element
        (:meth:`locator`), its arguments and one check taken from what it
        changed: the new URL after a navigation, a text that appeared, the
        checkbox's new state. Failed actions and reads are left out; a secret
        typed stays its name. Turn it into code with
        :meth:`Script.to_python`, keep it with :meth:`Script.save`, run it
        again with :func:`browserkit.replay`.

        Args:
            reset: Start a new script after this one: later calls hold only
                the actions made after it.
        """
        return self._step_recorder.script(reset)

    # --------------------------------------------------------- recording

    async def record(
        self,
        path: str | Path,
        *,
        video: bool = False,
        har: bool = False,
        timeout_ms: float | None = None,
    ) -> None:
        """Start recording the session as a Playwright trace, written to ``path``.

        The trace holds every tab's screenshots, DOM snapshots and network,
        with each browserkit action and navigation as a named step: what it
        did and to what (``clicked e7 (button "Add to cart")``), and its
        outcome inside (``→ 2 changes: ...``, ``→ failed: ...``). It is
        written by :meth:`stop_recording`, or when the session stops; a
        session whose browser crashed writes none. Open it with
        ``python -m playwright show-trace <path>``. It holds no secrets:
        what was typed into password and card fields, HttpOnly cookies and
        credential headers are replaced (``<redacted:…>``) before it is
        written, with ``show_secrets=True`` too.

        With ``har=True`` a HAR 1.2 file of the session's requests is written
        beside it (``run.zip`` → ``run.har``, bodies embedded), cleared of
        secrets the same way; with ``video=True`` a ``.webm`` video of each
        tab (``run-t1.webm``, ...; tabs opened meanwhile too; a tab closed
        before the end keeps none). Video needs ffmpeg: Playwright's, or one
        on PATH, else :class:`~browserkit.BrowserNotFoundError`.

        Raises :class:`~browserkit.InvalidArgumentError` when a recording is
        already under way, when ``path`` is not a ``.zip`` or its folder is
        missing, when the session already writes the HAR or videos asked for
        (``start(har_path=..., video_dir=...)``), and on an attached session
        (its trace would hold the whole Chrome). Recording changes nothing in
        the page: read-only sessions may record.

        Args:
            path: The trace file to write, a ``.zip`` in a folder that exists and you
                may write; an existing file there is replaced.
            video: Also record a video of each tab, beside the trace. Default ``False``.
            har: Also write a HAR of the session's requests, beside the trace. Default
                ``False``.
            timeout_ms: Bound in milliseconds on starting the recording; default
                ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
        """
        return await self._recordings.record(path, video, har, timeout_ms)

    async def stop_recording(self, *, timeout_ms: float | None = None) -> Recording:
        """Stop recording and write the trace zip, and its HAR and videos; where they are.

        The files are readable by their owner only (they hold what the pages
        showed); existing files at those paths are replaced. Open the trace with
        ``python -m playwright show-trace <path>``, or at
        https://trace.playwright.dev (which reads it in your browser, without
        uploading it). Raises :class:`~browserkit.InvalidArgumentError` when
        no recording is under way, and :class:`~browserkit.TimeoutError` when
        the trace cannot be cleared of secrets in time (it is then dropped).

        Args:
            timeout_ms: Bound in milliseconds on writing the trace; default
                ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
        """
        return await self._recordings.stop_recording(timeout_ms)

    # --------------------------------------------------------- lifecycle

    async def stop(self) -> bool:
        """Close the session and its tabs; True if it was running. Safe to call twice."""
        return await self._core.browser.stop(self._core.id)

    def __repr__(self) -> str:
        state = "closed" if self._core.closed else self.url
        return f"<AsyncSession {self._core.id} {state}>"
