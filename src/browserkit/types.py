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
import re
from collections.abc import Mapping
from typing import Any, Literal, Union

from browserkit.results import SameSite, StorageState

__all__ = [
    "Button",
    "ColorScheme",
    "ForcedColors",
    "Geolocation",
    "HarContent",
    "MediaType",
    "Modifier",
    "NetworkConditions",
    "PaperFormat",
    "ReducedMotion",
    "SameSite",
    "StateSource",
    "UrlFilter",
]

Button = Literal["left", "right", "middle"]
"""A mouse button."""

Modifier = Literal["Alt", "Control", "ControlOrMeta", "Meta", "Shift"]
"""A modifier key held during a click (``ControlOrMeta``: Meta on macOS, else Control)."""

PaperFormat = Literal["A3", "A4", "A5", "Legal", "Letter", "Tabloid"]
"""A paper size for :meth:`~browserkit.AsyncSession.pdf`."""

ColorScheme = Literal["light", "dark", "no-preference"]
"""The ``prefers-color-scheme`` a session emulates."""

ReducedMotion = Literal["reduce", "no-preference"]
"""The ``prefers-reduced-motion`` a session emulates."""

ForcedColors = Literal["active", "none"]
"""The ``forced-colors`` a session emulates (``active``: a high-contrast theme)."""

MediaType = Literal["screen", "print"]
"""The CSS media type a session's pages are laid out for."""

HarContent = Literal["omit", "embed", "attach"]
"""What a HAR keeps of the bodies: nothing, each inline, or each as a file of its zip."""

# Union, not |: these aliases are evaluated at run time, on Python 3.10 too.
Geolocation = Union[tuple[float, float], Mapping[str, float]]  # noqa: UP007
"""``(latitude, longitude)``, or a mapping with ``latitude``, ``longitude`` and ``accuracy``."""

NetworkConditions = Union[Literal["slow-3g", "fast-3g", "offline"], Mapping[str, float]]  # noqa: UP007
"""A network to emulate: a preset, or a mapping with ``latency_ms``, ``download_kbps`` and
``upload_kbps`` (kilobits a second; a missing throughput is not limited)."""

StateSource = Union[str, "os.PathLike[str]", Mapping[str, Any], StorageState]
"""A storage state, given as its JSON file's path, Playwright's dict, or a
:class:`~browserkit.StorageState`."""

UrlFilter = Union[str, "re.Pattern[str]"]
"""A URL glob (``"**/api/**"``: ``*`` within a path segment, ``**`` across them) or a
compiled regular expression searched in the URL."""
