"""Network control (routes, offline): a mixin of :class:`AsyncSession`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from browserkit._async._network_detail import AsyncNetwork
from browserkit._async._routes import Routes

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["NetworkMethods"]


class NetworkMethods:
    """Network control (routes, offline)."""

    _core: SessionCore
    _network: AsyncNetwork
    _routes: Routes

    def _init_network(self, core: SessionCore) -> None:
        self._network = AsyncNetwork(core)
        self._routes = Routes(core)

    async def route(
        self,
        pattern: str,
        *,
        block: bool = False,
        respond: Mapping[str, Any] | None = None,
        delay_ms: float | None = None,
        timeout_ms: float | None = None,
    ) -> tuple[str, ...]:
        """Handle the session's requests whose URL matches ``pattern``; returns the patterns routed.

        Give exactly one of ``block``, ``respond`` and ``delay_ms``. Routes
        are the session's: every tab, popups too, until :meth:`unroute` or
        the end of the session. A route for a pattern already routed replaces
        it. The requests a route handles show it in the network buffer
        (``routed``: ``blocked``, ``fulfilled 200``, ``delayed 500 ms``).

        None or several of the three, or a bad value, raise
        :class:`~browserkit.InvalidArgumentError` and change nothing;
        read-only sessions raise ``ReadOnlyError``; an attached session
        cannot route (it would change its whole browser).

        >>> await session.route("**/ratings.json*", block=True)  # doctest: +SKIP
        ('**/ratings.json*',)

        Args:
            pattern: A Playwright URL glob (``**/api/items*``: ``*`` stays within a path
                segment, ``**`` crosses them) or, written ``/.../``, a regular expression
                searched in the URL.
            block: ``True``: the request fails as blocked by the client (a tracker, an ad).
            respond: The answer the browser gets, the server never asked (a mocked API).
                Keys: ``status`` (default 200), ``headers`` (a dict), ``body`` (str or
                bytes) or ``json`` (any JSON-able value, sent with ``application/json``),
                ``content_type``.
            delay_ms: Milliseconds the request waits before it goes to the server (a slow
                backend); more than 0, at most ``config.max_timeout_ms``.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
        """
        return await self._routes.route(pattern, block, respond, delay_ms, timeout_ms)

    async def unroute(self, pattern: str, *, timeout_ms: float | None = None) -> bool:
        """Remove the route of ``pattern`` (as it was given to :meth:`route`); False if none.

        Requests matching it go to the server again. Read-only sessions raise
        ``ReadOnlyError``.

        Args:
            pattern: The pattern exactly as it was routed (see ``sessions()``, whose
                ``routes`` lists them).
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
        """
        return await self._routes.unroute(pattern, timeout_ms)

    async def offline(self, flag: bool, *, timeout_ms: float | None = None) -> bool:
        """Take the session off the network (``True``) or back on (``False``); returns ``flag``.

        Offline, every request of every tab fails at once (as without a
        connection) and ``navigator.onLine`` is false; pages already loaded
        stay. Read-only sessions raise ``ReadOnlyError``; an attached session
        cannot go offline (it would take its whole browser offline).

        Args:
            flag: ``True`` to go offline, ``False`` to come back online.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at most
                ``config.max_timeout_ms``.
        """
        return await self._routes.set_offline(flag, timeout_ms)
