"""Results of the lower-level calls (pdf); exported by :mod:`browserkit.results`."""

from __future__ import annotations

import attrs

from browserkit._reprs import record_markdown, summary

__all__ = ["PdfFile"]


@attrs.frozen(repr=False)
class PdfFile:
    """The PDF :meth:`~browserkit.AsyncSession.pdf` wrote.

    ``path`` is where it is, ``size_bytes`` its size on disk, ``pages`` its
    number of pages as the file's page tree states it (None if the file does
    not state it plainly).
    """

    path: str
    size_bytes: int
    pages: int | None

    __repr__ = summary
    _repr_markdown_ = record_markdown
