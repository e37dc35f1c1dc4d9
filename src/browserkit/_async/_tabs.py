"""A session's tabs: listing, opening, selecting and closing them."""

from __future__ import annotations

from playwright.async_api import Error as PlaywrightError

from browserkit._async._core import SessionCore
from browserkit._async._navigation import Navigator, check_scheme
from browserkit.results import TabInfo

__all__ = ["Tabs"]


class Tabs:
    """Opens, selects and closes a session's tabs (popups join by themselves, see the core)."""

    def __init__(self, core: SessionCore, navigator: Navigator) -> None:
        self._core = core
        self._navigator = navigator

    async def tabs(self) -> list[TabInfo]:
        core = self._core
        core.ensure_open()
        out = []
        for page_id, tab in list(core.tabs.items()):
            try:
                title = await tab.page.title()
            except PlaywrightError:
                title = ""
            out.append(TabInfo(page_id, tab.page.url, title, active=page_id == core.active))
        return out

    async def new_tab(self, url: str | None, timeout_ms: float | None) -> TabInfo:
        core = self._core
        if url is not None:
            check_scheme(url, core.config)
        core.ensure_open()
        ms = core.timeout(timeout_ms)
        page = await core.guard(core.context.new_page(), "new tab", ms)
        tab = core.adopt(page)
        if tab.page_id in core.new_tabs:
            core.new_tabs.remove(tab.page_id)
        core.active = tab.page_id
        if url is not None:
            await self._navigator.goto(tab, url, ms)
        return TabInfo(tab.page_id, page.url, await page.title(), active=True)

    async def select_tab(self, page_id: str) -> TabInfo:
        tab = self._core.tab(page_id)
        self._core.active = page_id
        await tab.page.bring_to_front()
        return TabInfo(page_id, tab.page.url, await tab.page.title(), active=True)

    async def close_tab(self, page_id: str) -> bool:
        tab = self._core.forget(page_id)
        if tab is None:
            return False
        await tab.page.close()
        return True
