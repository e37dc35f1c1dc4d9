"""Storage and emulation tools: cookies, web storage, session state, the viewport, media
features and throttling.

In the opt-in groups storage and emulation. Cookie values and stored items
are often credentials: answers cap them, and the storage state is only ever
written to a file (inside the output directory), never into an answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from browserkit.errors import InvalidArgumentError
from browserkit.tools._common import JSON
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser
    from browserkit.types import NetworkConditions

_SHOWN = 100
"""How many characters of a cookie value or stored item an answer shows."""


def _capped(value: str) -> str:
    return value if len(value) <= _SHOWN else value[:_SHOWN] + f"… ({len(value)} chars)"


@attrs.frozen(kw_only=True)
class StorageStateArgs:
    session_id: str = arg()
    path: str = arg("JSON file to write (in the output directory).")
    indexed_db: bool = arg("Also save IndexedDB.", default=False)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_storage_state",
    StorageStateArgs,
    title="Save the session state",
    effect="read",
    idempotent=True,
    cap="storage",
)
async def _storage_state(browser: AsyncBrowser, a: StorageStateArgs, ctx: ToolContext) -> JSON:
    """Save the session's cookies and localStorage to a file, to start later sessions logged in
    (browser_sessions_start storage_state). Answers counts only; the file holds secrets."""
    path = ctx.output_path(a.path)
    state = await browser.session(a.session_id).storage_state(
        path, indexed_db=a.indexed_db, timeout_ms=a.timeout_ms
    )
    out: JSON = {"path": path, "cookies": len(state.cookies), "origins": len(state.origins)}
    if a.indexed_db:
        out["databases"] = sum(len(o.indexed_db) for o in state.origins)
    return out


@attrs.frozen(kw_only=True)
class CookiesArgs:
    session_id: str = arg()
    urls: tuple[str, ...] | None = arg("Only cookies sent to these URLs.", default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_cookies",
    CookiesArgs,
    title="List cookies",
    effect="read",
    idempotent=True,
    cap="storage",
)
async def _cookies(browser: AsyncBrowser, a: CookiesArgs, ctx: ToolContext) -> JSON:
    """List the session's cookies (HttpOnly too); long values are cut."""
    found = await browser.session(a.session_id).cookies(a.urls, timeout_ms=a.timeout_ms)
    out = []
    for c in found:
        entry: dict[str, Any] = {
            "name": c.name,
            "value": _capped(c.value),
            "domain": c.domain,
            "path": c.path,
        }
        if c.expires >= 0:
            entry["expires"] = c.expires
        entry.update({k: True for k, on in (("httpOnly", c.http_only), ("secure", c.secure)) if on})
        entry["sameSite"] = c.same_site
        out.append(entry)
    return {"cookies": out}


@attrs.frozen(kw_only=True)
class CookieArg:
    name: str = arg()
    value: str = arg()
    url: str | None = arg("Sets domain and path from it.", default=None)
    domain: str | None = arg(default=None)
    path: str | None = arg(default=None)
    expires: float | None = arg("Unix seconds; omit: a session cookie.", default=None)
    httpOnly: bool | None = arg(default=None)  # Playwright's key
    secure: bool | None = arg(default=None)
    sameSite: Literal["Strict", "Lax", "None"] | None = arg(default=None)


@attrs.frozen(kw_only=True)
class SetCookiesArgs:
    session_id: str = arg()
    cookies: tuple[CookieArg, ...] = arg("Each needs name, value, and url or domain.")
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_set_cookies",
    SetCookiesArgs,
    title="Set cookies",
    effect="write",
    idempotent=True,
    cap="storage",
)
async def _set_cookies(browser: AsyncBrowser, a: SetCookiesArgs, ctx: ToolContext) -> JSON:
    """Add or replace cookies in the session (same name, domain and path: replaced)."""
    given = [
        {
            f.name: getattr(c, f.name)
            for f in attrs.fields(CookieArg)
            if getattr(c, f.name) is not None
        }
        for c in a.cookies
    ]
    await browser.session(a.session_id).set_cookies(given, timeout_ms=a.timeout_ms)
    return {"set": len(given)}


@attrs.frozen(kw_only=True)
class ClearCookiesArgs:
    session_id: str = arg()
    name: str | None = arg("Only cookies of this name.", default=None)
    domain: str | None = arg("Only of this domain.", default=None)
    path: str | None = arg("Only of this path.", default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_clear_cookies",
    ClearCookiesArgs,
    title="Clear cookies",
    effect="destroy",
    idempotent=True,
    cap="storage",
)
async def _clear_cookies(browser: AsyncBrowser, a: ClearCookiesArgs, ctx: ToolContext) -> JSON:
    """Remove the session's cookies (all, or those matching every filter given)."""
    removed = await browser.session(a.session_id).clear_cookies(
        name=a.name, domain=a.domain, path=a.path, timeout_ms=a.timeout_ms
    )
    return {"removed": removed}


@attrs.frozen(kw_only=True)
class ItemArg:
    key: str = arg()
    value: str = arg()


