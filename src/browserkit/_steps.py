"""Script steps, one declaration per action kind: what each records and how it runs again.

A :class:`Step` is one action of a recorded run. Every kind a step can be
(``click``, ``type``, ``navigate``, ...) is declared once here, as a
:class:`Kind`: the browserkit call it exports as, the Playwright lines it
exports as, the session call that replays it, and, for the kinds
``browser_act`` offers, the session call a tool's arguments make. The
exports (``_script``), the replay (``_async/replay``) and the tool
(``tools/_acting``) only ask :func:`kind_of`; none of them branches on a kind.
:func:`kind_of` is the one ``match`` over the kinds, ended by
``assert_never``, so mypy fails until a new kind is declared here.

Adding a kind (say ``tap``) takes three files: its name in
:data:`StepAction` (and in :data:`ActAction` if agents may use it) and its
:class:`Kind` here; its body in ``_async/acting/actions.py``, which builds
the :class:`Step` it records; its public method on ``AsyncSession``.

Pure: no browser here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal, get_args

import attrs
from typing_extensions import assert_never

from browserkit._reprs import record_markdown, summary
from browserkit._secrets import Secret
from browserkit.errors import InvalidArgumentError
from browserkit.targets import Point, Selector, Target, point

__all__ = [
    "ACT_ACTIONS",
    "STEP_ACTIONS",
    "ActAction",
    "Call",
    "Kind",
    "Step",
    "StepAction",
    "field_step",
    "kind_of",
    "pointed_step",
    "pw_locator",
    "quoted",
    "scrolled_step",
    "typed_step",
    "uploaded_step",
]

ActAction = Literal["click", "hover", "type", "press", "scroll", "select", "check", "drag"]
"""The kinds ``browser_act`` offers an agent (besides raw input, which records no step)."""

StepAction = Literal[ActAction, "upload", "navigate", "back", "forward", "reload"]
"""Every kind a step can be."""

ACT_ACTIONS: tuple[ActAction, ...] = get_args(ActAction)
STEP_ACTIONS: tuple[StepAction, ...] = get_args(StepAction)


@attrs.frozen(repr=False)
class Step:
    """One action of a script, with what it should change.

    ``locator`` finds the element on a fresh load (None for a navigation,
    a history move, a key pressed on the page, a page scroll, or a file
    chooser answered by ``upload``). ``text`` is what was typed, or
    ``secret`` the name of the secret typed (never its value); ``keys``:
    typed a key per character (``type(..., keys=True)``). ``button``,
    ``click_count`` and ``modifiers``: how a click pressed. ``to``: where a
    drag dropped its element; ``files``: the paths an upload gave, as
    given; ``delta_x``/``delta_y``: how far a scroll went, ``point``: the
    viewport point a click, a hover or a scroll's wheel was at when it was
    given a point rather than an element.

    ``expect_url``, ``expect_text``, ``expect_checked``,
    ``expect_disabled``: what the step is checked by when replayed.
    ``expect_disabled`` is about ``expect_control`` when the control that
    became disabled (or enabled) is not the step's own element (ticking
    "I agree" enables "Send"); None means the step's own element.
    ``role`` and ``box`` (the element's centre in the viewport) let a
    healing replay find a renamed element where it was.
    """

    action: StepAction
    locator: Selector | None = None
    url: str | None = None
    text: str | None = None
    secret: str | None = None
    key: str | None = None
    values: tuple[str, ...] = ()
    checked: bool | None = None
    submit: bool = False
    clear: bool = True
    keys: bool = False
    button: Literal["left", "right", "middle"] = "left"
    click_count: int = 1
    modifiers: tuple[str, ...] = ()
    to: Selector | None = None
    files: tuple[str, ...] = ()
    delta_x: float = 0
    delta_y: float = 0
    point: tuple[float, float] | None = None
    expect_url: str | None = None
    expect_text: str | None = None
    expect_checked: bool | None = None
    expect_disabled: bool | None = None
    expect_control: Selector | None = None
    role: str | None = None
    box: tuple[float, float] | None = None

    __repr__ = summary
    _repr_markdown_ = record_markdown

    def describe(self) -> str:
        """The step as browserkit code, e.g. ``s.click(bk.role("button", "Save"))``."""
        return kind_of(self.action).browserkit(self)

    @property
    def control(self) -> Selector | None:
        """The element ``expect_disabled`` is about: ``expect_control``, else the step's own."""
        return self.expect_control if self.expect_control is not None else self.locator


@attrs.frozen
class Call:
    """A call of a session method: ``getattr(session, method)(*args, **kwargs)``."""

    method: str
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = attrs.field(factory=dict)


class Kind:
    """One action kind: how its step is written as code and run again.

    ``target``: whether the action needs an element (``"element"``), may
    take one (``"optional"``) or takes none (``"none"``). ``tool_args``:
    the ``browser_act`` arguments it reads besides the target.
    """

    name: ClassVar[StepAction]
    target: ClassVar[Literal["element", "optional", "none"]] = "element"
    tool_args: ClassVar[frozenset[str]] = frozenset()

    def browserkit(self, step: Step) -> str:
        """The step as a call of browserkit's sync API on a session ``s``."""
        return f"s.{self.name}({_loc(step)})"

    def playwright(self, step: Step) -> list[str]:
        """The step as lines of async Playwright on a ``page``."""
        return [f"await {_pw(step)}.{self.name}()"]

    def replay(self, step: Step) -> Call:
        """The session call that does the step again."""
        return Call(self.name, (_located(step),))

    def from_tool(self, target: Target | None, given: Mapping[str, Any]) -> Call:
        """The session call ``browser_act`` makes of its arguments (``given``: those of
        :attr:`tool_args` the agent set, a text already a :class:`Secret` where it named one).
        """
        assert target is not None  # the tool asks for one where the kind needs it
        return Call(self.name, (target,), dict(given))


class _Navigate(Kind):
    name = "navigate"
    target = "none"

    def browserkit(self, step: Step) -> str:
        return f"s.navigate({quoted(step.url or '')})"

    def playwright(self, step: Step) -> list[str]:
        return [f"await page.goto({quoted(step.url or '')})"]

    def replay(self, step: Step) -> Call:
        return Call("navigate", (step.url or "about:blank",))


class _History(Kind):
    target = "none"

    def browserkit(self, step: Step) -> str:
        return f"s.{self.name}()"

    def playwright(self, step: Step) -> list[str]:
        return [f"await page.go_{self.name}()"]

    def replay(self, step: Step) -> Call:
        return Call(self.name)


class _Back(_History):
    name = "back"


class _Forward(_History):
    name = "forward"


class _Reload(_History):
    name = "reload"

    def playwright(self, step: Step) -> list[str]:
        return ["await page.reload()"]


class _Pointer(Kind):
    """A kind that acts on an element, or on a viewport point when it was given one."""

    def _options(self, step: Step) -> str:
        return ""

    def browserkit(self, step: Step) -> str:
        if step.point is not None:
            return f"s.{self.name}(bk.point({_at(step)}){self._options(step)})"
        return f"s.{self.name}({_loc(step)}{self._options(step)})"

    def replay(self, step: Step) -> Call:
        at = point(*step.point) if step.point is not None else _located(step)
        return Call(self.name, (at,), self._kwargs(step))

    def _kwargs(self, step: Step) -> dict[str, Any]:
        return {}


class _Click(_Pointer):
    name = "click"
    tool_args = frozenset({"button", "click_count", "modifiers"})

    def _options(self, step: Step) -> str:
        return "".join(f", {k}={v!r}" for k, v in self._kwargs(step).items())

    def _kwargs(self, step: Step) -> dict[str, Any]:
        given: dict[str, Any] = {
            "button": step.button,
            "click_count": step.click_count,
            "modifiers": list(step.modifiers),
        }
        defaults = {"button": "left", "click_count": 1, "modifiers": []}
        return {k: v for k, v in given.items() if v != defaults[k]}

    def playwright(self, step: Step) -> list[str]:
        options = self._kwargs(step)
        if step.point is not None:
            options.pop("modifiers", None)  # the mouse presses no keys
            extra = "".join(f", {k}={v!r}" for k, v in options.items())
            return [f"await page.mouse.click({_at(step)}{extra})"]
        extra = ", ".join(f"{k}={v!r}" for k, v in options.items())
        return [f"await {_pw(step)}.click({extra})"]


class _Hover(_Pointer):
    name = "hover"

    def playwright(self, step: Step) -> list[str]:
        if step.point is not None:
            return [f"await page.mouse.move({_at(step)})"]
        return [f"await {_pw(step)}.hover()"]


class _Type(Kind):
    name = "type"
    target = "optional"
    tool_args = frozenset({"text", "submit", "clear", "keys"})

    def browserkit(self, step: Step) -> str:
        what = f"bk.secret({quoted(step.secret)})" if step.secret else quoted(step.text or "")
        extra = (
            (", submit=True" if step.submit else "")
            + ("" if step.clear else ", clear=False")
            + (", keys=True" if step.keys else "")
        )
        return f"s.type({_loc(step)}, {what}{extra})"

    def playwright(self, step: Step) -> list[str]:
        what = f"os.environ[{quoted(step.secret)}]" if step.secret else quoted(step.text or "")
        if step.locator is None:
            enter = "type" if step.keys else "insert_text"
            out = [f"await page.keyboard.{enter}({what})"]
            return out + (['await page.keyboard.press("Enter")'] if step.submit else [])
        loc = _pw(step)
        if step.keys:  # a key per character, for a field that reads keys only
            clear = [f'await {loc}.fill("")'] if step.clear else []
            fill = [*clear, f"await {loc}.press_sequentially({what})"]
        elif step.clear:
            fill = [f"await {loc}.fill({what})"]
        else:
            fill = [f"await {loc}.press_sequentially({what})"]
        return fill + ([f'await {loc}.press("Enter")'] if step.submit else [])

    def replay(self, step: Step) -> Call:
        text: str | Secret = Secret(step.secret) if step.secret else step.text or ""
        options = {"submit": step.submit, "clear": step.clear, "keys": step.keys}
        return Call("type", (step.locator, text), options)

    def from_tool(self, target: Target | None, given: Mapping[str, Any]) -> Call:
        options = dict(given)
        text = options.pop("text", None)
        if text is None:
            raise InvalidArgumentError("text: required for action=type")
        return Call("type", (target, text), options)


class _Press(Kind):
    name = "press"
    target = "optional"
    tool_args = frozenset({"key"})

    def browserkit(self, step: Step) -> str:
        on = f", target={step.locator!r}" if step.locator is not None else ""
        return f"s.press({quoted(step.key or '')}{on})"

    def playwright(self, step: Step) -> list[str]:
        on = "page.keyboard" if step.locator is None else _pw(step)
        return [f"await {on}.press({quoted(step.key or '')})"]

    def replay(self, step: Step) -> Call:
        return Call("press", (step.key or "",), {"target": step.locator})

    def from_tool(self, target: Target | None, given: Mapping[str, Any]) -> Call:
        if given.get("key") is None:
            raise InvalidArgumentError("key: required for action=press")
        return Call("press", (given["key"],), {"target": target})


class _Select(Kind):
    name = "select"
    tool_args = frozenset({"values"})

    def browserkit(self, step: Step) -> str:
        return f"s.select({_loc(step)}, [{', '.join(map(quoted, step.values))}])"

    def playwright(self, step: Step) -> list[str]:
        return [f"await {_pw(step)}.select_option([{', '.join(map(quoted, step.values))}])"]

    def replay(self, step: Step) -> Call:
        return Call("select", (_located(step), list(step.values)))

    def from_tool(self, target: Target | None, given: Mapping[str, Any]) -> Call:
        if not given.get("values"):
            raise InvalidArgumentError("values: required for action=select")
        return Call("select", (target, list(given["values"])))


class _Check(Kind):
    name = "check"
    tool_args = frozenset({"checked"})

    def browserkit(self, step: Step) -> str:
        return f"s.check({_loc(step)}, checked={step.checked!r})"

    def playwright(self, step: Step) -> list[str]:
        return [f"await {_pw(step)}.set_checked({step.checked!r})"]

    def replay(self, step: Step) -> Call:
        return Call("check", (_located(step),), {"checked": bool(step.checked)})

    def from_tool(self, target: Target | None, given: Mapping[str, Any]) -> Call:
        checked = given.get("checked")
        return Call("check", (target, True if checked is None else checked))


class _Scroll(Kind):
    name = "scroll"
    target = "optional"
    tool_args = frozenset({"delta_y", "delta_x"})

    def browserkit(self, step: Step) -> str:
        by = [f"delta_y={_num(step.delta_y)}"] if step.delta_y else []
        by += [f"delta_x={_num(step.delta_x)}"] if step.delta_x else []
        if step.point is not None:
            by.append(f"target=bk.point({_num(step.point[0])}, {_num(step.point[1])})")
        elif step.locator is not None:
            by.append(f"target={step.locator!r}")
        return f"s.scroll({', '.join(by)})"

    def playwright(self, step: Step) -> list[str]:
        if step.point is not None:
            at = f"{_num(step.point[0])}, {_num(step.point[1])}"
            wheel = f"{_num(step.delta_x)}, {_num(step.delta_y)}"
            return [f"await page.mouse.move({at})", f"await page.mouse.wheel({wheel})"]
        # As browserkit scrolls: at once, by exactly this much (a wheel eases).
        by = f"[{_num(step.delta_x)}, {_num(step.delta_y)}]"
        if step.locator is None:
            return [f'await page.evaluate("d => window.scrollBy(d[0], d[1])", {by})']
        return [f'await {_pw(step)}.evaluate("(el, d) => el.scrollBy(d[0], d[1])", {by})']

    def replay(self, step: Step) -> Call:
        at = point(*step.point) if step.point is not None else step.locator
        return Call("scroll", (), {"delta_y": step.delta_y, "delta_x": step.delta_x, "target": at})

    def from_tool(self, target: Target | None, given: Mapping[str, Any]) -> Call:
        return Call("scroll", (), {**given, "target": target})


class _Drag(Kind):
    name = "drag"
    tool_args = frozenset({"to_ref"})

    def browserkit(self, step: Step) -> str:
        return f"s.drag({_loc(step)}, {step.to!r})"

    def playwright(self, step: Step) -> list[str]:
        to = pw_locator(step.to) if step.to is not None else "None"
        return [f"await {_pw(step)}.drag_to({to})"]

    def replay(self, step: Step) -> Call:
        source = _located(step)
        if step.to is None:
            raise InvalidArgumentError(f"step {step.describe()} has no drop target")
        return Call("drag", (source, step.to))

    def from_tool(self, target: Target | None, given: Mapping[str, Any]) -> Call:
        if given.get("to_ref") is None:
            raise InvalidArgumentError("to_ref: required for action=drag")
        return Call("drag", (target, given["to_ref"]))


class _Upload(Kind):
    name = "upload"
    target = "optional"

    def browserkit(self, step: Step) -> str:
        on = f", target={step.locator!r}" if step.locator is not None else ""
        return f"s.upload({_files(step)}{on})"

    def playwright(self, step: Step) -> list[str]:
        if step.locator is None:  # the chooser the step before opened (see _script)
            return [f"await (await chooser.value).set_files({_files(step)})"]
        return [f"await {_pw(step)}.set_input_files({_files(step)})"]

    def replay(self, step: Step) -> Call:
        # No locator: the file chooser the step before opened.
        return Call("upload", (list(step.files),), {"target": step.locator})


_KINDS = (
    _Navigate(),
    _Back(),
    _Forward(),
    _Reload(),
    _Click(),
    _Hover(),
    _Type(),
    _Press(),
    _Select(),
    _Check(),
    _Scroll(),
    _Drag(),
    _Upload(),
)
_BY_NAME: dict[str, Kind] = {kind.name: kind for kind in _KINDS}


def kind_of(action: StepAction) -> Kind:
    """The declaration of ``action``; mypy fails here until a new kind has one."""
    match action:
        case (
            "navigate"
            | "back"
            | "forward"
            | "reload"
            | "click"
            | "hover"
            | "type"
            | "press"
            | "select"
            | "check"
            | "scroll"
            | "drag"
            | "upload"
        ):
            return _BY_NAME[action]
        case _:
            assert_never(action)


# -- code ---------------------------------------------------------------------


def quoted(text: str) -> str:
    """``text`` as a Python string literal."""
    return json.dumps(text, ensure_ascii=False)


def _num(value: float) -> str:
    """A number as code: ``300`` rather than ``300.0``."""
    return repr(int(value)) if float(value).is_integer() else repr(float(value))


def _files(step: Step) -> str:
    return f"[{', '.join(map(quoted, step.files))}]"


def _at(step: Step) -> str:
    """The step's point as code: ``x, y``."""
    assert step.point is not None
    return f"{_num(step.point[0])}, {_num(step.point[1])}"


def _loc(step: Step) -> str:
    return repr(step.locator) if step.locator is not None else "None"


def _located(step: Step) -> Selector:
    """The locator a step on an element acts on; a step recorded without one cannot run."""
    if step.locator is None:
        raise InvalidArgumentError(f"step {step.describe()} has no locator to act on")
    return step.locator


def _pw(step: Step) -> str:
    return pw_locator(step.locator) if step.locator is not None else "None"


def pw_locator(sel: Selector) -> str:
    """``sel`` as a Playwright locator on ``page``."""
    if sel.kind == "role":
        name = f", name={quoted(sel.name)}, exact=True" if sel.name is not None else ""
        out = f"page.get_by_role({quoted(sel.value)}{name})"
    elif sel.kind in ("label", "placeholder", "text"):
        out = f"page.get_by_{sel.kind}({quoted(sel.value)}, exact=True)"
    elif sel.kind == "test_id":
        out = f"page.get_by_test_id({quoted(sel.value)})"
    elif sel.kind == "xpath":
        out = f"page.locator({quoted('xpath=' + sel.value)})"
    else:
        out = f"page.locator({quoted(sel.value)})"
    if sel.frame is not None:
        out = out.replace("page.", f"page.frame_locator({quoted(_frame_css(sel.frame))}).", 1)
    if sel.nth is not None:
        out += f".nth({sel.nth})"
    return out


def _frame_css(spec: str) -> str:
    """A CSS selector of the iframe a ``frame=`` names (its name or a URL part)."""
    if "/" in spec or ":" in spec:
        return f'iframe[src*="{spec.rsplit("/", 1)[-1]}"]'
    return f'iframe[name="{spec}"]'


# -- the steps actions record -------------------------------------------------


def pointed_step(action: Literal["click", "hover"], target: Target, **how: Any) -> Step:
    """The step of a click or hover: at a viewport point when it was given one (an
    element's locator comes from the action, as any other step's); ``how``: a
    click's ``button``, ``click_count`` and ``modifiers``."""
    at = (target.x, target.y) if isinstance(target, Point) and target.space == "viewport" else None
    return Step(action, point=at, **how)


def typed_step(text: str | Secret, submit: bool, clear: bool, keys: bool) -> Step:
    """The step of a ``type`` call, a secret by its name."""
    if isinstance(text, Secret):
        return Step("type", secret=text.name, submit=submit, clear=clear, keys=keys)
    return Step("type", text=text, submit=submit, clear=clear, keys=keys)


def scrolled_step(delta_x: float, delta_y: float, target: Target | None) -> Step:
    """The step of a ``scroll`` call: by how much, and at a point when it was given one
    (an element's locator comes from the action, as any other step's)."""
    at = (target.x, target.y) if isinstance(target, Point) else None
    return Step("scroll", delta_x=delta_x, delta_y=delta_y, point=at)


def uploaded_step(paths: str | Sequence[str]) -> Step:
    """The step of an ``upload`` call: the paths as the caller gave them (their own files)."""
    return Step("upload", files=(paths,) if isinstance(paths, str) else tuple(paths))


def field_step(kind: str | None, value: Any) -> Step | None:
    """The step that fills one ``fill_form`` field the way it was filled (``kind``, from
    ``js/kind.js``; None when the field left, then the value tells)."""
    if kind in ("checkbox", "radio") or (kind is None and isinstance(value, bool)):
        return Step("check", checked=bool(value))
    if kind == "select" or (kind is None and isinstance(value, (list, tuple))):
        return Step("select", values=(value,) if isinstance(value, str) else tuple(value))
    if kind == "file":
        return uploaded_step(value)
    if kind in ("text", "editor", None):
        return typed_step(value if isinstance(value, Secret) else str(value), False, True, False)
    return None
