"""Every agent function browserkit implements: one argument class and one coroutine each.

Adding a tool is one definition here: an ``@attrs.frozen`` argument class
whose fields use :func:`arg`, and a ``@tool(name, Args)`` coroutine whose
docstring is what the model reads. Outputs are kept compact: tokens matter.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Literal, Protocol

import attrs

from browserkit._convert import to_jsonable
from browserkit.errors import InvalidArgumentError
from browserkit.targets import Point, Selector, SelectorKind, Target
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser
    from browserkit._async.session import AsyncSession
    from browserkit.results import ActionResult

JSON = dict[str, Any]

_SESSION = "The session id browser_sessions_start returned (e.g. 's1')."
_PAGE = "The tab to use (page id from browser_tabs, e.g. 't2'); default: the active tab."
_TIMEOUT = "Give up after this many milliseconds (default 15000, capped by the server)."


def _prune(value: Any) -> Any:
    """Drop null, empty and false-by-default noise from JSON output, recursively."""
    if isinstance(value, dict):
        return {k: _prune(v) for k, v in value.items() if v is not None and v != [] and v != ()}
    if isinstance(value, list):
        return [_prune(v) for v in value]
    return value


# ------------------------------------------------------------------- targets

_REF = (
    "Target element: a ref from the latest browser_snapshot ('e3', 'f1e2' inside a frame) "
    "or from browser_scan / browser_dom_read ('d12')."
)
_SELECTOR = "Target element by selector instead of a ref (see selector_type)."
_SELECTOR_TYPE = (
    "How to read selector: css, xpath, role (an ARIA role; add name), label, placeholder "
    "or text (exact visible text)."
)
_NAME = "With selector_type=role: the element's exact accessible name."
_NTH = "Which match to use when the selector matches several (0-based; -1 = last)."
_FRAME = "With selector: the iframe to look in (url substring, name or CSS selector)."


def _target(
    *,
    ref: str | None,
    selector: str | None,
    selector_type: SelectorKind,
    name: str | None,
    nth: int | None,
    frame: str | None = None,
    x: float | None = None,
    y: float | None = None,
    points: bool = False,
) -> Target | None:
    """The target the flat arguments name (ref, or selector + options, or x + y); None: none.

    ``points``: whether the tool takes a point (x + y) at all, for the hint.
    """
    ways = [
        w
        for w, on in (
            ("ref", ref is not None),
            ("selector", selector is not None),
            ("x/y", x is not None or y is not None),
        )
        if on
    ]
    if len(ways) > 1:
        raise InvalidArgumentError(
            f"give one target, not {' and '.join(ways)}",
            hint="use ref (preferred), or selector" + (", or x and y" if points else ""),
        )
    for field, value in (("name", name), ("nth", nth), ("frame", frame)):
        if value is not None and selector is None:
            raise InvalidArgumentError(f"{field}: only applies with selector")
    if ref is not None:
        return ref
    if selector is not None:
        if name is not None and selector_type != "role":
            raise InvalidArgumentError("name: only applies with selector_type=role")
        return Selector(selector_type, selector, name=name, nth=nth, frame=frame)
    if x is not None or y is not None:
        if x is None or y is None:
            missing = "y" if y is None else "x"
            raise InvalidArgumentError(f"{missing}: a point target needs both x and y")
        return Point(x, y)
    return None


class _ElementArgs(Protocol):
    """Arguments that name one element by ref or selector (``frame`` is optional)."""

    @property
    def ref(self) -> str | None: ...
    @property
    def selector(self) -> str | None: ...
    @property
    def selector_type(self) -> SelectorKind: ...
    @property
    def name(self) -> str | None: ...
    @property
    def nth(self) -> int | None: ...


def _element(a: _ElementArgs) -> Target | None:
    """The element target of a ref/selector argument class (None: none given)."""
    return _target(
        ref=a.ref,
        selector=a.selector,
        selector_type=a.selector_type,
        name=a.name,
        nth=a.nth,
        frame=getattr(a, "frame", None),
    )


def _required_element(a: _ElementArgs, tool_name: str) -> Target:
    """As :func:`_element`, but a target is required."""
    target = _element(a)
    if target is None:
        raise InvalidArgumentError(
            f"{tool_name} needs a target: ref or selector",
            hint="take browser_snapshot (or browser_scan) and pass the element's ref",
        )
    return target


# ------------------------------------------------------------------ sessions


@attrs.frozen(kw_only=True)
class StartArgs:
    url: str | None = arg(
        "Page to open first (http/https by default). Omit for about:blank.", default=None
    )
    read_only: bool | None = arg(
        "Observe only: snapshots, screenshots and evidence work; actions, evaluate and "
        "dialogs are refused. Default false (true when the server is read-only).",
        default=None,
    )
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_sessions_start", StartArgs)
async def _sessions_start(browser: AsyncBrowser, a: StartArgs, ctx: ToolContext) -> JSON:
    """Start a new browser session (its own cookies and storage, one tab), optionally opening a URL.

    Returns session_id, which every other browser_* tool needs. Start one session per
    independent task and stop it with browser_sessions_stop when done. Next step is usually
    browser_snapshot to see the page with refs.
    """
    if ctx.read_only and a.read_only is False:
        raise InvalidArgumentError(
            "read_only: this server only starts read-only sessions",
            hint="omit read_only; observe the page with snapshots and screenshots",
        )
    session = await browser.start(
        a.url, read_only=bool(a.read_only) or ctx.read_only, timeout_ms=a.timeout_ms
    )
    return {
        "session_id": session.id,
        "url": session.url,
        "page_id": session.page_id,
        "read_only": session.read_only,
    }


def _given(a: Any) -> set[str]:
    """Fields that differ from their default (what the caller set)."""
    return {
        f.name
        for f in attrs.fields(type(a))
        if f.default is attrs.NOTHING or getattr(a, f.name) != f.default
    }


@attrs.frozen(kw_only=True)
class NoArgs:
    pass


@tool("browser_sessions_list", NoArgs)
async def _sessions_list(browser: AsyncBrowser, a: NoArgs, ctx: ToolContext) -> JSON:
    """List the running sessions: id, current URL, read_only, and console entry count.

    Use it to recover a session id you lost; it does not touch any page.
    """
    return {"sessions": to_jsonable(browser.sessions())}


@attrs.frozen(kw_only=True)
class SessionArgs:
    session_id: str = arg(_SESSION)


@tool("browser_sessions_stop", SessionArgs)
async def _sessions_stop(browser: AsyncBrowser, a: SessionArgs, ctx: ToolContext) -> JSON:
    """Stop a session and close its tabs. stopped=false means it was not running (no error)."""
    return {"stopped": await browser.stop(a.session_id)}


@attrs.frozen(kw_only=True)
class AttachArgs:
    cdp_url: str = arg(
        "DevTools endpoint of a Chrome the user started with --remote-debugging-port, "
        "e.g. 'http://127.0.0.1:9222'."
    )
    adopt_url_substring: str | None = arg(
        "Adopt the one existing tab whose URL contains this text (see browser_tabs_list); "
        "omit to open a fresh tab of the session's own.",
        default=None,
    )
    url: str | None = arg("Page to open in the tab first.", default=None)
    read_only: bool | None = arg("Observe only (see browser_sessions_start).", default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_sessions_attach", AttachArgs)
async def _sessions_attach(browser: AsyncBrowser, a: AttachArgs, ctx: ToolContext) -> JSON:
    """Start a session inside the user's own running Chrome (their logins and cookies).

    Only when the server allows attaching (else attach_disabled). With adopt_url_substring
    the session takes over exactly one existing tab and hands it back untouched when
    stopped; without it, it opens and later closes a tab of its own. Returns session_id.
    """
    if ctx.read_only and a.read_only is False:
        raise InvalidArgumentError(
            "read_only: this server only starts read-only sessions",
            hint="omit read_only; observe the page with snapshots and screenshots",
        )
    session = await browser.attach(
        a.cdp_url,
        adopt_url_substring=a.adopt_url_substring,
        url=a.url,
        read_only=bool(a.read_only) or ctx.read_only,
        timeout_ms=a.timeout_ms,
    )
    return {"session_id": session.id, "url": session.url, "read_only": session.read_only}


@attrs.frozen(kw_only=True)
class RemoteTabsArgs:
    cdp_url: str = arg("DevTools endpoint, as for browser_sessions_attach.")


@tool("browser_tabs_list", RemoteTabsArgs)
async def _tabs_list(browser: AsyncBrowser, a: RemoteTabsArgs, ctx: ToolContext) -> JSON:
    """List the tabs of the user's running Chrome, to choose one for browser_sessions_attach.

    adopted=true marks a tab a session already holds. For a session's own tabs use
    browser_tabs instead. Needs attaching to be allowed.
    """
    return {"tabs": [_prune(t) for t in to_jsonable(await browser.tabs(a.cdp_url))]}


@tool("browser_diagnostics", NoArgs)
async def _diagnostics(browser: AsyncBrowser, a: NoArgs, ctx: ToolContext) -> JSON:
    """Report which Chromium is used, its version, limits, and every degraded capability.

    Call it when starting a session fails or something behaves oddly; ok=false means a
    problem is listed in issues with how to fix it. Starts no browser.
    """
    return dict(_prune(to_jsonable(browser.diagnostics())))


# ---------------------------------------------------------------- navigation


@attrs.frozen(kw_only=True)
class NavigateArgs:
    session_id: str = arg(_SESSION)
    url: str = arg("Absolute URL to load in the active tab.")
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_navigate", NavigateArgs)
async def _navigate(browser: AsyncBrowser, a: NavigateArgs, ctx: ToolContext) -> JSON:
    """Load a URL in the session's active tab and wait for it to load.

    Returns the final url (after redirects), the HTTP status and the new generation: refs
    from earlier snapshots are now stale, so take browser_snapshot next. timed_out=true
    means the page committed but did not finish loading; it is still usable.
    """
    nav = await browser.session(a.session_id).navigate(a.url, timeout_ms=a.timeout_ms)
    return dict(to_jsonable(nav))


@attrs.frozen(kw_only=True)
class HistoryArgs:
    session_id: str = arg(_SESSION)
    action: Literal["back", "forward", "reload"] = arg("Which way to move.")
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_history", HistoryArgs)
async def _history(browser: AsyncBrowser, a: HistoryArgs, ctx: ToolContext) -> JSON:
    """Go back, forward, or reload in the active tab.

    moved=false means there was no history entry that way (not an error). Any move starts
    a new generation: take a new browser_snapshot before using refs.
    """
    session = browser.session(a.session_id)
    move = {"back": session.back, "forward": session.forward, "reload": session.reload}
    return dict(to_jsonable(await move[a.action](timeout_ms=a.timeout_ms)))


# --------------------------------------------------------------- observation


@attrs.frozen(kw_only=True)
class SnapshotArgs:
    session_id: str = arg(_SESSION)
    diff: bool = arg(
        "Return only what changed since this tab's previous snapshot (when there is one "
        "of the same page generation); otherwise the full outline.",
        default=False,
    )
    ref: str | None = arg(
        "Outline only this element's subtree (a ref from an earlier snapshot).", default=None
    )
    depth: int | None = arg("Limit the outline's nesting depth.", default=None, minimum=1)
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_snapshot", SnapshotArgs)
async def _snapshot(browser: AsyncBrowser, a: SnapshotArgs, ctx: ToolContext) -> JSON:
    """Read the page as an accessibility outline in which every interactive element has a ref.

    This is the main way to see a page: use the refs ([ref=e3]) with browser_act. Prefer it
    to browser_screenshot unless layout or visuals matter. With diff=true you get only the
    lines added/removed/changed since your previous snapshot (cheap to re-check a page).
    Refs become stale after a navigation (new generation): snapshot again then.
    """
    snap = await browser.session(a.session_id).snapshot(
        diff=a.diff, target=a.ref, depth=a.depth, page_id=a.page_id, timeout_ms=a.timeout_ms
    )
    return {
        "snapshot": str(snap),
        "is_diff": snap.diff is not None,
        "url": snap.url,
        "title": snap.title,
        "generation": snap.generation,
        "page_id": snap.page_id,
        "refs": snap.refs,
        "truncated": snap.truncated,
    }


@attrs.frozen(kw_only=True)
class DomReadArgs:
    session_id: str = arg(_SESSION)
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
        _SELECTOR_TYPE, default="css"
    )
    name: str | None = arg(_NAME, default=None)
    nth: int | None = arg(_NTH, default=None)
    depth: int = arg(
        "How many levels below the target to show (0: the target alone).",
        default=3,
        minimum=0,
        maximum=100,
    )
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


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
        _element(a), depth=a.depth, page_id=a.page_id, timeout_ms=a.timeout_ms
    )
    return {"dom": str(node), "truncated": node.truncated}


@attrs.frozen(kw_only=True)
class ScanArgs:
    session_id: str = arg(_SESSION)
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
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


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
            _prune(
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
    return dict(_prune(out))


@attrs.frozen(kw_only=True)
class FindArgs:
    session_id: str = arg(_SESSION)
    text: str | None = arg(
        "Text to look for: a case-insensitive substring of an element's name, text or properties.",
        default=None,
    )
    regex: str | None = arg(
        "Or a regular expression (Python syntax) searched in the same fields; with text, "
        "both must match.",
        default=None,
    )
    limit: int = arg("List at most this many matches.", default=30, minimum=1, maximum=500)
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_find", FindArgs)
async def _find(browser: AsyncBrowser, a: FindArgs, ctx: ToolContext) -> JSON:
    """Search the page's accessibility outline for text or a regex; each match with its ref.

    Use it to locate an element on a long page without reading the whole outline. Each
    match is its outline line, then where it sits: 'button "Checkout" [ref=e41]  # in main
    [ref=e3] > form "Cart" [ref=e37]' (a bare text line gets its nearest ancestor's ref).
    The refs are live: pass them to browser_act. total counts every match; at most limit
    are listed, in page order. Give text, regex, or both.
    """
    matches = await browser.session(a.session_id).find(
        a.text, regex=a.regex, page_id=a.page_id, timeout_ms=a.timeout_ms
    )
    return {"matches": [str(m) for m in matches[: a.limit]], "total": len(matches)}


@attrs.frozen(kw_only=True)
class ScreenshotArgs:
    session_id: str = arg(_SESSION)
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
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


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
        target=a.ref,
        max_side=a.max_side,
        path=path,
        page_id=a.page_id,
        timeout_ms=a.timeout_ms,
    )
    return dict(_prune(to_jsonable(shot)))


# ------------------------------------------------------------------- actions

_ACTION_ARGS: dict[str, frozenset[str]] = {
    "click": frozenset({"button", "click_count", "modifiers"}),
    "hover": frozenset(),
    "type": frozenset({"text", "submit", "clear"}),
    "press": frozenset({"key"}),
    "scroll": frozenset({"delta_y", "delta_x"}),
    "select": frozenset({"values"}),
    "check": frozenset({"checked"}),
    "drag": frozenset({"to_ref"}),
}
_NEEDS_TARGET = frozenset({"click", "hover", "select", "check", "drag"})


@attrs.frozen(kw_only=True)
class ActArgs:
    session_id: str = arg(_SESSION)
    action: Literal["click", "hover", "type", "press", "scroll", "select", "check", "drag"] = arg(
        "What to do. click, hover, select, check and drag need a target; type, press and "
        "scroll work on the focused element or page when no target is given."
    )
    detail: str = arg(
        "One short sentence saying what you are doing and why, for the transcript "
        "(e.g. 'Click Sign in to open the login form')."
    )
    ref: str | None = arg(_REF, default=None)
    selector: str | None = arg(_SELECTOR, default=None)
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text"] = arg(
        _SELECTOR_TYPE, default="css"
    )
    name: str | None = arg(_NAME, default=None)
    nth: int | None = arg(_NTH, default=None)
    frame: str | None = arg(_FRAME, default=None)
    x: float | None = arg(
        "Target a point instead (CSS pixels from the viewport's left; with y).",
        default=None,
        minimum=0,
    )
    y: float | None = arg(
        "Point target, pixels from the viewport's top (with x).", default=None, minimum=0
    )
    button: Literal["left", "right", "middle"] = arg("click: mouse button.", default="left")
    click_count: int = arg("click: 2 for a double click.", default=1, minimum=1, maximum=3)
    modifiers: tuple[Literal["Alt", "Control", "ControlOrMeta", "Meta", "Shift"], ...] = arg(
        "click: keys held during the click.", default=()
    )
    text: str | None = arg("type: the text to enter (required for type).", default=None)
    submit: bool = arg("type: press Enter afterwards.", default=False)
    clear: bool = arg("type: replace the field's value (false: append).", default=True)
    key: str | None = arg(
        "press: key or chord, e.g. 'Enter', 'Escape', 'Control+a' (required for press).",
        default=None,
    )
    delta_y: float = arg("scroll: pixels down (negative: up).", default=0)
    delta_x: float = arg("scroll: pixels right (negative: left).", default=0)
    values: tuple[str, ...] | None = arg(
        "select: option values or visible labels of a native <select> (several for multiple).",
        default=None,
    )
    checked: bool | None = arg(
        "check: true to tick, false to untick a checkbox/radio (default true).", default=None
    )
    to_ref: str | None = arg("drag: the ref of the element to drop onto.", default=None)
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


def _act_target(a: ActArgs) -> Target | None:
    target = _target(
        ref=a.ref,
        selector=a.selector,
        selector_type=a.selector_type,
        name=a.name,
        nth=a.nth,
        frame=a.frame,
        x=a.x,
        y=a.y,
        points=True,
    )
    if target is None and a.action in _NEEDS_TARGET:
        raise InvalidArgumentError(
            f"{a.action} needs a target: ref, selector, or x and y",
            hint="take browser_snapshot and pass the element's ref",
        )
    return target


def _acted(result: ActionResult) -> JSON:
    """The compact JSON of an action's result: what it changed, and where the page is now."""
    out: JSON = {
        "observed": str(result),
        "url": result.url,
        "generation": result.generation,
        "navigated": result.navigated,
        "target_verified": result.target_verified,
        "settled": result.settled,
        "dialog": to_jsonable(result.dialog),
        "new_tabs": list(result.new_tabs),
        "downloads": list(result.downloads),
    }
    return dict(_prune(out))


