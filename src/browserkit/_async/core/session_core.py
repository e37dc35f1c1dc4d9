"""The session core: what every capability of a session shares.

A :class:`SessionCore` holds the session's browser context, its tabs and the
active one, the config and the evidence buffers, plus the mechanics every
capability module uses: the checks a call makes before touching the page
(open, writable, no modal state), timeouts, and translating Playwright's
errors into browserkit's. Capability modules (navigation, outline, actions,
...) are small classes built from a core; :class:`AsyncSession` is the public
face that delegates to them.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from playwright.async_api import BrowserContext, Dialog, FileChooser, Page
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browserkit._async.core import page_scripts
from browserkit._async.core.events import DialogOpened, Events, Navigated, TabClosed, TabOpened
from browserkit._async.core.tab import Tab, apply_dialog_policy, on_close, swallow, unless_blocked
from browserkit._async.evidence.hooks import Evidence
from browserkit._async.evidence.views import AsyncDownloads, ConsoleView
from browserkit._fence import Fence
from browserkit._text import well_formed_str
from browserkit.config import Config, TimeoutKind
from browserkit.errors import (
    BrowserCrashedError,
    BrowserkitError,
    InvalidArgumentError,
    ModalStateBlockedError,
    PageNotFoundError,
    ReadOnlyError,
    SessionClosedError,
    TimeoutError,
)

__all__ = ["BrowserLink", "SessionCore", "is_closed_error", "now_ms"]

T = TypeVar("T")


def now_ms() -> int:
    return int(time.time() * 1000)


def is_closed_error(exc: BaseException) -> bool:
    """Whether ``exc`` is Playwright's "target closed" error (page, context or browser gone).

    By type, never by message: Playwright raises ``TargetClosedError`` (not
    exported by its public API, hence the name check) and names it so on
    errors from its driver.
    """
    if getattr(exc, "name", None) == "TargetClosedError":
        return True
    return any(cls.__name__ == "TargetClosedError" for cls in type(exc).__mro__)


class BrowserLink(Protocol):
    """What a session needs of the browser that made it (``AsyncBrowser``).

    A protocol rather than an import, so the browser module can import the
    session without the session importing it back.
    """

    @property
    def config(self) -> Config: ...

    @property
    def crashed(self) -> bool: ...

    async def stop(self, session_id: str) -> bool: ...

    def _open_handoff(self, session_id: str) -> tuple[str, asyncio.Event]: ...

    def _close_handoff(self, handoff_id: str) -> None: ...


class SessionCore:
    """A session's context, tabs, config and evidence, and the checks every call makes."""

    def __init__(
        self,
        browser: BrowserLink,
        session_id: str,
        context: BrowserContext,
        *,
        read_only: bool,
        owns_context: bool = True,
        attached: Page | None = None,
        owns_attached: bool = True,
    ) -> None:
        self.browser = browser
        self.config: Config = browser.config
        self.id = session_id
        self.context = context
        self.read_only = read_only
        self.owns_context = owns_context
        self.tabs: dict[str, Tab] = {}
        self.active: str | None = None
        self._next_tab = 1
        self.closed = False
        self.closed_reason = "the session was stopped"
        # Set when the browser under the session died (not a stop): calls
        # then raise BrowserCrashedError, and waits on the page end at once.
        self.crashed = False
        self.gone = asyncio.Event()
        self.created_ms = now_ms()
        self.last_used_ms = self.created_ms
        # Tabs that joined since the current action began (popups).
        self.new_tabs: list[str] = []
        # Set while a stuck tab's page is being replaced: that new page is not a popup.
        self.replacing = False
        self.evidence = Evidence(self.config)
        # Tabs whose renderer crashed: their calls fail for good (see translate).
        self.crashed_pages: set[str] = set()
        self.console = ConsoleView(self.evidence.console)
        self.downloads = AsyncDownloads(self.evidence)
        # Which local browser the session lives in (None: an attached one).
        self.browser_headless: bool | None = True if attached is None else None
        # An attached session lives in someone else's browser: it owns only
        # its tab (new, or adopted) and the popups that tab opens.
        self.attached = attached
        self.owns_attached = owns_attached
        self.cdp_url: str | None = None
        # The pool endpoint the session was placed on (None: a local launch or attach).
        self.endpoint: str | None = None
        self.endpoint_label: str | None = None  # the same, without its query
        # Run by shutdown() before the context closes (a recording's trace is
        # written there); a session whose browser died skips them.
        self.on_shutdown: list[Callable[[], Awaitable[None]]] = []
        # Set while a person has control in the live view: what holds the
        # session; mutating calls then raise ModalStateBlockedError.
        self.taken_over: str | None = None
        # What happened in the session, told to whoever watches (see _events).
        self.events = Events()
        if attached is None:
            context.on("page", self._on_new_page)

    @property
    def fence(self) -> Fence | None:
        """The session's domain fence (None: any host); its proxy enforces it."""
        return self.evidence.fence

    def own_context_only(self, what: str, because: str, hint: str) -> None:
        """Refuse ``what`` on an attached session: its context is the user's whole Chrome."""
        if self.attached is not None:
            raise InvalidArgumentError(
                f"{what} is not available on an attached session: {because}", hint=hint
            )

    # ------------------------------------------------------------------ tabs

    async def setup(self) -> None:
        if self.attached is not None:
            if self.owns_attached:
                await self.attached.add_init_script(page_scripts.PRISTINE)
            self.adopt(self.attached)
        else:
            await self.context.add_init_script(page_scripts.PRISTINE)
            for page in self.context.pages:
                self.adopt(page)
            if not self.tabs:
                self.adopt(await self.context.new_page())
        for tab_id in self.tabs:
            # So the first navigation's requests are recorded too.
            await self.evidence.ready(tab_id)

    def _on_new_page(self, page: Page) -> None:
        if self.closed or self.replacing or any(t.page is page for t in self.tabs.values()):
            return
        tab = self.adopt(page)
        self.new_tabs.append(tab.tab_id)

    def adopt(self, page: Page, tab_id: str | None = None) -> Tab:
        """The tab of ``page``, made (and wired to the evidence buffers) on first sight.

        ``tab_id``: reuse that id (a page replacing a stuck one, see _recover).
        """
        for tab in self.tabs.values():
            if tab.page is page:
                return tab
        if tab_id is None:
            tab_id = f"t{self._next_tab}"
            self._next_tab += 1
        tab = Tab(page, tab_id)
        self.tabs[tab_id] = tab
        if self.active is None:
            self.active = tab_id
        tab.listen(page, "dialog", lambda dialog: self._on_dialog(tab, dialog))
        # Listening makes Playwright intercept file choosers instead of
        # letting a native dialog open; upload() answers them.
        tab.listen(page, "filechooser", lambda chooser: self._on_dialog(tab, chooser))
        tab.on_new_document = lambda: self.events.navigated(Navigated(tab, tab.generation))
        self.evidence.watch(page, tab_id, tab.cdp_session(), tab.listen)
        tab.listen(page, "crash", lambda _page: self.crashed_pages.add(tab_id))
        if self.attached is not None:
            tab.listen(page, "popup", self._on_new_page)
        on_close(tab, self._on_tab_closed)
        self.events.tab_opened(TabOpened(tab))
        return tab

    def _on_dialog(self, tab: Tab, opened: Dialog | FileChooser) -> None:
        """Hold or answer a dialog (by the dialog policy) or hold a file chooser; tell observers."""
        told = tab.dialog_info
        if isinstance(opened, Dialog):
            silenced, leaving = tab.dialogs_silenced, tab.leaving
            apply_dialog_policy(tab, opened, self.config.dialog_policy)
            # Dialogs nobody will see: the console keeps the word.
            said = None
            if leaving and opened.type != "beforeunload":
                said = (
                    f"browserkit: dismissed a {opened.type} of the page being left "
                    f"({well_formed_str(opened.message)!r}); its further alert/confirm/prompt "
                    "calls are suppressed"
                )
            elif tab.dialogs_silenced and not silenced:
                said = (
                    f"browserkit: a dialog storm ({opened.type}); this page's further "
                    "alert/confirm/prompt calls are suppressed until it navigates"
                )
            if said is not None:
                self.evidence.console.append(
                    level="warning", text=said, source=tab.page.url, tab_id=tab.tab_id
                )
        else:
            tab.hold_chooser(opened)
        if tab.dialog_info is not None and tab.dialog_info is not told:
            # (Unchanged: a document being left answered it without a word.)
            self.events.dialog_opened(DialogOpened(tab, tab.dialog_info))

    def _on_tab_closed(self, tab: Tab) -> None:
        self.forget(tab.tab_id)

    def forget(self, tab_id: str) -> Tab | None:
        """Drop a tab from the session; the next one becomes active if it was."""
        tab = self.tabs.pop(tab_id, None)
        if self.active == tab_id:
            self.active = next(iter(self.tabs), None)
        if tab is not None:
            self.events.tab_closed(TabClosed(tab))
        return tab

    def tab_of(self, page: Page, fallback: Tab) -> Tab:
        """The session's tab showing ``page`` (``fallback`` when none does)."""
        if fallback.page is page:
            return fallback
        return next((t for t in self.tabs.values() if t.page is page), fallback)

    # ---------------------------------------------------------------- checks

    @property
    def crash_hint(self) -> str:
        if self.endpoint is not None:
            return "start a new session: it is placed on an endpoint that answers"
        return "start a new session (a new browser is launched for it)"

    def closed_error(self) -> SessionClosedError | BrowserCrashedError:
        if self.crashed:
            return BrowserCrashedError(
                f"session {self.id} is gone: {self.closed_reason}", hint=self.crash_hint
            )
        return SessionClosedError(f"session {self.id} is closed: {self.closed_reason}")

    def ensure_open(self) -> None:
        if self.closed:
            raise self.closed_error()

    def ensure_writable(self) -> None:
        self.ensure_open()
        if self.read_only:
            raise ReadOnlyError(f"session {self.id} is read-only")

    def check(
        self, *, mutating: bool = False, tab_id: str | None = None, answering_chooser: bool = False
    ) -> Tab:
        """The tab a call works on, after checking the session may make it.

        Raises when the session is closed, when a read-only session is asked
        to change the page, and when a dialog or file chooser holds the tab
        (except for the call that answers a chooser).
        """
        if mutating:
            self.ensure_writable()
        else:
            self.ensure_open()
        tab = self.tab(tab_id)
        if mutating:
            if self.taken_over is not None:
                raise ModalStateBlockedError(
                    f"session {self.id} is held: {self.taken_over}",
                    hint="wait until the person hands control back in the live view",
                )
            tab.acts += 1
        if not (answering_chooser and tab.pending_dialog is None):
            error = tab.modal_error()
            if error is not None:
                raise error
        self.last_used_ms = now_ms()
        return tab

    def tab(self, tab_id: str | None) -> Tab:
        key = tab_id if tab_id is not None else self.active
        if key is None or key not in self.tabs:
            self.ensure_open()
            known = ", ".join(self.tabs) or "none"
            raise PageNotFoundError(f"no tab {key!r} in session {self.id} (tabs: {known})")
        return self.tabs[key]

    def timeout(self, timeout_ms: float | None, kind: TimeoutKind = "default") -> float:
        return self.config.clamp_timeout(timeout_ms, kind)

    def observe(self, observe: bool | None) -> bool:
        return self.config.observe_actions if observe is None else bool(observe)

    # ---------------------------------------------------------------- errors

    async def bounded(
        self, coro: Awaitable[T], what: str, timeout_ms: float, tab: Tab | None = None
    ) -> T:
        """Run a Playwright call within ``timeout_ms``, translating its errors into browserkit's.

        With ``tab``, the call needs that page's scripts to run: a dialog the
        page opens meanwhile ends it with ModalStateBlockedError instead of a
        wait as long as the dialog stays (see :func:`unless_blocked`).
        """
        if self.gone.is_set():
            discard_unstarted(coro)  # refused before it ran: no "never awaited" warning
            raise self.closed_error()
        call = coro if tab is None else unless_blocked(tab, coro)
        try:
            # Bounded here too: a page stuck in script (or in layout) leaves
            # some Playwright calls without a timeout of their own waiting.
            return await asyncio.wait_for(self.unless_gone(call), max(0.001, timeout_ms / 1000))
        except BrowserkitError:
            raise
        except (PlaywrightTimeoutError, asyncio.TimeoutError):
            raise TimeoutError(
                f"{what} did not finish within {int(timeout_ms)} ms",
                hint="raise timeout_ms, or take a snapshot to check the page state",
            ) from None
        except PlaywrightError as exc:
            error = self.translate(exc, what)
            closing = type(error) is BrowserkitError or (
                isinstance(error, SessionClosedError) and not self.closed
            )
            if closing and tab is not None and self._tab_went(tab):
                # CDP's own words for a closing page ("Not attached to an
                # active page") vary; the tab's state says what happened.
                error = PageNotFoundError(
                    f"{what}: tab {tab.tab_id} was closed", hint="list the tabs with tabs()"
                )
            raise error from None

    def _browser_gone(self) -> bool:
        """Whether the connection to the session's browser is down (before its event came)."""
        browser = self.context.browser
        return browser is not None and not browser.is_connected()

    def _tab_went(self, tab: Tab) -> bool:
        return tab.closed or tab.page.is_closed() or self.tabs.get(tab.tab_id) is not tab

    async def unless_gone(self, call: Awaitable[T]) -> T:
        """Await ``call`` unless the session goes away first (its browser died, or a stop).

        Then the session's closed error is raised at once instead of waiting
        out a bound that can no longer be met.
        """
        if self.gone.is_set():
            discard_unstarted(call)
            raise self.closed_error()
        task = asyncio.ensure_future(call)
        gone = asyncio.ensure_future(self.gone.wait())
        try:
            await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            if not task.done():
                task.cancel()
            # Also when it failed just as we were cancelled: nobody else retrieves that.
            task.add_done_callback(swallow)
        if not task.done() or task.cancelled():
            raise self.closed_error()
        return task.result()

    def translate(self, exc: PlaywrightError, what: str) -> BrowserkitError:
        """Playwright's error as browserkit's, classified by its type and the session's state.

        Never by the words of its message: messages carry URLs and page text
        (a URL with "crash" in it is no crash). A closed target is a crash
        when the browser died or the active page crashed, else a close; a
        Playwright timeout is a timeout; anything else is the generic error
        of ``what`` (callers that know the operation, such as navigation,
        give it its specific class).
        """
        text = str(exc.message if hasattr(exc, "message") else exc).strip()
        first = text.splitlines()[0] if text else "unknown error"
        if self.crashed:
            return BrowserCrashedError(f"{what}: {self.closed_reason}", hint=self.crash_hint)
        if self.browser.crashed or self._browser_gone():
            where = f"the browser at {self.endpoint_label}" if self.endpoint else "the browser"
            return BrowserCrashedError(f"{what}: {where} went away", hint=self.crash_hint)
        if self.active is not None and self.active in self.crashed_pages:
            return BrowserCrashedError(
                f"{what}: the page {self.active} crashed",
                hint="close_tab() it and open a new tab, or start a new session",
            )
        if is_closed_error(exc):
            return SessionClosedError(f"{what}: the page or session was closed")
        if isinstance(exc, PlaywrightTimeoutError) or getattr(exc, "name", None) == "TimeoutError":
            return TimeoutError(f"{what}: {first}")
        return BrowserkitError(f"{what}: {first}")

    # ------------------------------------------------------------- lifecycle

    def mark_closed(self, reason: str, *, crashed: bool = False) -> None:
        """Mark the session closed without touching the browser (it went away)."""
        self.closed = True
        self.closed_reason = reason
        self.crashed = self.crashed or crashed
        self.gone.set()

    async def shutdown(self, reason: str) -> bool:
        if self.closed:
            return False
        for hook in self.on_shutdown:
            with contextlib.suppress(Exception):
                await hook()
        self.mark_closed(reason)
        await self.evidence.close()
        if self.attached is not None:
            for tab in list(self.tabs.values()):
                try:
                    if tab.page is self.attached and not self.owns_attached:
                        await tab.release()  # adopted: hand it back untouched
                    else:
                        await tab.page.close()
                except PlaywrightError:
                    pass
        elif self.owns_context:
            try:
                await self.context.close()
            except PlaywrightError:
                pass
        return True


def discard_unstarted(call: object) -> None:
    """Close ``call`` if it is a coroutine that never ran (a call refused before
    it started), so Python does not warn that it was never awaited."""
    if inspect.iscoroutine(call) and inspect.getcoroutinestate(call) == inspect.CORO_CREATED:
        call.close()
