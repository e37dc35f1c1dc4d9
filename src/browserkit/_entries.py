"""What the evidence buffers hold, and the rules a buffer applies to an entry's fields.

The entry types a session records (:class:`ConsoleEntry`, :class:`NetworkEntry`,
:class:`DownloadEntry`, with their level and status literals) and
:class:`BufferEntry`, the contract any other entry type meets, are defined here.
:mod:`browserkit.buffers` re-exports every public name, so users import them from
there (or from ``browserkit``), never from this module.

The rest is what :class:`~browserkit.EventBuffer` works out about an entry type
once, when it is created: which string fields are cut to ``max_field_chars``
(never the key), which ones a read's ``pattern`` searches
(:func:`entry_fields`), how the cut is made (:func:`cap_fields`) and how a
pattern is compiled and matched (:func:`compile_pattern`, :func:`matcher`).
Nothing here knows about rings, ``seq`` numbers or cursors, so this module never
imports :mod:`browserkit.buffers`.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, Literal, Protocol

import attrs

from browserkit._patterns import UserPattern, compile_user_pattern
from browserkit._reprs import record_markdown, summary
from browserkit._text import well_formed_str
from browserkit.errors import InvalidArgumentError

__all__ = [
    "CONSOLE_LEVELS",
    "DOWNLOAD_STATUSES",
    "BufferEntry",
    "ConsoleEntry",
    "ConsoleLevel",
    "DownloadEntry",
    "DownloadEntryStatus",
    "EntryFields",
    "NetworkEntry",
    "cap_fields",
    "compile_pattern",
    "entry_fields",
    "matcher",
]

ConsoleLevel = Literal["log", "info", "warning", "error", "debug", "exception"]
"""Console levels; ``exception`` is an uncaught error thrown in the page."""

CONSOLE_LEVELS: tuple[ConsoleLevel, ...] = ("log", "info", "warning", "error", "debug", "exception")
"""Every :data:`ConsoleLevel`, in order of the literal."""

DownloadEntryStatus = Literal["detected", "saving", "saved", "failed"]
"""Where a download is: seen, being copied by ``downloads.save``, copied, or failed."""

DOWNLOAD_STATUSES: tuple[DownloadEntryStatus, ...] = ("detected", "saving", "saved", "failed")
"""Every :data:`DownloadEntryStatus`, in lifecycle order."""


@attrs.frozen(kw_only=True, repr=False)
class ConsoleEntry:
    """One console message, uncaught exception or failed resource load of a page.

    Attributes:
        seq: Position in the buffer's write order (1, 2, ...); assigned by the buffer.
        timestamp: When it was recorded, in milliseconds since the Unix epoch.
        level: ``log|info|warning|error|debug|exception``.
        text: The message (for an exception, its message).
        source: ``url:line`` where it came from, when known.
        tab_id: The tab it came from (``t1``, ...), or None when no tab owns it.
        stack: The stack trace, when known (mostly for ``exception``).
        truncated_fields: Names of the fields cut to ``max_field_chars``.
    """

    key_field: ClassVar[str | None] = None
    """Console entries are never updated, so they have no key."""
    search_fields: ClassVar[tuple[str, ...]] = ("text", "source")
    """Fields a read's ``pattern`` is searched in."""

    seq: int
    timestamp: float
    level: ConsoleLevel
    text: str
    source: str | None = None
    tab_id: str | None = None
    stack: str | None = None
    truncated_fields: tuple[str, ...] = ()

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(kw_only=True, repr=False)
class NetworkEntry:
    """One network request, updated in place (with a new ``seq``) as it progresses.

    Attributes:
        seq: Position in the buffer's write order; an update moves the entry to the end.
        timestamp: When the request was first recorded, in ms since the Unix epoch.
        request_id: The key the entry is upserted by.
        method: HTTP method (``GET``, ``POST``, ...).
        url: The requested URL.
        resource_type: ``document``, ``xhr``, ``fetch``, ``script``, ``image``, ...
        status: HTTP status once a response arrived, else None.
        failure: The network error text when the request failed, else None.
        duration_ms: Time from request to completion or failure, when finished.
        tab_id: The tab that made the request, or None (e.g. a service worker).
        routed: How a route of the session handled it (``blocked``, ``fulfilled 200``,
            ``delayed 500 ms``), or None when no route did.
        truncated_fields: Names of the fields cut to ``max_field_chars``.
    """

    key_field: ClassVar[str | None] = "request_id"
    """Updates of one request are upserted by its ``request_id``."""
    search_fields: ClassVar[tuple[str, ...]] = ("url", "method", "failure")
    """Fields a read's ``pattern`` is searched in."""

    seq: int
    timestamp: float
    request_id: str
    method: str
    url: str
    resource_type: str
    status: int | None = None
    failure: str | None = None
    duration_ms: float | None = None
    tab_id: str | None = None
    routed: str | None = None
    truncated_fields: tuple[str, ...] = ()

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen(kw_only=True, repr=False)
class DownloadEntry:
    """One download started by a page.

    Attributes:
        seq: Position in the buffer's write order; a status change moves it to the end.
        timestamp: When the download was first seen, in ms since the Unix epoch.
        download_id: The key the entry is upserted (and pinned) by.
        tab_id: The tab that started it, or None.
        url: Where it was downloaded from.
        suggested_filename: The file name the server or page suggested.
        status: ``detected|saving|saved|failed``.
        available: Whether the file can be saved (finished and still on disk).
        path: Where ``downloads.save`` copied it, once saved.
        truncated_fields: Names of the fields cut to ``max_field_chars``.
    """

    key_field: ClassVar[str | None] = "download_id"
    """Updates of one download are upserted by its ``download_id``."""
    search_fields: ClassVar[tuple[str, ...]] = ("url", "suggested_filename")
    """Fields a read's ``pattern`` is searched in."""

    seq: int
    timestamp: float
    download_id: str
    tab_id: str | None = None
    url: str
    suggested_filename: str
    status: DownloadEntryStatus = "detected"
    available: bool = False
    path: str | None = None
    truncated_fields: tuple[str, ...] = ()

    __repr__ = summary
    _repr_markdown_ = record_markdown


