"""Tools for people: browser_handoff (give the page to a person), browser_handoff_confirm,
and browser_pick (a person points at an element)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from browserkit._convert import to_jsonable
from browserkit.tools._common import JSON
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


@attrs.frozen(kw_only=True)
class HandoffArgs:
    session_id: str = arg()
    instructions: str = arg("What the person should do, shown in a banner in the page.")
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg("How long to wait for the person, in ms.", default=None, minimum=1)


@tool("browser_handoff", HandoffArgs, title="Hand over to a person", effect="write")
async def _handoff(browser: AsyncBrowser, a: HandoffArgs, ctx: ToolContext) -> JSON:
    """Hand the page to a person for a step you must not or cannot do (login, CAPTCHA).

    Shows the instructions and a Continue button, and waits for it (or
    browser_handoff_confirm).
    """
    result = await browser.session(a.session_id).handoff(
        a.instructions, timeout_ms=a.timeout_ms, tab_id=a.tab_id
    )
    return dict(to_jsonable(result))


@attrs.frozen(kw_only=True)
class HandoffConfirmArgs:
    handoff_id: str | None = arg("The handoff's id, e.g. h1.", default=None)
    session_id: str | None = arg("Or the session whose handoff ends.", default=None)


@tool(
    "browser_handoff_confirm",
    HandoffConfirmArgs,
    title="Confirm a handoff",
    effect="write",
    idempotent=True,
    open_world=False,
)
async def _handoff_confirm(browser: AsyncBrowser, a: HandoffConfirmArgs, ctx: ToolContext) -> JSON:
    """End a pending browser_handoff as done, when the person answered in chat.

    confirmed=false: nothing was pending.
    """
    return {
        "confirmed": await browser.confirm_handoff(handoff_id=a.handoff_id, session_id=a.session_id)
    }


@attrs.frozen(kw_only=True)
class PickArgs:
    session_id: str = arg()
    prompt: str | None = arg("What to pick, shown to the person.", default=None)
    timeout_ms: int | None = arg("How long to wait for the person, in ms.", default=None, minimum=1)


@tool("browser_pick", PickArgs, title="Ask a person to pick", effect="read", cap="people")
async def _pick(browser: AsyncBrowser, a: PickArgs, ctx: ToolContext) -> JSON:
    """Wait for a person watching the session's live view to click the element you mean.

    Returns its ref (p1, ...), usable like a snapshot ref, and its outline line.
    """
    result = await browser.session(a.session_id).pick(a.prompt, timeout_ms=a.timeout_ms)
    return dict(to_jsonable(result))