@tool("browser_act", ActArgs)
async def _act(browser: AsyncBrowser, a: ActArgs, ctx: ToolContext) -> JSON:
    """Act on the page like a user: click, hover, type, press a key, or scroll.

    Name the element with ref (from the latest browser_snapshot; preferred), or selector +
    selector_type (+ name, nth), or x + y. The result says what happened: 'observed' is the
    change the action caused (lines added/removed/changed in the outline, with refs you can
    use next), plus navigated (then refs are stale: snapshot again), dialog (answer it with
    browser_handle_dialog), new_tabs and downloads. No need to snapshot after every action.
    """
    given = _given(a)
    for action, names in _ACTION_ARGS.items():
        if action != a.action:
            for name in sorted(names & given - _ACTION_ARGS[a.action]):
                raise InvalidArgumentError(f"{name}: does not apply to action={a.action}")
    target = _act_target(a)
    s = browser.session(a.session_id)
    common: dict[str, Any] = {"timeout_ms": a.timeout_ms, "page_id": a.page_id}
    if a.action == "click":
        assert target is not None
        result = await s.click(
            target,
            button=a.button,
            click_count=a.click_count,
            modifiers=a.modifiers,
            **common,
        )
    elif a.action == "hover":
        assert target is not None
        result = await s.hover(target, **common)
    elif a.action == "type":
        if a.text is None:
            raise InvalidArgumentError("text: required for action=type")
        result = await s.type(target, a.text, submit=a.submit, clear=a.clear, **common)
    elif a.action == "press":
        if a.key is None:
            raise InvalidArgumentError("key: required for action=press")
        result = await s.press(a.key, target=target, **common)
    elif a.action == "scroll":
        result = await s.scroll(delta_y=a.delta_y, delta_x=a.delta_x, target=target, **common)
    elif a.action == "select":
        assert target is not None
        if not a.values:
            raise InvalidArgumentError("values: required for action=select")
        result = await s.select(target, list(a.values), **common)
    elif a.action == "check":
        assert target is not None
        result = await s.check(target, True if a.checked is None else a.checked, **common)
    else:
        assert target is not None
        if a.to_ref is None:
            raise InvalidArgumentError("to_ref: required for action=drag")
        result = await s.drag(target, a.to_ref, **common)
    return _acted(result)


