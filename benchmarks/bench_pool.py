"""Sessions on Playwright browser servers: the cost of a remote step, and a loaded pool.

Two measurements (issue 15), on a 30-item shop page (small, so the fixed cost
of the extra hop weighs as much as it can), with real ``playwright run-server``
subprocesses on 127.0.0.1 (tests/browser_servers.py):

1. **Remote overhead.** One session placed on a loopback server and one local
   session, side by side: in every repetition each takes a snapshot and makes
   an observed click ("Add to cart", then the next one), in an order that
   rotates; the first repetition is a warm-up. The ratio remote / local of the
   medians is the overhead of the extra hop (client driver → server →
   Chromium instead of client driver → Chromium). Target ≤ 1.3×.
2. **A loaded pool.** 24 sessions over 3 servers (8 each), every one doing
   ``steps`` steps (a snapshot, then an observed click on a ref from it) at
   the same time; the step latencies' p50 and p95, on this machine. A step
   that fails is counted, not timed, and the others go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import browserkit as bk
from benchmarks.contenders import CALL_TIMEOUT_S, find_ref
from benchmarks.pages import PageServer
from benchmarks.stats import Series, TimeoutBudget, load_average, timed

__all__ = ["CONCURRENT_SESSIONS", "REMOTE_TARGET", "SERVERS", "run_pool"]

REMOTE_TARGET = 1.3
"""Issue 15: a remote (loopback) step costs at most this many local ones."""
SERVERS = 3
CONCURRENT_SESSIONS = 24
PAGE = "/shop?n=30"
BUTTON = "Add to cart"

T = TypeVar("T")


async def _bounded(aw: Awaitable[T]) -> T:
    return await asyncio.wait_for(aw, CALL_TIMEOUT_S)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` percentile (nearest rank) of ``values``; 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q * len(ordered))) - 1]


async def _step(session: Any) -> tuple[float, float]:
    """One agent step: a snapshot, then an observed click on a ref it printed (ms, ms)."""
    snap, snap_ms = await timed(_bounded(session.snapshot()))
    acted, click_ms = await timed(_bounded(session.click(find_ref(snap.tree, BUTTON))))
    if acted.diff is None:
        raise AssertionError(f"the observed click reported no change: {acted}")
    return snap_ms, click_ms


async def _overhead(
    server: PageServer, exe: str, endpoint: str, reps: int, budget: TimeoutBudget
) -> dict[str, Any]:
    """Snapshot and observed click, local vs one loopback server, alternating."""
    url = server.url(PAGE)
    local = bk.AsyncBrowser(idle_stop_ms=0, executable_path=exe)
    remote = bk.AsyncBrowser(idle_stop_ms=0, endpoints=[endpoint])
    series = {
        (where, step): Series(PAGE, step, f"browserkit {where}")
        for where in ("local", "remote")
        for step in ("snapshot", "click")
    }
    try:
        sessions = {
            "local": await _bounded(local.start(url)),
            "remote": await _bounded(remote.start(url)),
        }
        order = list(sessions)
        for i in range(reps + 1):
            if i > 1 and budget.expired:
                break
            for where in order[i % 2 :] + order[: i % 2]:
                snap_ms, click_ms = await _step(sessions[where])
                if i:  # the first repetition warms up
                    series[where, "snapshot"].add(snap_ms, 0)
                    series[where, "click"].add(click_ms, 0)
    finally:
        for browser in (local, remote):
            with contextlib.suppress(Exception):
                await _bounded(browser.close())
    out: dict[str, Any] = {"page": PAGE, "endpoint": "one run-server on 127.0.0.1", "rows": []}
    # Filled as it goes: a later failure keeps what was measured.
    for step in ("snapshot", "click"):
        mine, theirs = series["local", step], series["remote", step]
        out["rows"].append(
            {
                "step": "snapshot()" if step == "snapshot" else "click(observe)",
                "local_median_ms": round(mine.median_ms, 2),
                "remote_median_ms": round(theirs.median_ms, 2),
                "ratio": round(theirs.median_ms / mine.median_ms, 3) if mine.ms else None,
                "target": REMOTE_TARGET,
                "n": len(theirs.ms),
                "local_samples_ms": [round(v, 2) for v in mine.ms],
                "remote_samples_ms": [round(v, 2) for v in theirs.ms],
            }
        )
    return out


async def _loaded(server: PageServer, endpoints: list[str], steps: int) -> dict[str, Any]:
    """24 sessions over the servers, each doing ``steps`` steps at once."""
    url = server.url(PAGE)
    browser = bk.AsyncBrowser(idle_stop_ms=0, max_sessions=CONCURRENT_SESSIONS, endpoints=endpoints)
    latencies: list[float] = []
    errors: list[str] = []
    try:
        # Started a few at a time (the steps, not the starts, are what runs at once);
        # a start that fails is counted like a failed step.
        gate = asyncio.Semaphore(SERVERS)

        async def start_one() -> Any:
            async with gate:
                try:
                    return await _bounded(browser.start(url))
                except Exception as exc:
                    errors.append(f"start: {type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
                    return None

        start = time.perf_counter()
        started = await asyncio.gather(*(start_one() for _ in range(CONCURRENT_SESSIONS)))
        sessions = [s for s in started if s is not None]
        started_s = time.perf_counter() - start
        placement = [
            sum(1 for info in browser.sessions() if info.endpoint == endpoint)
            for endpoint in endpoints
        ]

        async def agent(session: Any) -> None:
            for _ in range(steps):
                try:
                    snap_ms, click_ms = await _step(session)
                except Exception as exc:  # counted; this session's other steps go on
                    errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
                    continue
                latencies.append(snap_ms + click_ms)

        start = time.perf_counter()
        await asyncio.gather(*(agent(s) for s in sessions))
        wall_s = time.perf_counter() - start
    finally:
        with contextlib.suppress(Exception):
            await _bounded(browser.close())
    return {
        "page": PAGE,
        "sessions": CONCURRENT_SESSIONS,
        "servers": len(endpoints),
        "placement": placement,
        "steps_each": steps,
        "steps": len(latencies),
        "started": len(sessions),
        "failed_steps": len(errors),
        "errors": sorted(set(errors)),
        "start_all_s": round(started_s, 2),
        "wall_s": round(wall_s, 2),
        "p50_ms": round(percentile(latencies, 0.5), 1),
        "p95_ms": round(percentile(latencies, 0.95), 1),
        "max_ms": round(max(latencies, default=0.0), 1),
        "mean_ms": round(statistics.fmean(latencies), 1) if latencies else 0.0,
        "load_average_after": load_average(),
    }


async def run_pool(
    server: PageServer,
    exe: str,
    *,
    reps: int,
    steps: int,
    budget: TimeoutBudget,
    log: Callable[[str], None],
    into: dict[str, Any],
) -> None:
    """Both measurements, written into ``into`` as each ends; the servers are always stopped."""
    # The test suite's server helper; imported here so the report needs no tests/.
    from tests.browser_servers import browser_servers

    with browser_servers(SERVERS) as running:
        endpoints = [s.url(max_sessions=CONCURRENT_SESSIONS // SERVERS) for s in running]
        log(f"pool: remote vs local, {reps} reps")
        into["overhead"] = await _overhead(server, exe, running[0].url(), reps, budget)
        log(f"pool: {CONCURRENT_SESSIONS} sessions over {SERVERS} servers, {steps} steps each")
        into["concurrent"] = await _loaded(server, endpoints, steps)


def pool_markdown(pool: dict[str, Any]) -> list[str]:
    """The report's section: the overhead table and the loaded pool's line."""
    lines = ["", "## Endpoint pool (Playwright browser servers on 127.0.0.1)"]
    overhead = pool.get("overhead")
    if overhead:
        lines += [
            "",
            f"| step, `{overhead['page']}` | local median ms | remote median ms "
            "| remote / local | target | n |",
            "|---|---:|---:|---:|---|---:|",
        ]
        for row in overhead["rows"]:
            ratio = row["ratio"]
            status = "–" if ratio is None else ("met" if ratio <= row["target"] else "missed")
            shown = "–" if ratio is None else f"{ratio:.2f}×"
            lines.append(
                f"| {row['step']} | {row['local_median_ms']:.1f} | {row['remote_median_ms']:.1f} "
                f"| {shown} | ≤ {row['target']}× ({status}) | {row['n']} |"
            )
        lines += [
            "",
            "Remote: one session on a loopback `playwright run-server` (the same Chromium, "
            "launched by the server); local: one session browserkit launched. They alternate "
            "within every repetition; the first is a warm-up.",
        ]
    c = pool.get("concurrent")
    if c:
        failed = f"; **{c['failed_steps']} failed**: {'; '.join(c['errors'])}" * bool(
            c["failed_steps"]
        )
        lines += [
            "",
            f"{c['started']} of {c['sessions']} sessions over {c['servers']} servers (placed "
            f"{'/'.join(map(str, c['placement']))}) on `{c['page']}`, each doing "
            f"{c['steps_each']} steps at once (a step: snapshot, then an observed click on a "
            f"ref from it): **p50 {c['p50_ms']} ms, p95 {c['p95_ms']} ms** per step (max "
            f"{c['max_ms']} ms); {c['steps']} steps in {c['wall_s']} s{failed}. Starting the "
            f"sessions, {SERVERS} at a time, took {c['start_all_s']} s. Servers, clients and every "
            f"Chromium share this machine's cores (load average after: "
            f"{c['load_average_after']}).",
        ]
    return lines
