"""Session state (cookies, storage) and emulation: a mixin of :class:`AsyncSession`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["StateMethods"]


class StateMethods:
    """Session state (cookies, storage) and emulation."""

    _core: SessionCore

    def _init_state(self, core: SessionCore) -> None:
        pass
