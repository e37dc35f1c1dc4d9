"""Ticking regions: where a page changes on its own (clocks, feeds, polled counters).

A page that refreshes parts of itself (a clock, a "last updated" line, a
polled badge) would put those changes in the diff of every action that
happens to overlap a refresh. The session sees such changes for what they
are when the page changed between two of the agent's reads with no call in
between; :func:`~browserkit.snapshot._changes.ticking_keys` names where they
happened, and a later diff that carries those keys (the diff's ``live``
field) summarises changes there in one ``background:`` line instead of
listing them.

A change's key is the element itself when it kept its ref (a status line
whose text ticks), else the nearest enclosing ref and the role of what came,
went or changed inside it (``e40/text``, ``e12/listitem``). A change with no
enclosing ref has no key: it is always listed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Protocol

__all__ = ["Entry", "background_line", "in_background", "ticking_key"]

# Refs a background line names; a snapshot shows the rest.
_NAMED = 12


class Entry(Protocol):
    """A diff entry as this module reads it (added, removed or changed node)."""

    @property
    def line(self) -> str: ...

    @property
    def ref(self) -> str | None: ...

    @property
    def ancestor_ref(self) -> str | None: ...


def ticking_key(entry: Entry) -> str | None:
    """Where ``entry`` happened (None: nowhere to name, so it is always listed)."""
    ref: str | None = entry.ref
    if ref is not None and ref == getattr(entry, "old_ref", None):
        return ref
    if entry.ancestor_ref is None:
        return None
    role = entry.line.removeprefix("- ").split(" ", 1)[0].rstrip(":")
    return f"{entry.ancestor_ref}/{role}"


def in_background(
    entries: Iterable[Entry], ticking: Collection[str], skip: Collection[int]
) -> dict[int, str]:
    """The ``entries`` of a diff (by ``id``, those in ``skip`` aside) that happened
    where the page changes on its own (``ticking``), with their keys."""
    found: dict[int, str] = {}
    if not ticking:
        return found
    for entry in entries:
        key = ticking_key(entry)
        if key is not None and key in ticking and id(entry) not in skip:
            found[id(entry)] = key
    return found


def background_line(keys: Iterable[str]) -> list[str]:
    """``background: 3 changes in e40, e12, where the page changes on its own``
    (no line when there are none)."""
    keys = list(keys)
    if not keys:
        return []
    refs = list(dict.fromkeys(key.split("/", 1)[0] for key in keys))
    where = ", ".join(refs[:_NAMED]) + (" …" if len(refs) > _NAMED else "")
    many = "s" if len(keys) > 1 else ""
    return [f"background: {len(keys)} change{many} in {where}, where the page changes on its own"]
