"""Browser tools: start, list, stop and attach sessions, and report on the browser.

Holds browser_sessions_start, browser_sessions_list, browser_sessions_stop,
browser_sessions_attach, browser_tabs_list (the tabs of a running Chrome, to
choose one to attach to) and browser_diagnostics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from browserkit._convert import to_jsonable
from browserkit.errors import InvalidArgumentError
from browserkit.tools._common import JSON, prune
from browserkit.tools._navigation import arrived
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


def _read_only(asked: bool | None, ctx: ToolContext) -> bool:
    """Whether a new session is read-only: as asked, but always when the server is."""
    if ctx.read_only and asked is False:
        raise InvalidArgumentError(
            "read_only: this server only starts read-only sessions",
            hint="omit read_only; observe the page with snapshots and screenshots",
        )
    return bool(asked) or ctx.read_only


@attrs.frozen(kw_only=True)
class StartArgs:
    url: str | None = arg("Page to open first.", default=None)
    read_only: bool | None = arg("Observe only: actions and scripts are refused.", default=None)
    storage_state: str | None = arg(default=None)
    device: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_sessions_start", StartArgs, title="Start a browser session", effect="write")
async def _sessions_start(browser: AsyncBrowser, a: StartArgs, ctx: ToolContext) -> JSON:
    """Start a browser session (own cookies, one tab), optionally at a URL.

    Returns session_id; stop it when done.
    """
    state = None if a.storage_state is None else ctx.output_path(a.storage_state, "storage_state")
    session = await browser.start(
        read_only=_read_only(a.read_only, ctx),
        storage_state=state,
        device=a.device,
    )
    out: JSON = {"session_id": session.id}
    if session.read_only:
        out["read_only"] = True  # said only when it is: every answer costs the model tokens
    if a.url is None:
        return {**out, "url": session.url, "tab_id": session.tab_id}
    try:
        # Loaded as browser_navigate loads it, so the answer holds the page's outline
        # (the agent's first read, without a browser_snapshot).
        nav = await session.navigate(a.url, timeout_ms=a.timeout_ms)
    except BaseException:
        await browser.stop(session.id)  # as a failed start(url) does: nothing left running
        raise
    return {**out, "tab_id": session.tab_id, **arrived(nav)}


@attrs.frozen(kw_only=True)
class NoArgs:
    pass


@tool(
    "browser_sessions_list",
    NoArgs,
    title="List sessions",
    effect="read",
    idempotent=True,
    open_world=False,
)
async def _sessions_list(browser: AsyncBrowser, a: NoArgs, ctx: ToolContext) -> JSON:
    """List the running sessions (id, url, read_only), e.g. to recover a lost id."""
    return {"sessions": to_jsonable(browser.sessions())}


@attrs.frozen(kw_only=True)
class SessionArgs:
    session_id: str = arg()


@tool(
    "browser_sessions_stop",
    SessionArgs,
    title="Stop a session",
    effect="destroy",
    idempotent=True,
    open_world=False,
)
async def _sessions_stop(browser: AsyncBrowser, a: SessionArgs, ctx: ToolContext) -> JSON:
    """Stop a session and close its tabs (stopped=false: it was not running)."""
    return {"stopped": await browser.stop(a.session_id)}


@attrs.frozen(kw_only=True)
class AttachArgs:
    cdp_url: str = arg("DevTools endpoint of the user's Chrome, e.g. http://127.0.0.1:9222.")
    adopt_url_substring: str | None = arg(
        "Adopt the one tab whose URL contains this; omit for a tab of its own.", default=None
    )
    url: str | None = arg("Page to open first.", default=None)
    read_only: bool | None = arg("Observe only.", default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_sessions_attach", AttachArgs, title="Attach to the user's Chrome", effect="write")
async def _sessions_attach(browser: AsyncBrowser, a: AttachArgs, ctx: ToolContext) -> JSON:
    """Start a session in the user's running Chrome (their logins), if the server allows.

    An adopted tab is handed back untouched at stop. Returns session_id.
    """
    session = await browser.attach(
        a.cdp_url,
        adopt_url_substring=a.adopt_url_substring,
        url=a.url,
        read_only=_read_only(a.read_only, ctx),
        timeout_ms=a.timeout_ms,
    )
    out: JSON = {"session_id": session.id, "url": session.url}
    if session.read_only:
        out["read_only"] = True
    return out


@attrs.frozen(kw_only=True)
class RemoteTabsArgs:
    cdp_url: str = arg("DevTools endpoint of the user's Chrome.")


@tool(
    "browser_tabs_list",
    RemoteTabsArgs,
    title="List the user's Chrome tabs",
    effect="read",
    idempotent=True,
)
async def _tabs_list(browser: AsyncBrowser, a: RemoteTabsArgs, ctx: ToolContext) -> JSON:
    """List the tabs of the user's running Chrome, to adopt one with browser_sessions_attach."""
    return {"tabs": [prune(t) for t in to_jsonable(await browser.tabs(a.cdp_url))]}


@tool(
    "browser_diagnostics",
    NoArgs,
    title="Diagnose the browser set-up",
    effect="read",
    idempotent=True,
    open_world=False,
)
async def _diagnostics(browser: AsyncBrowser, a: NoArgs, ctx: ToolContext) -> JSON:
    """Which Chromium is used and what is degraded, with fixes; starts no browser."""
    return dict(prune(to_jsonable(browser.diagnostics())))
