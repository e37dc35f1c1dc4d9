"""Code tools (opt-in group code): a ref's stable locator, the session's run as a script, replay.

browser_locator names an element the way a person would write it;
browser_script_export turns the session's successful actions into browserkit
or Playwright Python, or JSON; browser_replay runs such JSON again without a
model, never acting on a guess unless asked to heal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from browserkit._async.replay import replay_on
from browserkit._convert import to_jsonable
from browserkit._script import Script
from browserkit.errors import InvalidArgumentError
from browserkit.tools._common import JSON
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


@attrs.frozen(kw_only=True)
class LocatorArgs:
    session_id: str = arg()
    ref: str = arg("The element's ref.")
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_locator", LocatorArgs, title="Get a stable locator", effect="read", cap="code")
async def _locator(browser: AsyncBrowser, a: LocatorArgs, ctx: ToolContext) -> JSON:
    """The selector that finds this element again on a fresh load, as code
    (bk.role("button", "Save")), checked unique now."""
    found = await browser.session(a.session_id).locator(
        a.ref, timeout_ms=a.timeout_ms, tab_id=a.tab_id
    )
    return {"locator": repr(found)}


@attrs.frozen(kw_only=True)
class ScriptExportArgs:
    session_id: str = arg()
    kind: Literal["browserkit", "playwright", "json"] = arg(
        "browserkit: sync Python; playwright: plain async Playwright; json: for browser_replay.",
        default="browserkit",
    )
    reset: bool = arg("Start a new script after this one.", default=False)


@tool(
    "browser_script_export",
    ScriptExportArgs,
    title="Export the session's actions as a script",
    effect="read",
    cap="code",
)
async def _script_export(browser: AsyncBrowser, a: ScriptExportArgs, ctx: ToolContext) -> JSON:
    """The session's successful actions so far as a runnable script, each step checked
    by what it changed. Secrets stay names."""
    script = browser.session(a.session_id).script(reset=a.reset)
    code = script.to_json() if a.kind == "json" else script.to_python(a.kind)
    return {"steps": len(script), "code": code}


@attrs.frozen(kw_only=True)
class ReplayArgs:
    session_id: str = arg()
    script: str = arg("The JSON of browser_script_export(kind=json).")
    heal: bool = arg(
        "Let a step whose element is gone use the one same-role element at its place, "
        "if it has the same name (or the one renames gives).",
        default=False,
    )
    renames: tuple[str, ...] | None = arg(
        'With heal: rename rules, "Old name => New name".', default=None
    )


def _renames(lines: tuple[str, ...] | None) -> dict[str, str] | None:
    if lines is None:
        return None
    rules: dict[str, str] = {}
    for line in lines:
        old, arrow, new = line.partition("=>")
        if not arrow or not old.strip() or not new.strip():
            raise InvalidArgumentError(f'renames: {line!r} is not "Old name => New name"')
        rules[old.strip()] = new.strip()
    return rules


@tool("browser_replay", ReplayArgs, title="Replay a script", effect="destroy", cap="code")
async def _replay(browser: AsyncBrowser, a: ReplayArgs, ctx: ToolContext) -> JSON:
    """Run a script's steps without a model, checking each. A failing step answers
    replay_step_failed: the step, what was expected, the page near it, refs to use."""
    script, session = Script.from_json(a.script), browser.session(a.session_id)
    done = await replay_on(script, session, a.heal, _renames(a.renames))
    healed = [
        {"step": h.step, "old": repr(h.old), "new": repr(h.new), "why": h.why} for h in done.healed
    ]
    return {"steps": done.steps, "url": done.url, "healed": to_jsonable(healed)}
