"""Navigation tools: browser_navigate, browser_history and browser_wait_for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit.tools._common import JSON, PAGE, SESSION, TIMEOUT
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


@attrs.frozen(kw_only=True)
class NavigateArgs:
    session_id: str = arg(SESSION)
    url: str = arg("Absolute URL to load in the active tab.")
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_navigate", NavigateArgs)
async def _navigate(browser: AsyncBrowser, a: NavigateArgs, ctx: ToolContext) -> JSON:
    """Load a URL in the session's active tab and wait for it to load.

    Returns the final url (after redirects), the HTTP status, the new generation (earlier
    refs are stale) and page: the new page's compact outline once rendered. Act on its refs;
    browser_find or browser_snapshot only for what it lacks. timed_out=true: the page
    committed but did not finish loading; it is still usable.
    """
    nav = await browser.session(a.session_id).navigate(a.url, timeout_ms=a.timeout_ms)
    return dict(to_jsonable(nav))


@attrs.frozen(kw_only=True)
class HistoryArgs:
    session_id: str = arg(SESSION)
    action: Literal["back", "forward", "reload"] = arg("Which way to move.")
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_history", HistoryArgs)
async def _history(browser: AsyncBrowser, a: HistoryArgs, ctx: ToolContext) -> JSON:
    """Go back, forward, or reload in the active tab.

    moved=false means there was no history entry that way (not an error). Any move starts
    a new generation; page is the new page's compact outline, whose refs you can use.
    """
    session = browser.session(a.session_id)
    move = {"back": session.back, "forward": session.forward, "reload": session.reload}
    return dict(to_jsonable(await move[a.action](timeout_ms=a.timeout_ms)))


@attrs.frozen(kw_only=True)
class WaitArgs:
    session_id: str = arg(SESSION)
    text: str | None = arg("Wait until this text is visible on the page.", default=None)
    text_gone: str | None = arg("Wait until this text is no longer visible.", default=None)
    selector: str | None = arg("Wait until a CSS selector matches an element.", default=None)
    url: str | None = arg("Wait until the URL contains this (or matches /regex/).", default=None)
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_wait_for", WaitArgs)
async def _wait_for(browser: AsyncBrowser, a: WaitArgs, ctx: ToolContext) -> JSON:
    """Wait until every given condition holds (text, text_gone, selector, url).

    Actions already wait for the page to settle, so use this only for slow, later changes
    (a spinner, a delayed result). met=false means the timeout passed (not an error).
    """
    result = await browser.session(a.session_id).wait_for(
        text=a.text,
        text_gone=a.text_gone,
        selector=a.selector,
        url=a.url,
        timeout_ms=a.timeout_ms,
        page_id=a.page_id,
    )
    return dict(to_jsonable(result))
