"""Element refs: ids printed in a snapshot, bound to the page generation that printed them."""

from __future__ import annotations

import re

import attrs

__all__ = ["DOM_REF", "OUTLINE_REF", "REF_SHAPE", "Ref", "bare_ref"]

OUTLINE_REF = re.compile(r"\[ref=([^\]\s]+)\]")
"""A ref as an outline prints it: ``[ref=e3]``; group 1 is the id."""

REF_SHAPE = re.compile(r"^[a-z]*\d*[a-z]+\d+$")
"""What any ref id looks like: ``e3``, ``f1e2``, ``d12``, ``p1``."""

DOM_REF = re.compile(r"^d(\d+)$")
"""A ref handed out by ``dom()`` or ``scan()``; group 1 is its number."""


def bare_ref(text: str) -> str:
    """A ref id as typed by a person or a model: ``" ref=e3"`` -> ``"e3"``."""
    text = text.strip()
    return text[4:] if text.startswith("ref=") else text


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
    tab_id: str = "t1"

    def __str__(self) -> str:
        return self.id
