"""Runs every section in one process and collects the results.

Contenders are started once and measured side by side: in every repetition
each contender runs the step once, in an order that rotates from one
repetition to the next, so drift (thermal, other load) hits all of them alike.
Resets (navigation) and the snapshot that supplies fresh refs happen outside
the timed region. The first repetition of every step is a warm-up and is not
recorded.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import platform
import sys
import time
from collections.abc import Awaitable, Callable
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from typing import Any

import attrs

from benchmarks import procs
from benchmarks.contenders import (
    Answer,
    Browserkit,
    BrowserkitShared,
    PlaywrightMCP,
    RawPlaywright,
    chromium_path,
    find_ref,
)
from benchmarks.engine import run_engine
from benchmarks.pages import (
    BUTTONS,
    CHANGE_TEXT,
    HEAVY_PAGES,
    NO_CHANGE_BUTTON,
    NO_CHANGE_PAGE,
    PAGES,
    PageServer,
)
from benchmarks.reading import run_reading
from benchmarks.stats import Series, TimeoutBudget, load_average, timed, tokens

__all__ = ["AFTER_CLICK", "DEFAULT_SECTIONS", "NO_CHANGE_CLICK", "SECTIONS", "Options", "run"]

AFTER_CLICK = "snapshot after click"
NO_CHANGE_CLICK = "click, no change, after reading"
READ_PAUSE_S = 0.3
"""How long the no-change click's agent reads the outline before clicking (untimed)."""
"""Step name: raw Playwright's full re-snapshot vs browserkit's snapshot(diff=True)."""

SECTIONS = (
    "playwright",
    "browserkit",
    "mcp",
    "engine",
    "buffers",
    "reading",
    "pool",
    "live",
    "bytes",
    "economy",
    "economy-cli",
)
"""Names accepted by ``--only`` (and as positional arguments)."""
ON_REQUEST = ("economy", "economy-cli")
"""Sections that run only when named: real apps, minutes each."""
DEFAULT_SECTIONS = tuple(s for s in SECTIONS if s not in ON_REQUEST)
"""What a run without sections measures. The economy sections run only when asked for:
``python -m benchmarks economy`` (tool calls) or ``economy-cli`` (command lines, run by
:mod:`benchmarks.economy.cli` on its own and written to ``results/cli.md``)."""

Prep = Callable[[], Awaitable[Any]]
Act = Callable[[Any], Awaitable[Any]]
Account = Callable[[Any], Answer]


@attrs.frozen
class Options:
    """How much to measure."""

    sections: tuple[str, ...] = DEFAULT_SECTIONS
    snapshot_reps: int = 12
    click_reps: int = 10
    diff_reps: int = 10
    engine_reps: int = 8
    reading_reps: int = 6
    """Repetitions of every reading (scan variants, outline, MCP snapshot) per long page."""
    pool_reps: int = 15
    """Pool section: snapshot + observed click repetitions, local vs a loopback server."""
    pool_steps: int = 5
    """Pool section: steps each of the 24 concurrent sessions takes."""
    bytes_reps: int = 8
    """Bytes section: observed clicks (and raw click + snapshot) measured after the first."""
    engine_sizes: tuple[int, ...] = (1_000, 2_000, 5_000, 10_000)
    heavy_factor: float = 0.5
    """Repetitions on the 5,000-item page, as a fraction of the others (it is slow)."""
    min_reps: int = 2
    soft_budget_s: float = 420.0
    hard_budget_s: float = 510.0
    economy_runs: int = 3
    """Runs of every economy task per contender (the report shows medians)."""
    economy_budget_s: float = 1_800.0
    """No economy repetition starts after this (the first always runs); the ten apps
    set up in about 3 minutes on a loaded machine of two cores (MLflow's server takes
    80 s to answer), the three runs of their tasks take about 10."""
    economy_hard_s: float = 2_700.0
    """Added to the hard budget when the economy section runs: app set-up, the runs."""

    @property
    def hard_s(self) -> float:
        """The run's hard time budget, for the sections selected."""
        others = set(self.sections) - {"economy"}
        economy = "economy" in self.sections
        return (self.hard_budget_s if others else 0.0) + (self.economy_hard_s if economy else 0.0)

    @classmethod
    def quick(cls, sections: tuple[str, ...] = DEFAULT_SECTIONS) -> Options:
        """Few repetitions: for a smoke run in well under two minutes."""
        return cls(
            sections=sections,
            snapshot_reps=3,
            click_reps=2,
            diff_reps=2,
            engine_reps=3,
            reading_reps=1,
            pool_reps=3,
            pool_steps=2,
            bytes_reps=2,
            engine_sizes=(1_000, 5_000),
            min_reps=1,
            soft_budget_s=90.0,
            hard_budget_s=110.0,
            economy_runs=1,
            economy_budget_s=300.0,
            economy_hard_s=600.0,
        )


