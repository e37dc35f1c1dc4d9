"""A session's tabs: listing, opening, selecting and closing them."""

from __future__ import annotations

import asyncio

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browserkit._async.core.session_core import SessionCore
from browserkit._async.navigation.navigator import Navigator, check_scheme
from browserkit._text import well_formed_str
from browserkit.results import TabInfo

__all__ = ["Tabs", "title_of"]

_TITLE_S = 1.0
"""How long a tab's title may take: a page held by a dialog or a script never answers."""

_CLOSE_S = 10.0
"""How long closing a tab may take (a stuck page takes about half a second)."""


async def title_of(page: Page) -> str:
    """The page's title; "" when it cannot answer (a dialog, a stuck script, closing)."""
    try:
        return well_formed_str(await asyncio.wait_for(page.title(), _TITLE_S))
    except (PlaywrightError, asyncio.TimeoutError):
        return ""


class Tabs:
    """Opens, selects and closes a session's tabs (popups join by themselves, see the core)."""

    def __init__(self, core: SessionCore, navigator: Navigator) -> None:
        self._core = core
        self._navigator = navigator

    async def tabs(self) -> list[TabInfo]:
        core = self._core
        core.ensure_open()
        out = []
        for tab_id, tab in list(core.tabs.items()):
            title = "" if tab.pending_dialog is not None else await title_of(tab.page)
            out.append(TabInfo(tab_id, tab.page.url, title, active=tab_id == core.active))
        return out

    async def new_tab(self, url: str | None, timeout_ms: float | None) -> TabInfo:
        core = self._core
        if url is not None:
            check_scheme(url, core.config, core.fence)
        core.ensure_open()
        ms = core.timeout(timeout_ms, "navigation" if url is not None else "default")
        page = await core.bounded(core.context.new_page(), "new tab", ms)
        tab = core.adopt(page)
        if tab.tab_id in core.new_tabs:
            core.new_tabs.remove(tab.tab_id)
        core.active = tab.tab_id
        if url is not None:
            await self._navigator.goto(tab, url, ms)
        return TabInfo(tab.tab_id, page.url, await title_of(page), active=True)

    async def select_tab(self, tab_id: str) -> TabInfo:
        core = self._core
        tab = core.tab(tab_id)
        core.active = tab_id
        # A tab closing meanwhile (a popup that closes itself) is page_not_found.
        await core.bounded(tab.page.bring_to_front(), "select tab", core.timeout(None), tab)
        title = "" if tab.pending_dialog is not None else await title_of(tab.page)
        return TabInfo(tab_id, tab.page.url, title, active=True)

    async def close_tab(self, tab_id: str) -> bool:
        tab = self._core.forget(tab_id)
        if tab is None:
            return False
        # Works under a dialog storm or a stuck script: closing is the browser's business.
        try:
            await asyncio.wait_for(tab.page.close(), _CLOSE_S)
        except asyncio.TimeoutError:
            pass  # forgotten already; Chromium finishes closing it
        except PlaywrightError:
            self._core.ensure_open()  # the browser went away: say so; else it is closed
        return True