@attrs.frozen(kw_only=True)
class DialogArgs:
    session_id: str = arg(_SESSION)
    accept: bool = arg("true: OK/accept; false: Cancel/dismiss.")
    prompt_text: str | None = arg("For a prompt() dialog: the text to answer with.", default=None)
    page_id: str | None = arg(_PAGE, default=None)


@tool("browser_handle_dialog", DialogArgs)
async def _handle_dialog(browser: AsyncBrowser, a: DialogArgs, ctx: ToolContext) -> JSON:
    """Answer the JavaScript dialog (alert, confirm, prompt, beforeunload) an action opened.

    Call it when browser_act reported a dialog or a call failed with modal_state_blocked.
    Returns what answering changed, like browser_act.
    """
    result = await browser.session(a.session_id).handle_dialog(
        a.accept, prompt_text=a.prompt_text, page_id=a.page_id
    )
    return dict(
        _prune(
            {
                "observed": str(result),
                "url": result.url,
                "generation": result.generation,
                "navigated": result.navigated,
                "settled": result.settled,
            }
        )
    )


@attrs.frozen(kw_only=True)
class UploadArgs:
    session_id: str = arg(_SESSION)
    paths: tuple[str, ...] = arg(
        "Files to give the page (relative paths are taken in the server's file directory)."
    )
    ref: str | None = arg(
        "A file input's ref. Omit it to answer the file chooser an action opened.",
        default=None,
    )
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_upload", UploadArgs)
async def _upload(browser: AsyncBrowser, a: UploadArgs, ctx: ToolContext) -> JSON:
    """Give files to a file input (ref) or to the file chooser a click opened.

    When browser_act reports dialog type 'filechooser', call this without ref; an empty
    paths list cancels the chooser. Returns what the upload changed, like browser_act.
    """
    paths = [ctx.output_path(p, "paths") for p in a.paths]
    result = await browser.session(a.session_id).upload(
        paths, target=a.ref, timeout_ms=a.timeout_ms, page_id=a.page_id
    )
    return dict(
        _prune(
            {
                "observed": str(result),
                "url": result.url,
                "navigated": result.navigated,
                "settled": result.settled,
            }
        )
    )


