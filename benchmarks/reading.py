"""Reading section: how much an agent reads to take in a long page.

On every page of :data:`~benchmarks.pages.READING_PAGES` it compares, side by
side on the same loaded page:

- browserkit ``scan()`` (``cutlist`` on, default ``max_chars``),
  ``scan(text_only=True)`` and ``scan(cutlist=False)`` (with ``max_chars``
  raised so the uncollapsed size is not cut by the cap),
- browserkit ``snapshot()``: the full accessibility outline,
- Playwright MCP ``browser_snapshot``: what its answer holds (inline text plus
  any file it points to).

Every repetition runs each reading once, in an order that rotates from one
repetition to the next; the first repetition is a warm-up. Navigation is
untimed and happens once per page. Sizes are measured after the clock stops.
Tokens = characters / 4.
"""

from __future__ import annotations

import asyncio
import math
import statistics
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from benchmarks.contenders import CALL_TIMEOUT_S, BrowserkitShared, PlaywrightMCP
from benchmarks.pages import READING_PAGES, PageServer
from benchmarks.stats import Series, TimeoutBudget, timed

__all__ = [
    "MCP_SNAPSHOT",
    "OUTLINE",
    "SCAN",
    "SCAN_FULL",
    "SCAN_TEXT",
    "UNCAPPED_CHARS",
    "run_reading",
]

SCAN = "scan()"
SCAN_TEXT = "scan(text_only=True)"
SCAN_FULL = "scan(cutlist=False)"
OUTLINE = "snapshot() outline"
MCP_SNAPSHOT = "MCP browser_snapshot"
READINGS = (SCAN, SCAN_TEXT, SCAN_FULL, OUTLINE, MCP_SNAPSHOT)
"""Row names, in report order."""

UNCAPPED_CHARS = 10_000_000
"""``max_chars`` for ``scan(cutlist=False)``: the uncollapsed page, not the 35,000-char cap."""

TIMEOUT_MS = CALL_TIMEOUT_S * 1000
"""browserkit's own per-call timeout (15 s by default) raised to the bench's call bound:
the first outline of the 2,000-row table can take longer than 15 s on a busy machine."""


@attrs.frozen
class _Size:
    """What one answer weighs, and facts about it worth reporting."""

    chars: int
    """Characters of the main text: ``scan().content``, the outline, MCP's whole answer."""
    answer_chars: int
    """Characters of everything returned: ``str(scan)`` adds the targets list."""
    file_chars: int = 0
    facts: tuple[tuple[str, Any], ...] = ()


def _scan_size(scan: Any) -> _Size:
    return _Size(
        len(scan.content),
        len(str(scan)),
        facts=(
            ("render_state", scan.render_state),
            ("truncated", bool(scan.truncated)),
            ("collapsed_lists", len(scan.collapsed)),
            ("collapsed_items", sum(c.count for c in scan.collapsed)),
            ("targets", len(scan.targets)),
        ),
    )


@attrs.define
class _Reading:
    name: str
    contender: str
    call: Callable[[], Awaitable[Any]]
    size: Callable[[Any], _Size]
    series: Series
    sizes: list[_Size] = attrs.field(factory=list)
    failed: bool = False
    """Raised once; not called again on this page."""


def _tokens(chars: int) -> int:
    """Tokens of ``chars`` characters: characters / 4, rounded up (as stats.tokens)."""
    return math.ceil(chars / 4)


def _median_int(values: list[int]) -> int:
    return round(statistics.median(values)) if values else 0


def _ratio(num: int | None, den: int | None) -> float | None:
    if num is None or not den:
        return None
    return round(num / den, 4)


def _row(r: _Reading) -> dict[str, Any]:
    j = r.series.to_json()
    chars = _median_int([s.chars for s in r.sizes])
    answer = _median_int([s.answer_chars for s in r.sizes])
    facts: dict[str, Any] = dict(r.sizes[-1].facts) if r.sizes else {}
    if len({s.chars for s in r.sizes}) > 1:
        facts["chars_range"] = [min(s.chars for s in r.sizes), max(s.chars for s in r.sizes)]
    return {
        "reading": r.name,
        "contender": r.contender,
        "chars": chars,
        "tokens": _tokens(chars),
        "answer_chars": answer,
        "answer_tokens": _tokens(answer),
        "file_chars": _median_int([s.file_chars for s in r.sizes]),
        "median_ms": j["median_ms"],
        "p90_ms": j["p90_ms"],
        "n": j["n"],
        "samples_ms": j["samples_ms"],
        "facts": facts,
        "notes": j["notes"],
    }


def _ratios(rows: dict[str, dict[str, Any]]) -> dict[str, float | None]:
    """Token ratios of each scan variant against the outline, MCP's snapshot, the full scan."""

    def tok(name: str, key: str = "tokens") -> int | None:
        row = rows.get(name)
        return int(row[key]) if row is not None and row["n"] else None

    out: dict[str, float | None] = {}
    for name, label in ((SCAN, "scan"), (SCAN_TEXT, "scan_text_only"), (SCAN_FULL, "scan_full")):
        out[f"{label}_to_outline"] = _ratio(tok(name), tok(OUTLINE))
        out[f"{label}_to_mcp_snapshot"] = _ratio(tok(name), tok(MCP_SNAPSHOT))
        out[f"{label}_answer_to_outline"] = _ratio(tok(name, "answer_tokens"), tok(OUTLINE))
        out[f"{label}_answer_to_mcp_snapshot"] = _ratio(
            tok(name, "answer_tokens"), tok(MCP_SNAPSHOT)
        )
    for name, label in ((SCAN, "scan"), (SCAN_TEXT, "scan_text_only")):
        out[f"{label}_to_scan_full"] = _ratio(tok(name), tok(SCAN_FULL))
    out["outline_to_mcp_snapshot"] = _ratio(tok(OUTLINE), tok(MCP_SNAPSHOT))
    return out


