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
    buf.append(level="error", text="boom", source="app.js:3", tab_id="t1")
    page = buf.read(pattern="bo+m")  # first look: the newest matches
    later = buf.read(since_seq=page.last_seq)  # only what came after

Buffers are written on the event-loop thread and may be read from any thread:
entries are immutable and a read works on a snapshot taken under a lock, so a
reader never sees a half-written entry or a half-applied eviction.

This module holds the ring and its cursor reads (:class:`EventBuffer`,
:class:`EventPage`, :func:`export`). The entry types and the rules for their
fields (which are capped, which a ``pattern`` searches) live in
:mod:`browserkit._entries`; they are re-exported here, the path to import them from.
"""

from __future__ import annotations

import json
import os
import threading
import time
from bisect import bisect_left, bisect_right, insort
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import islice
from operator import attrgetter
from pathlib import Path
from typing import Any, Generic, TypeVar

import attrs

from browserkit._checks import integer
from browserkit._convert import to_jsonable

# The entry types are re-exported (see __all__) so that users never import a private module.
from browserkit._entries import (
    CONSOLE_LEVELS,
    DOWNLOAD_STATUSES,
    BufferEntry,
    ConsoleEntry,
    ConsoleLevel,
    DownloadEntry,
    DownloadEntryStatus,
    NetworkEntry,
    cap_fields,
    compile_pattern,
    entry_fields,
    matcher,
)
from browserkit._paths import output_file, write_file
from browserkit._reprs import record_markdown, summary
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

DEFAULT_CAPACITY = 1000
"""Entries a buffer keeps when no capacity is given (``config.buffer_size`` overrides it)."""

DEFAULT_MAX_FIELD_CHARS = 4096
"""Longest string field kept, in characters (``config.max_field_chars`` overrides it)."""

MAX_READ_LIMIT = 10_000
"""Largest ``limit`` one :meth:`EventBuffer.read` accepts."""


_T_co = TypeVar("_T_co", covariant=True)
_E = TypeVar("_E", bound=BufferEntry)


@attrs.frozen(repr=False)
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

    __repr__ = summary
    _repr_markdown_ = record_markdown


_seq_of: Callable[[Any], int] = attrgetter("seq")


def _now_ms() -> float:
    return time.time() * 1000.0


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
        redact: Applied to every string field as it is written (a session passes
            its config's secret redaction); default None: kept as given.

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
        "_redact",
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
        redact: Callable[[str], str] | None = None,
    ) -> None:
        integer("capacity", capacity, at_least=1)
        integer("max_field_chars", max_field_chars, at_least=1)
        rules = entry_fields(entry_type)

        self._entry_type = entry_type
        self._make: Callable[..., _E] = entry_type
        self._capacity = capacity
        self._max_chars = max_field_chars
        self._clock: Callable[[], float] = _now_ms if clock is None else clock
        self._redact = redact
        # Unpacked into slots rather than kept as one object: the write and read
        # paths use them on every call, and a slot is one lookup fewer.
        self._field_names = rules.names
        self._str_fields = rules.capped
        self._search_fields = rules.searched
        self._key_field = rules.key
        self._key_of: Callable[[Any], Hashable] | None = (
            None if rules.key is None else attrgetter(rules.key)
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
        >>> e = buf.append(level="error", text="abcdef", tab_id="t1")
        >>> e.seq, e.text, e.truncated_fields
        (1, 'abc', ('text',))

        Args:
            **fields: The entry's fields by name (``level``, ``text``, ...; see the
                entry type); ``seq`` and ``truncated_fields`` are set by the buffer.

        Raises:
            InvalidArgumentError: For a keyed entry type, the key is already held
                (use :meth:`upsert`).
        """
        cut = cap_fields(fields, self._str_fields, self._max_chars, self._redact)
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

        Args:
            key: The entry's key: its ``request_id`` (network, ``"r3"``) or
                ``download_id`` (downloads, ``"d1"``).
            **fields: The fields to set, by name; fields not given keep their
                held values (a new entry takes the entry type's defaults).

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
        cut = cap_fields(fields, self._str_fields, self._max_chars, self._redact)
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
        """The entry held under ``key`` (pinned or not), or None.

        Args:
            key: The entry's key: its ``request_id`` (network, ``"r3"``) or
                ``download_id`` (downloads, ``"d1"``).
        """
        with self._lock:
            entry = self._index.get(key)
            return self._pinned.get(key) if entry is None else entry

    def pin(self, key: Hashable) -> bool:
        """Protect the entry held under ``key`` from eviction; False if none is held.

        Pinned entries stay readable in ``seq`` order with the others, survive any
        amount of later writes, and do not count against ``capacity``. Pinning is
        idempotent and lasts until :meth:`unpin`; updates keep the entry pinned.

        Args:
            key: The entry's key: its ``request_id`` (network, ``"r3"``) or
                ``download_id`` (downloads, ``"d1"``).

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

        Args:
            key: The entry's key: its ``request_id`` (network, ``"r3"``) or
                ``download_id`` (downloads, ``"d1"``).
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
            pattern: A regular expression (Python ``re`` syntax) searched in the text
                fields. Matching is bounded (about a second in all): a pattern that
                backtracks past that is refused rather than left to hang.
            predicate: Extra filter, e.g. ``lambda e: e.level in {"error", "exception"}``.

        Raises:
            InvalidArgumentError: ``limit`` out of range, ``since_seq`` negative or
                newer than any ``seq`` of this buffer, ``pattern`` not a valid regex,
                or ``pattern`` needing more than the matching bound.
        """
        integer("limit", limit, at_least=1, at_most=MAX_READ_LIMIT)
        hint = "pass 0 for a first look, or the last_seq of the previous page"
        integer("since_seq", since_seq, at_least=0, hint=hint)
        if pattern is not None and not isinstance(pattern, str):
            raise InvalidArgumentError(f"pattern must be a str regex, got {pattern!r}")
        if predicate is not None and not callable(predicate):
            raise InvalidArgumentError(f"predicate must be callable, got {predicate!r}")
        # Bounded: the entries are page text, and a backtracking pattern over them
        # would otherwise hold the event loop (InvalidArgumentError when it runs out).
        search = None if pattern is None else compile_pattern(pattern).searcher()

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
            matches = filter(matcher(self._search_fields, search), matches)
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
    target = output_file(path, "<dir>/console.json")
    text = json.dumps(to_jsonable(page), ensure_ascii=False, indent=2) + "\n"
    write_file(target, text, private=True)  # console and network logs are session data
    return target
