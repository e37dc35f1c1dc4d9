"""Session methods for the live view people watch and act in (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from browserkit._async._live import LiveView, LiveViews

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["LiveMethods"]


class LiveMethods:
    """The live view: a screencast of the session a person can watch and take over."""

    _live_views: LiveViews

    def _init_live(self, core: SessionCore) -> None:
        self._live_views = LiveViews(core)

    async def live(self, *, timeout_ms: float | None = None) -> LiveView:
        """Start a live view of the session and return it (a second call returns the running one).

        The view is a web page on this machine, at ``view.url``: the active
        tab's screen as it changes (a screencast: Chromium sends a frame only
        when something was drawn, so an idle page costs nothing), the tab
        list, the URL and the session's last actions. In a notebook the
        returned :class:`LiveView` renders it inline.

        A person can take over from the view: their first click, wheel turn
        or key there takes control of the session and goes to the page as
        trusted input (as from a real mouse and keyboard). While they have
        control, the agent's actions and other calls that change the page
        raise :class:`ModalStateBlockedError` at once (reading still works),
        until they press "Hand back" or the view stops. A :meth:`handoff`
        also shows its instructions and a Continue button in the view.

        It listens on 127.0.0.1 only, on a free port, and refuses every
        request without the view's random token (it is in ``view.url``: treat
        that URL like a password) or from another origin. A read-only
        session's view only watches: it refuses input.

        ``view.stop()`` ends it; the session's stop does too. Raises
        :class:`SessionClosedError` on a stopped session and
        :class:`TimeoutError` if the server could not start in ``timeout_ms``.

        >>> view = await session.live()
        >>> print(view.url)  # open it in a browser on this machine

        Args:
            timeout_ms: Bound in milliseconds on starting the view's server; default
                ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
        """
        return await self._live_views.live(timeout_ms)
