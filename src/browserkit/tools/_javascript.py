"""Script tools: browser_evaluate (one expression) and browser_execute (a multi-step script)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from browserkit.tools._common import JSON, target_of
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


@attrs.frozen(kw_only=True)
class EvaluateArgs:
    session_id: str = arg()
    expression: str = arg("A JavaScript expression or function, e.g. () => document.title.")
    ref: str | None = arg("Element passed to expression: el => el.value.", default=None)
    selector: str | None = arg("Or a selector, as in browser_act.", default=None)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_evaluate", EvaluateArgs, title="Evaluate JavaScript", effect="destroy")
async def _evaluate(browser: AsyncBrowser, a: EvaluateArgs, ctx: ToolContext) -> JSON:
    """Run JavaScript in the page and return its JSON value.

    To read what the outline lacks; to act, use browser_act (it reports what changed).
    """
    value = await browser.session(a.session_id).evaluate(
        a.expression, target=target_of(a), timeout_ms=a.timeout_ms, tab_id=a.tab_id
    )
    return {"value": value}


@attrs.frozen(kw_only=True)
class ExecuteArgs:
    session_id: str = arg()
    code: str = arg("The body of an async function (await and return at top level).")
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_execute", ExecuteArgs, title="Run a script", effect="destroy")
async def _execute(browser: AsyncBrowser, a: ExecuteArgs, ctx: ToolContext) -> JSON:
    """Run a multi-step script in the page in one call: loops, polling, collecting data.

    In scope: state (kept across calls), log(...), sleep(ms), waitFor(selector).
    ok=false: script_error says what was thrown.
    """
    run = await browser.session(a.session_id).execute(
        a.code, timeout_ms=a.timeout_ms, tab_id=a.tab_id
    )
    out: JSON = {"ok": run.ok}
    if run.ok:
        out["result"] = run.result
    else:
        # Not "error": that key is the envelope of a failed call; the call succeeded.
        out["script_error"] = run.error
    out["logs"] = list(run.logs)
    out["state"] = run.state
    return out