@attrs.frozen(kw_only=True)
class HandoffArgs:
    session_id: str = arg(_SESSION)
    instructions: str = arg(
        "What the person should do, shown in a banner in the page "
        "(e.g. 'Log in with your account, then press Continue')."
    )
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(
        "How long to wait for the person, in ms (clamped to the server's maximum).",
        default=None,
        minimum=1,
    )


@tool("browser_handoff", HandoffArgs)
async def _handoff(browser: AsyncBrowser, a: HandoffArgs, ctx: ToolContext) -> JSON:
    """Hand the page to a person for a step you must not or cannot do (login, CAPTCHA, payment).

    Shows the instructions and a Continue button in the page and waits until the person
    clicks it (via in_page), browser_handoff_confirm is called (via confirm_call), or the
    timeout (confirmed false). Take a new snapshot afterwards: the person may have navigated.
    """
    result = await browser.session(a.session_id).handoff(
        a.instructions, timeout_ms=a.timeout_ms, page_id=a.page_id
    )
    return dict(to_jsonable(result))


@attrs.frozen(kw_only=True)
class HandoffConfirmArgs:
    handoff_id: str | None = arg("The handoff to end, e.g. 'h1'.", default=None)
    session_id: str | None = arg("Or: the session whose handoff to end.", default=None)


