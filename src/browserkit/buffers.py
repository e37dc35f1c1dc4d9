"""Bounded, cursor-paged evidence buffers: console, network and downloads.

A session records what the page does into :class:`EventBuffer` rings. Memory
stays bounded whatever the page emits: at most ``capacity`` entries are kept
(the oldest go first and are counted in ``dropped``), and every string field is
cut to ``max_field_chars`` when it is written, with the cut field named in
``truncated_fields``.

Every write gets the next ``seq`` (1, 2, 3, ...), so a reader can ask "what
happened since I last looked" with ``read(since_seq=page.last_seq)`` and never
miss or repeat an entry::

    buf = EventBuffer(ConsoleEntry, capacity=1000)
    buf.append(level="error", text="boom", source="app.js:3", page_id="t1")
    page = buf.read(pattern="bo+m")  # first look: the newest matches
    later = buf.read(since_seq=page.last_seq)  # only what came after

Buffers are written on the event-loop thread and may be read from any thread:
entries are immutable and a read works on a snapshot taken under a lock, so a
reader never sees a half-written entry or a half-applied eviction.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
import types
import typing
from bisect import bisect_left, bisect_right, insort
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import lru_cache
from itertools import islice
from operator import attrgetter
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

import attrs

from browserkit._convert import to_jsonable
from browserkit.errors import InvalidArgumentError

__all__ = [
    "CONSOLE_LEVELS",
    "DEFAULT_CAPACITY",
    "DEFAULT_MAX_FIELD_CHARS",
    "DOWNLOAD_STATUSES",
    "MAX_READ_LIMIT",
    "BufferEntry",
    "ConsoleEntry",
    "ConsoleLevel",
    "DownloadEntry",
    "DownloadEntryStatus",
    "EventBuffer",
    "EventPage",
    "NetworkEntry",
    "export",
]

ConsoleLevel = Literal["log", "info", "warning", "error", "debug", "exception"]
"""Console levels; ``exception`` is an uncaught error thrown in the page."""

CONSOLE_LEVELS: tuple[ConsoleLevel, ...] = ("log", "info", "warning", "error", "debug", "exception")
"""Every :data:`ConsoleLevel`, in order of the literal."""

DownloadEntryStatus = Literal["detected", "saving", "saved", "failed"]
"""Where a download is: seen, being copied by ``downloads.save``, copied, or failed."""

DOWNLOAD_STATUSES: tuple[DownloadEntryStatus, ...] = ("detected", "saving", "saved", "failed")
"""Every :data:`DownloadEntryStatus`, in lifecycle order."""

DEFAULT_CAPACITY = 1000
"""Entries a buffer keeps when no capacity is given (``config.buffer_size`` overrides it)."""

DEFAULT_MAX_FIELD_CHARS = 4096
"""Longest string field kept, in characters (``config.max_field_chars`` overrides it)."""

MAX_READ_LIMIT = 10_000
"""Largest ``limit`` one :meth:`EventBuffer.read` accepts."""


@attrs.frozen(kw_only=True)
class ConsoleEntry:
    """One console message, uncaught exception or failed resource load of a page.

    Attributes:
        seq: Position in the buffer's write order (1, 2, ...); assigned by the buffer.
        timestamp: When it was recorded, in milliseconds since the Unix epoch.
        level: ``log|info|warning|error|debug|exception``.
        text: The message (for an exception, its message).
        source: ``url:line`` where it came from, when known.
        page_id: The tab it came from (``t1``, ...), or None when no tab owns it.
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
    page_id: str | None = None
    stack: str | None = None
    truncated_fields: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
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
        page_id: The tab that made the request, or None (e.g. a service worker).
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
    page_id: str | None = None
    truncated_fields: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class DownloadEntry:
    """One download started by a page.

    Attributes:
        seq: Position in the buffer's write order; a status change moves it to the end.
        timestamp: When the download was first seen, in ms since the Unix epoch.
        download_id: The key the entry is upserted (and pinned) by.
        page_id: The tab that started it, or None.
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
    page_id: str | None = None
    url: str
    suggested_filename: str
    status: DownloadEntryStatus = "detected"
    available: bool = False
    path: str | None = None
    truncated_fields: tuple[str, ...] = ()


class BufferEntry(Protocol):
    """What :class:`EventBuffer` needs of an entry type.

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


_T_co = TypeVar("_T_co", covariant=True)
_E = TypeVar("_E", bound=BufferEntry)


