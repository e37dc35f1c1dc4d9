"""Session state: cookies, web storage and the storage state of a session's context.

localStorage and sessionStorage are read and written over CDP (the
``DOMStorage`` domain), in the browser rather than through the page's
JavaScript: a page that patches ``Storage.prototype`` cannot change what
browserkit reads or writes. CDP finds the storage through a live frame of
the origin, so writing needs one; reading the localStorage of an origin no
tab shows uses the context's storage state, which Playwright reads in its own
isolated world. sessionStorage belongs to one tab: it is the storage of the
tab the call finds the origin in (the active tab first), and an origin no tab
shows has none.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast
from urllib.parse import urlsplit

from playwright.async_api import CDPSession, Frame
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab
from browserkit._checks import flag, number
from browserkit._paths import output_file, write_file
from browserkit.errors import InvalidArgumentError
from browserkit.results import SAME_SITE, Cookie, StorageState, cookie_from_playwright

__all__ = ["StateStore", "origin_of"]

_COOKIE_KEYS = (
    "name",
    "value",
    "url",
    "domain",
    "path",
    "expires",
    "httpOnly",
    "secure",
    "sameSite",
)
_DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> str | None:
    """The origin (``http://127.0.0.1:8000``) of an http(s) URL; None for any other URL."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    if port is not None and port != _DEFAULT_PORTS[scheme]:
        host += f":{port}"
    return f"{scheme}://{host}"


def _given_origin(origin: object) -> str:
    if not isinstance(origin, str) or origin_of(origin) is None:
        raise InvalidArgumentError(
            f"origin: {origin!r} is not an http(s) origin",
            hint="give it as http://host:port (a page's URL works too), or omit it for the tab's",
        )
    return str(origin_of(origin))


def _cookie_params(item: object, where: str) -> dict[str, Any]:
    """Playwright's ``add_cookies`` entry for one cookie, checked."""
    if isinstance(item, Cookie):
        return item.to_playwright()
    if not isinstance(item, Mapping):
        raise InvalidArgumentError(
            f"{where}: must be a Cookie or a mapping, got {type(item).__name__}",
            hint='e.g. {"name": "theme", "value": "dark", "url": "https://example.org"}',
        )
    unknown = sorted(str(k) for k in item if k not in _COOKIE_KEYS)
    if unknown:
        raise InvalidArgumentError(
            f"{where}: unknown key(s) {', '.join(unknown)}",
            hint=f"a cookie's keys are Playwright's: {', '.join(_COOKIE_KEYS)}",
        )
    out = dict(item)
    for key in ("name", "value"):
        if not isinstance(out.get(key), str):
            raise InvalidArgumentError(f"{where}: needs {key} as a string")
    if not out["name"] or any(c in out["name"] for c in ";=\r\n"):
        raise InvalidArgumentError(f"{where}: {out['name']!r} is not a cookie name")
    if "url" in out:
        if "domain" in out or "path" in out:
            raise InvalidArgumentError(
                f"{where}: give url, or domain and path, not both",
                hint="url sets both from the address; domain and path set them exactly",
            )
        if not isinstance(out["url"], str) or origin_of(out["url"]) is None:
            raise InvalidArgumentError(f"{where}: url must be an http(s) URL, got {out['url']!r}")
    elif isinstance(out.get("domain"), str) and out["domain"]:
        out.setdefault("path", "/")
        if not isinstance(out["path"], str) or not out["path"].startswith("/"):
            raise InvalidArgumentError(f"{where}: path must start with /, got {out['path']!r}")
    else:
        raise InvalidArgumentError(
            f"{where}: needs url, or domain (and path)",
            hint='e.g. "url": "https://example.org" or "domain": "example.org"',
        )
    expires = out.get("expires", -1)
    number(f"{where}: expires", expires, hint="-1 makes a session cookie")
    for key in ("httpOnly", "secure"):
        flag(f"{where}: {key}", out.get(key, False))
    if out.get("sameSite", "Lax") not in SAME_SITE:
        raise InvalidArgumentError(f"{where}: sameSite must be one of {', '.join(SAME_SITE)}")
    if out.get("sameSite") == "None" and not out.get("secure"):
        raise InvalidArgumentError(
            f"{where}: sameSite None needs secure true", hint="Chromium drops such a cookie"
        )
    return out


class StateStore:
    """Reads and writes a session's cookies, localStorage and storage state."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core

    def _own_context(self, what: str) -> None:
        self._core.own_context_only(
            what,
            "it shares the cookies of the user's whole Chrome",
            "start a session of its own (it may start from a storage_state)",
        )

    def _reading(self, what: str) -> None:
        self._core.check()  # open, and not held by a dialog; marks the session used
        self._own_context(what)

    # ---------------------------------------------------------- cookies

    async def cookies(
        self, urls: str | Sequence[str] | None, timeout_ms: float | None
    ) -> list[Cookie]:
        core = self._core
        asked = [urls] if isinstance(urls, str) else list(urls or ())
        for url in asked:
            if not isinstance(url, str) or origin_of(url) is None:
                raise InvalidArgumentError(f"urls: {url!r} is not an http(s) URL")
        self._reading("cookies")
        found = await core.bounded(
            core.context.cookies(asked or None), "cookies", core.timeout(timeout_ms)
        )
        return [cookie_from_playwright(c) for c in found]

    async def set_cookies(
        self, cookies: Iterable[Cookie | Mapping[str, Any]], timeout_ms: float | None
    ) -> None:
        core = self._core
        if isinstance(cookies, (Cookie, Mapping, str)):
            raise InvalidArgumentError(
                "cookies: give a list of cookies", hint="wrap a single cookie in a list"
            )
        params = [_cookie_params(c, f"cookies[{i}]") for i, c in enumerate(cookies)]
        core.check(mutating=True)
        self._own_context("set_cookies")
        if params:
            # Checked above to have the keys and types of Playwright's SetCookieParam.
            added = core.context.add_cookies(cast(Any, params))
            await core.bounded(added, "set cookies", core.timeout(timeout_ms))

    async def clear_cookies(
        self, name: str | None, domain: str | None, path: str | None, timeout_ms: float | None
    ) -> int:
        core = self._core
        for what, value in (("name", name), ("domain", domain), ("path", path)):
            if value is not None and (not isinstance(value, str) or not value):
                raise InvalidArgumentError(f"{what}: must be a non-empty string, got {value!r}")
        core.check(mutating=True)
        self._own_context("clear_cookies")
        ms = core.timeout(timeout_ms)
        before = len(await core.bounded(core.context.cookies(), "clear cookies", ms))
        await core.bounded(
            core.context.clear_cookies(name=name, domain=domain, path=path), "clear cookies", ms
        )
        return before - len(await core.bounded(core.context.cookies(), "clear cookies", ms))

    # ---------------------------------------------------- storage state

    async def storage_state(
        self, path: str | os.PathLike[str] | None, indexed_db: bool, timeout_ms: float | None
    ) -> StorageState:
        core = self._core
        target = None if path is None else output_file(path, "storage_state('state.json')")
        flag("indexed_db", indexed_db)
        self._reading("storage_state")
        raw = await core.bounded(
            core.context.storage_state(indexed_db=indexed_db),
            "storage state",
            core.timeout(timeout_ms),
        )
        # Redacted before it is returned or written: a secret a page kept in a
        # cookie or localStorage reads <secret:NAME> in the file too.
        state = StorageState.from_playwright(core.config.secrets.hide(raw))
        if target is not None:
            # Cookies are credentials: the file is readable by its owner only.
            text = json.dumps(state.to_playwright(), indent=2)
            try:
                await asyncio.to_thread(write_file, target, text, private=True)
            except OSError as exc:
                raise InvalidArgumentError(
                    f"path: cannot write {str(target)!r} ({exc.strerror or exc})",
                    hint="give the path of a file (not a folder) you may write",
                ) from None
        return state

    # ---------------------------------------- localStorage and sessionStorage

    async def local_storage(
        self,
        origin: str | None,
        update: Mapping[str, str] | None,
        remove: Sequence[str],
        clear: bool,
        timeout_ms: float | None,
    ) -> dict[str, str]:
        return await self._web_storage(True, origin, update, remove, clear, timeout_ms)

    async def session_storage(
        self,
        origin: str | None,
        update: Mapping[str, str] | None,
        remove: Sequence[str],
        clear: bool,
        timeout_ms: float | None,
    ) -> dict[str, str]:
        return await self._web_storage(False, origin, update, remove, clear, timeout_ms)

    async def _web_storage(
        self,
        local: bool,
        origin: str | None,
        update: Mapping[str, str] | None,
        remove: Sequence[str],
        clear: bool,
        timeout_ms: float | None,
    ) -> dict[str, str]:
        core = self._core
        name = "local_storage" if local else "session_storage"
        if update is not None and (
            not isinstance(update, Mapping)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in update.items())
        ):
            raise InvalidArgumentError(
                "update: must map keys to values, both strings",
                hint='e.g. update={"theme": "dark"}; store JSON with json.dumps',
            )
        if isinstance(remove, str) or not all(isinstance(k, str) for k in remove):
            raise InvalidArgumentError(
                "remove: must be a list of keys", hint='e.g. remove=["theme"]'
            )
        flag("clear", clear)
        writes = bool(update) or bool(remove) or clear
        tab = core.check(mutating=writes)
        wanted = self._active_origin(tab, name) if origin is None else _given_origin(origin)
        ms = core.timeout(timeout_ms)
        live = self._live_frame(tab, wanted)
        if live is None and not local:
            raise InvalidArgumentError(
                f"session_storage: no tab of the session shows {wanted}",
                hint="sessionStorage belongs to a tab: navigate one to that origin first",
            )
        if live is None:
            if writes:
                raise InvalidArgumentError(
                    f"local_storage: no tab of the session shows {wanted}",
                    hint="navigate there first (localStorage is written through a page of "
                    "its origin), or start the session from a storage_state",
                )
            self._own_context("local_storage of an origin no tab shows")
            raw = await core.bounded(core.context.storage_state(), "local storage", ms)
            return StorageState.from_playwright(raw).local_storage(wanted)
        holder, frame = live
        storage = {"securityOrigin": wanted, "isLocalStorage": local}
        return await self._in_frame(holder, frame, storage, update or {}, remove, clear, ms)

    def _active_origin(self, tab: Tab, name: str) -> str:
        found = origin_of(tab.page.url)
        if found is None:
            raise InvalidArgumentError(
                f"{name}: the active tab ({tab.page.url or 'blank'}) has no http(s) origin",
                hint="navigate to a page first, or name the origin",
            )
        return found

    def _live_frame(self, active: Tab, origin: str) -> tuple[Tab, Frame] | None:
        """A frame showing ``origin`` (main frames first, the active tab's first)."""
        tabs = [active, *(t for t in self._core.tabs.values() if t is not active)]
        for main_only in (True, False):
            for tab in tabs:
                if tab.page.is_closed():
                    continue
                frames = [tab.page.main_frame] if main_only else tab.page.frames
                for frame in frames:
                    if origin_of(frame.url) == origin:
                        return tab, frame
        return None

    async def _in_frame(
        self,
        tab: Tab,
        frame: Frame,
        storage_id: dict[str, Any],
        update: Mapping[str, str],
        remove: Sequence[str],
        clear: bool,
        ms: float,
    ) -> dict[str, str]:
        core = self._core
        cdp: CDPSession = await core.bounded(tab.cdp_session(), "local storage", ms, tab)
        own: CDPSession | None = None
        if frame is not tab.page.main_frame:
            try:
                # A cross-site iframe runs in a process of its own, with its own CDP target.
                own = await core.context.new_cdp_session(frame)
                cdp = own
            except PlaywrightError:
                pass  # a same-process frame: the page's session reaches it
        storage = {"storageId": storage_id}
        what = "local storage" if storage_id["isLocalStorage"] else "session storage"
        try:
            if clear:
                await core.bounded(cdp.send("DOMStorage.clear", storage), f"clear {what}", ms, tab)
            for key in remove:
                await core.bounded(
                    cdp.send("DOMStorage.removeDOMStorageItem", {**storage, "key": key}),
                    f"remove a {what} item",
                    ms,
                    tab,
                )
            for key, value in update.items():
                await core.bounded(
                    cdp.send(
                        "DOMStorage.setDOMStorageItem", {**storage, "key": key, "value": value}
                    ),
                    f"write {what}",
                    ms,
                    tab,
                )
            reply = await core.bounded(
                cdp.send("DOMStorage.getDOMStorageItems", storage), f"read {what}", ms, tab
            )
        finally:
            if own is not None:
                try:
                    await own.detach()
                except PlaywrightError:
                    pass
        return {str(k): str(v) for k, v in reply.get("entries", [])}
