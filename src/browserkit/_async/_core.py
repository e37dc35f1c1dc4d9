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
import time
from collections.abc import Awaitable
from typing import Protocol, TypeVar

from playwright.async_api import BrowserContext, Page
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browserkit._async import _js
from browserkit._async._evidence import AsyncDownloads, ConsoleView, Evidence, NetworkView
from browserkit._async._tab import Tab, apply_dialog_policy, on_close, unless_blocked
from browserkit.config import Config
from browserkit.errors import (
    BrowserCrashedError,
    BrowserkitError,
    NavigationFailedError,
    PageNotFoundError,
    ReadOnlyError,
    SessionClosedError,
    TimeoutError,
)

__all__ = ["BrowserLink", "SessionCore", "now_ms"]

T = TypeVar("T")


def now_ms() -> int:
    return int(time.time() * 1000)


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
        self.created_ms = now_ms()
        self.last_used_ms = self.created_ms
        # Tabs that joined since the current action began (popups).
        self.new_tabs: list[str] = []
        self.evidence = Evidence(self.config)
        self.console = ConsoleView(self.evidence.console)
        self.network = NetworkView(self.evidence.network)
        self.downloads = AsyncDownloads(self.evidence)
        # Which local browser the session lives in (None: an attached one).
        self.browser_headless: bool | None = True if attached is None else None
        # An attached session lives in someone else's browser: it owns only
        # its tab (new, or adopted) and the popups that tab opens.
        self.attached = attached
        self.owns_attached = owns_attached
        self.cdp_url: str | None = None
        if attached is None:
            context.on("page", self._on_new_page)

    # ------------------------------------------------------------------ tabs

    async def setup(self) -> None:
        if self.attached is not None:
            if self.owns_attached:
                await self.attached.add_init_script(_js.PRISTINE)
            self.adopt(self.attached)
        else:
            await self.context.add_init_script(_js.PRISTINE)
            for page in self.context.pages:
                self.adopt(page)
            if not self.tabs:
                self.adopt(await self.context.new_page())
        for page_id in self.tabs:
            # So the first navigation's requests are recorded too.
            await self.evidence.ready(page_id)

    def _on_new_page(self, page: Page) -> None:
        if self.closed or any(t.page is page for t in self.tabs.values()):
            return
        tab = self.adopt(page)
        self.new_tabs.append(tab.page_id)

    def adopt(self, page: Page) -> Tab:
        """The tab of ``page``, made (and wired to the evidence buffers) on first sight."""
        for tab in self.tabs.values():
            if tab.page is page:
                return tab
        page_id = f"t{self._next_tab}"
        self._next_tab += 1
        tab = Tab(page, page_id)
        self.tabs[page_id] = tab
        if self.active is None:
            self.active = page_id
        policy = self.config.dialog_policy
        tab.listen(page, "dialog", lambda dialog: apply_dialog_policy(tab, dialog, policy))
        # Listening makes Playwright intercept file choosers instead of
        # letting a native dialog open; upload() answers them.
        tab.listen(page, "filechooser", tab.hold_chooser)
        self.evidence.watch(page, page_id, tab.cdp_session(), tab.listen)
        if self.attached is not None:
            tab.listen(page, "popup", self._on_new_page)
        on_close(tab, self._on_tab_closed)
        return tab

    def _on_tab_closed(self, tab: Tab) -> None:
        self.forget(tab.page_id)

    def forget(self, page_id: str) -> Tab | None:
        """Drop a tab from the session; the next one becomes active if it was."""
        tab = self.tabs.pop(page_id, None)
        if self.active == page_id:
            self.active = next(iter(self.tabs), None)
        return tab

    def tab_of(self, page: Page, fallback: Tab) -> Tab:
        """The session's tab showing ``page`` (``fallback`` when none does)."""
        if fallback.page is page:
            return fallback
        return next((t for t in self.tabs.values() if t.page is page), fallback)

    # ---------------------------------------------------------------- checks

    def closed_error(self) -> SessionClosedError:
        return SessionClosedError(f"session {self.id} is closed: {self.closed_reason}")

    def ensure_open(self) -> None:
        if self.closed:
            raise self.closed_error()

    def ensure_writable(self) -> None:
        self.ensure_open()
        if self.read_only:
            raise ReadOnlyError(f"session {self.id} is read-only")

    def check(
        self, *, mutating: bool = False, page_id: str | None = None, answering_chooser: bool = False
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
        tab = self.tab(page_id)
        if not (answering_chooser and tab.pending_dialog is None):
            error = tab.modal_error()
            if error is not None:
                raise error
        self.last_used_ms = now_ms()
        return tab

    def tab(self, page_id: str | None) -> Tab:
        key = page_id if page_id is not None else self.active
        if key is None or key not in self.tabs:
            self.ensure_open()
            known = ", ".join(self.tabs) or "none"
            raise PageNotFoundError(f"no tab {key!r} in session {self.id} (tabs: {known})")
        return self.tabs[key]

    def timeout(self, timeout_ms: float | None) -> float:
        return self.config.clamp_timeout(timeout_ms)

    def observe(self, observe: bool | None) -> bool:
        return self.config.observe_actions if observe is None else bool(observe)

    # ---------------------------------------------------------------- errors

    async def guard(
        self, coro: Awaitable[T], what: str, timeout_ms: float, tab: Tab | None = None
    ) -> T:
        """Run a Playwright call, translating its errors into browserkit's.

        With ``tab``, the call needs that page's scripts to run: a dialog the
        page opens meanwhile ends it with ModalStateBlockedError instead of a
        wait as long as the dialog stays (see :func:`unless_blocked`).
        """
        try:
            return await (coro if tab is None else unless_blocked(tab, coro))
        except BrowserkitError:
            raise
        except (PlaywrightTimeoutError, asyncio.TimeoutError):
            raise TimeoutError(
                f"{what} did not finish within {int(timeout_ms)} ms",
                hint="raise timeout_ms, or take a snapshot to check the page state",
            ) from None
        except PlaywrightError as exc:
            raise self.translate(exc, what) from None

    def translate(self, exc: PlaywrightError, what: str) -> BrowserkitError:
        text = str(exc.message if hasattr(exc, "message") else exc).strip()
        first = text.splitlines()[0] if text else "unknown error"
        if "has been closed" in text or "Target closed" in text:
            if self.browser.crashed:
                return BrowserCrashedError(f"{what}: the browser went away")
            return SessionClosedError(f"{what}: the page or session was closed")
        if "crash" in text.lower():
            return BrowserCrashedError(f"{what}: {first}")
        if "net::ERR_" in text or "NS_ERROR" in text:
            return NavigationFailedError(f"{what}: {first}")
        return BrowserkitError(f"{what}: {first}")

    # ------------------------------------------------------------- lifecycle

    def mark_closed(self, reason: str) -> None:
        """Mark the session closed without touching the browser (it went away)."""
        self.closed = True
        self.closed_reason = reason

    async def shutdown(self, reason: str) -> bool:
        if self.closed:
            return False
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
