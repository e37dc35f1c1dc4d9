"""Reading tools: see the page without changing it.

Holds browser_snapshot, browser_dom_read, browser_scan, browser_find,
browser_screenshot and browser_styles_read; browser_markdown, in the opt-in
group reading.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit.snapshot._hidden import hidden_note
from browserkit.tools._common import (
    FRAME,
    JSON,
    NAME,
    NTH,
    REF,
    SELECTOR,
    SELECTOR_TYPE,
    prune,
    required_target_of,
    target_of,
)
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser


@attrs.frozen(kw_only=True)
class SnapshotArgs:
    session_id: str = arg()
    diff: bool = arg("Only what changed since your last snapshot of this page.", default=False)
    ref: str | None = arg("Only this element, its collapsed runs shown whole.", default=None)
    depth: int | None = arg("Nesting depth limit.", default=None, minimum=1)
    full: bool = arg("Every line: nothing collapsed or cut.", default=False)
    max_tokens: int | None = arg(
        "Fit in this many tokens, folding parts (each fold names its ref).",
        default=None,
        minimum=1,
    )
    # Unlisted: an answer that left hidden text out names it (the tool list stays short).
    include_hidden: bool = arg(
        "Keep text no person can see (left out by default, counted).",
        default=False,
        listed=False,
    )
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_snapshot", SnapshotArgs, title="Read the page outline", effect="read", idempotent=True
)
async def _snapshot(browser: AsyncBrowser, a: SnapshotArgs, ctx: ToolContext) -> JSON:
    """Read the page as an accessibility outline; act on its refs.

    Compact: a table row is a line; a run of rows shows 3, a long text is cut, each naming
    the ref whose snapshot shows it whole. To locate one thing, browser_find.
    """
    compact = not a.full or a.max_tokens is not None
    snap = await browser.session(a.session_id).snapshot(
        diff=a.diff,
        target=target_of(a),
        depth=a.depth,
        tab_id=a.tab_id,
        compact=compact,
        max_tokens=a.max_tokens,
        include_hidden=a.include_hidden,
        timeout_ms=a.timeout_ms,
    )
    out: JSON = {"snapshot": str(snap)}
    if a.ref is None:
        out.update(url=snap.url, title=snap.title, tab_id=snap.tab_id)
    # A read of one element (an expand line's): the page is the one the agent has;
    # the generation says the refs are still its own.
    out["generation"] = snap.generation
    # Only when they say something: a model reads every field of every answer.
    if snap.diff is not None:
        out["is_diff"] = True
    if snap.truncated:
        out["truncated"] = True
    return out


@attrs.frozen(kw_only=True)
class DomReadArgs:
    session_id: str = arg()
    ref: str | None = arg("Read below this element (a ref or d-ref), not the body.", default=None)
    selector: str | None = arg(
        "Or below this selector's element (e.g. a list browser_scan collapsed).", default=None
    )
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text", "test_id"] = arg(
        SELECTOR_TYPE, default="css", listed=False
    )
    name: str | None = arg(NAME, default=None, listed=False)
    nth: int | None = arg(NTH, default=None)
    depth: int = arg("Levels shown below the target.", default=3, minimum=0, maximum=100)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_dom_read", DomReadArgs, title="Read the DOM", effect="read", idempotent=True)
async def _dom_read(browser: AsyncBrowser, a: DomReadArgs, ctx: ToolContext) -> JSON:
    """Read the DOM as a tree: tag#id.classes, text and a d-ref each.

    For structure (ids, classes) or a list browser_scan collapsed; '(N children)': read on
    with its d-ref.
    """
    node = await browser.session(a.session_id).dom(
        target_of(a), depth=a.depth, tab_id=a.tab_id, timeout_ms=a.timeout_ms
    )
    return {"dom": str(node), "truncated": node.truncated}


@attrs.frozen(kw_only=True)
class ScanArgs:
    session_id: str = arg()
    max_chars: int = arg("Content length cap.", default=35000, minimum=100)
    cutlist: bool = arg("Cut runs of 10+ similar items to 3 and a note.", default=True)
    text_only: bool = arg("Plain text, not HTML.", default=False)
    max_targets: int = arg("Controls listed in targets at most.", default=80, minimum=0)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_scan",
    ScanArgs,
    title="Read the page as simplified HTML",
    effect="read",
    idempotent=True,
)
async def _scan(browser: AsyncBrowser, a: ScanArgs, ctx: ToolContext) -> JSON:
    """Read a page cheaply as simplified HTML or text: best for long pages.

    Runs of similar items are cut to 3 (collapsed names each run's selector for
    browser_dom_read). render_state 'hydrating': scan again.
    """
    scan = await browser.session(a.session_id).scan(
        max_chars=a.max_chars,
        cutlist=a.cutlist,
        text_only=a.text_only,
        max_targets=a.max_targets,
        tab_id=a.tab_id,
        timeout_ms=a.timeout_ms,
    )
    out: JSON = {
        "content": scan.content,
        "render_state": scan.render_state,
        "content_ready": scan.content_ready,
        "truncated": scan.truncated,
        "url": scan.url,
        "generation": scan.generation,
        "collapsed": [
            {"selector": c.selector, "count": c.count, "shown": c.shown, "item_tag": c.item_tag}
            for c in scan.collapsed
        ],
        "targets": [
            f"{t.action} {t.role} {json.dumps(t.name, ensure_ascii=False)} [ref={t.ref}]"
            for t in scan.targets
        ],
        "frames": [
            prune(
                {
                    "url": f.url,
                    "name": f.name or None,
                    "cross_origin": f.cross_origin,
                    "selector": f.selector,
                }
            )
            for f in scan.frames
        ],
    }
    if scan.hidden:
        out["hidden"] = hidden_note(scan.hidden)
    return dict(prune(out))


@attrs.frozen(kw_only=True)
class FindArgs:
    session_id: str = arg()
    text: str | None = arg("Case-insensitive text in an element's outline line.", default=None)
    regex: str | None = arg("Or a Python regex (with text: both must match).", default=None)
    urls: bool = arg("Also search link URLs.", default=False)
    limit: int = arg("Matches listed at most.", default=30, minimum=1, maximum=500)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_find", FindArgs, title="Find in the page outline", effect="read", idempotent=True)
async def _find(browser: AsyncBrowser, a: FindArgs, ctx: ToolContext) -> JSON:
    """Search the outline for text or a regex: a line per match with its ref and context.

    Cheaper than a snapshot to locate one thing on a big page.
    """
    matches = await browser.session(a.session_id).find(
        a.text,
        regex=a.regex,
        urls=a.urls,
        limit=a.limit,
        tab_id=a.tab_id,
        timeout_ms=a.timeout_ms,
    )
    total = len(matches) + (matches[-1].more if matches else 0)
    return {"matches": [str(m) for m in matches], "total": total}


@attrs.frozen(kw_only=True)
class ScreenshotArgs:
    session_id: str = arg()
    full_page: bool = arg("The whole scrollable page.", default=False)
    format: Literal["jpeg", "png"] = arg("Image format.", default="jpeg")
    ref: str | None = arg("Only this element.", default=None)
    max_side: int = arg("Longest side in px.", default=1568, minimum=16)
    path: str | None = arg("Also save it here (in the output directory).", default=None)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_screenshot", ScreenshotArgs, title="Take a screenshot", effect="read", idempotent=True
)
async def _screenshot(browser: AsyncBrowser, a: ScreenshotArgs, ctx: ToolContext) -> JSON:
    """Take an image of the viewport, the full page, or one element (for visuals)."""
    path = None if a.path is None else ctx.output_path(a.path)
    shot = await browser.session(a.session_id).screenshot(
        full_page=a.full_page,
        format=a.format,
        target=target_of(a),
        max_side=a.max_side,
        path=path,
        tab_id=a.tab_id,
        timeout_ms=a.timeout_ms,
    )
    return dict(prune(to_jsonable(shot)))


@attrs.frozen(kw_only=True)
class StylesReadArgs:
    session_id: str = arg()
    ref: str | None = arg(REF, default=None)
    selector: str | None = arg(SELECTOR, default=None)
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text", "test_id"] = arg(
        SELECTOR_TYPE, default="css", listed=False
    )
    name: str | None = arg(NAME, default=None, listed=False)
    nth: int | None = arg(NTH, default=None)
    frame: str | None = arg(FRAME, default=None)
    properties: tuple[str, ...] | None = arg(
        "Names, e.g. color, --brand; * for all. Default: a design set.", default=None
    )
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_styles_read",
    StylesReadArgs,
    title="Read computed styles",
    effect="read",
    idempotent=True,
)
async def _styles_read(browser: AsyncBrowser, a: StylesReadArgs, ctx: ToolContext) -> JSON:
    """Read an element's computed CSS values and its inline style.

    For exact visual values (colours, sizes, fonts); for the overall look,
    browser_screenshot.
    """
    target = required_target_of(a, "browser_styles_read")
    styles = await browser.session(a.session_id).styles(
        target,
        None if a.properties is None else list(a.properties),
        tab_id=a.tab_id,
        timeout_ms=a.timeout_ms,
    )
    return {"properties": styles.properties, "inline_style": styles.inline_style}


@attrs.frozen(kw_only=True)
class MarkdownArgs:
    session_id: str = arg()
    ref: str | None = arg("Read only this element (a ref or d-ref).", default=None)
    selector: str | None = arg("Or only this selector's element.", default=None)
    max_chars: int = arg("Text length cap.", default=35000, minimum=100)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_markdown",
    MarkdownArgs,
    title="Read the page as Markdown",
    effect="read",
    idempotent=True,
    cap="reading",
)
async def _markdown(browser: AsyncBrowser, a: MarkdownArgs, ctx: ToolContext) -> JSON:
    """Read the page's main content as Markdown (headings, lists, tables, code), without
    navigation, banners or footers: best for articles and docs. Links are [text][d-ref]."""
    md = await browser.session(a.session_id).markdown(
        target_of(a), max_chars=a.max_chars, tab_id=a.tab_id, timeout_ms=a.timeout_ms
    )
    out: JSON = {"markdown": md.text, "title": md.title, "url": md.url}
    if md.truncated:
        out["truncated"] = True
    if md.hidden:
        out["hidden"] = hidden_note(md.hidden)
    return out