@attrs.define
class _Entry:
    label: str
    prep: Prep
    act: Act
    account: Account
    expect: str | None = None


@attrs.define
class Results:
    """Everything one run measured."""

    options: Options
    machine: dict[str, Any] = attrs.field(factory=dict)
    series: list[Series] = attrs.field(factory=list)
    engine: dict[str, Any] | None = None
    engine_micro: dict[str, Any] | None = None
    buffers: dict[str, Any] | None = None
    reading: dict[str, Any] | None = None
    economy: dict[str, Any] | None = None
    pool: dict[str, Any] | None = None
    live: dict[str, Any] | None = None
    bytes: dict[str, Any] | None = None
    memory: dict[str, Any] = attrs.field(factory=dict)
    mcp: dict[str, Any] = attrs.field(factory=dict)
    notes: list[str] = attrs.field(factory=list)
    wall_s: float = 0.0
    failed: bool = False

    def fail(self, what: str, exc: BaseException) -> None:
        """Record a section that raised; the run goes on with the others."""
        self.failed = True
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        self.notes.append(f"{what} failed: {type(exc).__name__}: {first}")
        log(f"{what} failed: {type(exc).__name__}: {first}")

    def find(self, page: str, step: str, contender: str) -> Series | None:
        """The series of one page, step and contender, if measured."""
        for s in self.series:
            if (s.page, s.step, s.contender) == (page, step, contender):
                return s
        return None


def _version(name: str) -> str:
    try:
        return package_version(name)
    except PackageNotFoundError:
        return "not installed"


def log(message: str) -> None:
    """Progress on stderr (stdout carries only the report)."""
    print(f"[{time.monotonic() - _T0:6.1f}s] {message}", file=sys.stderr, flush=True)


_T0 = time.monotonic()


def _machine(chromium: str, chromium_version: str) -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "playwright": _version("playwright"),
        "mcp": _version("mcp"),
        "browserkit": _version("browserkit"),
        "chromium": chromium,
        "chromium_version": chromium_version,
        "root": hasattr(os, "geteuid") and os.geteuid() == 0,
        "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "load_average_at_start": load_average(),
    }


async def _measure(
    page: str,
    step: str,
    entries: list[_Entry],
    reps: int,
    budget: TimeoutBudget,
) -> list[Series]:
    """Run ``reps`` (+1 warm-up) rotations of ``entries``; returns one series per entry."""
    series = {e.label: Series(page, step, e.label) for e in entries}
    for i in range(reps + 1):
        if i > 1 and budget.expired:
            for s in series.values():
                s.notes.add(f"cut short after {len(s.ms)} reps by the run's time budget")
            break
        k = i % len(entries)
        for entry in entries[k:] + entries[:k]:
            arg = await entry.prep()
            answer, ms = await timed(entry.act(arg))
            if i == 0:
                continue
            got = entry.account(answer)
            shows = None if entry.expect is None else entry.expect in got.full
            series[entry.label].add(ms, tokens(got.inline), tokens(got.file_text), shows)
    return list(series.values())


def _call(fn: Callable[..., Awaitable[Any]], **kwargs: Any) -> Act:
    """An act that ignores the prep's value and awaits ``fn(**kwargs)``."""

    async def act(_arg: Any) -> Any:
        return await fn(**kwargs)

    return act


def _noop() -> Prep:
    async def prep() -> None:
        return None

    return prep


