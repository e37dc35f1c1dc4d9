"""AsyncSession: the public face of a session; each method delegates to one capability.

The sync ``Session`` is generated from this class: its signatures and
docstrings are the API reference. See docs/architecture.md for the layout.
"""

from __future__ import annotations

from browserkit._async._actions import Actions
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
from browserkit._async._session_actions import ActionMethods
from browserkit._async._session_extras import ExtraMethods
from browserkit._async._session_live import LiveMethods
from browserkit._async._session_network import NetworkMethods
from browserkit._async._session_pick import PickMethods
from browserkit._async._session_reading import ReadingMethods
from browserkit._async._session_recording import RecordingMethods
from browserkit._async._session_state import StateMethods
from browserkit._async._styles import StyleEditor
from browserkit._async._tabs import Tabs
from browserkit._async._targets import Targets
from browserkit._async._world import World
from browserkit.results import (
    Handoff,
    HistoryMove,
    Navigation,
    TabInfo,
)

__all__ = ["AsyncSession"]


class AsyncSession(
    ReadingMethods,
    ActionMethods,
    StateMethods,
    NetworkMethods,
    ExtraMethods,
    RecordingMethods,
    LiveMethods,
    PickMethods,
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
            timeout_ms: Bound in milliseconds; default ``config.navigation_timeout_ms``
                (unset: ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            observe: Wait for the new page to render and answer with its compact outline
                in ``Navigation.page``; default ``config.observe_actions``.
        """
        return await self._navigator.navigate(url, timeout_ms, observe)

    async def back(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Go back one entry (``moved=False`` at the start); ``timed_out`` after 5 s of load.

        Args:
            timeout_ms: Bound in milliseconds; default ``config.navigation_timeout_ms``
                (unset: ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
        """
        return await self._navigator.history(-1, timeout_ms)

    async def forward(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Go forward one history entry; ``moved=False`` (no error) at the end of history.

        Args:
            timeout_ms: Bound in milliseconds; default ``config.navigation_timeout_ms``
                (unset: ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
        """
        return await self._navigator.history(1, timeout_ms)

    async def reload(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Reload the active tab (a new generation: earlier refs go stale).

        Args:
            timeout_ms: Bound in milliseconds; default ``config.navigation_timeout_ms``
                (unset: ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
        """
        return await self._navigator.reload(timeout_ms)

    # -------------------------------------------------------------- tabs

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

    # ------------------------------------------------- human in the loop

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
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._handoffs.handoff(instructions, timeout_ms, tab_id)

    # --------------------------------------------------------- lifecycle

    async def stop(self) -> bool:
        """Close the session and its tabs; True if it was running. Safe to call twice."""
        return await self._core.browser.stop(self._core.id)

    def __repr__(self) -> str:
        state = "closed" if self._core.closed else self.url
        return f"<AsyncSession {self._core.id} {state}>"
