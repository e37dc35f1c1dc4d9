"""Public type aliases: the values an argument of the public API may take.

Signatures of :class:`~browserkit.AsyncSession` and
:class:`~browserkit.AsyncBrowser` use these names; import them from here to
annotate code that passes them on::

    from browserkit.types import Button, Modifier

    def click_with(session: bk.Session, ref: str, button: Button, mods: list[Modifier]) -> None:
        session.click(ref, button=button, modifiers=mods)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Literal, Union

from browserkit._results_state import SameSite, StorageState

__all__ = [
    "Button",
    "ColorScheme",
    "Geolocation",
    "Modifier",
    "PaperFormat",
    "SameSite",
    "StateSource",
]

Button = Literal["left", "right", "middle"]
"""A mouse button."""

Modifier = Literal["Alt", "Control", "ControlOrMeta", "Meta", "Shift"]
"""A modifier key held during a click (``ControlOrMeta``: Meta on macOS, else Control)."""

PaperFormat = Literal["A3", "A4", "A5", "Legal", "Letter", "Tabloid"]
"""A paper size for :meth:`~browserkit.AsyncSession.pdf`."""

ColorScheme = Literal["light", "dark", "no-preference"]
"""The ``prefers-color-scheme`` a session emulates."""

# Union, not |: these aliases are evaluated at run time, on Python 3.10 too.
Geolocation = Union[tuple[float, float], Mapping[str, float]]  # noqa: UP007
"""``(latitude, longitude)``, or a mapping with ``latitude``, ``longitude`` and ``accuracy``."""

StateSource = Union[str, "os.PathLike[str]", Mapping[str, Any], StorageState]
"""A storage state, given as its JSON file's path, Playwright's dict, or a
:class:`~browserkit.StorageState`."""
