"""Benchmark of the pure event buffer: ingest rate and the cost of a filtered read.

Run as a script (``python benchmarks/bench_buffers.py``) or call :func:`run` from
``nox -s bench``. Targets (issue 4): ingest >= 200,000 entries/s; a filtered read
of 1,000 entries from a full 10,000-entry buffer <= 5 ms.
"""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

from browserkit.buffers import ConsoleEntry, EventBuffer, NetworkEntry

CAPACITY = 10_000
INGEST_TARGET_PER_S = 200_000
READ_TARGET_MS = 5.0
_LEVELS = ("log", "info", "warning", "error", "debug")


def _ingest_rate(n: int = 200_000, repeats: int = 5) -> float:
    """Best-of-``repeats`` appends per second of a console entry with short strings."""
    best = 0.0
    for _ in range(repeats):
        buf = EventBuffer(ConsoleEntry, capacity=CAPACITY)
        append = buf.append
        start = time.perf_counter()
        for _ in range(n):
            append(level="log", text="GET /api/items 200", source="app.js:42", tab_id="t1")
        elapsed = time.perf_counter() - start
        best = max(best, n / elapsed)
    return best


def _upsert_rate(n: int = 100_000) -> float:
    """Network-style writes per second: each request recorded, then updated once."""
    buf = EventBuffer(NetworkEntry, capacity=CAPACITY)
    upsert = buf.upsert
    start = time.perf_counter()
    for i in range(n // 2):
        key = f"r{i}"
        upsert(key, method="GET", url="http://127.0.0.1/a.js", resource_type="script")
        upsert(key, status=200, duration_ms=3.0)
    return n / (time.perf_counter() - start)


def _full_buffer() -> EventBuffer[ConsoleEntry]:
    # One entry in five is an error, and half of those mention "timeout": exactly
    # 1,000 of the 10,000 match, so the read scans the whole buffer (worst case).
    buf = EventBuffer(ConsoleEntry, capacity=CAPACITY)
    for i in range(CAPACITY):
        level = _LEVELS[i % 5]
        what = "request timeout" if (i // 5) % 2 == 0 else "render done"
        buf.append(level=level, text=f"{what} #{i}", source=f"app.js:{i % 300}", tab_id="t1")
    return buf


def _filtered_read_ms(buf: EventBuffer[ConsoleEntry], runs: int = 60) -> tuple[float, int]:
    """Median ms of a pattern + level read with limit=1000, and the entries it returned."""
    wanted = frozenset({"error", "exception"})

    def is_error(entry: ConsoleEntry) -> bool:
        return entry.level in wanted

    times: list[float] = []
    returned = 0
    for _ in range(runs):
        start = time.perf_counter()
        page = buf.read(limit=1000, pattern=r"time(d )?out", predicate=is_error)
        times.append((time.perf_counter() - start) * 1000.0)
        returned = len(page.entries)
    return statistics.median(times), returned


def run() -> dict[str, Any]:
    """Measure the buffer; returns plain numbers (rates per second, times in ms)."""
    ingest = _ingest_rate()
    buf = _full_buffer()
    read_ms, returned = _filtered_read_ms(buf)
    return {
        "ingest_entries_per_s": round(ingest),
        "ingest_target_per_s": INGEST_TARGET_PER_S,
        "ingest_ok": ingest >= INGEST_TARGET_PER_S,
        "network_upserts_per_s": round(_upsert_rate()),
        "filtered_read_ms_median": round(read_ms, 3),
        "filtered_read_entries": returned,
        "filtered_read_buffer_entries": len(buf),
        "filtered_read_target_ms": READ_TARGET_MS,
        "filtered_read_ok": read_ms <= READ_TARGET_MS,
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
