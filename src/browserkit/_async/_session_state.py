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
        (the result, its ``to_playwright()`` dict, or the file). With
        ``path``, the state is also written there as Playwright's JSON,
        readable by its owner only (the folder must exist). It holds session
        cookies: keep the file as you would a password. Origins no tab shows
        are included too (every origin the session visited).
        """
        return await self._state.storage_state(path, timeout_ms)

    async def cookies(
        self, urls: str | Sequence[str] | None = None, *, timeout_ms: float | None = None
    ) -> list[Cookie]:
        """The session's cookies; with ``urls``, only those sent to these URLs.

        HttpOnly cookies are included. A :class:`~browserkit.Cookie`'s repr
        hides its value; ``cookie.value`` holds it.
        """
        return await self._state.cookies(urls, timeout_ms)

    async def set_cookies(
        self,
        cookies: Iterable[Cookie | Mapping[str, Any]],
        *,
        timeout_ms: float | None = None,
    ) -> None:
        """Add (or replace) cookies: each a :class:`~browserkit.Cookie` or a mapping.

        A mapping has Playwright's keys: ``name``, ``value`` and either ``url`` or ``domain``
        (with ``path``, default ``/``); optional ``expires`` (seconds since
        the epoch; -1: a session cookie), ``httpOnly``, ``secure``,
        ``sameSite`` (``Strict``, ``Lax``, ``None``). A bad entry raises
        :class:`~browserkit.InvalidArgumentError` naming it, and none is set.
        Read-only sessions refuse it.
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

        ``origin`` (``http://127.0.0.1:8000``, or any URL of it) defaults to
        the active tab's. Reads and writes go through the browser, not the
        page's scripts, so a page cannot fake what is read. Writing needs a
        tab (or frame) of the session showing that origin, else
        :class:`~browserkit.InvalidArgumentError`; reading an origin no tab
        shows answers from the session's storage state. Read-only sessions
        refuse writes.
        """
        return await self._state.local_storage(origin, update, remove, clear, timeout_ms)

    # -------------------------------------------------------- emulation

    async def resize(self, width: int, height: int, *, timeout_ms: float | None = None) -> None:
        """Set the viewport of every tab of the session, and of the tabs it opens later.

        Sizes are CSS pixels, from 1 to 10,000. The page lays itself out
        again (and may fire ``resize``): read-only sessions refuse it.
        """
        await self._resizer.resize(width, height, timeout_ms)
