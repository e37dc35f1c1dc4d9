"""Reading and scripting: DOM outline, page scan, find, styles, execute.

``ReadingMixin`` is mixed into :class:`~browserkit.AsyncSession`; its methods
use the session's internal helpers (``_check``, ``_timeout``, ``_resolve``,
``_guard``, ``_act``) and are mirrored into the sync ``Session`` by the
generator like the session's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.async_api import Locator

from browserkit.errors import RefNotFoundError

if TYPE_CHECKING:
    from browserkit._async._tab import Tab

__all__ = ["ReadingMixin"]


class ReadingMixin:
    """DOM, scan, find, styles and execute (filled in by the reading capability)."""

    async def _resolve_dom_ref(
        self, tab: Tab, ref: str, generation: int | None, ms: float
    ) -> Locator:
        raise RefNotFoundError(f"ref {ref} is not known on this page")