@tool("browser_handoff_confirm", HandoffConfirmArgs)
async def _handoff_confirm(browser: AsyncBrowser, a: HandoffConfirmArgs, ctx: ToolContext) -> JSON:
    """End a pending browser_handoff as done, for hosts where the person answers in chat.

    Give handoff_id or session_id. confirmed=false means nothing was pending.
    """
    return {
        "confirmed": await browser.confirm_handoff(handoff_id=a.handoff_id, session_id=a.session_id)
    }


# ----------------------------------------------------------------- scripting


@attrs.frozen(kw_only=True)
class EvaluateArgs:
    session_id: str = arg(_SESSION)
    expression: str = arg(
        "A JavaScript expression, or function source like '() => document.title'."
    )
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


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
    session_id: str = arg(_SESSION)
    code: str = arg(
        "JavaScript: the body of an async function (use await and return at the top level), "
        "e.g. \"const rows = document.querySelectorAll('tr'); log(rows.length); "
        'return [...rows].map(r => r.innerText)".'
    )
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


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


@attrs.frozen(kw_only=True)
class StylesReadArgs:
    session_id: str = arg(_SESSION)
    ref: str | None = arg(_REF, default=None)
    selector: str | None = arg(_SELECTOR, default=None)
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text"] = arg(
        _SELECTOR_TYPE, default="css"
    )
    name: str | None = arg(_NAME, default=None)
    nth: int | None = arg(_NTH, default=None)
    frame: str | None = arg(_FRAME, default=None)
    properties: tuple[str, ...] | None = arg(
        "CSS property names to read, e.g. ['color', 'font-size', '--brand']; ['*'] for "
        "every computed property (long). Omit for a design set (display, box model, "
        "colours, fonts, flex/grid, ...).",
        default=None,
    )
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_styles_read", StylesReadArgs)
async def _styles_read(browser: AsyncBrowser, a: StylesReadArgs, ctx: ToolContext) -> JSON:
    """Read an element's computed CSS values and its inline style attribute.

    Name the element with ref (from browser_snapshot, browser_scan or browser_dom_read) or
    selector. Use it to check exact visual values (colours, sizes, fonts, display); for an
    overall look take browser_screenshot. properties maps each name to its computed value
    ('' when it has none); inline_style is the element's style attribute ('' if none).
    Never changes the page.
    """
    target = _required_element(a, "browser_styles_read")
    styles = await browser.session(a.session_id).styles(
        target,
        None if a.properties is None else list(a.properties),
        page_id=a.page_id,
        timeout_ms=a.timeout_ms,
    )
    return {"properties": styles.properties, "inline_style": styles.inline_style}


