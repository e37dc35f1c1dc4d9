"""Pure-engine section: parse + diff cost against capture cost, and linearity.

Outlines are captured from real pages (raw Playwright, ``/list?n=N``) before
and after renaming one item, so the diff sees a realistic one-line change.
Capture and parse + diff alternate in every repetition so drift hits both.
"""

from __future__ import annotations

import gc
import statistics
import time
from typing import Any

from benchmarks.contenders import RawPlaywright
from benchmarks.pages import PageServer
from benchmarks.stats import Series, TimeoutBudget, timed
from browserkit.snapshot import count_nodes, diff, parse

__all__ = ["LINEAR_TOLERANCE", "run_engine"]

LINEAR_TOLERANCE = 1.5
"""Cost per node at the largest size may exceed the smallest size's by this factor."""

INNER = 3
"""parse + diff runs per capture (they are cheap; more samples steady the minimum)."""


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def _parse_diff(old: str, new: str) -> tuple[float, float, float, float, int]:
    """ms for parse(old), parse(new), diff and rendering; and the changed count.

    A session keeps its baseline parsed, so what a snapshot(diff=True) or an
    observed action pays is parse(new) + diff; parse(old) is reported apart.
    """
    t0 = time.perf_counter()
    a = parse(old)
    t1 = time.perf_counter()
    b = parse(new)
    t2 = time.perf_counter()
    d = diff(a, b, baseline_generation=1)
    t3 = time.perf_counter()
    str(d)
    t4 = time.perf_counter()
    ms = [(t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t2) * 1000, (t4 - t3) * 1000]
    return ms[0], ms[1], ms[2], ms[3], len(d.changed) + len(d.added)


async def run_engine(
    raw: RawPlaywright,
    server: PageServer,
    *,
    sizes: tuple[int, ...],
    reps: int,
    budget: TimeoutBudget,
) -> dict[str, Any]:
    """Measure capture vs parse + diff on list pages of ``sizes`` items.

    The capture/parse ratio compares medians; the linearity check compares the
    best parse + diff time per 1,000 nodes at the largest and smallest size.
    """
    rows: list[dict[str, Any]] = []
    for n in sizes:
        await raw.goto(server.url(f"/list?n={n}"))
        old = await raw.snapshot()
        await raw.page.evaluate("rename()")
        new = await raw.snapshot()
        nodes = count_nodes(parse(new))
        capture = Series(f"list{n}", "capture", "raw-playwright")
        parse_ms: list[float] = []
        cold_ms: list[float] = []
        diff_ms: list[float] = []
        render_ms: list[float] = []
        both = Series(f"list{n}", "parse+diff", "engine")
        changed = 0
        for i in range(reps + 1):
            if i > 1 and budget.expired:
                both.notes.add("cut short by the run's time budget")
                break
            _, cap = await timed(raw.snapshot())
            if i > 0:  # the first repetition is a warm-up
                capture.add(cap, 0)
            for _ in range(INNER):
                gc.collect()
                p_old, p, d, r, changed = _parse_diff(old, new)
                if i > 0:
                    both.add(p + d, 0)
                    cold_ms.append(p_old + p + d)
                    parse_ms.append(p)
                    diff_ms.append(d)
                    render_ms.append(r)
        both_med = both.median_ms
        best = min(both.ms) if both.ms else 0.0
        rows.append(
            {
                "items": n,
                "nodes": nodes,
                "chars": len(new),
                "changed_nodes": changed,
                "reps": len(capture.ms),
                "capture_ms": round(capture.median_ms, 2),
                "capture_p90_ms": round(capture.p90_ms, 2),
                "parse_ms": round(_median(parse_ms), 2),
                "cold_parse_diff_ms": round(_median(cold_ms), 2),
                "diff_ms": round(_median(diff_ms), 2),
                "render_ms": round(_median(render_ms), 3),
                "parse_diff_ms": round(both_med, 2),
                "parse_diff_p90_ms": round(both.p90_ms, 2),
                "parse_diff_ms_per_1k_nodes": round(both_med / nodes * 1000, 3) if nodes else 0.0,
                "parse_diff_best_ms": round(best, 2),
                "parse_diff_best_ms_per_1k_nodes": round(best / nodes * 1000, 3) if nodes else 0.0,
                "capture_ms_per_1k_nodes": (
                    round(capture.median_ms / nodes * 1000, 3) if nodes else 0.0
                ),
                "ratio_to_capture": round(both_med / capture.median_ms, 4)
                if capture.median_ms
                else None,
                "notes": sorted(both.notes),
            }
        )
    # Linearity uses the best (minimum) time per size: pure CPU work, and the minimum
    # is what other load on the machine disturbs least.
    per_1k = [
        r["parse_diff_best_ms_per_1k_nodes"] for r in rows if r["parse_diff_best_ms_per_1k_nodes"]
    ]
    growth = per_1k[-1] / per_1k[0] if len(per_1k) >= 2 and per_1k[0] else None
    return {
        "rows": rows,
        "per_node_cost_growth": round(growth, 3) if growth is not None else None,
        "linear": growth is not None and growth <= LINEAR_TOLERANCE,
        "linear_tolerance": LINEAR_TOLERANCE,
    }
