"""EventBuffer: bounded, cursor-paged evidence that never loses track of what it dropped."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from browserkit._convert import from_jsonable, to_jsonable
from browserkit.buffers import (
    MAX_READ_LIMIT,
    ConsoleEntry,
    DownloadEntry,
    EventBuffer,
    EventPage,
    NetworkEntry,
    export,
)
from browserkit.errors import InvalidArgumentError
from tests.examples import examples

# Pure Python (threads, regex timeouts): runs on every Python.
pytestmark = pytest.mark.every_python


def ticking_clock(start: float = 1_000.0) -> Any:
    counter = iter(range(10**9))
    return lambda: start + next(counter)


def console(capacity: int = 100, **kw: Any) -> EventBuffer[ConsoleEntry]:
    return EventBuffer(ConsoleEntry, capacity=capacity, clock=ticking_clock(), **kw)


def log(buf: EventBuffer[ConsoleEntry], text: str, level: str = "log") -> ConsoleEntry:
    return buf.append(level=level, text=text, source="app.js:1", tab_id="t1")


def request(buf: EventBuffer[NetworkEntry], rid: str, url: str = "http://h/a") -> NetworkEntry:
    return buf.upsert(rid, method="GET", url=url, resource_type="fetch", tab_id="t1")


def seqs(page: EventPage[Any]) -> list[int]:
    return [e.seq for e in page.entries]


# -- writing ---------------------------------------------------------------------------


def test_seq_starts_at_one_and_increases_with_every_write() -> None:
    buf = console()
    assert buf.last_seq == 0
    assert [log(buf, str(i)).seq for i in range(3)] == [1, 2, 3]
    assert buf.last_seq == 3


def test_timestamp_comes_from_the_clock_unless_the_writer_gives_one() -> None:
    buf = console()
    assert log(buf, "a").timestamp == 1_000.0
    given_ts = buf.append(level="log", text="b", timestamp=42.5)
    assert given_ts.timestamp == 42.5


def test_default_clock_is_wall_time_in_milliseconds() -> None:
    import time

    before = time.time() * 1000
    entry = EventBuffer(ConsoleEntry).append(level="log", text="x")
    assert before <= entry.timestamp <= time.time() * 1000


def test_full_buffer_keeps_the_newest_capacity_entries_and_counts_drops() -> None:
    buf = console(capacity=3)
    for i in range(10):
        log(buf, f"m{i}")
    page = buf.read()
    assert [e.text for e in page.entries] == ["m7", "m8", "m9"]
    assert len(buf) == 3
    assert buf.dropped == page.dropped == 7
    assert buf.written == 10


def test_long_string_fields_are_capped_and_named_in_truncated_fields() -> None:
    buf = console(max_field_chars=5)
    entry = buf.append(level="error", text="x" * 50, source="s.js:1", stack="y" * 6)
    assert entry.text == "xxxxx"
    assert entry.stack == "yyyyy"
    assert entry.source == "s.js:"
    assert entry.truncated_fields == ("text", "source", "stack")


def test_fields_within_the_cap_are_not_marked() -> None:
    entry = console(max_field_chars=5).append(level="log", text="12345", source=None)
    assert entry.text == "12345"
    assert entry.truncated_fields == ()


def test_keys_and_non_string_fields_are_never_capped() -> None:
    net = EventBuffer(NetworkEntry, capacity=1, max_field_chars=2)
    entry = net.upsert("rid-long", method="POST", url="http://h/", resource_type="xhr", status=404)
    assert entry.status == 404
    assert entry.request_id == "rid-long"
    assert entry.truncated_fields == ("method", "url", "resource_type")
    assert net.upsert("rid-long", status=200).seq == 2  # still found by its full key
    request(net, "other")  # evicts rid-long, which leaves the key index too
    assert net.get("rid-long") is None


@pytest.mark.parametrize(
    "kwargs",
    [{"capacity": 0}, {"capacity": True}, {"max_field_chars": 0}, {"capacity": "10"}],
)
def test_bad_buffer_settings_are_rejected(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentError):
        EventBuffer(ConsoleEntry, **kwargs)


def test_a_non_attrs_entry_type_is_rejected() -> None:
    with pytest.raises(InvalidArgumentError, match="not an attrs class"):
        EventBuffer(dict)  # type: ignore[type-var]


# -- reading: the paging contract -------------------------------------------------------


def test_first_look_keeps_the_newest_when_limit_cuts() -> None:
    buf = console()
    for i in range(10):
        log(buf, f"m{i}")
    page = buf.read(limit=3)
    assert [e.text for e in page.entries] == ["m7", "m8", "m9"]
    assert page.has_more is True
    assert page.last_seq == 10


def test_first_look_then_cursor_sees_only_what_came_after() -> None:
    buf = console()
    for i in range(5):
        log(buf, f"old{i}")
    first = buf.read(limit=2)
    log(buf, "new")
    page = buf.read(since_seq=first.last_seq)
    assert [e.text for e in page.entries] == ["new"]
    assert page.has_more is False
    assert page.last_seq == 6


def test_a_poller_starting_on_an_empty_buffer_takes_first_looks_until_a_write() -> None:
    buf = console()
    cursor = buf.read().last_seq
    assert cursor == 0
    for i in range(5):
        log(buf, f"m{i}")
    page = buf.read(since_seq=cursor, limit=2)  # still a first look: newest kept
    assert seqs(page) == [4, 5]
    assert page.has_more is True  # says that older matches were left out
    complete = buf.read(since_seq=cursor, limit=MAX_READ_LIMIT)
    assert seqs(complete) == [1, 2, 3, 4, 5]


def test_cursor_read_returns_the_oldest_window_and_resumes_exactly() -> None:
    buf = console()
    for i in range(10):
        log(buf, f"m{i}")
    page = buf.read(since_seq=2, limit=3)
    assert seqs(page) == [3, 4, 5]
    assert page.has_more is True
    assert page.last_seq == 5
    page = buf.read(since_seq=page.last_seq, limit=3)
    assert seqs(page) == [6, 7, 8]
    page = buf.read(since_seq=page.last_seq, limit=3)
    assert seqs(page) == [9, 10]
    assert page.has_more is False
    assert page.last_seq == 10


def test_filtered_cursor_skips_past_entries_that_do_not_match() -> None:
    buf = console()
    log(buf, "boom", level="error")
    for i in range(5):
        log(buf, f"noise{i}")
    page = buf.read(since_seq=0, predicate=lambda e: e.level == "error")
    assert seqs(page) == [1]
    assert page.last_seq == 6  # the next read does not rescan the noise


def test_an_empty_read_keeps_the_cursor_where_it_is() -> None:
    buf = console()
    log(buf, "a")
    page = buf.read(since_seq=1)
    assert page.entries == ()
    assert page.last_seq == 1
    assert page.has_more is False


def test_reading_an_empty_buffer() -> None:
    page = console().read()
    assert page == EventPage((), last_seq=0, dropped=0, has_more=False, retention_lost=False)


def test_retention_lost_when_the_cursor_is_older_than_the_retained_window() -> None:
    buf = console(capacity=3)
    for i in range(3):
        log(buf, f"m{i}")
    cursor = buf.read().last_seq
    for i in range(5):
        log(buf, f"n{i}")
    page = buf.read(since_seq=cursor - 2)
    assert page.retention_lost is True
    assert seqs(page) == [6, 7, 8]
    page = buf.read(since_seq=5)
    assert page.retention_lost is False


def test_retention_is_not_lost_when_only_already_seen_entries_were_dropped() -> None:
    buf = console(capacity=2)
    for i in range(4):
        log(buf, f"m{i}")
    page = buf.read(since_seq=3)
    assert page.retention_lost is False
    assert page.dropped == 2


def test_pattern_is_a_regex_searched_in_console_text_and_source() -> None:
    buf = console()
    log(buf, "Uncaught TypeError: x is undefined")
    buf.append(level="log", text="ok", source="vendor/jquery.js:10")
    log(buf, "fine")
    assert [e.seq for e in buf.read(pattern=r"Type\w+").entries] == [1]
    assert [e.seq for e in buf.read(pattern=r"jquery\.js").entries] == [2]
    assert [e.seq for e in buf.read(pattern="^fine$").entries] == [3]


def test_pattern_is_searched_in_network_url_method_and_failure() -> None:
    net: EventBuffer[NetworkEntry] = EventBuffer(NetworkEntry)
    request(net, "r1", "http://h/api/items")
    net.upsert("r2", method="DELETE", url="http://h/x", resource_type="fetch")
    request(net, "r3", "http://h/y")
    net.upsert("r3", failure="net::ERR_CONNECTION_REFUSED")
    assert [e.request_id for e in net.read(pattern="api/").entries] == ["r1"]
    assert [e.request_id for e in net.read(pattern="DELETE").entries] == ["r2"]
    assert [e.request_id for e in net.read(pattern="REFUSED").entries] == ["r3"]


def test_pattern_is_searched_in_download_url_and_filename() -> None:
    dl: EventBuffer[DownloadEntry] = EventBuffer(DownloadEntry)
    dl.upsert("d1", url="http://h/report", suggested_filename="q3.csv", tab_id="t1")
    dl.upsert("d2", url="http://h/invoice.pdf", suggested_filename="x.bin", tab_id="t1")
    assert [e.download_id for e in dl.read(pattern=r"\.csv$").entries] == ["d1"]
    assert [e.download_id for e in dl.read(pattern="invoice").entries] == ["d2"]


def test_pattern_and_predicate_combine() -> None:
    buf = console()
    log(buf, "timeout a", level="error")
    log(buf, "timeout b", level="log")
    log(buf, "other", level="error")
    page = buf.read(pattern="timeout", predicate=lambda e: e.level == "error")
    assert [e.text for e in page.entries] == ["timeout a"]


def test_invalid_regex_raises_invalid_argument_naming_the_pattern() -> None:
    buf = console()
    log(buf, "a")
    with pytest.raises(InvalidArgumentError, match=r"pattern '\(unclosed'") as info:
        buf.read(pattern="(unclosed")
    assert info.value.code == "invalid_argument"
    assert len(buf) == 1
    assert buf.last_seq == 1


# Page text is hostile: a pattern that backtracks must end in a typed error, never
# a frozen event loop. These would run for hours under Python's ``re``.


@pytest.mark.timeout(60)
def test_a_nested_quantifier_pattern_still_answers_short_lines() -> None:
    # The case: 1.9 s under ``re`` for this 22-character line.
    buf = console()
    log(buf, "a" * 22)
    log(buf, "aaab")
    page = buf.read(pattern="(a+)+b")
    assert [e.text for e in page.entries] == ["aaab"]


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        ("(a+)+b", "a" * 4000),  # minutes even for the regex engine: refused
        ("(a|aa)+$", "a" * 200 + "!"),
        ("(a|a)+b", "a" * 200),
        ("(.*?,){30}x", "a," * 40),
    ],
)
def test_a_catastrophic_pattern_is_refused_with_a_typed_error(pattern: str, text: str) -> None:
    buf = console()
    log(buf, text)
    with pytest.raises(InvalidArgumentError) as info:
        buf.read(pattern=pattern)
    assert info.value.code == "invalid_argument"
    assert repr(pattern) in info.value.message
    assert "backtracks" in info.value.message
    assert "nested" in info.value.hint
    assert len(buf.read().entries) == 1  # the buffer itself is untouched and readable


@pytest.mark.timeout(120)
def test_the_matching_bound_covers_the_whole_read_not_each_entry() -> None:
    # Each line alone takes a fraction of the bound; together they take many times it.
    buf = console(capacity=200)
    for _ in range(200):
        log(buf, "a" * 32 + "!")
    with pytest.raises(InvalidArgumentError, match="backtracks"):
        buf.read(pattern="(a|aa)+$", limit=MAX_READ_LIMIT)


def test_regex_syntax_is_pythons() -> None:
    buf = console()
    log(buf, "Error: code=42")
    assert len(buf.read(pattern=r"(?i)error: code=(?P<n>\d+)$").entries) == 1
    with pytest.raises(InvalidArgumentError, match="not a valid regular expression"):
        buf.read(pattern="a{2,1}")


@pytest.mark.parametrize("limit", [0, -1, MAX_READ_LIMIT + 1, True, 2.5, "10"])
def test_limit_out_of_range_is_rejected(limit: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="limit"):
        console().read(limit=limit)


def test_limit_bounds_are_accepted() -> None:
    buf = console()
    log(buf, "a")
    assert len(buf.read(limit=1).entries) == 1
    assert len(buf.read(limit=MAX_READ_LIMIT).entries) == 1


def test_negative_cursor_or_cursor_from_the_future_is_rejected() -> None:
    buf = console()
    log(buf, "a")
    with pytest.raises(InvalidArgumentError, match="since_seq"):
        buf.read(since_seq=-1)
    with pytest.raises(InvalidArgumentError, match="newer than the newest entry"):
        buf.read(since_seq=2)


# -- upsert and pinning ---------------------------------------------------------------


def test_upsert_replaces_the_entry_with_a_new_seq_at_the_end() -> None:
    net = EventBuffer(NetworkEntry, clock=ticking_clock())
    request(net, "r1", "http://h/1")
    request(net, "r2", "http://h/2")
    cursor = net.read().last_seq
    updated = net.upsert("r1", status=404, duration_ms=12.0)
    assert updated.seq == 3
    assert (updated.url, updated.method, updated.status) == ("http://h/1", "GET", 404)
    assert updated.timestamp == 1_000.0  # the request's start, not the update's time
    assert [e.request_id for e in net.read().entries] == ["r2", "r1"]
    assert [e.seq for e in net.read(since_seq=cursor).entries] == [3]  # seen again
    assert len(net) == 2
    assert net.dropped == 0
    assert net.written == 2


def test_upsert_of_an_evicted_request_starts_a_new_entry() -> None:
    net = EventBuffer(NetworkEntry, capacity=1)
    request(net, "r1")
    request(net, "r2")
    entry = net.upsert("r1", method="GET", url="http://h/again", resource_type="fetch")
    assert entry.url == "http://h/again"
    assert net.dropped == 2
    assert net.written == 3


def test_upsert_keeps_and_refreshes_truncation_marks() -> None:
    net = EventBuffer(NetworkEntry, max_field_chars=8)
    first = net.upsert("r1", method="GET", url="http://long/url", resource_type="fetch")
    assert first.truncated_fields == ("url",)
    second = net.upsert("r1", failure="net::ERR_FAILED")
    assert second.truncated_fields == ("url", "failure")
    third = net.upsert("r1", url="http://s")
    assert third.truncated_fields == ("failure",)


def test_upsert_and_pin_need_a_keyed_entry_type() -> None:
    buf = console()
    with pytest.raises(InvalidArgumentError, match="cannot be upserted"):
        buf.upsert("k", text="x")
    with pytest.raises(InvalidArgumentError, match="cannot be pinned"):
        buf.pin("k")


def test_append_refuses_a_key_already_held() -> None:
    net: EventBuffer[NetworkEntry] = EventBuffer(NetworkEntry)
    net.append(request_id="r1", method="GET", url="u", resource_type="fetch")
    with pytest.raises(InvalidArgumentError, match="upsert"):
        net.append(request_id="r1", method="GET", url="u", resource_type="fetch")
    assert net.last_seq == 1


def test_get_finds_the_current_version_by_key() -> None:
    net = EventBuffer(NetworkEntry)
    request(net, "r1")
    net.upsert("r1", status=200)
    found = net.get("r1")
    assert found is not None
    assert found.status == 200
    assert net.get("nope") is None


def download(dl: EventBuffer[DownloadEntry], did: str) -> DownloadEntry:
    return dl.upsert(did, url=f"http://h/{did}", suggested_filename=f"{did}.bin", tab_id="t1")


def test_pinned_download_is_never_evicted_and_capacity_bounds_the_rest() -> None:
    dl = EventBuffer(DownloadEntry, capacity=2)
    download(dl, "keep")
    assert dl.pin("keep") is True
    for i in range(10):
        download(dl, f"d{i}")
    ids = [e.download_id for e in dl.read().entries]
    assert ids == ["keep", "d8", "d9"]  # pinned entries stay in seq order
    assert len(dl) == 3
    assert dl.dropped == 8
    assert dl.written == dl.dropped + len(dl)


def test_updating_a_pinned_download_keeps_it_pinned() -> None:
    dl = EventBuffer(DownloadEntry, capacity=1)
    download(dl, "keep")
    dl.pin("keep")
    saved = dl.upsert("keep", status="saved", available=True, path="/tmp/keep.bin")
    download(dl, "a")
    download(dl, "b")
    assert dl.get("keep") == saved
    assert [e.download_id for e in dl.read().entries] == ["keep", "b"]
    assert seqs(dl.read(since_seq=saved.seq - 1)) == [saved.seq, saved.seq + 2]


def test_unpin_returns_the_entry_to_eviction_order() -> None:
    dl = EventBuffer(DownloadEntry, capacity=2)
    download(dl, "old")
    dl.pin("old")
    download(dl, "a")
    download(dl, "b")
    assert dl.unpin("old") is True  # oldest in a full ring: evicted at once
    assert [e.download_id for e in dl.read().entries] == ["a", "b"]
    assert dl.dropped == 1
    assert dl.get("old") is None
    assert dl.unpin("old") is False


def test_pin_is_idempotent_and_false_for_unknown_keys() -> None:
    dl = EventBuffer(DownloadEntry)
    download(dl, "d1")
    assert dl.pin("d1") is True
    assert dl.pin("d1") is True
    assert dl.pin("missing") is False


# -- threads ------------------------------------------------------------------------


def test_a_reader_thread_never_sees_half_written_entries_or_broken_order() -> None:
    buf = console(capacity=500)
    done = threading.Event()
    errors: list[str] = []

    def write() -> None:
        for i in range(40_000):
            buf.append(level="log", text=f"m{i}", source=f"s{i}")
        done.set()

    def read() -> None:
        cursor = 0
        while not done.is_set():
            page = buf.read(since_seq=cursor, limit=200)
            got = seqs(page)
            if got != sorted(set(got)) or any(s <= cursor for s in got):
                errors.append(f"bad order after {cursor}: {got[:5]}")
            for e in page.entries:
                if e.text != f"m{e.seq - 1}" or e.source != f"s{e.seq - 1}":
                    errors.append(f"torn entry {e}")
            if page.last_seq < cursor:
                errors.append(f"cursor went back from {cursor} to {page.last_seq}")
            cursor = page.last_seq

    writer = threading.Thread(target=write)
    reader = threading.Thread(target=read)
    reader.start()
    writer.start()
    writer.join()
    reader.join()
    assert errors == []
    assert buf.written == 40_000
    assert buf.dropped + len(buf) == 40_000


# -- export and JSON ------------------------------------------------------------------


def test_export_writes_entries_and_pagination_fields_as_json(tmp_path: Path) -> None:
    buf = console(capacity=2, max_field_chars=4)
    for text in ("one", "two", "three!"):
        log(buf, text)
    page = buf.read(limit=1)
    out = export(tmp_path / "console.json", page)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data == {
        "entries": [
            {
                "seq": 3,
                "timestamp": 1002.0,
                "level": "log",
                "text": "thre",
                "source": "app.",
                "tab_id": "t1",
                "stack": None,
                "truncated_fields": ["text", "source"],
            }
        ],
        "last_seq": 3,
        "dropped": 1,
        "has_more": True,
        "retention_lost": True,
    }
    assert from_jsonable(data, EventPage[ConsoleEntry]) == page
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left behind


def test_export_into_a_missing_directory_says_so(tmp_path: Path) -> None:
    page = console().read()
    with pytest.raises(InvalidArgumentError, match="does not exist"):
        export(tmp_path / "nope" / "x.json", page)
    with pytest.raises(InvalidArgumentError, match="is a directory"):
        export(tmp_path, page)


@pytest.mark.parametrize(
    "entry",
    [
        ConsoleEntry(seq=1, timestamp=1.0, level="exception", text="e", stack="at f"),
        NetworkEntry(
            seq=2, timestamp=2.0, request_id="r", method="GET", url="u", resource_type="xhr"
        ),
        DownloadEntry(
            seq=3, timestamp=3.0, download_id="d", url="u", suggested_filename="f", status="saved"
        ),
    ],
)
def test_entries_round_trip_through_plain_json(entry: Any) -> None:
    data = json.loads(json.dumps(to_jsonable(entry)))
    assert from_jsonable(data, type(entry)) == entry


def test_to_jsonable_uses_plain_json_types() -> None:
    assert to_jsonable({"t": (1, 2), "f": frozenset({3}), "b": b"\x00\xff"}) == {
        "t": [1, 2],
        "f": [3],
        "b": "AP8=",
    }
    assert from_jsonable("AP8=", bytes) == b"\x00\xff"


# -- properties -----------------------------------------------------------------------

# An operation script: writes, updates, pins and interleaved cursor reads.
keys = st.sampled_from(["a", "b", "c", "d", "e", "f"])
operations = st.lists(
    st.one_of(
        st.tuples(st.just("request"), keys),
        st.tuples(st.just("update"), keys),
        st.tuples(st.just("pin"), keys),
        st.tuples(st.just("unpin"), keys),
        st.tuples(st.just("read"), st.integers(1, 4)),
    ),
    max_size=60,
)


class Model:
    """The retention rule, spelled out: pinned entries aside, capacity bounds the rest."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.seq = 0
        self.ring: list[tuple[int, str]] = []  # (seq, key), oldest first
        self.pinned: dict[str, int] = {}
        self.written = self.dropped = 0

    def _add(self, key: str) -> None:
        self.seq += 1
        if key in self.pinned:
            self.pinned[key] = self.seq
            return
        self.ring.append((self.seq, key))
        if len(self.ring) > self.capacity:
            self.ring.pop(0)
            self.dropped += 1

    def upsert(self, key: str) -> None:
        held = [i for i, (_, k) in enumerate(self.ring) if k == key]
        if held:
            del self.ring[held[0]]
        elif key not in self.pinned:
            self.written += 1
        self._add(key)

    def pin(self, key: str) -> None:
        held = [item for item in self.ring if item[1] == key]
        if held:
            self.ring.remove(held[0])
            self.pinned[key] = held[0][0]

    def unpin(self, key: str) -> None:
        if key in self.pinned:
            self.ring = sorted([*self.ring, (self.pinned.pop(key), key)])
            if len(self.ring) > self.capacity:
                self.ring.pop(0)
                self.dropped += 1

    def retained(self) -> list[tuple[int, str]]:
        return sorted([*self.ring, *((s, k) for k, s in self.pinned.items())])


