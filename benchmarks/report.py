"""Turns :class:`~benchmarks.runner.Results` into ratios, markdown and JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks.bench_bytes import bytes_markdown
from benchmarks.bench_pool import pool_markdown
from benchmarks.economy.report import economy_markdown
from benchmarks.pages import NO_CHANGE_PAGE, SLOW_FETCH_MS
from benchmarks.reading import MCP_SNAPSHOT, OUTLINE, SCAN_FULL, UNCAPPED_CHARS
from benchmarks.runner import AFTER_CLICK, NO_CHANGE_CLICK, Results

__all__ = ["RESULTS_DIR", "ratios", "to_json", "to_markdown", "write"]

RESULTS_DIR = Path(__file__).resolve().parent / "results"

_STEP_ORDER = {"snapshot": 0, "click": 1, AFTER_CLICK: 2}
_CONTENDER_ORDER = {
    "raw-playwright": 0,
    "browserkit": 1,
    "browserkit observe": 2,
    "browserkit no-observe": 3,
    "playwright-mcp": 4,
}


def _ratio(num: float | None, den: float | None) -> float | None:
    if num is None or not den:
        return None
    return num / den


def _sum(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a + b


def _target(name: str, value: float | None, target: float | None, how: str) -> dict[str, Any]:
    return {
        "name": name,
        "value": round(value, 4) if value is not None else None,
        "target": target,
        "met": None if value is None or target is None else value <= target,
        "how": how,
    }


def ratios(r: Results) -> list[dict[str, Any]]:
    """The issue targets (≤ each), plus context ratios (target None)."""

    def med(page: str, step: str, who: str) -> float | None:
        s = r.find(page, step, who)
        return s.median_ms if s and s.ms else None

    def tok(page: str, step: str, who: str) -> float | None:
        s = r.find(page, step, who)
        return float(s.median_tokens) if s and s.tokens else None

    out = [
        _target(
            "browserkit snapshot() / raw aria_snapshot, 300-item shop (median ms)",
            _ratio(
                med("shop", "snapshot", "browserkit"), med("shop", "snapshot", "raw-playwright")
            ),
            1.15,
            "median latency of snapshot() over page.aria_snapshot(mode='ai'), same page",
        ),
        _target(
            "parse + diff / capture, 5,000-item list (median ms)",
            _engine_ratio(r),
            0.15,
            "parse(old) + parse(new) + diff, over one aria_snapshot capture of the page",
        ),
        _target(
            "browserkit click(observe) / Playwright MCP browser_click, shop (median ms)",
            _ratio(
                med("shop", "click", "browserkit observe"), med("shop", "click", "playwright-mcp")
            ),
            0.2,
            "both return what the click changed; static change, no network",
        ),
        _target(
            "tokens of a one-element change / full snapshot, shop",
            _ratio(
                tok("shop", AFTER_CLICK, "browserkit"),
                tok("shop", "snapshot", "browserkit"),
            ),
            0.02,
            "str(snapshot(diff=True)) after one 'Add to cart' click, over the full tree",
        ),
    ]
    # An observed click does a click and reads what changed: against raw
    # Playwright doing the same two things, on every page. On the slow page
    # the change comes with a fetch the server holds: browserkit's click
    # waits for it, the raw click does not, so the raw pair gets that wait.
    for page in ("shop", "list5k", "form", "slow", "frames"):
        waits = float(SLOW_FETCH_MS) if page == "slow" else 0.0
        raw = _sum(med(page, "click", "raw-playwright"), med(page, AFTER_CLICK, "raw-playwright"))
        out.append(
            _target(
                f"browserkit click(observe) / (raw click + raw snapshot after it), {page}",
                _ratio(med(page, "click", "browserkit observe"), _sum(raw, waits)),
                1.3,
                "median ms; the raw pair reads the whole outline, browserkit the change"
                + (f"; the raw pair plus the {SLOW_FETCH_MS} ms fetch" if waits else ""),
            )
        )
    out.append(
        _target(
            "browserkit click(observe) / (raw click + raw snapshot), nothing changes, "
            f"{NO_CHANGE_PAGE}",
            _ratio(
                med(NO_CHANGE_PAGE, NO_CHANGE_CLICK, "browserkit observe"),
                _sum(
                    med(NO_CHANGE_PAGE, NO_CHANGE_CLICK, "raw-playwright"),
                    med(NO_CHANGE_PAGE, "snapshot", "raw-playwright"),
                ),
            ),
            1.3,
            "median ms; a click that changes nothing, on a trivial page",
        )
    )
    out += _economy_targets(r)
    out += _pool_targets(r)
    out += _bytes_targets(r)
    context: list[tuple[str, float | None]] = []
    for page in ("shop", "list5k", "form", "slow", "frames"):
        context.append(
            (
                f"snapshot ms browserkit / raw, {page}",
                _ratio(
                    med(page, "snapshot", "browserkit"), med(page, "snapshot", "raw-playwright")
                ),
            )
        )
    for page in ("shop", "list5k", "form", "slow", "frames"):
        context.append(
            (
                f"after-click read ms, browserkit snapshot(diff=True) / raw full, {page}",
                _ratio(
                    med(page, AFTER_CLICK, "browserkit"), med(page, AFTER_CLICK, "raw-playwright")
                ),
            )
        )
    for page in ("shop", "list5k", "form", "slow", "frames"):
        context.append(
            (
                f"click ms browserkit observe / playwright-mcp, {page}",
                _ratio(
                    med(page, "click", "browserkit observe"), med(page, "click", "playwright-mcp")
                ),
            )
        )
    context += [
        (
            f"click ms browserkit observe / no-observe, nothing changes, {NO_CHANGE_PAGE}",
            _ratio(
                med(NO_CHANGE_PAGE, NO_CHANGE_CLICK, "browserkit observe"),
                med(NO_CHANGE_PAGE, NO_CHANGE_CLICK, "browserkit no-observe"),
            ),
        ),
        (
            f"click ms browserkit observe / raw, nothing changes, {NO_CHANGE_PAGE}",
            _ratio(
                med(NO_CHANGE_PAGE, NO_CHANGE_CLICK, "browserkit observe"),
                med(NO_CHANGE_PAGE, NO_CHANGE_CLICK, "raw-playwright"),
            ),
        ),
        (
            "tokens of click(observe) answer / full snapshot, shop",
            _ratio(
                tok("shop", "click", "browserkit observe"), tok("shop", "snapshot", "browserkit")
            ),
        ),
        (
            "tokens browserkit click(observe) / playwright-mcp click (inline + file), shop",
            _ratio(
                tok("shop", "click", "browserkit observe"), tok("shop", "click", "playwright-mcp")
            ),
        ),
    ]
    for name, value in context:
        if value is not None:
            out.append(
                {"name": name, "value": round(value, 4), "target": None, "met": None, "how": ""}
            )
    return out


ECONOMY_TARGET = "economy tokens browserkit / Playwright MCP"
"""Name prefix of the economy section's targets (one per task)."""


