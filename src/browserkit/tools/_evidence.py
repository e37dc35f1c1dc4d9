"""Evidence tools: what the session logged, fetched and downloaded.

Holds browser_console_read, browser_network_read, browser_downloads_read and
browser_download_save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit.tools._common import JSON, SESSION, prune
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


@attrs.frozen(kw_only=True)
class ConsoleArgs:
    session_id: str = arg(SESSION)
    level: Literal["log", "info", "warning", "error", "debug", "exception"] | None = arg(
        "Only this level; 'error' includes uncaught exceptions.", default=None
    )
    pattern: str | None = arg("Regular expression searched in the text and source.", default=None)
    since_seq: int = arg(
        "Only entries after this seq (pass the previous read's last_seq); 0: the newest.",
        default=0,
        minimum=0,
    )
    limit: int = arg("At most this many entries.", default=50, minimum=1, maximum=1000)
    page_id: str | None = arg("Only entries of this tab.", default=None)


@tool("browser_console_read", ConsoleArgs)
async def _console_read(browser: AsyncBrowser, a: ConsoleArgs, ctx: ToolContext) -> JSON:
    """Read the session's console messages and uncaught page errors, oldest first.

    Use level='error' to check whether the page broke. Page on with since_seq=last_seq;
    dropped counts entries evicted from the bounded buffer, has_more means more match.
    """
    page = browser.session(a.session_id).console.read(
        since_seq=a.since_seq, limit=a.limit, pattern=a.pattern, level=a.level, page_id=a.page_id
    )
    return dict(prune(to_jsonable(page)))


@attrs.frozen(kw_only=True)
class NetworkArgs:
    session_id: str = arg(SESSION)
    failed_only: bool = arg("Only failed requests and HTTP statuses >= 400.", default=False)
    include_static: bool = arg(
        "Also list images, fonts, stylesheets and media (hidden by default).", default=False
    )
    pattern: str | None = arg(
        "Regular expression searched in URL, method and failure.", default=None
    )
    since_seq: int = arg(
        "Only entries after this seq (pass the previous read's last_seq); 0: the newest.",
        default=0,
        minimum=0,
    )
    limit: int = arg("At most this many entries.", default=50, minimum=1, maximum=1000)
    page_id: str | None = arg("Only requests of this tab.", default=None)


@tool("browser_network_read", NetworkArgs)
async def _network_read(browser: AsyncBrowser, a: NetworkArgs, ctx: ToolContext) -> JSON:
    """Read the session's network requests (method, url, status, failure, duration).

    Use failed_only=true to find what broke. A request is re-listed when it completes.
    Page on with since_seq=last_seq.
    """
    page = browser.session(a.session_id).network.read(
        since_seq=a.since_seq,
        limit=a.limit,
        pattern=a.pattern,
        failed_only=a.failed_only,
        include_static=a.include_static,
        page_id=a.page_id,
    )
    return dict(prune(to_jsonable(page)))


@attrs.frozen(kw_only=True)
class DownloadsArgs:
    session_id: str = arg(SESSION)
    pattern: str | None = arg("Regular expression searched in URL and file name.", default=None)
    since_seq: int = arg("Only entries after this seq; 0: the newest.", default=0, minimum=0)
    limit: int = arg("At most this many entries.", default=50, minimum=1, maximum=1000)
    page_id: str | None = arg("Only downloads of this tab.", default=None)


@tool("browser_downloads_read", DownloadsArgs)
async def _downloads_read(browser: AsyncBrowser, a: DownloadsArgs, ctx: ToolContext) -> JSON:
    """List the session's downloads: download_id, url, suggested_filename and status.

    A finished download (status 'completed') can be kept with browser_download_save.
    """
    page = browser.session(a.session_id).downloads.read(
        since_seq=a.since_seq, limit=a.limit, pattern=a.pattern, page_id=a.page_id
    )
    return dict(prune(to_jsonable(page)))


@attrs.frozen(kw_only=True)
class DownloadSaveArgs:
    session_id: str = arg(SESSION)
    download_id: str = arg("The id from browser_downloads_read or a browser_act result.")
    path: str = arg("File to write, relative to the server's output directory.")


@tool("browser_download_save", DownloadSaveArgs)
async def _download_save(browser: AsyncBrowser, a: DownloadSaveArgs, ctx: ToolContext) -> JSON:
    """Save a finished download to a file; returns its entry with the saved path."""
    path = ctx.output_path(a.path)
    entry = await browser.session(a.session_id).downloads.save(a.download_id, path)
    return dict(prune(to_jsonable(entry)))
