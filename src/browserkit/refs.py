"""Element refs: ids printed in a snapshot, bound to the page generation that printed them."""

from __future__ import annotations

import attrs

__all__ = ["Ref"]


@attrs.frozen
class Ref:
    """A ref as printed by a snapshot (``e3``, ``f1e2``), with where it came from.

    ``generation`` is the page generation of the snapshot that printed it; a
    ref used after the tab navigated to a new document raises
    :class:`~browserkit.StaleRefError` instead of acting on whatever element
    the new page gave the same id. ``str(ref)`` is the bare id.
    """

    id: str
    generation: int
    page_id: str = "t1"

    def __str__(self) -> str:
        return self.id