@attrs.frozen(kw_only=True)
class StylesWriteArgs:
    session_id: str = arg(_SESSION)
    property: str = arg("The CSS property to set, e.g. 'display', 'color', '--brand'.")
    value: str = arg(
        "Its new value, e.g. 'none', 'rgb(200, 0, 0)'; an empty string removes the property "
        "from the inline style."
    )
    ref: str | None = arg(_REF, default=None)
    selector: str | None = arg(_SELECTOR, default=None)
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text"] = arg(
        _SELECTOR_TYPE, default="css"
    )
    name: str | None = arg(_NAME, default=None)
    nth: int | None = arg(_NTH, default=None)
    frame: str | None = arg(_FRAME, default=None)
    important: bool = arg("Set it with !important.", default=False)
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_styles_write", StylesWriteArgs)
async def _styles_write(browser: AsyncBrowser, a: StylesWriteArgs, ctx: ToolContext) -> JSON:
    """Set one inline CSS property on an element, live; an empty value removes it.

    For trying a visual change (hide an overlay, test a colour or size) without touching
    the site's source; the change is lost at the next navigation. Name the element with ref
    or selector. Returns what changed, like browser_act: observed opens with what was set
    and the element's new inline style, then the outline change it caused (e.g. an element
    hidden by display: none). A value Chromium rejects is invalid_argument and changes nothing.
    Refused in read-only sessions.
    """
    target = _required_element(a, "browser_styles_write")
    result = await browser.session(a.session_id).set_style(
        target,
        a.property,
        a.value,
        important=a.important,
        page_id=a.page_id,
        timeout_ms=a.timeout_ms,
    )
    return _acted(result)


