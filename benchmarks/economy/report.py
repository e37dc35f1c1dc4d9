"""The economy section of the markdown report."""

from __future__ import annotations

from typing import Any

__all__ = ["cli_markdown", "economy_markdown"]


def _num(v: float | None, digits: int = 0) -> str:
    if v is None:
        return "–"
    return f"{v:,.{digits}f}"


def _count(v: float | None) -> str:
    """A median count: whole unless two middle runs disagreed."""
    if v is None:
        return "–"
    return f"{v:.0f}" if v == int(v) else f"{v:.1f}"


def _status(met: bool | None) -> str:
    if met is None:
        return "n/a (not measured)"
    return "**met**" if met else "**missed**"


def _yes(v: bool | None) -> str:
    return "–" if v is None else ("yes" if v else "no")


def _ms(v: float | None) -> str:
    return "–" if v is None else f"{v * 1000:,.0f} ms"


def _failures(data: dict[str, Any]) -> list[str]:
    out = []
    for task in data["tasks"]:
        for c in task["contenders"]:
            for run in c["runs"]:
                if run["failure"]:
                    out.append(f"{task['task']}, {c['contender']} ({run['tag']}): {run['failure']}")
    return out


def _apps_and_notes(data: dict[str, Any], failures: list[str]) -> list[str]:
    """What success means per task, the apps' versions, then every failure and note."""
    lines: list[str] = []
    goals = data.get("goals") or {}
    if goals:
        lines += ["", "Success means:", ""]
        lines += [f"- {task}: {goal}" for task, goal in goals.items()]
    versions = ", ".join(f"{k} {v}" for k, v in data.get("versions", {}).items())
    lines += ["", f"Apps: {versions}."]
    notes = [*data.get("errors", []), *data.get("notes", []), *failures]
    if notes:
        lines += ["", "Failures and notes:", ""]
        lines += [f"- {n}" for n in notes]
    return lines


def cli_markdown(data: dict[str, Any]) -> list[str]:
    """The command-line run (``benchmarks.economy.cli``): per task and contender, the token
    ratios, then a command's overhead over the tool call it wraps."""
    m = data.get("machine", {})
    lines = [
        "# Command lines: browserkit vs playwright-cli on the economy tasks",
        "",
        f"Python {m.get('python', '?')} · Playwright {m.get('playwright', '?')} · Chromium "
        f"`{m.get('chromium', '?')}` · {m.get('cpu_count', '?')} CPUs · "
        f"{m.get('platform', '?')} · {m.get('date_utc', '?')} · run took "
        f"{data.get('wall_s', '?')} s · load average at start "
        f"{m.get('load_average_at_start')}, at end {m.get('load_average_at_end')}",
        "",
        f"Every economy task played through two command lines, every call a shell command in "
        f"a fresh process as a coding agent runs it: `python -m browserkit` (one session "
        f"`open` started) and `python -m playwright cli`; medians of {data['runs']} run(s) "
        f"per task and contender, which take turns in an order that rotates every run. "
        f"Policy, the same for both: {data['policy']}. Tokens = characters / 4 of "
        "everything the agent read: each command's stdout and stderr, and every snapshot "
        "file a playwright-cli answer links to. Commands counts the task's commands; "
        "command s is the median of one from process start to answer. Success is checked "
        "against the app's own state. Wall time covers the task's steps; opening and "
        "closing each run's session are outside it.",
        "",
        "| task | contender | tokens | reads | commands | command s | success | wall s |",
        "|---|---|---:|---:|---:|---:|---|---:|",
    ]
    for task in data["tasks"]:
        for c in task["contenders"]:
            lines.append(
                f"| {task['task']} | {c['contender']} | {_num(c['tokens'])} | "
                f"{_count(c['reads'])} | {_count(c['commands'])} | "
                f"{_num(c['median_command_s'], 2)} | {c['successes']}/{c['n']} | "
                f"{_num(c['wall_s'], 1)} |"
            )
    lines += [
        "",
        "| task | browserkit tokens | playwright-cli tokens | browserkit / playwright-cli "
        "| target | status | same success |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for r in data["ratios"]:
        lines.append(
            f"| {r['task']} | {_num(r['browserkit_tokens'])} | "
            f"{_num(r['playwright_cli_tokens'])} | {_num(r['ratio'], 3)} | ≤ {r['target']} | "
            f"{_status(r['met'])} | {_yes(r['same_success'])} |"
        )
    o = data.get("overhead")
    if o:
        lines += [
            "",
            f"Overhead of a command over the tool call it wraps: {_ms(o['overhead_s'])} "
            f"(target ≤ {_ms(o['target_s'])}): {_status(o['met'])}. Medians of "
            f"{o.get('rounds', 5)}, with the apps stopped:",
            "",
            "| what | time |",
            "|---|---:|",
            f"| `browserkit tabs`, process start to answer | {_ms(o['command_s'])} |",
            f"| `browser_tabs` called in-process | {_ms(o['tool_call_s'])} |",
            f"| overhead (the difference) | {_ms(o['overhead_s'])} |",
            f"| Python's start (`python -c pass`) | {_ms(o['python_start_s'])} |",
            f'| `python -c "import browserkit"` | {_ms(o["import_browserkit_s"])} |',
            "| the same command with the package's `__init__` skipped (the client alone) | "
            f"{_ms(o['command_without_package_import_s'])} |",
        ]
    return lines + _apps_and_notes(data, _failures(data))


def economy_markdown(data: dict[str, Any]) -> list[str]:
    """Per task and contender (tokens, reads, success, wall), then the token ratios."""
    lines = [
        "",
        "## Agent economy on real apps",
        "",
        f"Scripted agent tasks on apps installed from packages, run through browserkit's tool "
        f"layer and through Playwright MCP in one run; medians of {data['runs']} run(s) per "
        f"task and contender. Policy, the same for both: {data['policy']}. Tokens = characters "
        "/ 4 of everything the agent read (every tool answer, and every file Playwright MCP's "
        "answers point to). Success is checked against the app's own state. Wall time covers "
        "the task's steps, from opening its first page; each run starts in a fresh browser "
        "context, outside the clock.",
        "",
        "| task | contender | tokens | reads | success | wall s |",
        "|---|---|---:|---:|---|---:|",
    ]
    for task in data["tasks"]:
        for c in task["contenders"]:
            lines.append(
                f"| {task['task']} | {c['contender']} | {_num(c['tokens'])} | "
                f"{_count(c['reads'])} | "
                f"{c['successes']}/{c['n']} | {_num(c['wall_s'], 1)} |"
            )
    lines += [
        "",
        "| task | browserkit tokens | Playwright MCP tokens | browserkit / MCP "
        "| target | status | success not lower |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for r in data["ratios"]:
        same = (
            "–" if r["success_not_lower"] is None else ("yes" if r["success_not_lower"] else "no")
        )
        lines.append(
            f"| {r['task']} | {_num(r['browserkit_tokens'])} | {_num(r['mcp_tokens'])} | "
            f"{_num(r['ratio'], 3)} | ≤ {r['target']} | {_status(r['met'])} | {same} |"
        )
    return lines + _apps_and_notes(data, _failures(data))
