"""Session methods for recording a replayable trace (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["RecordingMethods"]


class RecordingMethods:
    """Recording the session's work as a Playwright trace a person can replay."""

    _core: SessionCore

    def _init_recording(self, core: SessionCore) -> None:
        pass
