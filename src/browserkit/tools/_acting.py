"""Acting tools: change the page like a user would.

Holds browser_act, browser_fill_form, browser_handle_dialog, browser_upload and
browser_styles_write
(a live style change, reported like an action).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from browserkit._convert import to_jsonable
from browserkit._secrets import Secret, secret
from browserkit.errors import InvalidArgumentError
from browserkit.snapshot import render_diff
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
    from browserkit.results import ActionResult
    from browserkit.targets import Target

_ACTION_ARGS: dict[str, frozenset[str]] = {
    "click": frozenset({"button", "click_count", "modifiers"}),
    "hover": frozenset(),
    "type": frozenset({"text", "submit", "clear", "keys"}),
    "press": frozenset({"key"}),
    "scroll": frozenset({"delta_y", "delta_x"}),
    "select": frozenset({"values"}),
    "check": frozenset({"checked"}),
    "drag": frozenset({"to_ref"}),
    "mouse_down": frozenset({"button"}),
    "mouse_up": frozenset({"button"}),
    "key_down": frozenset({"key"}),
    "key_up": frozenset({"key"}),
}
_NEEDS_TARGET = frozenset({"click", "hover", "select", "check", "drag"})


@attrs.frozen(kw_only=True)
class SecretText:
    """A configured secret, typed by name: ``{"secret": "NAME"}`` where a text goes."""

    secret: str = arg()


def _text(value: str | SecretText) -> str | Secret:
    return secret(value.secret) if isinstance(value, SecretText) else value


@attrs.frozen(kw_only=True)
class ActArgs:
    session_id: str = arg()
    action: Literal[
        "click",
        "hover",
        "type",
        "press",
        "scroll",
        "select",
        "check",
        "drag",
        "mouse_down",
        "mouse_up",
        "key_down",
        "key_up",
    ] = arg("Needs a target except type, press, scroll, mouse_*, key_*.")
    detail: str = arg("Why, in a few words, for the transcript.")
    ref: str | None = arg(REF, default=None)
    selector: str | None = arg(SELECTOR, default=None)
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text", "test_id"] = arg(
        SELECTOR_TYPE, default="css", listed=False
    )
    name: str | None = arg(NAME, default=None, listed=False)
    nth: int | None = arg(NTH, default=None)
    frame: str | None = arg(FRAME, default=None)
    x: float | None = arg("Or a point: viewport x, CSS px.", default=None, minimum=0)
    y: float | None = arg("Viewport y, CSS px.", default=None, minimum=0)
    button: Literal["left", "right", "middle"] = arg("click, mouse_*.", default="left")
    click_count: int = arg("click: 2 to double-click.", default=1, minimum=1, maximum=3)
    modifiers: tuple[Literal["Alt", "Control", "ControlOrMeta", "Meta", "Shift"], ...] = arg(
        "click: keys held.", default=()
    )
    # (An attrs value, not a call ruff should fear: arg() builds a field.)
    text: str | SecretText | None = arg(  # noqa: RUF009
        "type: the text or {secret: NAME} (required).", default=None
    )
    submit: bool = arg("type: press Enter after.", default=False)
    clear: bool = arg("type: replace the value (false: append).", default=True)
    keys: bool = arg("type: press each key (for key-only fields).", default=False)
    key: str | None = arg("press: key or chord (Enter, Control+a); key_*: one key.", default=None)
    delta_y: float = arg("scroll: px down (negative: up).", default=0)
    delta_x: float = arg("scroll: px right.", default=0)
    values: tuple[str, ...] | None = arg(
        "select: option values or labels (required).", default=None
    )
    checked: bool | None = arg("check: false to untick (default true).", default=None)
    to_ref: str | None = arg("drag: ref of the element to drop onto (required).", default=None)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


def _given(a: Any) -> set[str]:
    """Fields that differ from their default (what the caller set)."""
    return {
        f.name
        for f in attrs.fields(type(a))
        if f.default is attrs.NOTHING or getattr(a, f.name) != f.default
    }


def _observed(result: ActionResult, said: bool = False) -> str:
    """What an action changed, as the agent reads it: the diff, or the new page's outline.

    The lines of ``str(result)`` the answer's fields already say go: what was done
    (the agent asked for it), the new URL and generation, dialogs, tabs, downloads
    and the settle note; the diff is terse (``render_diff``): the agent has just
    acted and reads what it caused. An action that observed nothing says what it did,
    and so does one whose ``detail`` says more than the request (``said``: a style
    write's resulting inline style).
    """
    seen = [result.detail] if said else []
    if result.diff is not None:
        seen.append(render_diff(result.diff, terse=True))
    if result.page is not None:
        seen.append(result.page)
    return "\n".join(seen) or result.detail


def _acted(result: ActionResult, url_before: str | None, *, said: bool = False) -> JSON:
    """The compact JSON of an action's result: what it changed, and only what is notable
    besides (every answer is read by a model; the usual values cost it tokens for nothing).

    ``url`` when it changed (or is not known to be the same), ``navigated`` and
    ``generation`` after a new document, ``target_verified`` and ``settled`` only
    when False.
    """
    out: JSON = {"diff": _observed(result, said)}
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


@tool("browser_act", ActArgs, title="Act on the page", effect="destroy")
async def _act(browser: AsyncBrowser, a: ActArgs, ctx: ToolContext) -> JSON:
    """Act like a user.

    Target: ref, selector, or x and y. The answer's 'diff' is what changed, with refs to
    use next (after a navigation: the new page). When notable: dialog (answer:
    browser_handle_dialog), new_tabs, downloads, target_verified=false, settled=false.
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
    url_before = s.url if a.tab_id is None else None
    common: dict[str, Any] = {"timeout_ms": a.timeout_ms, "tab_id": a.tab_id}
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
        result = await s.type(
            target, _text(a.text), submit=a.submit, clear=a.clear, keys=a.keys, **common
        )
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
    elif a.action == "drag":
        assert target is not None
        if a.to_ref is None:
            raise InvalidArgumentError("to_ref: required for action=drag")
        result = await s.drag(target, a.to_ref, **common)
    elif a.action in ("mouse_down", "mouse_up"):
        press = s.mouse_down if a.action == "mouse_down" else s.mouse_up
        result = await press(target, button=a.button, **common)
    else:
        if a.key is None:
            raise InvalidArgumentError(f"key: required for action={a.action}")
        if target is not None:
            raise InvalidArgumentError(f"{a.action} takes no target: it acts on the focus")
        hold = s.key_down if a.action == "key_down" else s.key_up
        result = await hold(a.key, **common)
    out = _acted(result, url_before)
    if result.locator is not None and result.locator != target and _scripting(ctx):
        out["locator"] = repr(result.locator)  # how to find a ref's element in a script
    return out


def _scripting(ctx: ToolContext) -> bool:
    """Whether the agent has the code tools, the only ones a locator is of use to
    (an agent acts by refs; ``session.script()`` records every locator anyway)."""
    return ctx.caps is None or "code" in ctx.caps


@attrs.frozen(kw_only=True)
class FormField:
    ref: str = arg("The field's ref.")
    value: str | bool | SecretText = arg(  # noqa: RUF009 (arg() builds a field)
        "Text or {secret: NAME}; true/false to tick; an option."
    )


@attrs.frozen(kw_only=True)
class FillFormArgs:
    session_id: str = arg()
    fields: tuple[FormField, ...] = arg()
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_fill_form", FillFormArgs, title="Fill form fields", effect="destroy")
async def _fill_form(browser: AsyncBrowser, a: FillFormArgs, ctx: ToolContext) -> JSON:
    """Fill several fields in one call: text fields, checkboxes, radios and selects.

    Every ref is checked before anything is filled. Answers like browser_act. For file
    inputs use browser_upload.
    """
    for i, field in enumerate(a.fields):
        if isinstance(field.value, str):
            ctx.no_file_outside(field.value, f"fields[{i}].value")
    s = browser.session(a.session_id)
    url_before = s.url if a.tab_id is None else None
    result = await s.fill_form(
        [
            {"target": field.ref, "value": field.value}
            if isinstance(field.value, bool)
            else {"target": field.ref, "value": _text(field.value)}
            for field in a.fields
        ],
        timeout_ms=a.timeout_ms,
        tab_id=a.tab_id,
    )
    return _acted(result, url_before)


@attrs.frozen(kw_only=True)
class DialogArgs:
    session_id: str = arg()
    accept: bool = arg("true: OK; false: Cancel.")
    prompt_text: str | None = arg("prompt(): the answer.", default=None)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_handle_dialog", DialogArgs, title="Answer a dialog", effect="destroy")
async def _handle_dialog(browser: AsyncBrowser, a: DialogArgs, ctx: ToolContext) -> JSON:
    """Answer the dialog (alert, confirm, prompt) an action opened.

    Answers like browser_act.
    """
    result = await browser.session(a.session_id).handle_dialog(
        a.accept, prompt_text=a.prompt_text, tab_id=a.tab_id, timeout_ms=a.timeout_ms
    )
    return dict(
        prune(
            {
                "diff": str(result),
                "url": result.url,
                "generation": result.generation,
                "navigated": result.navigated,
                "settled": result.settled,
            }
        )
    )


@attrs.frozen(kw_only=True)
class UploadArgs:
    session_id: str = arg()
    paths: tuple[str, ...] = arg("Files (relative: in the server's file directory).")
    ref: str | None = arg("A file input; omit to answer an open file chooser.", default=None)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool("browser_upload", UploadArgs, title="Upload files", effect="destroy")
async def _upload(browser: AsyncBrowser, a: UploadArgs, ctx: ToolContext) -> JSON:
    """Give files to a file input (ref), or to an open file chooser (no ref).

    Empty paths cancel the chooser. Answers like browser_act.
    """
    paths = [ctx.output_path(p, "paths") for p in a.paths]
    result = await browser.session(a.session_id).upload(
        paths, target=target_of(a), timeout_ms=a.timeout_ms, tab_id=a.tab_id
    )
    return dict(
        prune(
            {
                "diff": str(result),
                "url": result.url,
                "navigated": result.navigated,
                "settled": result.settled,
            }
        )
    )


@attrs.frozen(kw_only=True)
class StylesWriteArgs:
    session_id: str = arg()
    property: str = arg("CSS property, e.g. display, color, --brand.")
    value: str = arg("Its value, e.g. none; empty removes it.")
    ref: str | None = arg(REF, default=None)
    selector: str | None = arg(SELECTOR, default=None)
    selector_type: Literal["css", "xpath", "role", "label", "placeholder", "text", "test_id"] = arg(
        SELECTOR_TYPE, default="css", listed=False
    )
    name: str | None = arg(NAME, default=None, listed=False)
    nth: int | None = arg(NTH, default=None)
    frame: str | None = arg(FRAME, default=None)
    important: bool = arg("With !important.", default=False)
    tab_id: str | None = arg(default=None)
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_styles_write",
    StylesWriteArgs,
    title="Set an inline style",
    effect="write",
    idempotent=True,
)
async def _styles_write(browser: AsyncBrowser, a: StylesWriteArgs, ctx: ToolContext) -> JSON:
    """Set one inline CSS property on an element, live (until the page navigates).

    Answers like browser_act.
    """
    target = required_target_of(a, "browser_styles_write")
    s = browser.session(a.session_id)
    url_before = s.url if a.tab_id is None else None
    result = await s.set_style(
        target,
        a.property,
        a.value,
        important=a.important,
        tab_id=a.tab_id,
        timeout_ms=a.timeout_ms,
    )
    return _acted(result, url_before, said=True)
