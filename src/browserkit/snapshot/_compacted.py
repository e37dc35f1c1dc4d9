"""A compacted outline, as :func:`~browserkit.snapshot.compact` returns it."""

from __future__ import annotations

import attrs

__all__ = ["Compacted", "expand_hint", "quote_ref"]


@attrs.frozen
class Compacted:
    """A compact outline and what compacting left out.

    ``str(compacted)`` is the outline. Counts:

    Attributes:
        text: the compact outline.
        runs: runs of similar siblings collapsed into one line.
        collapsed: items those runs hid.
        wrappers: layout wrappers dropped (their children moved up).
        merged: wrappers merged into the child that repeats their name, and
            label texts that repeat the name of the field beside them.
        inlined: inline pieces (``strong``, ``code``, spans) whose text joined
            the line of the element holding them.
        capped: names, texts and values shortened.
        folded: subtrees folded into one line to fit ``max_tokens``.
        cut: lines cut at the end to fit ``max_tokens``.
        expansions: the refs the ``(expand: snapshot(target=...))`` notes
            name, in order; ``snapshot(target=ref)`` shows what each hid.
        repeated: landmarks folded because ``seen`` held them, and stretches of
            rows folded because ``read_rows`` held them.
        rows: table rows printed as one line each (``- row [ref=e9]: a | b``).
        landmarks: the signatures of this outline's landmarks (banners,
            navigations, footers, sidebars), for the next page's ``seen``.
        read_rows: the signatures of the table rows this outline prints as
            lines or folds as read before, in reading order, for a later
            outline's ``read_rows``.
    """

    text: str = attrs.field(repr=lambda text: f"<{len(text)} characters>")
    runs: int = 0
    collapsed: int = 0
    wrappers: int = 0
    merged: int = 0
    inlined: int = 0
    capped: int = 0
    folded: int = 0
    cut: int = 0
    expansions: tuple[str, ...] = ()
    repeated: int = 0
    landmarks: tuple[str, ...] = attrs.field(default=(), repr=False)
    rows: int = 0
    read_rows: tuple[str, ...] = attrs.field(default=(), repr=False)

    @property
    def tokens(self) -> int:
        """The outline's size in tokens (4 characters each, rounded up)."""
        return -(-len(self.text) // 4)

    def __str__(self) -> str:
        return self.text


def quote_ref(ref: str) -> str:
    """``ref`` as a quoted Python string."""
    return '"' + ref.replace("\\", "\\\\").replace('"', '\\"') + '"'


def expand_hint(anchor: str | None) -> str:
    """What a fold or collapse line says shows what it hid: ``anchor``'s snapshot."""
    if anchor is None:
        return "expand: snapshot(compact=False)"
    return f"expand: snapshot(target={quote_ref(anchor)})"