@attrs.frozen
class EventPage(Generic[_T_co]):
    """One read of an :class:`EventBuffer`.

    Attributes:
        entries: The matching entries, oldest first.
        last_seq: The cursor to pass as ``since_seq`` next time (see :meth:`EventBuffer.read`).
        dropped: Entries evicted since the buffer was created.
        has_more: On a first look (``since_seq=0``): older matches were left out.
            On a cursor read: more matches follow ``last_seq``; read again.
        retention_lost: Entries written after ``since_seq`` were evicted before this
            read, so some may have been missed (they may or may not have matched).
    """

    entries: tuple[_T_co, ...]
    last_seq: int
    dropped: int
    has_more: bool
    retention_lost: bool


_seq_of: Callable[[Any], int] = attrgetter("seq")


def _now_ms() -> float:
    return time.time() * 1000.0


@lru_cache(maxsize=128)
def _compile(pattern: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise InvalidArgumentError(
            f"pattern {pattern!r} is not a valid regular expression: {exc}",
            hint="fix the regex (Python `re` syntax), or escape it to match literally",
        ) from None


def _is_str_type(tp: object) -> bool:
    if tp is str:
        return True
    origin = typing.get_origin(tp)
    return origin in (typing.Union, types.UnionType) and str in typing.get_args(tp)


def _matcher(fields: tuple[str, ...], search: Callable[[str], object]) -> Callable[[Any], bool]:
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


class EventBuffer(Generic[_E]):
    """A bounded ring of entries with per-buffer ``seq`` numbers and cursor reads.

    The writer passes an entry's fields; the buffer assigns ``seq`` (1, 2, ...),
    ``timestamp`` (unless given) and ``truncated_fields``, and cuts every string
    field longer than ``max_field_chars`` (except the key, which is never cut).
    When more than ``capacity`` entries are
    held, the oldest is evicted and counted in ``dropped``.

    Keyed entry types (``NetworkEntry`` by ``request_id``, ``DownloadEntry`` by
    ``download_id``) can be updated with :meth:`upsert` and protected with
    :meth:`pin`. The retention rule: a pinned entry is never evicted and does not
    count against ``capacity``; ``capacity`` bounds the unpinned entries, and
    eviction always takes the oldest unpinned one.

    Args:
        entry_type: The entry class, e.g. :class:`ConsoleEntry`.
        capacity: Most unpinned entries kept (at least 1).
        max_field_chars: Longest string field kept, in characters (at least 1).
        clock: Returns the time in ms since the epoch; defaults to the wall clock.

    >>> buf = EventBuffer(ConsoleEntry, capacity=2)
    >>> for text in ("a", "b", "c"):
    ...     _ = buf.append(level="log", text=text)
    >>> [e.text for e in buf.read().entries], buf.dropped
    (['b', 'c'], 1)
    """

    __slots__ = (
        "_capacity",
        "_clock",
        "_dropped",
        "_entry_type",
        "_evicted_high",
        "_field_names",
        "_index",
        "_key_field",
        "_key_of",
        "_lock",
        "_make",
        "_max_chars",
        "_pinned",
        "_ring",
        "_search_fields",
        "_seq",
        "_str_fields",
        "_written",
    )

    def __init__(
        self,
        entry_type: type[_E],
        *,
        capacity: int = DEFAULT_CAPACITY,
        max_field_chars: int = DEFAULT_MAX_FIELD_CHARS,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 1:
            raise InvalidArgumentError(f"capacity must be an int >= 1, got {capacity!r}")
        if (
            isinstance(max_field_chars, bool)
            or not isinstance(max_field_chars, int)
            or max_field_chars < 1
        ):
            raise InvalidArgumentError(
                f"max_field_chars must be an int >= 1, got {max_field_chars!r}"
            )
        cls: type[Any] = entry_type
        if not attrs.has(cls):
            raise InvalidArgumentError(f"{entry_type!r} is not an attrs class")
        attrs.resolve_types(cls)
        fields = attrs.fields(cls)
        names = tuple(f.name for f in fields)
        missing = {"seq", "timestamp", "truncated_fields"} - set(names)
        if missing:
            raise InvalidArgumentError(
                f"{entry_type.__name__} lacks the entry fields {sorted(missing)}"
            )
        key_field: str | None = getattr(entry_type, "key_field", None)
        # The key is never cut: a cut key would no longer find its entry.
        str_fields = tuple(f.name for f in fields if _is_str_type(f.type) and f.name != key_field)
        search_fields: tuple[str, ...] = getattr(entry_type, "search_fields", str_fields)

        self._entry_type = entry_type
        self._make: Callable[..., _E] = entry_type
        self._capacity = capacity
        self._max_chars = max_field_chars
        self._clock: Callable[[], float] = _now_ms if clock is None else clock
        self._field_names = tuple(n for n in names if n != "seq")
        self._str_fields = str_fields
        self._search_fields = search_fields
        self._key_field = key_field
        self._key_of: Callable[[Any], Hashable] | None = (
            None if key_field is None else attrgetter(key_field)
        )
        self._lock = threading.Lock()
        self._ring: deque[_E] = deque()
        self._index: dict[Hashable, _E] = {}
        self._pinned: dict[Hashable, _E] = {}
        self._seq = 0
        self._dropped = 0
        self._written = 0
        self._evicted_high = 0

    # -- introspection -------------------------------------------------------

    @property
    def entry_type(self) -> type[_E]:
        """The entry class this buffer holds."""
        return self._entry_type

    @property
    def capacity(self) -> int:
        """Most unpinned entries kept; older ones are evicted."""
        return self._capacity

    @property
    def max_field_chars(self) -> int:
        """Longest string field kept, in characters."""
        return self._max_chars

    @property
    def last_seq(self) -> int:
        """The newest ``seq`` assigned so far (0 before the first write)."""
        return self._seq

    @property
    def dropped(self) -> int:
        """Entries evicted since the buffer was created (updates are not drops)."""
        return self._dropped

    @property
    def written(self) -> int:
        """Entries recorded since creation; an update of a retained entry is not new.

        Always ``written == dropped + len(buffer)``.
        """
        return self._written

    def __len__(self) -> int:
        """Entries retained now, pinned ones included."""
        with self._lock:
            return len(self._ring) + len(self._pinned)

    def __repr__(self) -> str:
        return (
            f"EventBuffer({self._entry_type.__name__}, retained={len(self)}, "
            f"capacity={self._capacity}, last_seq={self._seq}, dropped={self._dropped})"
        )

    # -- writing -------------------------------------------------------------

    def _cap(self, fields: dict[str, Any]) -> tuple[str, ...]:
        cap = self._max_chars
        cut: tuple[str, ...] = ()
        for name in self._str_fields:
            value = fields.get(name)
            if value is not None and len(value) > cap:
                fields[name] = value[:cap]
                cut += (name,)
        return cut

    def _evict_oldest(self) -> None:
        # Caller holds the lock. The ring is in seq order, so the left end is oldest.
        old = self._ring.popleft()
        self._dropped += 1
        if old.seq > self._evicted_high:
            self._evicted_high = old.seq
        if self._key_of is not None:
            self._index.pop(self._key_of(old), None)

    def _remove_from_ring(self, entry: _E) -> None:
        # Caller holds the lock.
        ring = self._ring
        i = bisect_left(ring, entry.seq, key=_seq_of)
        if i == len(ring) or ring[i] is not entry:
            raise AssertionError(f"entry seq {entry.seq} is not in the ring")
        del ring[i]

    def append(self, **fields: Any) -> _E:
        """Record a new entry from its fields and return it.

        ``seq`` is assigned, ``timestamp`` defaults to now, string fields longer
        than ``max_field_chars`` are cut and named in ``truncated_fields``. When
        the buffer is full, the oldest unpinned entry is evicted.

        >>> buf = EventBuffer(ConsoleEntry, max_field_chars=3)
        >>> e = buf.append(level="error", text="abcdef", page_id="t1")
        >>> e.seq, e.text, e.truncated_fields
        (1, 'abc', ('text',))

        Raises:
            InvalidArgumentError: For a keyed entry type, the key is already held
                (use :meth:`upsert`).
        """
        cut = self._cap(fields)
        if cut:
            fields["truncated_fields"] = cut
        if "timestamp" not in fields:
            fields["timestamp"] = self._clock()
        key_of = self._key_of
        with self._lock:
            if key_of is not None:
                key = fields.get(self._key_field)  # type: ignore[arg-type]
                if key in self._index or key in self._pinned:
                    raise InvalidArgumentError(
                        f"{self._key_field} {key!r} is already in the buffer",
                        hint="use upsert() to update an entry",
                    )
            seq = self._seq + 1
            entry = self._make(seq=seq, **fields)
            self._seq = seq
            ring = self._ring
            if len(ring) >= self._capacity:
                self._evict_oldest()
            ring.append(entry)
            self._written += 1
            if key_of is not None:
                self._index[key_of(entry)] = entry
        return entry

    def upsert(self, key: Hashable, **fields: Any) -> _E:
        """Record a new keyed entry, or update the one held under ``key``; return it.

        An update merges ``fields`` into the held entry, which is replaced by one
        with a NEW ``seq`` at the end of the buffer, so cursor readers see it again.
        It keeps the first write's ``timestamp`` unless one is passed, is not a drop,
        and does not count in ``written``. A pinned entry stays pinned. A key whose
        entry was evicted starts a new entry.

        >>> net = EventBuffer(NetworkEntry)
        >>> _ = net.upsert("r1", method="GET", url="http://x/", resource_type="fetch")
        >>> e = net.upsert("r1", status=404)
        >>> e.seq, e.status, e.url
        (2, 404, 'http://x/')

        Raises:
            InvalidArgumentError: The entry type has no ``key_field``.
        """
        key_field = self._key_field
        if key_field is None:
            raise InvalidArgumentError(
                f"{self._entry_type.__name__} entries have no key, so they cannot be upserted",
                hint="use append()",
            )
        fields[key_field] = key
        cut = self._cap(fields)
        with self._lock:
            old = self._index.get(key)
            pinned = False
            if old is None:
                old = self._pinned.get(key)
                pinned = old is not None
            if old is None:
                if cut:
                    fields["truncated_fields"] = cut
                if "timestamp" not in fields:
                    fields["timestamp"] = self._clock()
                values = fields
            else:
                values = {name: getattr(old, name) for name in self._field_names}
                values.update(fields)
                still_cut = set(cut).union(f for f in old.truncated_fields if f not in fields)
                values["truncated_fields"] = tuple(f for f in self._str_fields if f in still_cut)
            seq = self._seq + 1
            entry = self._make(seq=seq, **values)
            self._seq = seq
            if pinned:
                self._pinned[key] = entry
                return entry
            if old is None:
                self._written += 1
            else:
                self._remove_from_ring(old)
            ring = self._ring
            if len(ring) >= self._capacity:
                self._evict_oldest()
            ring.append(entry)
            self._index[key] = entry
        return entry

    def get(self, key: Hashable) -> _E | None:
        """The entry held under ``key`` (pinned or not), or None."""
        with self._lock:
            entry = self._index.get(key)
            return self._pinned.get(key) if entry is None else entry

    def pin(self, key: Hashable) -> bool:
        """Protect the entry held under ``key`` from eviction; False if none is held.

        Pinned entries stay readable in ``seq`` order with the others, survive any
        amount of later writes, and do not count against ``capacity``. Pinning is
        idempotent and lasts until :meth:`unpin`; updates keep the entry pinned.

        Raises:
            InvalidArgumentError: The entry type has no ``key_field``.
        """
        if self._key_field is None:
            raise InvalidArgumentError(
                f"{self._entry_type.__name__} entries have no key, so they cannot be pinned"
            )
        with self._lock:
            if key in self._pinned:
                return True
            entry = self._index.pop(key, None)
            if entry is None:
                return False
            self._remove_from_ring(entry)
            self._pinned[key] = entry
            return True

    def unpin(self, key: Hashable) -> bool:
        """Let the entry under ``key`` be evicted again; False if it was not pinned.

        It returns to the ring at its ``seq`` position, so if the ring is full and
        it is the oldest entry, it is evicted at once (and counted in ``dropped``).
        """
        with self._lock:
            entry = self._pinned.pop(key, None)
            if entry is None:
                return False
            insort(self._ring, entry, key=_seq_of)
            self._index[key] = entry
            if len(self._ring) > self._capacity:
                self._evict_oldest()
            return True

    # -- reading -------------------------------------------------------------

    def read(
        self,
        *,
        since_seq: int = 0,
        limit: int = 100,
        pattern: str | None = None,
        predicate: Callable[[_E], bool] | None = None,
    ) -> EventPage[_E]:
        """Return retained entries with ``seq > since_seq`` that match, oldest first.

        An entry matches when ``predicate(entry)`` is true (if given) and the regex
        ``pattern`` (if given) is found (``re.search``) in one of the entry type's
        ``search_fields`` (console: text, source; network: url, method, failure;
        downloads: url, suggested_filename).

        Paging contract. ``since_seq=0`` is a first look: when more than ``limit``
        entries match, the NEWEST ``limit`` are returned with ``has_more=True``
        (older matches were left out), and ``last_seq`` is the newest ``seq`` the
        buffer had assigned, so the next read sees only what came after this look.
        ``since_seq>0`` is a cursor: the OLDEST ``limit`` matches after it are
        returned; with ``has_more=True``, ``last_seq`` is the last returned
        ``seq``, else it is the newest ``seq`` assigned (skipping non-matching
        entries). Passing ``since_seq=page.last_seq`` each time therefore returns
        every matching entry written after the first cursor exactly once, while
        writes continue, unless it was evicted first (then ``retention_lost`` is
        true); an :meth:`upsert` update has a new ``seq`` and is returned again.
        A poller that starts on an empty buffer (``last_seq`` 0) takes first looks
        until something is written; to read everything held from the start, take a
        first look with ``limit=MAX_READ_LIMIT`` (complete while ``capacity`` is at
        most that limit).

        ``retention_lost`` is true when an entry with ``seq > since_seq`` was
        evicted before this read. ``dropped`` is the buffer's eviction count.

        Args:
            since_seq: 0 for a first look, else the ``last_seq`` of the previous page.
            limit: Most entries returned, 1..``MAX_READ_LIMIT``.
            pattern: A regular expression (Python ``re``) searched in the text fields.
            predicate: Extra filter, e.g. ``lambda e: e.level in {"error", "exception"}``.

        Raises:
            InvalidArgumentError: ``limit`` out of range, ``since_seq`` negative or
                newer than any ``seq`` of this buffer, or ``pattern`` not a valid regex.
        """
        if (
            isinstance(limit, bool)
            or not isinstance(limit, int)
            or not 1 <= limit <= MAX_READ_LIMIT
        ):
            raise InvalidArgumentError(
                f"limit must be an int from 1 to {MAX_READ_LIMIT}, got {limit!r}"
            )
        if isinstance(since_seq, bool) or not isinstance(since_seq, int) or since_seq < 0:
            raise InvalidArgumentError(
                f"since_seq must be an int >= 0, got {since_seq!r}",
                hint="pass 0 for a first look, or the last_seq of the previous page",
            )
        if pattern is not None and not isinstance(pattern, str):
            raise InvalidArgumentError(f"pattern must be a str regex, got {pattern!r}")
        if predicate is not None and not callable(predicate):
            raise InvalidArgumentError(f"predicate must be callable, got {predicate!r}")
        search = None if pattern is None else _compile(pattern).search

        with self._lock:
            snapshot = list(self._ring)
            pinned = list(self._pinned.values())
            high = self._seq
            dropped = self._dropped
            evicted_high = self._evicted_high
        if since_seq > high:
            raise InvalidArgumentError(
                f"since_seq {since_seq} is newer than the newest entry ({high}) of this buffer",
                hint="pass the last_seq of a page read from this same buffer, or 0",
            )
        for entry in pinned:  # few: only explicitly pinned downloads
            insort(snapshot, entry, key=_seq_of)

        source: Iterator[_E]
        if since_seq == 0:
            source = reversed(snapshot)
        else:
            source = islice(snapshot, bisect_right(snapshot, since_seq, key=_seq_of), None)
        matches: Iterable[_E] = source
        if predicate is not None:
            matches = filter(predicate, matches)
        if search is not None:
            matches = filter(_matcher(self._search_fields, search), matches)
        got = list(islice(matches, limit + 1))
        has_more = len(got) > limit
        if has_more:
            del got[limit:]
        if since_seq == 0:
            got.reverse()
            last_seq = high
        else:
            last_seq = got[-1].seq if has_more else high
        return EventPage(
            entries=tuple(got),
            last_seq=last_seq,
            dropped=dropped,
            has_more=has_more,
            retention_lost=evicted_high > since_seq,
        )


def export(path: str | os.PathLike[str], page: EventPage[Any]) -> Path:
    """Write ``page`` as JSON (its entries and pagination fields) to ``path``.

    The file is UTF-8 JSON shaped like ``{"entries": [...], "last_seq": ...,
    "dropped": ..., "has_more": ..., "retention_lost": ...}``, written to a
    temporary file first and moved into place, so a reader never sees half a
    file. Read it back with ``from_jsonable(data, EventPage[ConsoleEntry])``.
    Returns the path written.

    Raises:
        InvalidArgumentError: The parent directory does not exist, or ``path`` is
            a directory.
    """
    target = Path(os.fspath(path))
    if target.is_dir():
        raise InvalidArgumentError(
            f"cannot export to {str(target)!r}: it is a directory",
            hint="pass a file path, e.g. <dir>/console.json",
        )
    if not target.parent.is_dir():
        raise InvalidArgumentError(
            f"cannot export to {str(target)!r}: directory {str(target.parent)!r} does not exist",
            hint="create the directory first, or pick a path in an existing one",
        )
    text = json.dumps(to_jsonable(page), ensure_ascii=False, indent=2) + "\n"
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target
