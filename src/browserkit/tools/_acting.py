"""Acting tools: change the page like a user would.

Holds browser_act, browser_handle_dialog, browser_upload and browser_styles_write
(a live style change, reported like an action).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit.errors import InvalidArgumentError
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
    from browserkit.results import ActionResult
    from browserkit.targets import Target

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
    session_id: str = arg(SESSION)
    action: Literal["click", "hover", "type", "press", "scroll", "select", "check", "drag"] = arg(
        "What to do. click, hover, select, check and drag need a target; type, press and "
        "scroll work on the focused element or page when no target is given."
    )
    detail: str = arg(
        "One short sentence saying what you are doing and why, for the transcript "
        "(e.g. 'Click Sign in to open the login form')."
    )
    ref: str | None = arg(REF, default=None)
    selector: str | None = arg(SELECTOR, default=None)
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text"] = arg(
        SELECTOR_TYPE, default="css"
    )
    name: str | None = arg(NAME, default=None)
    nth: int | None = arg(NTH, default=None)
    frame: str | None = arg(FRAME, default=None)
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
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


def _given(a: Any) -> set[str]:
    """Fields that differ from their default (what the caller set)."""
    return {
        f.name
        for f in attrs.fields(type(a))
        if f.default is attrs.NOTHING or getattr(a, f.name) != f.default
    }


def _acted(result: ActionResult, url_before: str | None) -> JSON:
    """The compact JSON of an action's result: what it changed, and only what is notable
    besides (every answer is read by a model; the usual values cost it tokens for nothing).

    ``url`` when it changed (or is not known to be the same), ``navigated`` and
    ``generation`` after a new document, ``target_verified`` and ``settled`` only
    when False.
    """
    out: JSON = {"observed": str(result)}
    if result.navigated or result.url != url_before:
        out["url"] = result.url
    if result.navigated:
        out["navigated"] = True
        out["generation"] = result.generation
    if result.target_verified is False:
        out["target_verified"] = False
    if not result.settled:
        out["settled"] = False
    out["dialog"] = to_jsonable(result.dialog)
    out["new_tabs"] = list(result.new_tabs)
    out["downloads"] = list(result.downloads)
    return dict(prune(out))


@tool("browser_act", ActArgs)
async def _act(browser: AsyncBrowser, a: ActArgs, ctx: ToolContext) -> JSON:
    """Act on the page like a user: click, hover, type, press a key, or scroll.

    Name the element with ref (from the latest browser_snapshot; preferred), or selector +
    selector_type (+ name, nth), or x + y. The result says what happened: 'observed' is the
    change the action caused (lines added/removed/changed in the outline, with refs you can
    use next). Other fields appear only when notable: navigated (then 'observed' ends with
    the new page's compact outline: act on its refs), url (when it changed), dialog (answer
    it with browser_handle_dialog), new_tabs, downloads, target_verified=false (the element
    could not be hit-checked), settled=false (still changing at the bound).
    No need to snapshot after an action.
    """
    given = _given(a)
    for action, names in _ACTION_ARGS.items():
        if action != a.action:
            for name in sorted(names & given - _ACTION_ARGS[a.action]):
                raise InvalidArgumentError(f"{name}: does not apply to action={a.action}")
    target: Target | None
    if a.action in _NEEDS_TARGET:
        target = required_target_of(
            a, a.action, hint="take browser_snapshot and pass the element's ref"
        )
    else:
        target = target_of(a)
    s = browser.session(a.session_id)
    url_before = s.url if a.page_id is None else None
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
    return _acted(result, url_before)


@attrs.frozen(kw_only=True)
class DialogArgs:
    session_id: str = arg(SESSION)
    accept: bool = arg("true: OK/accept; false: Cancel/dismiss.")
    prompt_text: str | None = arg("For a prompt() dialog: the text to answer with.", default=None)
    page_id: str | None = arg(PAGE, default=None)


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
        prune(
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
    session_id: str = arg(SESSION)
    paths: tuple[str, ...] = arg(
        "Files to give the page (relative paths are taken in the server's file directory)."
    )
    ref: str | None = arg(
        "A file input's ref. Omit it to answer the file chooser an action opened.",
        default=None,
    )
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


@tool("browser_upload", UploadArgs)
async def _upload(browser: AsyncBrowser, a: UploadArgs, ctx: ToolContext) -> JSON:
    """Give files to a file input (ref) or to the file chooser a click opened.

    When browser_act reports dialog type 'filechooser', call this without ref; an empty
    paths list cancels the chooser. Returns what the upload changed, like browser_act.
    """
    paths = [ctx.output_path(p, "paths") for p in a.paths]
    result = await browser.session(a.session_id).upload(
        paths, target=target_of(a), timeout_ms=a.timeout_ms, page_id=a.page_id
    )
    return dict(
        prune(
            {
                "observed": str(result),
                "url": result.url,
                "navigated": result.navigated,
                "settled": result.settled,
            }
        )
    )


@attrs.frozen(kw_only=True)
class StylesWriteArgs:
    session_id: str = arg(SESSION)
    property: str = arg("The CSS property to set, e.g. 'display', 'color', '--brand'.")
    value: str = arg(
        "Its new value, e.g. 'none', 'rgb(200, 0, 0)'; an empty string removes the property "
        "from the inline style."
    )
    ref: str | None = arg(REF, default=None)
    selector: str | None = arg(SELECTOR, default=None)
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text"] = arg(
        SELECTOR_TYPE, default="css"
    )
    name: str | None = arg(NAME, default=None)
    nth: int | None = arg(NTH, default=None)
    frame: str | None = arg(FRAME, default=None)
    important: bool = arg("Set it with !important.", default=False)
    page_id: str | None = arg(PAGE, default=None)
    timeout_ms: int | None = arg(TIMEOUT, default=None, minimum=1)


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
    target = required_target_of(a, "browser_styles_write")
    s = browser.session(a.session_id)
    url_before = s.url if a.page_id is None else None
    result = await s.set_style(
        target,
        a.property,
        a.value,
        important=a.important,
        page_id=a.page_id,
        timeout_ms=a.timeout_ms,
    )
    return _acted(result, url_before)
