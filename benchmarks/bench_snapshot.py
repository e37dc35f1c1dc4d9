"""Micro-benchmark of the pure snapshot engine on captured outlines.

Times :func:`~browserkit.snapshot.parse`, :func:`~browserkit.snapshot.diff`
and :func:`~browserkit.snapshot.apply` on ``tests/outlines/shop_300.txt`` (a
300-product page, ~900 nodes) and ``tests/outlines/list_5000.txt`` (~5,000
nodes), each against a copy with one line changed in the middle, and reports
how many tokens (chars / 4) the rendered one-element diff costs.

Run as a script (``python benchmarks/bench_snapshot.py``) or call :func:`run`
from ``nox -s bench``; no timing is asserted anywhere.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from browserkit.snapshot import apply, count_nodes, diff, parse

OUTLINES = Path(__file__).resolve().parent.parent / "tests" / "outlines"
SAMPLES = (
    ("shop_300", '- button "Add to cart" [ref=e301]', '- button "Added ✓" [ref=e301]'),
    ("list_5000", "- listitem [ref=e2504]: Item 2500", "- listitem [ref=e2504]: Item 2500 ✓"),
)

_T = TypeVar("_T")


def _median_ms(call: Callable[[], _T], runs: int) -> tuple[float, _T]:
    times: list[float] = []
    result = call()  # warm-up, and the value to return
    for _ in range(runs):
        start = time.perf_counter()
        result = call()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times), result


def measure(name: str, old_line: str, new_line: str, runs: int = 15) -> dict[str, Any]:
    """Median ms of parse, diff, apply and render for one captured outline."""
    text = (OUTLINES / f"{name}.txt").read_text(encoding="utf-8")
    changed_text = text.replace(old_line, new_line, 1)
    if changed_text == text:
        raise ValueError(f"{old_line!r} is not in {name}.txt")
    old = parse(text)
    new = parse(changed_text)
    nodes = count_nodes(old)
    parse_ms, _ = _median_ms(lambda: parse(text), runs)
    diff_ms, d = _median_ms(lambda: diff(old, new, baseline_generation=1), runs)
    same_ms, _ = _median_ms(lambda: diff(old, old, baseline_generation=1), runs)
    apply_ms, rebuilt = _median_ms(lambda: apply(old, d), runs)
    render_ms, rendered = _median_ms(lambda: str(d), runs)
    if rebuilt != new:
        raise AssertionError("apply(old, diff(old, new)) != new")
    return {
        "nodes": nodes,
        "lines": text.count("\n") + 1,
        "parse_ms": round(parse_ms, 2),
        "diff_ms": round(diff_ms, 2),
        "diff_identical_ms": round(same_ms, 2),
        "apply_ms": round(apply_ms, 2),
        "render_diff_ms": round(render_ms, 3),
        "parse_diff_ms_per_1k_nodes": round((2 * parse_ms + diff_ms) * 1000 / nodes, 2),
        "one_change_diff_tokens": round(len(rendered) / 4, 1),
    }


def run() -> dict[str, Any]:
    """Measure every sample; returns plain numbers (times in ms), keyed ``<sample>.<measure>``."""
    out: dict[str, Any] = {}
    for name, old_line, new_line in SAMPLES:
        for key, value in measure(name, old_line, new_line).items():
            out[f"{name}.{key}"] = value
    small, large = (out[f"{name}.parse_diff_ms_per_1k_nodes"] for name, _, _ in SAMPLES)
    out["per_node_cost_growth"] = round(large / small, 2) if small else None
    return out


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
