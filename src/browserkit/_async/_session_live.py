"""Session methods for the live view people watch and act in (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["LiveMethods"]


class LiveMethods:
    """The live view: a screencast of the session a person can watch and take over."""

    _core: SessionCore

    def _init_live(self, core: SessionCore) -> None:
        pass
