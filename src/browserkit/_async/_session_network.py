"""Network control (routes, offline): a mixin of :class:`AsyncSession`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["NetworkMethods"]


class NetworkMethods:
    """Network control (routes, offline)."""

    _core: SessionCore

    def _init_network(self, core: SessionCore) -> None:
        pass