def _click_prep(c: Any, url: str, button: str, pause_s: float = 0.0) -> Prep:
    async def prep() -> str:
        await c.goto(url)
        ref = find_ref(await c.ref_text(), button)
        if pause_s:
            await asyncio.sleep(pause_s)  # an agent reading the outline before it acts
        return ref

    return prep


def _after_click_prep(c: Any, url: str, button: str, change: str, in_frame: bool) -> Prep:
    """Reset, snapshot (browserkit's diff baseline), click unobserved, wait for the change."""

    async def prep() -> None:
        await c.goto(url)
        ref = find_ref(await c.ref_text(), button)
        await c.click_quietly(ref)
        if not in_frame:  # a click returns before a fetch it fired has answered
            await c.wait_text(change)

    return prep


async def _page_steps(
    opts: Options,
    server: PageServer,
    raw: RawPlaywright | None,
    bk_obs: Browserkit | None,
    bk_plain: Browserkit | None,
    mcp: PlaywrightMCP | None,
    budget: TimeoutBudget,
    out: Results,
) -> None:
    """Snapshot, click and snapshot-diff steps on every page."""
    for key in PAGES:
        url = server.url(key)
        button = BUTTONS[key]
        change = CHANGE_TEXT[key]
        scale = opts.heavy_factor if key in HEAVY_PAGES else 1.0

        def reps(n: int, scale: float = scale) -> int:
            return max(opts.min_reps, round(n * scale))

        # 1. full snapshot of an unchanged page
        entries: list[_Entry] = []
        if raw is not None:
            await raw.goto(url)
            entries.append(_Entry(raw.name, _noop(), _call(raw.snapshot), raw.account))
        if bk_obs is not None:
            await bk_obs.goto(url)
            entries.append(_Entry("browserkit", _noop(), _call(bk_obs.snapshot), bk_obs.account))
        if mcp is not None:
            await mcp.goto(url)
            entries.append(_Entry(mcp.name, _noop(), _call(mcp.snapshot), mcp.account))
        log(f"{key}: snapshot")
        if entries:
            out.series += await _measure(key, "snapshot", entries, reps(opts.snapshot_reps), budget)
        # 2. click one button (page reset and fresh refs before every rep, untimed)
        entries = []
        if raw is not None:
            entries.append(_Entry(raw.name, _click_prep(raw, url, button), raw.click, raw.account))
        for c in (bk_obs, bk_plain):
            if c is not None:
                entries.append(
                    _Entry(c.name, _click_prep(c, url, button), c.click, c.account, change)
                )
        if mcp is not None:
            entries.append(
                _Entry(mcp.name, _click_prep(mcp, url, button), mcp.click, mcp.account, change)
            )
        log(f"{key}: click")
        if entries:
            out.series += await _measure(key, "click", entries, reps(opts.click_reps), budget)
        if key == NO_CHANGE_PAGE:
            # 2b. a click that changes nothing, made the way an agent makes it: a
            #     pause to read the outline first. Shows what observing costs when
            #     there is nothing to wait for.
            entries = [
                _Entry(
                    c.name,
                    _click_prep(c, url, NO_CHANGE_BUTTON, READ_PAUSE_S),
                    c.click,
                    c.account,
                )
                for c in (raw, bk_obs, bk_plain, mcp)
                if c is not None
            ]
            log(f"{key}: {NO_CHANGE_CLICK}")
            if entries:
                out.series += await _measure(
                    key, NO_CHANGE_CLICK, entries, reps(opts.click_reps), budget
                )
        # 3. learn what a click changed by reading the page again: a full outline for
        #    raw Playwright, snapshot(diff=True) for browserkit (the click itself untimed)
        entries = []
        if raw is not None:
            entries.append(
                _Entry(
                    raw.name,
                    _after_click_prep(raw, url, button, change, key == "frames"),
                    _call(raw.snapshot),
                    raw.account,
                    change,
                )
            )
        if bk_obs is not None:
            entries.append(
                _Entry(
                    "browserkit",
                    _after_click_prep(bk_obs, url, button, change, key == "frames"),
                    _call(bk_obs.snapshot, diff=True),
                    bk_obs.account,
                    change,
                )
            )
        log(f"{key}: {AFTER_CLICK}")
        if entries:
            out.series += await _measure(key, AFTER_CLICK, entries, reps(opts.diff_reps), budget)


