"""Session state (cookies, storage) and emulation: a mixin of :class:`AsyncSession`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from browserkit._async._emulation import Resizer
from browserkit._async._state import StateStore
from browserkit.results import Cookie, StorageState

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["StateMethods"]


class StateMethods:
    """Session state (cookies, storage) and emulation."""

    _core: SessionCore

    def _init_state(self, core: SessionCore) -> None:
        self._state = StateStore(core)
        self._resizer = Resizer(core)

    # ------------------------------------------------------------ state

    async def storage_state(
        self, path: str | Path | None = None, *, timeout_ms: float | None = None
    ) -> StorageState:
        """The session's cookies and each origin's localStorage, to log in once and reuse it.

        Start another session from it with ``browser.start(storage_state=...)``
        (the result, its ``to_playwright()`` dict, or the file). Origins no
        tab shows are included too (every origin the session visited).

        Args:
            path: A file to also write the state to, as Playwright's JSON, readable by
                its owner only; its folder must exist. It holds session cookies: keep it
                as you would a password. Default: write no file.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
        """
        return await self._state.storage_state(path, timeout_ms)

    async def cookies(
        self, urls: str | Sequence[str] | None = None, *, timeout_ms: float | None = None
    ) -> list[Cookie]:
        """The session's cookies; with ``urls``, only those sent to these URLs.

        HttpOnly cookies are included. A :class:`~browserkit.Cookie`'s repr
        hides its value; ``cookie.value`` holds it.

        Args:
            urls: An http(s) URL or a list of them: only the cookies a request to one
                of them would send. Default: every cookie of the session.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
        """
        return await self._state.cookies(urls, timeout_ms)

    async def set_cookies(
        self,
        cookies: Iterable[Cookie | Mapping[str, Any]],
        *,
        timeout_ms: float | None = None,
    ) -> None:
        """Add (or replace) cookies: each a :class:`~browserkit.Cookie` or a mapping.

        A bad entry raises :class:`~browserkit.InvalidArgumentError` naming
        it, and none is set. Read-only sessions refuse it.

        Args:
            cookies: A list of cookies. A mapping has Playwright's keys: ``name``,
                ``value`` and either ``url`` or ``domain`` (with ``path``, default ``/``);
                optional ``expires`` (seconds since the epoch; -1: a session cookie),
                ``httpOnly``, ``secure``, ``sameSite`` (``Strict``, ``Lax``, ``None``).
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
        """
        await self._state.set_cookies(cookies, timeout_ms)

    async def clear_cookies(
        self,
        *,
        name: str | None = None,
        domain: str | None = None,
        path: str | None = None,
        timeout_ms: float | None = None,
    ) -> int:
        """Remove the session's cookies (only those matching every filter given); how many went.

        Read-only sessions refuse it.

        Args:
            name: Only the cookies of this name. Default: any name.
            domain: Only the cookies whose ``domain`` is this. Default: any domain.
            path: Only the cookies whose ``path`` is this. Default: any path.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
        """
        return await self._state.clear_cookies(name, domain, path, timeout_ms)

    async def local_storage(
        self,
        origin: str | None = None,
        *,
        update: Mapping[str, str] | None = None,
        remove: Sequence[str] = (),
        clear: bool = False,
        timeout_ms: float | None = None,
    ) -> dict[str, str]:
        """An origin's localStorage items, after any writes (``clear``, ``remove``, ``update``).

        Reads and writes go through the browser, not the page's scripts, so a
        page cannot fake what is read. Writing needs a tab (or frame) of the
        session showing that origin, else
        :class:`~browserkit.InvalidArgumentError`; reading an origin no tab
        shows answers from the session's storage state. Read-only sessions
        refuse writes. The writes apply in the order ``clear``, ``remove``,
        ``update``.

        Args:
            origin: The origin (``http://127.0.0.1:8000``, or any URL of it); default:
                the active tab's.
            update: Items to set, key to value (both strings). Default: set none.
            remove: Keys to delete. Default: delete none.
            clear: Delete every item first. Default ``False``.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
        """
        return await self._state.local_storage(origin, update, remove, clear, timeout_ms)

    # -------------------------------------------------------- emulation

    async def resize(self, width: int, height: int, *, timeout_ms: float | None = None) -> None:
        """Set the viewport of every tab of the session, and of the tabs it opens later.

        The page lays itself out again (and may fire ``resize``): read-only
        sessions refuse it.

        Args:
            width: The viewport's width in CSS pixels, from 1 to 10,000.
            height: The viewport's height in CSS pixels, from 1 to 10,000.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
        """
        await self._resizer.resize(width, height, timeout_ms)
