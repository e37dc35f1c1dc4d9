"""Session method for a person picking an element in the live view (a mixin of AsyncSession).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from browserkit._async._pick import Picking
from browserkit.results import Picked

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore
    from browserkit._async._live import LiveViews
    from browserkit._async._picks import Picks

__all__ = ["PickMethods"]


class PickMethods:
    """pick(): a person points at an element in the live view, the agent gets its ref."""

    _core: SessionCore
    _picks: Picks
    _live_views: LiveViews
    _picking: Picking

    def _init_pick(self) -> None:
        self._picking = Picking(self._core, self._picks, self._live_views)

    async def pick(self, prompt: str | None = None, *, timeout_ms: float | None = None) -> Picked:
        """Wait for a person to pick an element in the live view; its ``p`` ref.

        Starts the live view if none runs (:meth:`live`; its ``url`` is what
        the person opens) and puts it in pick mode, showing the prompt: the
        element under their pointer is outlined in the page with its tag,
        id and accessible name, and their next click picks it and clicks
        nothing in the page. Works in iframes and open shadow roots, on the
        active tab.

        The returned :class:`~browserkit.Picked` has ``ref`` (``p1``,
        ``p2``, ...), a target every method accepts, checked like any ref:
        stale after its tab navigates (:class:`~browserkit.StaleRefError`),
        gone once its element leaves the page, never another element. Also
        on a read-only session: picking changes nothing in the page.

        One pick at a time per session (a second raises
        :class:`~browserkit.InvalidArgumentError`).

        Args:
            prompt: What the view asks the person to pick; default ``"Click the element
                the agent should use"``.
            timeout_ms: How long to wait for the person, in milliseconds; default and
                upper bound ``config.max_timeout_ms`` (a person's wait). Then
                :class:`~browserkit.TimeoutError`, with the view's URL in its hint.
        """
        return await self._picking.pick(prompt, timeout_ms)