@settings(max_examples=examples(300), deadline=None)
@given(capacity=st.integers(1, 5), ops=operations)
def test_buffer_follows_the_retention_rule_and_never_exceeds_capacity(
    capacity: int, ops: list[tuple[str, Any]]
) -> None:
    net = EventBuffer(NetworkEntry, capacity=capacity)
    model = Model(capacity)
    for op, arg in ops:
        if op in ("request", "update"):
            net.upsert(arg, method="GET", url=f"http://h/{arg}", resource_type="fetch")
            model.upsert(arg)
        elif op == "pin":
            net.pin(arg)
            model.pin(arg)
        elif op == "unpin":
            net.unpin(arg)
            model.unpin(arg)
        page = net.read(limit=MAX_READ_LIMIT)
        assert [(e.seq, e.request_id) for e in page.entries] == model.retained()
        assert len(page.entries) - len(model.pinned) <= capacity
        assert net.dropped + len(net) == net.written == model.written
        assert net.dropped == model.dropped


def drain(buf: EventBuffer[Any], cursor: int, limit: int, **filters: Any) -> Iterator[Any]:
    """Cursor pages until has_more is False, as an agent would poll."""
    while True:
        page = buf.read(since_seq=cursor, limit=limit, **filters)
        yield page
        cursor = page.last_seq
        if not page.has_more:
            return