class BufferEntry(Protocol):
    """What :class:`~browserkit.EventBuffer` needs of an entry type.

    Any frozen attrs class with these fields (and keyword construction) works;
    it may also set the class variables ``key_field`` (the field ``upsert`` and
    ``pin`` go by; None for append-only entries) and ``search_fields`` (the
    string fields ``pattern`` searches; default: every string field).
    """

    @property
    def seq(self) -> int:
        """Position in the buffer's write order."""

    @property
    def timestamp(self) -> float:
        """When it was recorded, in milliseconds since the Unix epoch."""

    @property
    def truncated_fields(self) -> tuple[str, ...]:
        """Names of the string fields that were cut to the buffer's limit."""


@attrs.frozen
class EntryFields:
    """How a buffer treats the fields of one entry type (see :func:`entry_fields`).

    Attributes:
        names: Every field but ``seq``, in declaration order: what an update copies.
        key: The field ``upsert`` and ``pin`` go by, or None for append-only entries.
        capped: The string fields cut to ``max_field_chars``, in declaration order.
        searched: The fields a read's ``pattern`` is searched in.
    """

    names: tuple[str, ...]
    key: str | None
    capped: tuple[str, ...]
    searched: tuple[str, ...]


def _is_str_type(tp: object) -> bool:
    if tp is str:
        return True
    origin = typing.get_origin(tp)
    return origin in (typing.Union, types.UnionType) and str in typing.get_args(tp)


def entry_fields(entry_type: type[Any]) -> EntryFields:
    """Check that ``entry_type`` can be buffered, and work out its :class:`EntryFields`.

    Raises:
        InvalidArgumentError: It is not an attrs class, or lacks one of the fields
            ``seq``, ``timestamp`` and ``truncated_fields``.
    """
    if not attrs.has(entry_type):
        raise InvalidArgumentError(f"{entry_type!r} is not an attrs class")
    attrs.resolve_types(entry_type)
    fields = attrs.fields(entry_type)
    names = tuple(f.name for f in fields)
    missing = {"seq", "timestamp", "truncated_fields"} - set(names)
    if missing:
        raise InvalidArgumentError(
            f"{entry_type.__name__} lacks the entry fields {sorted(missing)}"
        )
    key: str | None = getattr(entry_type, "key_field", None)
    # The key is never cut: a cut key would no longer find its entry.
    capped = tuple(f.name for f in fields if _is_str_type(f.type) and f.name != key)
    searched: tuple[str, ...] = getattr(entry_type, "search_fields", capped)
    return EntryFields(
        names=tuple(n for n in names if n != "seq"), key=key, capped=capped, searched=searched
    )


def cap_fields(
    fields: dict[str, Any],
    capped: tuple[str, ...],
    max_chars: int,
    redact: Callable[[str], str] | None = None,
) -> tuple[str, ...]:
    """Cut each ``capped`` value in ``fields`` longer than ``max_chars``; return their names.

    ``fields`` is changed in place; the names come in the order of ``capped``.
    Each value is made valid Unicode first (a lone surrogate from the page
    becomes U+FFFD), so no entry ever holds text a UTF-8 encoder refuses;
    then ``redact`` (the config's secrets) runs on it before the cut, so a
    cut never leaves part of a secret.

    >>> fields = {"text": "abcdef", "source": None}
    >>> cap_fields(fields, ("text", "source"), 3), fields["text"]
    (('text',), 'abc')
    """
    cut: tuple[str, ...] = ()
    for name in capped:
        value = fields.get(name)
        if value is None:
            continue
        if isinstance(value, str) and not value.isascii():
            value = fields[name] = well_formed_str(value)
        if redact is not None and isinstance(value, str):
            value = fields[name] = redact(value)
        if len(value) > max_chars:
            fields[name] = value[:max_chars]
            cut += (name,)
    return cut


def compile_pattern(pattern: str) -> UserPattern:
    """The compiled regex ``pattern`` (cached: pollers send the same one every read).

    Searches go through :meth:`UserPattern.searcher`, bounded in time: the
    entries are page-controlled text, and a backtracking pattern must not
    freeze the event loop (see :mod:`browserkit._patterns`).

    Raises:
        InvalidArgumentError: ``pattern`` is not a valid Python regular expression.
    """
    return compile_user_pattern(pattern, "pattern")


def matcher(fields: tuple[str, ...], search: Callable[[str], object]) -> Callable[[Any], bool]:
    """A predicate: does ``search`` find something in one of the entry's ``fields``?

    None values are skipped. ``search`` is usually a compiled pattern's ``search``.
    """
    # Specialised closures: this runs once per scanned entry on the read path.
    if len(fields) == 1:
        get_one = attrgetter(fields[0])

        def match_one(entry: Any) -> bool:
            value = get_one(entry)
            return value is not None and search(value) is not None

        return match_one

    get_all = attrgetter(*fields)
    if len(fields) == 2:

        def match_two(entry: Any) -> bool:
            first, second = get_all(entry)
            return (first is not None and search(first) is not None) or (
                second is not None and search(second) is not None
            )

        return match_two

    def match_any(entry: Any) -> bool:
        for value in get_all(entry):  # noqa: SIM110 - any(<genexpr>) is ~35% slower here
            if value is not None and search(value) is not None:
                return True
        return False

    return match_any
