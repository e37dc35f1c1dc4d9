"""The economy section of the markdown report."""

from __future__ import annotations

from typing import Any

__all__ = ["economy_markdown"]


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
    failures: list[str] = []
    for task in data["tasks"]:
        for c in task["contenders"]:
            lines.append(
                f"| {task['task']} | {c['contender']} | {_num(c['tokens'])} | "
                f"{_count(c['reads'])} | "
                f"{c['successes']}/{c['n']} | {_num(c['wall_s'], 1)} |"
            )
            for run in c["runs"]:
                if run["failure"]:
                    failures.append(
                        f"{task['task']}, {c['contender']} ({run['tag']}): {run['failure']}"
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
