"""Waiting for a condition on the page: text shown or gone, a selector, a URL."""

from __future__ import annotations

import asyncio
import re
import time

from playwright.async_api import Error as PlaywrightError

from browserkit._async import _js
from browserkit._async._core import SessionCore
from browserkit._async._tab import unless_blocked
from browserkit.errors import InvalidArgumentError
from browserkit.results import WaitResult

__all__ = ["Waiter"]

_POLL_S = 0.05


class Waiter:
    """Polls a tab until every condition holds, or its timeout."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core

    async def wait_for(
        self,
        text: str | None,
        text_gone: str | None,
        selector: str | None,
        url: str | None,
        timeout_ms: float | None,
        page_id: str | None,
    ) -> WaitResult:
        if text is None and text_gone is None and selector is None and url is None:
            raise InvalidArgumentError("wait_for needs text, text_gone, selector or url")
        tab = self._core.check(page_id=page_id)
        ms = self._core.timeout(timeout_ms)
        start = time.monotonic()
        url_re = None
        if url is not None:
            if len(url) > 2 and url.startswith("/") and url.endswith("/"):
                try:
                    url_re = re.compile(url[1:-1])
                except re.error as exc:
                    raise InvalidArgumentError(f"bad url pattern {url!r}: {exc}") from None
            else:
                url_re = re.compile(re.escape(url))
        deadline = start + ms / 1000
        met = False
        while True:
            try:
                ok_url = url_re is None or bool(url_re.search(tab.page.url))
                ok_page = True
                if text is not None or text_gone is not None or selector is not None:
                    ok_page = bool(
                        await unless_blocked(
                            tab,
                            tab.page.evaluate(_js.WAIT_CONDITIONS, [text, text_gone, selector]),
                        )
                    )
            except PlaywrightError as exc:
                if "SyntaxError" in str(exc) or "not a valid selector" in str(exc):
                    raise InvalidArgumentError(f"bad selector {selector!r}") from None
                ok_url = ok_page = False  # navigating; try again
            if ok_url and ok_page:
                met = True
                break
            if time.monotonic() >= deadline or tab.pending_dialog is not None:
                break
            await asyncio.sleep(min(_POLL_S, max(0.0, deadline - time.monotonic())))
        return WaitResult(met, int((time.monotonic() - start) * 1000))
