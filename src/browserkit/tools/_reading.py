"""Reading tools: see the page without changing it.

Holds browser_snapshot, browser_dom_read, browser_scan, browser_find,
browser_screenshot and browser_styles_read.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit.tools._common import (
    FRAME,
    JSON,
    NAME,
    NTH,
    PAGE,
    REF,
    SELECTOR,
    SELECTOR_TYPE,
    SESSION,
    TIMEOUT,
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
    session_id: str = arg(SESSION)
    diff: bool = arg(
        "Return only what changed since this tab's previous snapshot (when there is one "
        "of the same page generation); otherwise the outline.",
        default=False,
    )
    ref: str | None = arg(
        "Outline only this element's subtree (a ref from an earlier snapshot); the rows "
        "of a run collapsed under it are all shown.",
        default=None,
    )
    depth: int | None = arg("Limit the outline's nesting depth.", default=None, minimum=1)
    full: bool = arg("The full outline: no collapsed runs, wrappers or cut texts.", default=False)
    max_tokens: int | None = arg(
        "Bound the compact outline to this many tokens (4 characters each): more is "
        "folded, each fold naming the ref that expands it.",
        default=None,
        minimum=1,
    )
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_snapshot", SnapshotArgs)
async def _snapshot(browser: AsyncBrowser, a: SnapshotArgs, ctx: ToolContext) -> JSON:
    """Read the page as an accessibility outline; use its refs ([ref=e3]) with browser_act.

    The outline is compact: a run of similar rows (list items, table rows, cards) shows
    its first 3 and a line '… 297 more listitem like the above (expand:
    snapshot(target="e12"))': call again with ref="e12" to see them all. Layout wrappers
    are dropped, long texts cut. Use full=true only when you need every line. diff=true
    gives only what changed since your last snapshot (is_diff=true then; truncated=true
    when the page was past the node cap). To read long text use browser_scan;
    to locate one control, browser_find. Refs go stale after a navigation: snapshot again.
    """
    compact = not a.full or a.max_tokens is not None
    snap = await browser.session(a.session_id).snapshot(
        diff=a.diff,
        target=target_of(a),
        depth=a.depth,
        page_id=a.page_id,
        compact=compact,
        max_tokens=a.max_tokens,
        timeout_ms=a.timeout_ms,
    )
    out: JSON = {
        "snapshot": str(snap),
        "url": snap.url,
        "title": snap.title,
        "generation": snap.generation,
        "page_id": snap.page_id,
    }
    # Only when they say something: a model reads every field of every answer.
    if snap.diff is not None:
        out["is_diff"] = True
    if snap.truncated:
        out["truncated"] = True
    return out


@attrs.frozen(kw_only=True)
class DomReadArgs:
    session_id: str = arg(SESSION)
    ref: str | None = arg(
        "Read below this element instead of the body: a d-ref from an earlier "
        "browser_dom_read or browser_scan, or a ref from browser_snapshot.",
        default=None,
    )
    selector: str | None = arg(
        "Or read below the element this selector names (e.g. a collapsed list's selector "
        "from browser_scan, with selector_type css).",
        default=None,
    )
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text"] = arg(
        SELECTOR_TYPE, default="css"
    )
    name: str | None = arg(NAME, default=None)
    nth: int | None = arg(NTH, default=None)
    depth: int = arg(
        "How many levels below the target to show (0: the target alone).",
        default=3,
        minimum=0,
        maximum=100,
    )
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_dom_read", DomReadArgs)
async def _dom_read(browser: AsyncBrowser, a: DomReadArgs, ctx: ToolContext) -> JSON:
    """Read the DOM as an indented tree of elements: tag#id.classes, short text, and a d-ref each.

    Use it when the structure matters (ids, classes, nesting, elements the accessibility
    outline leaves out) or to expand a list browser_scan collapsed (pass its selector). To
    find and act on controls prefer browser_snapshot; to read a long page's text,
    browser_scan. Shows depth levels below the target (default: the body); '(N children)'
    marks where the depth stopped: read deeper with ref set to that node's d-ref.
    '[truncated]' marks where the 3,000-node cap cut the tree. d-refs work as ref in
    browser_act and browser_styles_read/write. Reads the main frame only (use
    browser_snapshot inside iframes); never changes the page.
    """
    node = await browser.session(a.session_id).dom(
        target_of(a), depth=a.depth, page_id=a.page_id, timeout_ms=a.timeout_ms
    )
    return {"dom": str(node), "truncated": node.truncated}


@attrs.frozen(kw_only=True)
class ScanArgs:
    session_id: str = arg(SESSION)
    max_chars: int = arg(
        "Cut the content at this many characters (truncated=true then).",
        default=35000,
        minimum=100,
    )
    cutlist: bool = arg(
        "Cut runs of 10 or more similar siblings (rows, cards, results) to 3 examples and "
        "a note; each cut is listed in collapsed.",
        default=True,
    )
    text_only: bool = arg("Plain text instead of simplified HTML.", default=False)
    max_targets: int = arg(
        "List at most this many controls in targets (0: none).", default=80, minimum=0
    )
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_scan", ScanArgs)
async def _scan(browser: AsyncBrowser, a: ScanArgs, ctx: ToolContext) -> JSON:
    """Read the whole page cheaply as compact simplified HTML (or plain text with text_only).

    Prefer it to browser_snapshot for reading long pages (articles, search results,
    tables, product lists): scripts, styles and layout wrappers are dropped, and runs of
    similar items are cut to 3 examples with a '<!-- N more ... -->' note, each listed in
    collapsed with a selector (browser_dom_read with that selector shows every item). To
    act and see what changed, browser_snapshot stays the main tool. render_state: 'ready';
    'hydrating' (still loading or changing: wait and scan again); 'shell_only' (an empty
    app shell). content_ready: there is real content to read now. truncated: content hit
    max_chars. targets lists visible controls as 'action role "name" [ref=dN]'; those refs
    work in browser_act. frames lists child frames (cross-origin ones too). Never changes
    the page.
    """
    scan = await browser.session(a.session_id).scan(
        max_chars=a.max_chars,
        cutlist=a.cutlist,
        text_only=a.text_only,
        max_targets=a.max_targets,
        page_id=a.page_id,
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
    return dict(prune(out))


@attrs.frozen(kw_only=True)
class FindArgs:
    session_id: str = arg(SESSION)
    text: str | None = arg(
        "Text to look for: a case-insensitive substring of an element's outline line "
        "(role, name, [attributes]), its text or its properties.",
        default=None,
    )
    regex: str | None = arg(
        "Or a regular expression (Python syntax) searched in the same strings; with text, "
        "both must match.",
        default=None,
    )
    urls: bool = arg("Also search link URLs (/url: lines).", default=False)
    limit: int = arg("List at most this many matches.", default=30, minimum=1, maximum=500)
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_find", FindArgs)
async def _find(browser: AsyncBrowser, a: FindArgs, ctx: ToolContext) -> JSON:
    """Search the page's accessibility outline for text or a regex; each match with its ref.

    Use it instead of browser_snapshot to locate one control or read one value on a big
    page: it costs a line per match, not the whole outline. Each match is the element's
    own outline line, up to 3 named ancestors, and the lines printed just before and
    after it: 'text: items left  # in contentinfo [ref=e20] | before: strong: "3"'.
    When an element and something inside it both match, only the inner one is listed;
    a bare text line gets its nearest ancestor's ref. Link URLs are searched only with
    urls=true. The refs are live: pass them to browser_act. total counts every match;
    at most limit are listed, in page order. Give text, regex, or both.
    """
    matches = await browser.session(a.session_id).find(
        a.text,
        regex=a.regex,
        urls=a.urls,
        limit=a.limit,
        page_id=a.page_id,
        timeout_ms=a.timeout_ms,
    )
    total = len(matches) + (matches[-1].more if matches else 0)
    return {"matches": [str(m) for m in matches], "total": total}


@attrs.frozen(kw_only=True)
class ScreenshotArgs:
    session_id: str = arg(SESSION)
    full_page: bool = arg(
        "Capture the whole scrollable page, not just the viewport.", default=False
    )
    format: Literal["jpeg", "png"] = arg("Image format.", default="jpeg")
    ref: str | None = arg("Capture only this element (a ref from a snapshot).", default=None)
    max_side: int = arg("Longest side of the image in pixels.", default=1568, minimum=16)
    path: str | None = arg(
        "Also save the image to this file (relative to the server's output directory).",
        default=None,
    )
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_screenshot", ScreenshotArgs)
async def _screenshot(browser: AsyncBrowser, a: ScreenshotArgs, ctx: ToolContext) -> JSON:
    """Take an image of the viewport, the full page, or one element.

    Use it when visuals matter (layout, images, charts, colours); to find and act on
    elements use browser_snapshot, whose refs browser_act accepts. The result carries the
    image (base64 in data; an MCP client shows it as an image), its size, and source size
    in CSS pixels.
    """
    path = None if a.path is None else ctx.output_path(a.path)
    shot = await browser.session(a.session_id).screenshot(
        full_page=a.full_page,
        format=a.format,
        target=target_of(a),
        max_side=a.max_side,
        path=path,
        page_id=a.page_id,
        timeout_ms=a.timeout_ms,
    )
    return dict(prune(to_jsonable(shot)))


@attrs.frozen(kw_only=True)
class StylesReadArgs:
    session_id: str = arg(SESSION)
    ref: str | None = arg(REF, default=None)
    selector: str | None = arg(SELECTOR, default=None)
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text"] = arg(
        SELECTOR_TYPE, default="css"
    )
    name: str | None = arg(NAME, default=None)
    nth: int | None = arg(NTH, default=None)
    frame: str | None = arg(FRAME, default=None)
    properties: tuple[str, ...] | None = arg(
        "CSS property names to read, e.g. ['color', 'font-size', '--brand']; ['*'] for "
        "every computed property (long). Omit for a design set (display, box model, "
        "colours, fonts, flex/grid, ...).",
        default=None,
    )
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_styles_read", StylesReadArgs)
async def _styles_read(browser: AsyncBrowser, a: StylesReadArgs, ctx: ToolContext) -> JSON:
    """Read an element's computed CSS values and its inline style attribute.

    Name the element with ref (from browser_snapshot, browser_scan or browser_dom_read) or
    selector. Use it to check exact visual values (colours, sizes, fonts, display); for an
    overall look take browser_screenshot. properties maps each name to its computed value
    ('' when it has none); inline_style is the element's style attribute ('' if none).
    Never changes the page.
    """
    target = required_target_of(a, "browser_styles_read")
    styles = await browser.session(a.session_id).styles(
        target,
        None if a.properties is None else list(a.properties),
        page_id=a.page_id,
        timeout_ms=a.timeout_ms,
    )
    return {"properties": styles.properties, "inline_style": styles.inline_style}
