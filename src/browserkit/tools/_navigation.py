"""Navigation tools: browser_navigate, browser_history, browser_wait_for and browser_tabs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit.errors import InvalidArgumentError
from browserkit.targets import css
from browserkit.tools._common import JSON
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser
    from browserkit._async.session import AsyncSession
    from browserkit.results import HistoryMove, Navigation


def arrived(result: Navigation | HistoryMove) -> JSON:
    """A navigation's answer: what is notable only (every answer is read by a model).

    ``timed_out`` only when True and ``download`` only when there is one; the
    rest as the result says it, the new page's outline last.
    """
    out = dict(to_jsonable(result))
    if out.get("timed_out") is False:
        del out["timed_out"]
    if out.get("download", 0) is None:
        del out["download"]
    return out


@attrs.frozen(kw_only=True)
class NavigateArgs:
    session_id: str = arg()
    url: str = arg("Absolute URL.")
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_navigate", NavigateArgs, title="Navigate to a URL", effect="destroy")
async def _navigate(browser: AsyncBrowser, a: NavigateArgs, ctx: ToolContext) -> JSON:
    """Load a URL in the active tab.

    Answers with the final url, status and page: the new page's compact outline, whose refs
    act (older refs are stale).
    """
    nav = await browser.session(a.session_id).navigate(a.url, timeout_ms=a.timeout_ms)
    return arrived(nav)


@attrs.frozen(kw_only=True)
class HistoryArgs:
    session_id: str = arg()
    action: Literal["back", "forward", "reload"] = arg("Which way.")
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_history", HistoryArgs, title="Go back, forward or reload", effect="destroy")
async def _history(browser: AsyncBrowser, a: HistoryArgs, ctx: ToolContext) -> JSON:
    """Go back, forward, or reload in the active tab.

    Answers like browser_navigate; moved=false: no history entry that way.
    """
    session = browser.session(a.session_id)
    move = {"back": session.back, "forward": session.forward, "reload": session.reload}
    return arrived(await move[a.action](timeout_ms=a.timeout_ms))


@attrs.frozen(kw_only=True)
class WaitArgs:
    session_id: str = arg()
    text: str | None = arg("This text is visible.", default=None)
    text_gone: str | None = arg("This text is no longer visible.", default=None)
    selector: str | None = arg("This CSS selector matches.", default=None)
    url: str | None = arg("The URL contains this (or matches /regex/).", default=None)
    time_ms: int | None = arg("Pause first (ms).", default=None, minimum=0)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_wait_for", WaitArgs, title="Wait for a condition", effect="read", idempotent=True)
async def _wait_for(browser: AsyncBrowser, a: WaitArgs, ctx: ToolContext) -> JSON:
    """Wait until every given condition holds (met=false: time ran out).

    Actions already wait for the page to settle.
    """
    result = await browser.session(a.session_id).wait_for(
        text=a.text,
        text_gone=a.text_gone,
        selector=None if a.selector is None else css(a.selector),
        url=a.url,
        time_ms=a.time_ms,
        timeout_ms=a.timeout_ms,
        tab_id=a.tab_id,
    )
    return dict(to_jsonable(result))


@attrs.frozen(kw_only=True)
class TabsArgs:
    session_id: str = arg()
    action: Literal["list", "new", "select", "close"] = arg("new also selects the new tab.")
    url: str | None = arg("new: page to open.", default=None)
    tab_id: str | None = arg("select/close: the tab id, e.g. t2.", default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_tabs", TabsArgs, title="Manage tabs", effect="destroy")
async def _tabs(browser: AsyncBrowser, a: TabsArgs, ctx: ToolContext) -> JSON:
    """List, open, select or close the session's tabs; others act on the active tab.

    Tabs the page opens join by themselves (new_tabs in an action's answer).
    """
    s: AsyncSession = browser.session(a.session_id)
    if a.url is not None and a.action != "new":
        raise InvalidArgumentError(f"url: does not apply to action={a.action}")
    if a.action in ("select", "close"):
        if a.tab_id is None:
            raise InvalidArgumentError(f"tab_id: required for action={a.action}")
    elif a.tab_id is not None:
        raise InvalidArgumentError(f"tab_id: does not apply to action={a.action}")
    out: JSON = {}
    if a.action == "new":
        out["opened"] = (await s.new_tab(a.url, timeout_ms=a.timeout_ms)).tab_id
    elif a.action == "select":
        await s.select_tab(a.tab_id or "")
    elif a.action == "close":
        out["closed"] = await s.close_tab(a.tab_id or "")
    out["tabs"] = to_jsonable(await s.tabs())
    return out
