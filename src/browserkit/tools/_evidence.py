"""Evidence tools: what the session logged, fetched and downloaded.

Holds browser_console_read, browser_network_read, browser_downloads_read and
browser_download_save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit.tools._common import JSON, prune
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


# What the three readers share.
_PATTERN = "Only entries this Python regex finds."
_SINCE = "Only entries after this seq (last_seq of a read); 0: the newest."
_LIMIT = "Entries at most."
_TAB = "Only this tab's entries."


@attrs.frozen(kw_only=True)
class ConsoleArgs:
    session_id: str = arg()
    level: Literal["log", "info", "warning", "error", "debug", "exception"] | None = arg(
        "Only this level (error includes exceptions).", default=None
    )
    pattern: str | None = arg(_PATTERN, default=None)
    since_seq: int = arg(_SINCE, default=0, minimum=0)
    limit: int = arg(_LIMIT, default=50, minimum=1, maximum=1000)
    tab_id: str | None = arg(_TAB, default=None)


@tool(
    "browser_console_read",
    ConsoleArgs,
    title="Read console messages",
    effect="read",
    idempotent=True,
)
async def _console_read(browser: AsyncBrowser, a: ConsoleArgs, ctx: ToolContext) -> JSON:
    """Read the console messages and uncaught page errors, oldest first.

    level='error' shows whether the page broke. Read on with since_seq=last_seq.
    """
    page = browser.session(a.session_id).console.read(
        since_seq=a.since_seq, limit=a.limit, pattern=a.pattern, level=a.level, tab_id=a.tab_id
    )
    return dict(prune(to_jsonable(page)))


@attrs.frozen(kw_only=True)
class NetworkArgs:
    session_id: str = arg()
    failed_only: bool = arg("Only failures and statuses >= 400.", default=False)
    include_static: bool = arg("Also images, fonts, styles, media.", default=False)
    pattern: str | None = arg(_PATTERN, default=None)
    since_seq: int = arg(_SINCE, default=0, minimum=0)
    limit: int = arg(_LIMIT, default=50, minimum=1, maximum=1000)
    tab_id: str | None = arg(_TAB, default=None)


@tool(
    "browser_network_read",
    NetworkArgs,
    title="Read network requests",
    effect="read",
    idempotent=True,
)
async def _network_read(browser: AsyncBrowser, a: NetworkArgs, ctx: ToolContext) -> JSON:
    """Read the network requests (method, url, status, failure, duration).

    failed_only=true finds what broke. Read on with since_seq=last_seq.
    """
    page = browser.session(a.session_id).network.read(
        since_seq=a.since_seq,
        limit=a.limit,
        pattern=a.pattern,
        failed_only=a.failed_only,
        include_static=a.include_static,
        tab_id=a.tab_id,
    )
    return dict(prune(to_jsonable(page)))


@attrs.frozen(kw_only=True)
class DownloadsArgs:
    session_id: str = arg()
    pattern: str | None = arg(_PATTERN, default=None)
    since_seq: int = arg(_SINCE, default=0, minimum=0)
    limit: int = arg(_LIMIT, default=50, minimum=1, maximum=1000)
    tab_id: str | None = arg(_TAB, default=None)


@tool(
    "browser_downloads_read", DownloadsArgs, title="List downloads", effect="read", idempotent=True
)
async def _downloads_read(browser: AsyncBrowser, a: DownloadsArgs, ctx: ToolContext) -> JSON:
    """List the downloads: download_id, url, file name and status.

    A download is kept with browser_download_save (status saved after that).
    """
    page = browser.session(a.session_id).downloads.read(
        since_seq=a.since_seq, limit=a.limit, pattern=a.pattern, tab_id=a.tab_id
    )
    return dict(prune(to_jsonable(page)))


@attrs.frozen(kw_only=True)
class DownloadSaveArgs:
    session_id: str = arg()
    download_id: str = arg("Its id (browser_downloads_read).")
    path: str = arg("File to write (in the output directory).")


@tool(
    "browser_download_save",
    DownloadSaveArgs,
    title="Save a download",
    effect="destroy",
    idempotent=True,
    open_world=False,
)
async def _download_save(browser: AsyncBrowser, a: DownloadSaveArgs, ctx: ToolContext) -> JSON:
    """Save a download to a file; returns its entry with the path."""
    path = ctx.output_path(a.path)
    entry = await browser.session(a.session_id).downloads.save(a.download_id, path)
    return dict(prune(to_jsonable(entry)))
