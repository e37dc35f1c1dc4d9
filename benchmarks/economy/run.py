"""Runs every economy task through both contenders, side by side, and summarises.

Apps and contenders start once. Each repetition runs every task once per
contender, in an order that rotates from one repetition to the next; every run
starts in a fresh browser context (untimed, uncounted) and creates records of
its own. Per task and contender the summary keeps the medians over the runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from typing import Any, TypeVar

import browserkit as bk
from benchmarks.contenders import PlaywrightMCP
from benchmarks.economy import apps, tasks
from benchmarks.economy.agents import BROWSERKIT, MCP, BrowserkitAgent, MCPAgent
from benchmarks.economy.policy import LOOK_PAUSE_S, LOOKS, Outcome, drive
from benchmarks.stats import TimeoutBudget

__all__ = [
    "POLICY",
    "TARGET",
    "app_versions",
    "run_economy",
    "start_apps",
    "summarise",
    "token_ratio",
]

TARGET = 0.2
"""The issue's goal: browserkit's tokens at most this fraction of Playwright MCP's."""
TASK_TIMEOUT_S = 180.0
"""Bound on one run of one task by one contender."""
HOUSEKEEPING_TIMEOUT_S = 60.0
"""Bound on preparing or closing a run's browser context."""

POLICY = (
    "look for the next target's ref in what was read since the last navigation; "
    "else follow the expand lines read there (browserkit's folds), then "
    f"take a full snapshot (default arguments), up to {LOOKS} "
    f"{LOOK_PAUSE_S} s apart; every answer is read and counts; a failed action is "
    "retried once after a new snapshot; a read that names what to search for (a "
    "record's id) searches the page's text first where the contender has a search "
    "tool (browserkit's browser_find; Playwright MCP has none)"
)
"""The policy both contenders follow, as the reports state it."""

Log = Callable[[str], None]


def _version(name: str) -> str:
    try:
        return package_version(name)
    except PackageNotFoundError:
        return "not installed"


def _npm_version(package: str) -> str:
    try:
        meta = json.loads((apps.NPM_DIR / "node_modules" / package / "package.json").read_text())
        return str(meta.get("version", "?"))
    except (OSError, ValueError):
        return "not installed"


def app_versions() -> dict[str, str]:
    """The version of every app the tasks run on, as installed."""
    return {
        "django": _version("django"),
        "sphinx": _version("sphinx"),
        "myst-parser": _version("myst-parser"),
        "swagger-ui-dist": _npm_version("swagger-ui-dist"),
        "wagtail": _version("wagtail"),
        "nicegui": _version("nicegui"),
        "trac": _version("trac"),
        "streamlit": _version("streamlit"),
        "gradio": _version("gradio"),
        "mlflow": _version("mlflow"),
        "jupyterlab": _version("jupyterlab"),
        "ipykernel": _version("ipykernel"),
    }


AppT = TypeVar("AppT", bound=apps.App)


async def _start_app(
    stack: contextlib.ExitStack,
    app: AppT,
    make_tasks: Sequence[Callable[[AppT], tasks.Task]],
    errors: list[str],
    log: Log,
) -> list[tasks.Task]:
    """Start ``app`` (in a thread: builds and migrations block) and make its tasks."""
    log(f"economy: starting {app.name}")
    try:
        await asyncio.to_thread(stack.enter_context, app)
        return [make(app) for make in make_tasks]
    except Exception as exc:  # the other apps still run
        errors.append(f"{app.name} could not start: {exc}")
        log(f"economy: {app.name} could not start: {exc}")
        return []


APPS_ENV = "BENCH_ECONOMY_APPS"
"""Names of apps to run, comma-separated, matched case-insensitively against the start
of each app's name (``BENCH_ECONOMY_APPS=nicegui,swagger``); unset runs every app."""


def _wanted(name: str) -> bool:
    """Whether ``APPS_ENV`` asks for the app called ``name`` (it always does when unset)."""
    asked = [w.strip().lower() for w in os.environ.get(APPS_ENV, "").split(",") if w.strip()]
    return not asked or any(name.lower().startswith(w) for w in asked)


async def start_apps(stack: contextlib.ExitStack, errors: list[str], log: Log) -> list[tasks.Task]:
    """Start every app ``APPS_ENV`` asks for; the tasks of those that started."""
    # One app can serve several tasks: it is started once for all of them.
    every: list[tuple[Any, Sequence[Callable[[Any], tasks.Task]]]] = [
        (apps.DjangoAdmin, [tasks.admin_task]),
        (apps.DocsSite, [tasks.docs_task]),
        (apps.ApiConsole, [tasks.console_task, tasks.catalog_task]),
        (apps.CmsAdmin, [tasks.cms_task]),
        (apps.WebUi, [tasks.web_ui_task]),
        (apps.IssueTracker, [tasks.tracker_task]),
        (apps.DataApp, [tasks.data_app_task]),
        (apps.MlDemo, [tasks.ml_demo_task]),
        (apps.TrackingUi, [tasks.tracking_task]),
        (apps.NotebookIde, [tasks.notebook_task]),
    ]
    made: list[tasks.Task] = []
    for app, make_tasks in every:
        if _wanted(app.name):
            made += await _start_app(stack, app(), make_tasks, errors, log)
    return made