@attrs.frozen(kw_only=True)
class WaitArgs:
    session_id: str = arg(_SESSION)
    text: str | None = arg("Wait until this text is visible on the page.", default=None)
    text_gone: str | None = arg("Wait until this text is no longer visible.", default=None)
    selector: str | None = arg("Wait until a CSS selector matches an element.", default=None)
    url: str | None = arg("Wait until the URL contains this (or matches /regex/).", default=None)
    page_id: str | None = arg(_PAGE, default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_wait_for", WaitArgs)
async def _wait_for(browser: AsyncBrowser, a: WaitArgs, ctx: ToolContext) -> JSON:
    """Wait until every given condition holds (text, text_gone, selector, url).

    Actions already wait for the page to settle, so use this only for slow, later changes
    (a spinner, a delayed result). met=false means the timeout passed (not an error).
    """
    result = await browser.session(a.session_id).wait_for(
        text=a.text,
        text_gone=a.text_gone,
        selector=a.selector,
        url=a.url,
        timeout_ms=a.timeout_ms,
        page_id=a.page_id,
    )
    return dict(to_jsonable(result))


# ------------------------------------------------------------------ evidence


@attrs.frozen(kw_only=True)
class ConsoleArgs:
    session_id: str = arg(_SESSION)
    level: Literal["log", "info", "warning", "error", "debug", "exception"] | None = arg(
        "Only this level; 'error' includes uncaught exceptions.", default=None
    )
    pattern: str | None = arg("Regular expression searched in the text and source.", default=None)
    since_seq: int = arg(
        "Only entries after this seq (pass the previous read's last_seq); 0: the newest.",
        default=0,
        minimum=0,
    )
    limit: int = arg("At most this many entries.", default=50, minimum=1, maximum=1000)
    page_id: str | None = arg("Only entries of this tab.", default=None)


@tool("browser_console_read", ConsoleArgs)
async def _console_read(browser: AsyncBrowser, a: ConsoleArgs, ctx: ToolContext) -> JSON:
    """Read the session's console messages and uncaught page errors, oldest first.

    Use level='error' to check whether the page broke. Page on with since_seq=last_seq;
    dropped counts entries evicted from the bounded buffer, has_more means more match.
    """
    page = browser.session(a.session_id).console.read(
        since_seq=a.since_seq, limit=a.limit, pattern=a.pattern, level=a.level, page_id=a.page_id
    )
    return dict(_prune(to_jsonable(page)))


@attrs.frozen(kw_only=True)
class NetworkArgs:
    session_id: str = arg(_SESSION)
    failed_only: bool = arg("Only failed requests and HTTP statuses >= 400.", default=False)
    include_static: bool = arg(
        "Also list images, fonts, stylesheets and media (hidden by default).", default=False
    )
    pattern: str | None = arg(
        "Regular expression searched in URL, method and failure.", default=None
    )
    since_seq: int = arg(
        "Only entries after this seq (pass the previous read's last_seq); 0: the newest.",
        default=0,
        minimum=0,
    )
    limit: int = arg("At most this many entries.", default=50, minimum=1, maximum=1000)
    page_id: str | None = arg("Only requests of this tab.", default=None)


@tool("browser_network_read", NetworkArgs)
async def _network_read(browser: AsyncBrowser, a: NetworkArgs, ctx: ToolContext) -> JSON:
    """Read the session's network requests (method, url, status, failure, duration).

    Use failed_only=true to find what broke. A request is re-listed when it completes.
    Page on with since_seq=last_seq.
    """
    page = browser.session(a.session_id).network.read(
        since_seq=a.since_seq,
        limit=a.limit,
        pattern=a.pattern,
        failed_only=a.failed_only,
        include_static=a.include_static,
        page_id=a.page_id,
    )
    return dict(_prune(to_jsonable(page)))


@attrs.frozen(kw_only=True)
class DownloadsArgs:
    session_id: str = arg(_SESSION)
    pattern: str | None = arg("Regular expression searched in URL and file name.", default=None)
    since_seq: int = arg("Only entries after this seq; 0: the newest.", default=0, minimum=0)
    limit: int = arg("At most this many entries.", default=50, minimum=1, maximum=1000)
    page_id: str | None = arg("Only downloads of this tab.", default=None)


@tool("browser_downloads_read", DownloadsArgs)
async def _downloads_read(browser: AsyncBrowser, a: DownloadsArgs, ctx: ToolContext) -> JSON:
    """List the session's downloads: download_id, url, suggested_filename and status.

    A finished download (status 'completed') can be kept with browser_download_save.
    """
    page = browser.session(a.session_id).downloads.read(
        since_seq=a.since_seq, limit=a.limit, pattern=a.pattern, page_id=a.page_id
    )
    return dict(_prune(to_jsonable(page)))


@attrs.frozen(kw_only=True)
class DownloadSaveArgs:
    session_id: str = arg(_SESSION)
    download_id: str = arg("The id from browser_downloads_read or a browser_act result.")
    path: str = arg("File to write, relative to the server's output directory.")


@tool("browser_download_save", DownloadSaveArgs)
async def _download_save(browser: AsyncBrowser, a: DownloadSaveArgs, ctx: ToolContext) -> JSON:
    """Save a finished download to a file; returns its entry with the saved path."""
    path = ctx.output_path(a.path)
    entry = await browser.session(a.session_id).downloads.save(a.download_id, path)
    return dict(_prune(to_jsonable(entry)))


# ---------------------------------------------------------------------- tabs


@attrs.frozen(kw_only=True)
class TabsArgs:
    session_id: str = arg(_SESSION)
    action: Literal["list", "new", "select", "close"] = arg(
        "list the tabs, open a new one (and select it), select one, or close one."
    )
    url: str | None = arg("new: page to open in the new tab.", default=None)
    page_id: str | None = arg("select/close: the tab's page id (e.g. 't2').", default=None)
    timeout_ms: int | None = arg(_TIMEOUT, default=None, minimum=1)


@tool("browser_tabs", TabsArgs)
async def _tabs(browser: AsyncBrowser, a: TabsArgs, ctx: ToolContext) -> JSON:
    """List, open, select or close the session's tabs. Other tools act on the active tab.

    Tabs a page opens (popups, target=_blank) join automatically; browser_act reports them
    in new_tabs. Returns the tab list after the change.
    """
    s: AsyncSession = browser.session(a.session_id)
    if a.url is not None and a.action != "new":
        raise InvalidArgumentError(f"url: does not apply to action={a.action}")
    if a.action in ("select", "close"):
        if a.page_id is None:
            raise InvalidArgumentError(f"page_id: required for action={a.action}")
    elif a.page_id is not None:
        raise InvalidArgumentError(f"page_id: does not apply to action={a.action}")
    out: JSON = {}
    if a.action == "new":
        out["opened"] = (await s.new_tab(a.url, timeout_ms=a.timeout_ms)).page_id
    elif a.action == "select":
        await s.select_tab(a.page_id or "")
    elif a.action == "close":
        out["closed"] = await s.close_tab(a.page_id or "")
    out["tabs"] = to_jsonable(await s.tabs())
    return out
