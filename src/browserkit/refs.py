"""Element refs: ids printed in a snapshot, bound to the page generation that printed them."""

from __future__ import annotations

import re

import attrs

from browserkit.snapshot import Outline, diff, parse

__all__ = ["DOM_REF", "OUTLINE_REF", "REF_SHAPE", "Ref", "RefTrail", "bare_ref"]

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


# Whole-page outlines a trail holds unlinked; past it, the oldest is linked at once.
_UNLINKED = 8


class RefTrail:
    """Where the refs of elements a page rebuilt went, within one document.

    A framework that re-renders a list gives every item a new element, and
    Playwright a new ref; the item an agent read as ``e34`` is ``e48`` after
    one action and ``e57`` after the next. A trail is fed every whole-page
    outline a session reads of a tab, in order, and links each to the one
    before: an element rebuilt with the same content at the same place
    carries its old refs over (the diff's ``kept``, see
    :mod:`browserkit.snapshot._kept`). :meth:`follow` then says which ref of
    the latest outline an old ref's element became, through any number of
    re-renders, or None when it changed or left somewhere on the way.

    Outlines are linked only when a ref is followed (or past a few unlinked
    ones), so reading pays nothing until a ref misses.
    """

    def __init__(self) -> None:
        self._generation = -1
        self._tail: Outline | None = None  # the latest outline linked
        self._unlinked: list[str] = []  # outlines read since, oldest first
        self._to: dict[str, str] = {}  # old ref -> the ref of its element in the tail
        self._last = ""  # the text of the latest outline read

    def saw(self, text: str, generation: int) -> None:
        """Note a whole-page outline of ``generation`` just read (a new generation
        starts a new trail: its refs name elements of another document)."""
        if generation != self._generation:
            self._generation, self._tail, self._unlinked, self._to = generation, None, [], {}
        elif text == self._last:
            return  # nothing changed since (most reads of a quiet page)
        self._last = text
        self._unlinked.append(text)
        if len(self._unlinked) > _UNLINKED:
            self._link(self._unlinked.pop(0))

    def follow(self, ref: str, generation: int) -> str | None:
        """The ref that names ``ref``'s element in the latest outline of ``generation``,
        when the page only rebuilt it since (None: unknown, changed or gone)."""
        if generation != self._generation:
            return None
        while self._unlinked:
            self._link(self._unlinked.pop(0))
        return self._to.get(ref)

    def _link(self, text: str) -> None:
        new = parse(text)
        if self._tail is not None:
            step = dict(diff(self._tail, new, baseline_generation=self._generation).kept)
            printed = set(OUTLINE_REF.findall(text))
            # Same ref in the same document, same element: it stays where it is.
            self._to = {
                old: step.get(now, now)
                for old, now in self._to.items()
                if now in step or now in printed
            }
            self._to.update(step)
        self._tail = new