@attrs.frozen(kw_only=True)
class LocalStorageArgs:
    session_id: str = arg()
    origin: str | None = arg("e.g. https://example.org; default: the active tab's.", default=None)
    update: tuple[ItemArg, ...] = arg("Items to write.", default=())
    remove: tuple[str, ...] = arg("Keys to delete.", default=())
    clear: bool = arg("Delete every item first.", default=False)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_local_storage",
    LocalStorageArgs,
    title="Read or write localStorage",
    effect="destroy",
    cap="storage",
)
async def _local_storage(browser: AsyncBrowser, a: LocalStorageArgs, ctx: ToolContext) -> JSON:
    """Read an origin's localStorage, after writing: clear, then remove, then update.

    Writing needs a tab on that origin. Long values are cut.
    """
    items = await browser.session(a.session_id).local_storage(
        a.origin,
        update={i.key: i.value for i in a.update} or None,
        remove=a.remove,
        clear=a.clear,
        timeout_ms=a.timeout_ms,
    )
    return {"items": {k: _capped(v) for k, v in items.items()}}


@tool(
    "browser_session_storage",
    LocalStorageArgs,
    title="Read or write sessionStorage",
    effect="destroy",
    cap="storage",
)
async def _session_storage(browser: AsyncBrowser, a: LocalStorageArgs, ctx: ToolContext) -> JSON:
    """Read an origin's sessionStorage in one tab (the active one if it shows the origin),
    after writing: clear, then remove, then update. Needs a tab on that origin. Long values
    are cut."""
    items = await browser.session(a.session_id).session_storage(
        a.origin,
        update={i.key: i.value for i in a.update} or None,
        remove=a.remove,
        clear=a.clear,
        timeout_ms=a.timeout_ms,
    )
    return {"items": {k: _capped(v) for k, v in items.items()}}


@attrs.frozen(kw_only=True)
class ResizeArgs:
    session_id: str = arg()
    width: int = arg(minimum=1, maximum=10_000)
    height: int = arg(minimum=1, maximum=10_000)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_resize",
    ResizeArgs,
    title="Resize the viewport",
    effect="write",
    idempotent=True,
    cap="emulation",
)
async def _resize(browser: AsyncBrowser, a: ResizeArgs, ctx: ToolContext) -> JSON:
    """Set the viewport size (CSS px) of every tab of the session, and of tabs opened later."""
    await browser.session(a.session_id).resize(a.width, a.height, timeout_ms=a.timeout_ms)
    return {"width": a.width, "height": a.height}


@attrs.frozen(kw_only=True)
class EmulateMediaArgs:
    session_id: str = arg()
    color_scheme: Literal["light", "dark", "no-preference"] | None = arg(
        "prefers-color-scheme.", default=None
    )
    reduced_motion: Literal["reduce", "no-preference"] | None = arg(
        "prefers-reduced-motion.", default=None
    )
    forced_colors: Literal["active", "none"] | None = arg("forced-colors.", default=None)
    media: Literal["screen", "print"] | None = arg("CSS media type.", default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_emulate_media",
    EmulateMediaArgs,
    title="Emulate media features",
    effect="write",
    idempotent=True,
    cap="emulation",
)
async def _emulate_media(browser: AsyncBrowser, a: EmulateMediaArgs, ctx: ToolContext) -> JSON:
    """Emulate CSS media features (dark scheme, reduced motion, print) in every tab, now and
    in tabs opened later; features not given keep their value."""
    await browser.session(a.session_id).emulate_media(
        color_scheme=a.color_scheme,
        reduced_motion=a.reduced_motion,
        forced_colors=a.forced_colors,
        media=a.media,
        timeout_ms=a.timeout_ms,
    )
    given = attrs.asdict(a)
    return {
        k: given[k]
        for k in ("color_scheme", "reduced_motion", "forced_colors", "media")
        if given[k] is not None
    }


@attrs.frozen(kw_only=True)
class ThrottleArgs:
    session_id: str = arg()
    network: Literal["slow-3g", "fast-3g", "offline"] | None = arg(
        "A DevTools preset; leave out for none, or give latency_ms/download_kbps/upload_kbps.",
        default=None,
    )
    latency_ms: float | None = arg("Added to each request.", default=None, minimum=0)
    download_kbps: float | None = arg("Download cap, kbit/s.", default=None, minimum=0)
    upload_kbps: float | None = arg("Upload cap, kbit/s.", default=None, minimum=0)
    cpu: float = arg("CPU slowdown factor (1: none).", default=1, minimum=1, maximum=100)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_throttle",
    ThrottleArgs,
    title="Throttle network and CPU",
    effect="write",
    idempotent=True,
    cap="emulation",
)
async def _throttle(browser: AsyncBrowser, a: ThrottleArgs, ctx: ToolContext) -> JSON:
    """Slow the session's network and CPU down (every tab, now and later); each call sets
    both, so a call with neither ends throttling."""
    custom = {
        k: v
        for k, v in (
            ("latency_ms", a.latency_ms),
            ("download_kbps", a.download_kbps),
            ("upload_kbps", a.upload_kbps),
        )
        if v is not None
    }
    if custom and a.network is not None:
        raise InvalidArgumentError(
            "give either network or latency_ms/download_kbps/upload_kbps, not both"
        )
    network: NetworkConditions | None = custom or a.network
    await browser.session(a.session_id).throttle(network, cpu=a.cpu, timeout_ms=a.timeout_ms)
    return {"network": network, "cpu": a.cpu}
