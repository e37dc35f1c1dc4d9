"""Script tools: browser_evaluate (one expression) and browser_execute (a multi-step script)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from browserkit.tools._common import JSON, PAGE, SESSION, TIMEOUT
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


@attrs.frozen(kw_only=True)
class EvaluateArgs:
    session_id: str = arg(SESSION)
    expression: str = arg(
        "A JavaScript expression, or function source like '() => document.title'."
    )
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_evaluate", EvaluateArgs)
async def _evaluate(browser: AsyncBrowser, a: EvaluateArgs, ctx: ToolContext) -> JSON:
    """Run JavaScript in the page and return its JSON value (as value).

    Use it to read data the outline does not show; to act, prefer browser_act (it reports
    what changed). A thrown error comes back as evaluation_failed. Refused in read-only
    sessions.
    """
    value = await browser.session(a.session_id).evaluate(
        a.expression, timeout_ms=a.timeout_ms, page_id=a.page_id
    )
    return {"value": value}


@attrs.frozen(kw_only=True)
class ExecuteArgs:
    session_id: str = arg(SESSION)
    code: str = arg(
        "JavaScript: the body of an async function (use await and return at the top level), "
        "e.g. \"const rows = document.querySelectorAll('tr'); log(rows.length); "
        'return [...rows].map(r => r.innerText)".'
    )
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_execute", ExecuteArgs)
async def _execute(browser: AsyncBrowser, a: ExecuteArgs, ctx: ToolContext) -> JSON:
    """Run a multi-step JavaScript script in the page in one call, with state kept across calls.

    code is the body of an async function. In scope: state (a JSON object kept for the
    session between calls), log(...) (collected into logs), sleep(ms) and
    waitFor(selector, {timeout}) (resolves with the element). Use it for loops and
    multi-step work that would otherwise take many calls (collect data from many
    elements, poll for a condition); for one value browser_evaluate is simpler, and to act
    like a user prefer browser_act (it reports what changed). ok=true: result is the
    return value (JSON); ok=false: script_error says what was thrown, and logs/state show
    what happened before. A script still running at the timeout is stopped (a timeout
    error listing its logs). A script that navigates loses the rest of its run: split it
    at the navigation. Refused in read-only sessions.
    """
    run = await browser.session(a.session_id).execute(
        a.code, timeout_ms=a.timeout_ms, page_id=a.page_id
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
