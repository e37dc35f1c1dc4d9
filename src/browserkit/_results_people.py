"""Results of the calls for people watching or reviewing a session (recording).

Exported by :mod:`browserkit.results`.
"""

from __future__ import annotations

import attrs

from browserkit._reprs import record_markdown, summary

__all__ = ["Recording"]


@attrs.frozen(repr=False)
class Recording:
    """The trace :meth:`~browserkit.AsyncSession.stop_recording` wrote, and its HAR and videos.

    ``path`` is the zip's absolute path, ``actions`` how many actions and
    navigations it holds as named groups, ``size_bytes`` its size on disk.
    Open it with ``python -m playwright show-trace <path>``. ``har`` is the
    HAR written beside it (``record(har=True)``; else None), ``videos`` the
    ``.webm`` video of each tab (``record(video=True)``), all owner-only.
    """

    path: str
    actions: int
    size_bytes: int
    har: str | None = None
    videos: tuple[str, ...] = ()

    __repr__ = summary
    _repr_markdown_ = record_markdown