async def _bounded(aw: Awaitable[Any]) -> Any:
    return await asyncio.wait_for(aw, CALL_TIMEOUT_S + 5)


def _readings(key: str, shared: BrowserkitShared, mcp: PlaywrightMCP | None) -> list[_Reading]:
    """The readings of one page, each with its call and how to weigh its answer."""
    session = shared.session

    def reading(
        name: str,
        contender: str,
        call: Callable[[], Awaitable[Any]],
        size: Callable[[Any], _Size],
    ) -> _Reading:
        return _Reading(name, contender, call, size, Series(key, name, contender))

    out = [
        reading(
            SCAN, "browserkit", lambda: _bounded(session.scan(timeout_ms=TIMEOUT_MS)), _scan_size
        ),
        reading(
            SCAN_TEXT,
            "browserkit",
            lambda: _bounded(session.scan(text_only=True, timeout_ms=TIMEOUT_MS)),
            _scan_size,
        ),
        reading(
            SCAN_FULL,
            "browserkit",
            lambda: _bounded(
                session.scan(cutlist=False, max_chars=UNCAPPED_CHARS, timeout_ms=TIMEOUT_MS)
            ),
            _scan_size,
        ),
        reading(
            OUTLINE,
            "browserkit",
            lambda: _bounded(session.snapshot(timeout_ms=TIMEOUT_MS)),
            lambda snap: _Size(len(snap.tree), len(str(snap))),
        ),
    ]
    if mcp is not None:
        m = mcp

        def mcp_size(answer: Any) -> _Size:
            got = m.account(answer)
            n = len(got.inline) + len(got.file_text)
            return _Size(n, n, file_chars=len(got.file_text), facts=(("files", len(got.files)),))

        out.append(reading(MCP_SNAPSHOT, m.name, m.snapshot, mcp_size))
    return out


async def _measure_page(
    key: str,
    readings: list[_Reading],
    reps: int,
    budget: TimeoutBudget,
    errors: list[str],
    log: Callable[[str], None],
) -> None:
    """``reps`` (+1 warm-up) rotations of ``readings``; a reading that raises is dropped."""
    for i in range(reps + 1):
        if i > 1 and budget.expired:
            for r in readings:
                r.series.notes.add(
                    f"cut short after {len(r.series.ms)} reps by the run's time budget"
                )
            break
        k = i % len(readings)
        for r in readings[k:] + readings[:k]:
            if r.failed:
                continue
            try:
                answer, ms = await timed(r.call())
            except Exception as exc:  # one failing reading must not lose the others
                r.failed = True
                what = f"reading {key} {r.name} failed in rep {i}: {_first_line(exc)}"
                r.series.notes.add(what)
                errors.append(what)
                log(what)
                continue
            if i == 0:
                continue
            size = r.size(answer)
            r.sizes.append(size)
            r.series.add(ms, _tokens(size.answer_chars))


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__


async def run_reading(
    shared: BrowserkitShared,
    mcp: PlaywrightMCP | None,
    server: PageServer,
    *,
    reps: int,
    budget: TimeoutBudget,
    log: Callable[[str], None] = lambda _m: None,
    into: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Measure every reading on every reading page: rows and ratios per page.

    Failures (a page that does not load, a reading that raises) are listed
    under ``errors``; the other pages and readings are still measured. Pages
    are added to ``into`` (when given, else a new dict) as each one finishes,
    so a run stopped at its hard time budget keeps the pages already measured.
    """
    out = into if into is not None else {}
    pages: list[dict[str, Any]] = []
    errors: list[str] = []
    out.update(
        {
            "reps": reps,
            "uncapped_max_chars": UNCAPPED_CHARS,
            "pages": pages,
            "errors": errors,
            "method": (
                "each reading once per repetition, order rotating, first repetition a warm-up; "
                "chars: scan().content, the outline (snapshot().tree), Playwright MCP's whole "
                "browser_snapshot answer (inline + files it points to); answer chars: "
                "str(scan), which adds the targets list; tokens = chars / 4"
            ),
        }
    )
    for key, path in READING_PAGES.items():
        url = server.url(path)
        log(f"reading: {key}")
        try:
            await _bounded(shared.session.navigate(url))
            if mcp is not None:
                await mcp.goto(url)
        except Exception as exc:  # measure the other pages
            errors.append(f"reading {key}: loading {path} failed: {_first_line(exc)}")
            log(errors[-1])
            continue
        readings = _readings(key, shared, mcp)
        await _measure_page(key, readings, reps, budget, errors, log)
        rows = {r.name: _row(r) for r in readings}
        pages.append(
            {
                "page": key,
                "path": path,
                "rows": [rows[name] for name in READINGS if name in rows],
                "ratios": _ratios(rows),
            }
        )
    return out
