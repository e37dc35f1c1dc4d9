"""Extra tools: PDF and init scripts (opt-in groups pdf and scripts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit.tools._common import JSON
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


@attrs.frozen(kw_only=True)
class PdfArgs:
    session_id: str = arg()
    path: str = arg("File to write, e.g. page.pdf (relative: in the server's file directory).")
    paper: Literal["A3", "A4", "A5", "Legal", "Letter", "Tabloid"] = arg(
        "Sheet size.", default="A4"
    )
    landscape: bool = arg("Sideways sheets.", default=False)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_pdf", PdfArgs, title="Save the page as a PDF", effect="read", cap="pdf")
async def _pdf(browser: AsyncBrowser, a: PdfArgs, ctx: ToolContext) -> JSON:
    """Print the page to a PDF file, as Chromium prints it (headless sessions only).

    Answers with the path, size_bytes and pages.
    """
    done = await browser.session(a.session_id).pdf(
        ctx.output_path(a.path),
        paper=a.paper,
        landscape=a.landscape,
        tab_id=a.tab_id,
        timeout_ms=a.timeout_ms,
    )
    return dict(to_jsonable(done))


@attrs.frozen(kw_only=True)
class InitScriptArgs:
    session_id: str = arg()
    code: str = arg("JavaScript, e.g. window.__test = true; or stubbing Math.random.")
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_init_script",
    InitScriptArgs,
    title="Add a script that runs before the page's",
    effect="write",
    cap="scripts",
)
async def _init_script(browser: AsyncBrowser, a: InitScriptArgs, ctx: ToolContext) -> JSON:
    """Run JavaScript in every document loaded from now on, before the page's own scripts.

    Every tab and frame of the session. Not the page already open: reload it (browser_history)
    to apply. Scripts add up; count says how many the session has.
    """
    count = await browser.session(a.session_id).init_script(a.code, timeout_ms=a.timeout_ms)
    return {"count": count}
