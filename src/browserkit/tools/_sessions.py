"""Session tools: start, list, stop and attach sessions, and report on the browser.

Holds browser_sessions_start, browser_sessions_list, browser_sessions_stop,
browser_sessions_attach, browser_tabs_list (the tabs of a running Chrome, to
choose one to attach to) and browser_diagnostics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from browserkit._convert import to_jsonable
from browserkit.errors import InvalidArgumentError
from browserkit.tools._common import JSON, SESSION, TIMEOUT, prune
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
    url: str | None = arg(
        "Page to open first (http/https by default). Omit for about:blank.", default=None
    )
    read_only: bool | None = arg(
        "Observe only: snapshots, screenshots and evidence work; actions, evaluate and "
        "dialogs are refused. Default false (true when the server is read-only).",
        default=None,
    )
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_sessions_start", StartArgs)
async def _sessions_start(browser: AsyncBrowser, a: StartArgs, ctx: ToolContext) -> JSON:
    """Start a new browser session (its own cookies and storage, one tab), optionally opening a URL.

    Returns session_id, which every other browser_* tool needs (and read_only=true for
    an observe-only session). Start one session per
    independent task and stop it with browser_sessions_stop when done. Next step is usually
    browser_snapshot to see the page with refs.
    """
    session = await browser.start(
        a.url, read_only=_read_only(a.read_only, ctx), timeout_ms=a.timeout_ms
    )
    out: JSON = {"session_id": session.id, "url": session.url, "page_id": session.page_id}
    if session.read_only:
        out["read_only"] = True  # said only when it is: every answer costs the model tokens
    return out


@attrs.frozen(kw_only=True)
class NoArgs:
    pass


@tool("browser_sessions_list", NoArgs)
async def _sessions_list(browser: AsyncBrowser, a: NoArgs, ctx: ToolContext) -> JSON:
    """List the running sessions: id, current URL, read_only, and console entry count.

    Use it to recover a session id you lost; it does not touch any page.
    """
    return {"sessions": to_jsonable(browser.sessions())}


@attrs.frozen(kw_only=True)
class SessionArgs:
    session_id: str = arg(SESSION)


@tool("browser_sessions_stop", SessionArgs)
async def _sessions_stop(browser: AsyncBrowser, a: SessionArgs, ctx: ToolContext) -> JSON:
    """Stop a session and close its tabs. stopped=false means it was not running (no error)."""
    return {"stopped": await browser.stop(a.session_id)}


@attrs.frozen(kw_only=True)
class AttachArgs:
    cdp_url: str = arg(
        "DevTools endpoint of a Chrome the user started with --remote-debugging-port, "
        "e.g. 'http://127.0.0.1:9222'."
    )
    adopt_url_substring: str | None = arg(
        "Adopt the one existing tab whose URL contains this text (see browser_tabs_list); "
        "omit to open a fresh tab of the session's own.",
        default=None,
    )
    url: str | None = arg("Page to open in the tab first.", default=None)
    read_only: bool | None = arg("Observe only (see browser_sessions_start).", default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_sessions_attach", AttachArgs)
async def _sessions_attach(browser: AsyncBrowser, a: AttachArgs, ctx: ToolContext) -> JSON:
    """Start a session inside the user's own running Chrome (their logins and cookies).

    Only when the server allows attaching (else attach_disabled). With adopt_url_substring
    the session takes over exactly one existing tab and hands it back untouched when
    stopped; without it, it opens and later closes a tab of its own. Returns session_id.
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
    cdp_url: str = arg("DevTools endpoint, as for browser_sessions_attach.")


@tool("browser_tabs_list", RemoteTabsArgs)
async def _tabs_list(browser: AsyncBrowser, a: RemoteTabsArgs, ctx: ToolContext) -> JSON:
    """List the tabs of the user's running Chrome, to choose one for browser_sessions_attach.

    adopted=true marks a tab a session already holds. For a session's own tabs use
    browser_tabs instead. Needs attaching to be allowed.
    """
    return {"tabs": [prune(t) for t in to_jsonable(await browser.tabs(a.cdp_url))]}


@tool("browser_diagnostics", NoArgs)
async def _diagnostics(browser: AsyncBrowser, a: NoArgs, ctx: ToolContext) -> JSON:
    """Report which Chromium is used, its version, limits, and every degraded capability.

    Call it when starting a session fails or something behaves oddly; ok=false means a
    problem is listed in issues with how to fix it. Starts no browser.
    """
    return dict(prune(to_jsonable(browser.diagnostics())))