async def _start_tracked(
    sampler: procs.MemorySampler, name: str, start: Callable[[], Awaitable[None]]
) -> procs.Tree:
    """Start a contender and track the processes it added under this Python process."""
    before = procs.children(os.getpid())
    await start()
    roots = procs.children(os.getpid()) - before
    return sampler.track(name, roots)


def _optional_module(name: str, out: Results) -> Any:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        out.notes.append(f"{name} not importable ({exc}); its section was skipped")
        return None
    if not callable(getattr(module, "run", None)):
        out.notes.append(f"{name} has no run(); its section was skipped")
        return None
    return module


def _guarded(fn: Callable[[], Any], out: Results, what: str) -> Any:
    """Call a pure section; a failure becomes a note instead of ending the run."""
    try:
        return fn()
    except Exception as exc:  # one broken section must not lose the others
        out.fail(what, exc)
        return None


async def _run(opts: Options, out: Results, budget: TimeoutBudget) -> None:
    want = set(opts.sections)
    need_raw = bool(want & {"playwright", "engine"})
    exe, exe_version = chromium_path()
    sampler = procs.MemorySampler()
    raw: RawPlaywright | None = None
    shared: BrowserkitShared | None = None
    mcp: PlaywrightMCP | None = None
    with PageServer() as server:
        try:
            log(f"starting contenders (Chromium: {exe})")
            if need_raw:
                raw = RawPlaywright(exe)
                await _start_tracked(sampler, raw.name, raw.start)
            if want & {"browserkit", "reading"}:
                shared = BrowserkitShared(exe)
                s = shared
                await _start_tracked(sampler, "browserkit", lambda: s.start(server.url("form")))
            if want & {"mcp", "reading"}:
                mcp = PlaywrightMCP(exe)
                m = mcp

                async def start_mcp() -> None:
                    await m.start()
                    await m.goto(server.url("form"))  # Chromium starts on the first call

                try:
                    await _start_tracked(sampler, mcp.name, start_mcp)
                except Exception as exc:  # measure the others without it
                    out.fail("starting Playwright MCP", exc)
                    await mcp.close()
                    mcp = None
            sampler.start()
            out.machine = _machine(exe, raw.version if raw is not None else exe_version)
            if "engine" in want and raw is not None:
                log("engine: capture vs parse + diff")
                try:
                    out.engine = await run_engine(
                        raw, server, sizes=opts.engine_sizes, reps=opts.engine_reps, budget=budget
                    )
                except Exception as exc:  # keep the other sections
                    out.fail("engine section", exc)
            if want & {"playwright", "browserkit", "mcp"}:
                sampler.steps_begin()
                bk_obs = bk_plain = None
                if shared is not None and "browserkit" in want:
                    bk_obs = Browserkit(shared, observe=True, name="browserkit observe")
                    bk_plain = Browserkit(shared, observe=False, name="browserkit no-observe")
                try:
                    await _page_steps(
                        opts,
                        server,
                        raw if "playwright" in want else None,
                        bk_obs,
                        bk_plain,
                        mcp if "mcp" in want else None,
                        budget,
                        out,
                    )
                except Exception as exc:  # keep what was measured so far
                    out.fail("page steps", exc)
            sampler.steps_end()
            if "reading" in want and shared is not None:
                try:
                    out.reading = {}
                    await run_reading(
                        shared,
                        mcp,
                        server,
                        reps=opts.reading_reps,
                        budget=budget,
                        log=log,
                        into=out.reading,
                    )
                    if out.reading["errors"]:
                        out.failed = True
                        out.notes += out.reading["errors"]
                except Exception as exc:  # keep the other sections
                    out.fail("reading section", exc)
            if "pool" in want:
                await _pool(opts, out, server, exe, budget)
            if "bytes" in want:
                await _bytes(opts, out, server, exe)
            if mcp is not None:
                out.mcp = {
                    "command": [sys.executable, *mcp.args],
                    "click_argument": mcp.click_arg,
                    "formats_seen": sorted(mcp.formats),
                    "tools": mcp.tool_names,
                }
        finally:
            log("stopping contenders")
            await sampler.stop()
            out.memory = {
                "python_peak_rss_mb": round(procs.python_peak_rss_mb(), 1),
                "trees": [t.to_json() for t in sampler.trees],
                "method": (
                    "peak of the summed PSS of each contender's process tree (driver + "
                    "Chromium), sampled about every two seconds and as the page steps begin "
                    "and end; driver peak is its VmHWM"
                    if sampler.enabled
                    else "not measured: /proc is not available on this platform"
                ),
            }
            for tree in sampler.trees:
                if mcp is not None and tree.name == mcp.name:
                    mcp.pids = {**tree.seen}
            if mcp is not None:
                await mcp.close()
            if shared is not None:
                await shared.close()
            if raw is not None:
                await raw.close()
    if "economy" in want:
        await _economy(opts, out, exe)
    if "engine" in want:
        micro = _optional_module("benchmarks.bench_snapshot", out)
        if micro is not None:
            log("engine: benchmarks.bench_snapshot.run()")
            out.engine_micro = _guarded(micro.run, out, "benchmarks.bench_snapshot.run()")
    if "buffers" in want:
        buffers = _optional_module("benchmarks.bench_buffers", out)
        if buffers is not None:
            log("buffers: benchmarks.bench_buffers.run()")
            out.buffers = _guarded(buffers.run, out, "benchmarks.bench_buffers.run()")
    if "live" in want:
        live = _optional_module("benchmarks.bench_live", out)
        if live is not None:
            log("live: benchmarks.bench_live.measure()")
            try:
                out.live = await live.measure(exe)
            except Exception as exc:  # keep the other sections
                out.fail("live section", exc)