@settings(max_examples=examples(200), deadline=None)
@given(
    batches=st.lists(st.lists(st.sampled_from(["log", "error"]), max_size=12), max_size=10),
    limit=st.integers(1, 5),
    capacity=st.integers(1, 40),
    filtered=st.booleans(),
)
def test_cursor_paging_sees_every_entry_once_while_writes_continue(
    batches: list[list[str]], limit: int, capacity: int, filtered: bool
) -> None:
    """Each page covers (since_seq, last_seq]; pages tile the seq line with no gap.

    Inside its range a page returns every entry that matches and was still held;
    it may skip only entries that do not match or were evicted, and then says
    ``retention_lost``. With no eviction, every matching entry is seen exactly once.
    """
    buf = console(capacity=capacity)
    log(buf, "before the reader started")
    cursor = buf.read().last_seq
    start = cursor
    seen: list[int] = []
    lost = False
    levels: dict[int, str] = {}
    flt: dict[str, Any] = {"pattern": "^error"} if filtered else {}
    for batch in batches:
        for level in batch:
            levels[log(buf, f"{level} entry", level=level).seq] = level
        high_at_read = buf.last_seq
        for page in drain(buf, cursor, limit, **flt):
            assert page.last_seq >= cursor
            returned = seqs(page)
            assert all(cursor < s <= page.last_seq for s in returned)
            for s in range(cursor + 1, page.last_seq + 1):
                if s in returned:
                    continue
                matched = not filtered or levels[s] == "error"
                evicted = s <= high_at_read - capacity
                assert not matched or (evicted and page.retention_lost), (s, page)
            seen.extend(returned)
            lost |= page.retention_lost
            cursor = page.last_seq
        assert cursor == buf.last_seq
    assert len(seen) == len(set(seen))
    assert seen == sorted(seen)
    if not lost:  # no page said it skipped an evicted entry, so none was skipped
        wanted = [s for s, lv in levels.items() if s > start and (not filtered or lv == "error")]
        assert seen == wanted