def _economy_targets(r: Results) -> list[dict[str, Any]]:
    if not r.economy:
        return []
    return [
        _target(
            f"{ECONOMY_TARGET}, {row['task']}",
            row["ratio"],
            row["target"],
            "median tokens an agent read for the whole task, same policy; see the economy section",
        )
        for row in r.economy["ratios"]
    ]


def _bytes_targets(r: Results) -> list[dict[str, Any]]:
    if not r.bytes:
        return []
    return [
        _target(
            "protocol bytes sent, browserkit click(observe) / (raw click + aria_snapshot), "
            "30-item shop (median)",
            r.bytes["ratio_bytes"],
            r.bytes["target"],
            r.bytes["method"],
        ),
        _target(
            "protocol messages sent, browserkit click(observe) / (raw click + aria_snapshot), "
            "30-item shop (median)",
            r.bytes["ratio_messages"],
            None,
            r.bytes["method"],
        ),
    ]


def _pool_targets(r: Results) -> list[dict[str, Any]]:
    if not r.pool or "overhead" not in r.pool:
        return []
    return [
        _target(
            f"remote / local {row['step']}, loopback Playwright server, 30-item shop (median ms)",
            row["ratio"],
            row["target"],
            "one session on python -m playwright run-server vs one launched here, alternating",
        )
        for row in r.pool["overhead"]["rows"]
    ]


def _engine_ratio(r: Results) -> float | None:
    if not r.engine:
        return None
    for row in r.engine["rows"]:
        if row["items"] == 5000:
            value = row["ratio_to_capture"]
            return float(value) if value is not None else None
    return None


def _status(t: dict[str, Any]) -> str:
    if t["met"] is None:
        return "n/a (not measured)" if t["target"] is not None else ""
    return "**met**" if t["met"] else "**missed**"


def _fmt(v: float | None, digits: int = 1) -> str:
    return "–" if v is None else f"{v:.{digits}f}"