async def _pool(
    opts: Options, out: Results, server: PageServer, exe: str, budget: TimeoutBudget
) -> None:
    """Remote (loopback browser server) vs local steps, and 24 sessions over 3 servers."""
    # Loaded only when asked for: it starts Playwright browser servers (tests/).
    from benchmarks.bench_pool import run_pool

    out.pool = {}
    try:
        reps, steps = opts.pool_reps, opts.pool_steps
        await run_pool(server, exe, reps=reps, steps=steps, budget=budget, log=log, into=out.pool)
    except Exception as exc:  # keep the other sections, and what this one measured
        out.fail("pool section", exc)


async def _bytes(opts: Options, out: Results, server: PageServer, exe: str) -> None:
    """Protocol bytes of an observed click vs a raw click plus a fresh snapshot."""
    from benchmarks.bench_bytes import run_bytes

    out.bytes = {}
    try:
        await run_bytes(server, exe, reps=opts.bytes_reps, log=log, into=out.bytes)
    except Exception as exc:  # keep the other sections
        out.bytes = None
        out.fail("bytes section", exc)


async def _economy(opts: Options, out: Results, exe: str) -> None:
    """Scripted agent tasks on real apps, browserkit's tools vs Playwright MCP."""
    from benchmarks.economy.run import run_economy  # apps and tasks load only when asked

    log(f"economy: {opts.economy_runs} run(s) of every task per contender")
    try:
        out.economy = await run_economy(
            opts.economy_runs, TimeoutBudget(opts.economy_budget_s), log, exe
        )
    except Exception as exc:  # keep the other sections
        out.fail("economy section", exc)
        return
    if out.economy["errors"]:  # an app or contender missing: the section is incomplete
        out.failed = True
    out.notes += [f"economy: {e}" for e in out.economy["errors"] + out.economy["notes"]]
    if any(c["successes"] < c["n"] for t in out.economy["tasks"] for c in t["contenders"]):
        out.notes.append("economy: some task runs failed (see the economy section)")


def run(opts: Options) -> Results:
    """Run the selected sections within the hard time budget; always cleans up."""
    out = Results(opts)
    budget = TimeoutBudget(opts.soft_budget_s)
    start = time.monotonic()

    async def main() -> None:
        try:
            await asyncio.wait_for(_run(opts, out, budget), opts.hard_s)
        except asyncio.TimeoutError:
            out.notes.append(f"run stopped at the hard time budget ({opts.hard_s:.0f} s)")

    asyncio.run(main())
    out.wall_s = round(time.monotonic() - start, 1)
    out.machine["load_average_at_end"] = load_average()
    return out