@settings(max_examples=examples(200), deadline=None)
@given(ops=operations, capacity=st.integers(1, 6))
def test_cursor_reader_sees_each_version_once_and_every_last_version(
    ops: list[tuple[str, Any]], capacity: int
) -> None:
    """With upserts, a reader sees every seq at most once and every key's latest version."""
    net = EventBuffer(NetworkEntry, capacity=capacity)
    cursor = 0
    seen: list[int] = []
    latest: dict[str, int] = {}
    lost = False

    def catch_up(limit: int) -> None:
        nonlocal cursor, lost
        # since_seq=0 is a first look, complete here because limit > capacity.
        pages = drain(net, cursor, limit) if cursor else [net.read(limit=MAX_READ_LIMIT)]
        for page in pages:
            lost |= page.retention_lost
            seen.extend(seqs(page))
            cursor = page.last_seq

    for op, arg in ops:
        if op in ("request", "update"):
            latest[arg] = request(net, arg, f"http://h/{arg}").seq
        elif op == "pin":
            net.pin(arg)
        elif op == "unpin":
            net.unpin(arg)
        else:
            catch_up(arg)
    catch_up(3)
    assert len(seen) == len(set(seen))
    held_now = {e.seq for e in net.read(limit=MAX_READ_LIMIT).entries}
    assert held_now <= set(seen)  # every retained version, so every key's latest
    if not lost:  # nothing evicted before the reader got to it
        assert set(latest.values()) <= set(seen)


@settings(max_examples=examples(200), deadline=None)
@given(
    texts=st.lists(st.text(max_size=12), max_size=30),
    cap=st.integers(1, 8),
    needle=st.text(alphabet="ab", min_size=1, max_size=2),
)
def test_truncation_names_fields_and_pattern_filters_what_is_kept(
    texts: list[str], cap: int, needle: str
) -> None:
    buf = console(capacity=100, max_field_chars=cap)
    for text in texts:
        entry = buf.append(level="log", text=text)
        assert entry.text == text[:cap]
        assert ("text" in entry.truncated_fields) == (len(text) > cap)
    page = buf.read(limit=MAX_READ_LIMIT, pattern=needle)
    assert [e.text for e in page.entries] == [t[:cap] for t in texts if needle in t[:cap]]