def _repetitions(r: Results) -> str:
    o = r.options
    parts = []
    if set(o.sections) - {"economy"}:
        parts.append(
            f"Repetitions per step (after one warm-up): snapshot {o.snapshot_reps}, "
            f"click {o.click_reps}, snapshot after click {o.diff_reps}, "
            f"engine {o.engine_reps}, reading {o.reading_reps}."
        )
    if "economy" in o.sections:
        parts.append(f"Economy: {o.economy_runs} run(s) of every task per contender.")
    return " ".join(
        [*parts, "Contenders alternate within every repetition.", "Tokens = characters / 4."]
    )


def to_markdown(r: Results) -> str:
    """The human report: machine, targets, every step, engine, memory, buffers, notes."""
    m = r.machine
    lines = [
        "# browserkit benchmark — latest run",
        "",
        f"Python {m.get('python', '?')} · Playwright {m.get('playwright', '?')} · "
        f"mcp {m.get('mcp', '?')} · Chromium {m.get('chromium_version', '?')} "
        f"(`{m.get('chromium', '?')}`) · {m.get('cpu_count', '?')} CPUs · "
        f"{m.get('platform', '?')} · {m.get('date_utc', '?')} · run took {r.wall_s} s · "
        f"load average at start {m.get('load_average_at_start')}, at end "
        f"{m.get('load_average_at_end')}",
        "",
        f"Sections: {', '.join(r.options.sections)}. " + _repetitions(r),
        "",
        "## Targets",
        "",
        "| ratio | value | target | status |",
        "|---|---:|---:|---|",
    ]
    rs = ratios(r)
    if set(r.options.sections) == {"economy"}:  # the other targets were not measured
        rs = [t for t in rs if t["name"].startswith(ECONOMY_TARGET)]
    for t in rs:
        if t["target"] is not None:
            lines.append(
                f"| {t['name']} | {_fmt(t['value'], 3)} | ≤ {t['target']} | {_status(t)} |"
            )
    context = [t for t in rs if t["target"] is None]
    if context:
        lines += ["", "Context ratios:", "", "| ratio | value |", "|---|---:|"]
        for t in context:
            lines.append(f"| {t['name']} | {_fmt(t['value'], 3)} |")
    if r.series:
        lines += _steps_table(r)
    if r.reading:
        lines += _reading_table(r.reading)
    if r.economy:
        lines += economy_markdown(r.economy)
    if r.pool:
        lines += pool_markdown(r.pool)
    if r.bytes:
        lines += bytes_markdown(r.bytes)
    if r.engine:
        lines += [
            "",
            "## Pure engine (parse + diff, no browser)",
            "",
            "| items | nodes | capture ms | parse ms | diff ms | render ms | parse+diff ms "
            "| parse+diff ms / 1k nodes (median · best) | parse+diff / capture "
            "| cold: parse ×2 + diff ms |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in r.engine["rows"]:
            lines.append(
                f"| {row['items']} | {row['nodes']} | {row['capture_ms']:.1f} | "
                f"{row['parse_ms']:.1f} | {row['diff_ms']:.1f} | {row['render_ms']:.2f} | "
                f"{row['parse_diff_ms']:.1f} | {row['parse_diff_ms_per_1k_nodes']:.2f} · "
                f"{row['parse_diff_best_ms_per_1k_nodes']:.2f} | "
                f"{_fmt(row['ratio_to_capture'], 3)} | {row.get('cold_parse_diff_ms', 0):.1f} |"
            )
        growth = r.engine.get("per_node_cost_growth")
        verdict = "linear" if r.engine.get("linear") else "NOT linear"
        lines += [
            "",
            f"Best parse + diff cost per node, largest / smallest size: {_fmt(growth, 2)} → "
            f"{verdict} (tolerance {r.engine.get('linear_tolerance')}). Capture and "
            "parse + diff alternate; parse + diff runs 3 times per capture, after gc.collect(); "
            "'parse' is the new outline only: a session keeps its baseline parsed, so a "
            "snapshot(diff=True) or an observed action parses one outline and diffs; the "
            "last column is the cold cost when the baseline is parsed too.",
        ]
    if r.engine_micro:
        lines += ["", "### benchmarks.bench_snapshot", "", *_kv_table(r.engine_micro)]
    if r.memory and (r.memory.get("trees") or set(r.options.sections) != {"economy"}):
        lines += [
            "",
            "## Memory",
            "",
            f"Python process (hosts raw Playwright's and browserkit's clients, the MCP client "
            f"and the engine runs) peak RSS: {r.memory.get('python_peak_rss_mb')} MB.",
            "",
            "| contender | peak tree PSS MB, page steps | peak tree PSS MB, whole run | "
            "driver/server peak RSS MB | max Chromium processes |",
            "|---|---:|---:|---:|---:|",
        ]
        for t in r.memory.get("trees", []):
            lines.append(
                f"| {t['contender']} | {t.get('steps_peak_tree_pss_mb', '–')} | "
                f"{t['peak_tree_pss_mb']} | {t['peak_driver_hwm_mb']} | "
                f"{t['peak_chromium_processes']} |"
            )
        lines += [
            "",
            "The page steps (snapshot, click, read after click on every page) are the same "
            "work for every contender. The whole run adds sections only some run: the engine "
            "section loads lists of up to 10,000 items in raw Playwright, the reading section "
            "a 2,000-row table in browserkit and Playwright MCP.",
        ]
        lines += ["", f"Method: {r.memory.get('method')}."]
    if r.buffers:
        lines += ["", "## Buffers (benchmarks.bench_buffers)", "", *_kv_table(r.buffers)]
    if r.live:
        lines += ["", "## Live view screencast (benchmarks.bench_live)", "", *_kv_table(r.live)]
    if r.mcp:
        lines += [
            "",
            "## Playwright MCP",
            "",
            f"Command: `{' '.join(r.mcp['command'])}` (cwd: a temporary folder, removed after "
            f"the run). Ref argument of browser_click: `{r.mcp['click_argument']}`. "
            f"Answer formats seen: {', '.join(r.mcp['formats_seen']) or 'inline text only'}.",
            "",
            "browser_snapshot answers inline (a yaml block). browser_navigate and browser_click "
            "answer with the code they ran, the page URL and title, and a markdown link such as "
            "`[Snapshot](.playwright-mcp/page-<time>.yml)` to a file holding the full "
            "post-action outline. The benchmark resolves every link or path in an answer "
            "(relative paths against the server's workspace root, its working folder), reads "
            'the file after the clock stops, and counts its tokens under "of which in files", '
            "since an agent must read it to learn what the click did.",
        ]
    if r.notes:
        lines += ["", "## Notes", "", *[f"- {n}" for n in r.notes]]
    return "\n".join(lines) + "\n"


def _steps_table(r: Results) -> list[str]:
    lines = [
        "",
        "## Steps",
        "",
        "| page | step | contender | median ms | p90 ms | tokens | of which in files "
        "| answer shows the change | n |",
        "|---|---|---|---:|---:|---:|---:|---|---:|",
    ]
    ordered = sorted(
        r.series,
        key=lambda s: (
            list(_page_order(r)).index(s.page) if s.page in _page_order(r) else 99,
            _STEP_ORDER.get(s.step, 9),
            _CONTENDER_ORDER.get(s.contender, 9),
        ),
    )
    for s in ordered:
        j = s.to_json()
        lines.append(
            f"| {s.page} | {s.step} | {s.contender} | {j['median_ms']:.1f} | {j['p90_ms']:.1f} | "
            f"{j['tokens']} | {j['tokens_file']} | {j['shows_change'] or '–'} | {j['n']} |"
        )
    lines += [
        "",
        "raw-playwright's click returns nothing (0 tokens): to learn what changed an agent "
        "must take another full snapshot (see its snapshot row). Playwright MCP's click "
        "answers with a link to a snapshot file; its tokens include that file "
        '("of which in files"). "answer shows the change": in how many repetitions the text '
        "the click put on the page appears in what the contender returned. "
        f'"{AFTER_CLICK}": the click is made untimed (browserkit unobserved), then the timed '
        "step reads the page: raw Playwright a full outline, browserkit snapshot(diff=True). "
        "Ref ids carry a frame prefix that Playwright bumps on every navigation (e1 → f1e1 → "
        "f12e1), so the same page can cost a few tokens more for a contender that navigated "
        "more often.",
    ]
    return lines


def _reading_table(reading: dict[str, Any]) -> list[str]:
    """One row per page and reading: size, latency, and the size against the others."""
    lines = [
        "",
        "## Reading long pages (scan vs outline vs Playwright MCP snapshot)",
        "",
        "| page | reading | chars | tokens | tokens with targets | median ms | p90 ms "
        "| / outline | / MCP snapshot | / scan(cutlist=False) | n | notes |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for page in reading["pages"]:
        by_name = {row["reading"]: row for row in page["rows"]}

        def den(name: str, by_name: dict[str, Any] = by_name) -> int | None:
            row = by_name.get(name)
            return int(row["tokens"]) if row is not None and row["n"] else None

        for row in page["rows"]:
            scan = row["reading"].startswith("scan(")
            facts = row["facts"]
            notes = []
            if scan:
                notes.append(str(facts.get("render_state")))
                if facts.get("collapsed_lists"):
                    notes.append(
                        f"{facts['collapsed_lists']} list(s) collapsed, "
                        f"{facts['collapsed_items']} items hidden"
                    )
                notes.append(f"{facts.get('targets')} targets")
                if facts.get("truncated"):
                    notes.append("**truncated at max_chars**")
            if facts.get("files"):
                notes.append(f"{row['file_chars']} chars in {facts['files']} file(s)")
            if "chars_range" in facts:
                notes.append(f"chars varied {facts['chars_range'][0]}–{facts['chars_range'][1]}")
            notes += row["notes"]

            def rel(name: str, row: dict[str, Any] = row) -> str:
                if row["reading"] == name:
                    return ""
                return _fmt(_ratio(row["tokens"], den(name)), 3)

            with_targets = row["answer_tokens"] if scan else "–"
            lines.append(
                f"| {page['page']} | {row['reading']} | {row['chars']} | {row['tokens']} | "
                f"{with_targets} | {row['median_ms']:.1f} | {row['p90_ms']:.1f} | "
                f"{rel(OUTLINE)} | {rel(MCP_SNAPSHOT)} | "
                f"{rel(SCAN_FULL) if scan else ''} | {row['n']} | {'; '.join(notes)} |"
            )
    lines += [
        "",
        "Pages: list5k `/list?n=5000`, table2k `/table?rows=2000` (an admin users table, eight "
        "cells a row), shop `/shop` (300 products). chars: `scan().content`, the outline "
        "(`snapshot().tree`), or Playwright MCP's whole `browser_snapshot` answer (inline text "
        'plus any file it points to); tokens = chars / 4. "tokens with targets": `str(scan)`, '
        "which adds the list of actionable controls. Ratios compare tokens. scan() and "
        "scan(text_only=True) keep the default `max_chars` (35,000); scan(cutlist=False) "
        f"runs with `max_chars={UNCAPPED_CHARS:_}` so it shows the uncollapsed size. Every "
        "reading runs once per repetition in a rotating order on the same loaded page; scan's "
        "latency includes its 120 ms quiet window for telling a settled page from one still "
        "rendering.",
    ]
    return lines


def _page_order(r: Results) -> list[str]:
    order: list[str] = []
    for s in r.series:
        if s.page not in order:
            order.append(s.page)
    return order


def _kv_table(d: dict[str, Any]) -> list[str]:
    rows = ["| measure | value |", "|---|---:|"]
    for k, v in d.items():
        shown = json.dumps(v) if isinstance(v, (dict, list)) else str(v)
        rows.append(f"| {k} | {shown} |")
    return rows


def to_json(r: Results) -> dict[str, Any]:
    """Everything, as plain data (raw samples included)."""
    return {
        "machine": r.machine,
        "wall_s": r.wall_s,
        "options": {
            "sections": list(r.options.sections),
            "snapshot_reps": r.options.snapshot_reps,
            "click_reps": r.options.click_reps,
            "diff_reps": r.options.diff_reps,
            "engine_reps": r.options.engine_reps,
            "engine_sizes": list(r.options.engine_sizes),
            "reading_reps": r.options.reading_reps,
            "economy_runs": r.options.economy_runs,
        },
        "targets": ratios(r),
        "steps": [s.to_json() for s in r.series],
        "engine": r.engine,
        "engine_micro": r.engine_micro,
        "memory": r.memory,
        "buffers": r.buffers,
        "reading": r.reading,
        "economy": r.economy,
        "pool": r.pool,
        "live": r.live,
        "bytes": r.bytes,
        "playwright_mcp": r.mcp,
        "notes": r.notes,
    }


def write(r: Results, folder: Path = RESULTS_DIR) -> tuple[Path, Path]:
    """Write ``latest.md`` and ``latest.json``; returns their paths.

    A run of the economy section alone writes ``economy.md`` and ``economy.json``
    instead, so that it does not replace the results of the other sections.
    """
    folder.mkdir(parents=True, exist_ok=True)
    stem = "economy" if set(r.options.sections) == {"economy"} else "latest"
    md = folder / f"{stem}.md"
    js = folder / f"{stem}.json"
    md.write_text(to_markdown(r), encoding="utf-8")
    js.write_text(json.dumps(to_json(r), indent=2) + "\n", encoding="utf-8")
    return md, js