async def _one_run(agent: Any, task: tasks.Task, tag: str) -> dict[str, Any]:
    """One task by one contender; a failure of any kind is recorded, never raised."""
    out = Outcome()
    try:
        await asyncio.wait_for(agent.begin(), HOUSEKEEPING_TIMEOUT_S)
        await asyncio.to_thread(task.prepare, tag)
        await asyncio.wait_for(drive(agent, task.steps(tag), out), TASK_TIMEOUT_S)
    except asyncio.TimeoutError:
        out.failure = out.failure or f"timed out after {TASK_TIMEOUT_S:.0f} s"
    except Exception as exc:  # setting the run up failed
        out.failure = f"{type(exc).__name__}: {exc}"
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(agent.end(), HOUSEKEEPING_TIMEOUT_S)
    checked = False
    if out.completed:
        try:
            checked = bool(await asyncio.to_thread(task.check, tag))
        except Exception as exc:
            out.failure = f"checking the app's state failed: {exc}"
        else:
            if not checked:
                out.failure = f"every step passed, but the app does not show it: {task.goal}"
    return {
        "tag": tag,
        "success": out.completed and checked,
        "tokens": out.ledger.tokens,
        "reads": out.ledger.reads,
        "snapshots": out.ledger.snapshots,
        "retries": out.ledger.retries,
        "wall_s": round(out.wall_s, 3),
        "failure": out.failure,
    }


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def token_ratio(ours: dict[str, Any] | None, theirs: dict[str, Any] | None) -> float | None:
    """browserkit's median tokens over the other contender's (3 decimals), when both
    have them."""
    if ours and theirs and ours["tokens"] is not None and theirs["tokens"]:
        return round(ours["tokens"] / theirs["tokens"], 3)
    return None


def summarise(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per task: each contender's medians and the browserkit / MCP token ratio."""
    out = []
    for row in rows:
        by = {c["contender"]: c for c in row["contenders"]}
        bk_row, mcp_row = by.get(BROWSERKIT), by.get(MCP)
        ratio = token_ratio(bk_row, mcp_row)
        equal = None
        if bk_row and mcp_row and bk_row["n"] and mcp_row["n"]:
            equal = bk_row["successes"] / bk_row["n"] >= mcp_row["successes"] / mcp_row["n"]
        out.append(
            {
                "task": row["task"],
                "browserkit_tokens": bk_row["tokens"] if bk_row else None,
                "mcp_tokens": mcp_row["tokens"] if mcp_row else None,
                "ratio": ratio,
                "target": TARGET,
                "met": None if ratio is None else ratio <= TARGET,
                "success_not_lower": equal,
            }
        )
    return out


def _contender_row(name: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    def med(key: str) -> float | None:
        return _median([float(r[key]) for r in runs])

    tokens = med("tokens")
    reads = med("reads")
    return {
        "contender": name,
        "n": len(runs),
        "successes": sum(1 for r in runs if r["success"]),
        "tokens": None if tokens is None else round(tokens),
        "reads": None if reads is None else round(reads, 1),
        "snapshots": med("snapshots"),
        "wall_s": med("wall_s"),
        "runs": runs,
    }


async def run_economy(
    runs: int, budget: TimeoutBudget, log: Log, executable: str
) -> dict[str, Any]:
    """Run every task ``runs`` times per contender; returns plain data for the report.

    When ``budget`` expires, no further repetition starts (at least one always
    runs). An app or contender that cannot start is reported, and the rest runs.
    """
    errors: list[str] = []
    result: dict[str, Any] = {
        "runs": runs,
        "policy": POLICY,
        "versions": app_versions(),
        "tasks": [],
        "ratios": [],
        "errors": errors,
        "notes": [],
    }
    with contextlib.ExitStack() as stack:
        made = await start_apps(stack, errors, log)
        result["goals"] = {t.name: t.goal for t in made}
        browser = bk.AsyncBrowser(idle_stop_ms=0, executable_path=executable)
        mcp = PlaywrightMCP(executable)
        agents: list[Any] = [BrowserkitAgent(browser)]
        samples: dict[str, dict[str, list[dict[str, Any]]]] = {}
        try:
            try:
                await mcp.start()
                agents.append(MCPAgent(mcp))
                result["mcp_command"] = mcp.args
            except Exception as exc:  # measure browserkit alone
                errors.append(f"Playwright MCP could not start: {exc}")
                log(f"economy: Playwright MCP could not start: {exc}")
            samples = {t.name: {a.name: [] for a in agents} for t in made}
            for rep in range(runs):
                if rep and budget.expired:
                    result["notes"].append(f"stopped after {rep} of {runs} runs: time budget")
                    break
                for task in made:
                    k = rep % len(agents)
                    for agent in agents[k:] + agents[:k]:
                        log(f"economy: {task.app}, run {rep + 1}/{runs}, {agent.name}")
                        run = await _one_run(agent, task, f"{agent.name}-{rep + 1}")
                        if run["failure"]:
                            log(f"economy:   failed: {run['failure']}")
                        samples[task.name][agent.name].append(run)
        finally:
            await mcp.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(browser.close(), 30)
    result["tasks"] = [
        {
            "task": t.name,
            "app": t.app,
            "contenders": [_contender_row(a, r) for a, r in samples[t.name].items()],
        }
        for t in made
        if t.name in samples
    ]
    result["ratios"] = summarise(result["tasks"])
    return result
