"""The tab tool: browser_tabs (list, open, select or close a session's tabs)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit.errors import InvalidArgumentError
from browserkit.tools._common import JSON
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser
    from browserkit._async.session import AsyncSession


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
