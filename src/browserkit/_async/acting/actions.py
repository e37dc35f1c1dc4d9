"""The actions: click, hover, type, press, scroll, select, check, drag, fill_form, upload.

Each validates its arguments, then hands the pipeline a body that performs
it on the resolved aim. Docstrings for users live on :class:`AsyncSession`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Keyboard, Locator, Page, Position

from browserkit._async.acting.pipeline import Pipeline, Press
from browserkit._async.core import page_scripts
from browserkit._async.core.events import FormFields
from browserkit._async.core.tab import Tab
from browserkit._async.targeting.actionability import (
    ACTIONABILITY,
    KIND_REASONS,
    attempt,
    budget,
    explain,
    refused,
)
from browserkit._async.targeting.resolve import Aim
from browserkit._checks import flag, integer, number
from browserkit._secrets import Secret, Secrets, TypedSecrets
from browserkit._steps import Step, pointed_step, scrolled_step, typed_step, uploaded_step
from browserkit.errors import InvalidArgumentError, TargetNotFoundError
from browserkit.results import ActionResult
from browserkit.targets import Point, Selector, Target, describe
from browserkit.types import Button, Modifier

__all__ = ["Actions", "move_to"]


async def move_to(tab: Tab, ms: float, aim: Aim) -> bool | None:
    """Move the mouse onto the aim: an element (scrolled into view and waited for,
    ending on its centre: True) or a point (None); no aim leaves it where it is."""
    if aim.locator is not None:
        await aim.locator.hover(timeout=budget(ms)())
        return True
    if aim.xy is not None:
        await tab.page.mouse.move(*aim.xy)
    return None


class Actions:
    """Every input action of a session, run through its pipeline."""

    def __init__(self, pipeline: Pipeline, secrets: Secrets, typed: TypedSecrets) -> None:
        self._pipeline = pipeline
        self._secrets = secrets
        # What this session typed into password and card fields: kept out of recordings.
        self._typed = typed

    async def click(
        self,
        target: Target,
        button: Button,
        click_count: int,
        modifiers: Sequence[Modifier],
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        if button not in ("left", "right", "middle"):
            raise InvalidArgumentError(f"button must be left, right or middle, got {button!r}")
        integer("click_count", click_count, at_least=1, at_most=3)
        mods = list(modifiers)
        _need_target(target, "click")

        async def element(
            on: Locator,
            force: bool,
            position: Position | None,
            point: tuple[float, float] | None,
            timeout: float,
        ) -> None:
            if point is not None:
                await _press_at(on.page, point, button, click_count, mods)
                return
            await on.click(
                button=button,
                click_count=click_count,
                modifiers=mods,
                timeout=timeout,
                force=force,
                position=position,
            )

        async def at_point(tab: Tab, xy: tuple[float, float]) -> None:
            await _press_at(tab.page, xy, button, click_count, mods)

        return await self._pipeline.act(
            f"clicked {describe(target)}",
            Press(element, at_point),
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            step=pointed_step(
                "click", target, button=button, click_count=click_count, modifiers=tuple(mods)
            ),
        )

    async def hover(
        self, target: Target, observe: bool | None, timeout_ms: float | None, tab_id: str | None
    ) -> ActionResult:
        _need_target(target, "hover")

        return await self._pipeline.act(
            f"hovered {describe(target)}",
            move_to,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            step=pointed_step("hover", target),
        )

    async def type(
        self,
        target: Target | None,
        given: str | Secret,
        submit: bool,
        clear: bool,
        keys: bool,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        if not isinstance(given, (str, Secret)):
            raise InvalidArgumentError(f"text must be a string, got {type(given).__name__}")
        secrets = self._secrets
        if isinstance(given, Secret):
            secrets.domains(given.name)  # an unknown name fails before anything runs
        text = given if isinstance(given, str) else ""

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            nonlocal text
            verified: bool | None = None
            if isinstance(given, Secret):
                text = await _secret_value(secrets, given, aim.locator, left=budget(ms))
            if target is None:
                await self._note_secret(_focused_secret(tab.page, ms), text)
                await _enter(tab.page.keyboard, text, clear, keys)
                if submit:
                    await tab.page.keyboard.press("Enter")
                return None
            locator, xy = aim.locator, aim.xy
            if locator is None:
                assert xy is not None
                await tab.page.mouse.click(*xy)
                await self._note_secret(_focused_secret(tab.page, ms), text)
                await _enter(tab.page.keyboard, text, clear, keys)
                if submit:
                    await tab.page.keyboard.press("Enter")
                return verified
            left = budget(ms)
            await self._note_secret(_secret_field(locator, left()), text)
            info: dict[str, Any] = await locator.evaluate(
                ACTIONABILITY, ["type", "report"], timeout=left()
            )
            what = str(info.get("what") or "")
            if info.get("reason") in KIND_REASONS:
                raise refused(str(info["reason"]), attempt(detail), what)
            try:
                if info.get("mode") == "editor":
                    await _type_into_editor(locator, text, clear, keys, left)
                    if submit:
                        await tab.page.keyboard.press("Enter")
                    return True
                if clear and keys:
                    # Emptied as fill does, then every character is a key press
                    # (keydown, keypress, input, keyup) for pages that read keys.
                    await locator.fill("", timeout=left())
                    await locator.press_sequentially(text, timeout=left())
                elif clear:
                    await locator.fill(text, timeout=left())
                else:
                    await locator.press("End", timeout=left())
                    await locator.press_sequentially(text, timeout=left())
                if submit:
                    await locator.press("Enter", timeout=left())
            except PlaywrightError as exc:
                # Named with what the check saw ("a <input>"), not Playwright's words.
                raise explain(exc, detail, what) or exc from None
            return True

        where = "the focused element" if target is None else describe(target)
        what = f"{len(given)} chars" if isinstance(given, str) else repr(given)
        how = " key by key" if keys else ""
        detail = f"typed {what}{how} into {where}" + (" and submitted" if submit else "")
        return await self._pipeline.act(
            detail,
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            step=typed_step(given, submit, clear, keys),
        )

    async def press(
        self,
        key: str,
        target: Target | None,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        if not isinstance(key, str) or not key:
            raise InvalidArgumentError(f"key must be a non-empty string, got {key!r}")

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            if target is None:
                await tab.page.keyboard.press(key)
                return None
            locator, xy = aim.locator, aim.xy
            if locator is None:
                assert xy is not None
                await tab.page.mouse.click(*xy)
                await tab.page.keyboard.press(key)
                return None
            await locator.press(key, timeout=budget(ms)())
            return True

        where = "" if target is None else f" on {describe(target)}"
        return await self._pipeline.act(
            f"pressed {key}{where}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            step=Step("press", key=key),
        )

    async def scroll(
        self,
        delta_y: float,
        delta_x: float,
        target: Target | None,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        number("delta_y", delta_y)
        number("delta_x", delta_x)

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            if target is None:
                await tab.page.evaluate(
                    "([dx, dy]) => window.scrollBy({left: dx, top: dy, behavior: 'instant'})",
                    [delta_x, delta_y],
                )
                return None
            locator, xy = aim.locator, aim.xy
            if locator is None:
                assert xy is not None
                await tab.page.mouse.move(*xy)
                await tab.page.mouse.wheel(delta_x, delta_y)
                return None
            await locator.evaluate(
                "(el, [dx, dy]) => el.scrollBy({left: dx, top: dy, behavior: 'instant'})",
                [delta_x, delta_y],
                timeout=ms,
            )
            return True

        where = "the page" if target is None else describe(target)
        return await self._pipeline.act(
            f"scrolled {where} by ({delta_x}, {delta_y})",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            step=scrolled_step(delta_x, delta_y, target),
        )

    async def select(
        self,
        target: Target,
        values: str | Sequence[str],
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        _needs_element(target, "select")
        wanted = [values] if isinstance(values, str) else list(values)
        if not wanted or not all(isinstance(v, str) for v in wanted):
            raise InvalidArgumentError("values must be a string or a non-empty list of strings")

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            assert aim.locator is not None
            info: dict[str, Any] = await aim.locator.evaluate(page_scripts.OPTIONS, timeout=ms)
            if not info.get("select"):
                raise InvalidArgumentError(
                    f"the target is a <{info.get('tag')}>, not a <select>",
                    hint="for custom dropdowns, click the control and then the option",
                )
            known = {o["value"] for o in info["options"]} | {o["label"] for o in info["options"]}
            missing = [v for v in wanted if v not in known]
            if missing:
                shown = ", ".join(repr(o["label"]) for o in info["options"][:20])
                raise TargetNotFoundError(f"no option {missing[0]!r}; options: {shown}")
            if len(wanted) > 1 and not info.get("multiple"):
                raise InvalidArgumentError("several values need a <select multiple>")
            await aim.locator.select_option(wanted, timeout=budget(ms)())
            return True

        return await self._pipeline.act(
            f"selected {', '.join(map(repr, wanted))} in {describe(target)}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            step=Step("select", values=tuple(wanted)),
        )

    async def check(
        self,
        target: Target,
        checked: bool,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        _needs_element(target, "check")
        flag("checked", checked)

        detail = f"{'checked' if checked else 'unchecked'} {describe(target)}"

        async def ready(locator: Locator, left: Callable[[], float]) -> str:
            info: dict[str, Any] = await locator.evaluate(
                ACTIONABILITY, ["check", "report"], timeout=left()
            )
            what = str(info.get("what") or "")
            if info.get("reason") in KIND_REASONS:
                raise refused(str(info["reason"]), attempt(detail), what)
            return what

        async def element(
            on: Locator,
            force: bool,
            position: Position | None,
            point: tuple[float, float] | None,
            timeout: float,
        ) -> None:
            await on.set_checked(checked, timeout=timeout, force=force, position=position)

        return await self._pipeline.act(
            detail,
            Press(element, ready=ready),
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            step=Step("check", checked=checked),
        )

    async def drag(
        self,
        source: Target,
        target: Target,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            to = aim.more[0]
            if aim.locator is not None and to.locator is not None:
                await aim.locator.drag_to(to.locator, timeout=budget(ms)())
                return True
            start = aim.xy or await _center(aim.locator, ms)
            end = to.xy or await _center(to.locator, ms)
            mouse = tab.page.mouse
            await mouse.move(*start)
            await mouse.down()
            await mouse.move(*end, steps=8)
            await mouse.up()
            return None

        return await self._pipeline.act(
            f"dragged {describe(source)} to {describe(target)}",
            body,
            target=source,
            more_targets=(target,),
            locate_more=True,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            step=Step("drag", to=target if isinstance(target, Selector) else None),
        )

    async def fill_form(
        self,
        fields: Sequence[Mapping[str, Any]],
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        if isinstance(fields, Mapping) or not fields:
            raise InvalidArgumentError("fields must be a non-empty list of {target, value}")
        targets: list[Target] = []
        values: list[Any] = []
        for i, field in enumerate(fields):
            if not isinstance(field, Mapping) or "target" not in field or "value" not in field:
                raise InvalidArgumentError(f"fields[{i}] must have 'target' and 'value'")
            targets.append(field["target"])
            values.append(field["value"])
            if isinstance(field["value"], Secret):
                self._secrets.domains(field["value"].name)  # an unknown name fails at once

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            left = budget(ms)  # one bound for all fields, so a refusal keeps its reason
            aims = (aim, *aim.more)
            kinds = []
            for i, one in enumerate(aims):
                if one.locator is None:
                    raise InvalidArgumentError(f"fields[{i}]: a point cannot be filled")
                kinds.append(await one.locator.evaluate(page_scripts.KIND, timeout=ms))
            for i, (one, kind, value) in enumerate(zip(aims, kinds, values, strict=True)):
                if isinstance(value, Secret):
                    if kind not in ("text", "editor"):
                        raise InvalidArgumentError(f"fields[{i}]: a secret fills text fields only")
                    value = await _secret_value(self._secrets, value, one.locator, left)
                elif kind == "text" and not isinstance(value, bool) and one.locator is not None:
                    await self._note_secret(_secret_field(one.locator, left()), str(value))
                await _fill_one(one.locator, kind, value, left(), f"fields[{i}]")
            return True

        return await self._pipeline.act(
            f"filled {len(targets)} fields",
            body,
            target=targets[0],
            more_targets=targets[1:],
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            step=FormFields(tuple(fields)),
        )

    async def upload(
        self,
        paths: str | Sequence[str],
        target: Target | None,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        files = _paths(paths)

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            if aim.locator is not None:
                await aim.locator.set_input_files(files, timeout=ms)
                return True
            chooser = tab.pending_chooser
            if chooser is None:
                raise InvalidArgumentError(
                    "no file chooser is open", hint="pass target= (a file input's ref)"
                )
            tab.pending_chooser = None
            tab.dialog_seen.clear()
            await chooser.set_files(files, timeout=ms)
            return None

        names = ", ".join(Path(f).name for f in files) or "no files"
        return await self._pipeline.act(
            f"uploaded {names}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
            answers_chooser=target is None,
            step=uploaded_step(paths),
        )

    async def _note_secret(self, check: Awaitable[bool], text: str) -> None:
        """Remember ``text`` when ``check`` says it goes into a password or card field
        (or cannot say: a value noted needlessly only costs a recording a few bytes)."""
        try:
            secret = await check
        except (PlaywrightError, asyncio.TimeoutError):
            secret = True
        if secret:
            self._typed.note(text, "typed")


# Password and payment-card fields, as outlines mask them (js/secret_values.js).
# Asked through Playwright's own selector engines, which run in its utility
# world: page scripts can neither see the question nor answer it.
_SECRET_XPATH = (
    "self::input[translate(@type, 'PASWORD', 'pasword') = 'password']"
    " | self::*[(self::input or self::textarea) and contains("
    "concat(' ', normalize-space(translate(@autocomplete, 'C', 'c'))), ' cc-')]"
)
_FOCUSED_SECRET = (
    'input[type=password i]:focus, input[autocomplete*="cc-" i]:focus,'
    ' textarea[autocomplete*="cc-" i]:focus'
)


_SECRET_CHECK_MS = 2_000  # the longest the check may take; past it the text counts as secret


async def _secret_field(locator: Locator, ms: float) -> bool:
    """Whether ``locator``'s element is a password or payment-card field."""
    count = locator.locator(f"xpath={_SECRET_XPATH}").count()
    return bool(await asyncio.wait_for(count, min(ms, _SECRET_CHECK_MS) / 1000))


async def _focused_secret(page: Page, ms: float) -> bool:
    """Whether the focused element, in any frame of ``page``, is a password or card field."""
    counts = asyncio.gather(*(f.locator(_FOCUSED_SECRET).count() for f in page.frames))
    return any(await asyncio.wait_for(counts, min(ms, _SECRET_CHECK_MS) / 1000))


async def _secret_value(
    secrets: Secrets, given: Secret, locator: Locator | None, left: Callable[[], float]
) -> str:
    """The value of ``given`` to type with ``locator``, once the host of the element's
    frame (as the browser reports it, not the page) is one the secret is bound to."""
    if secrets.domains(given.name) is None:
        return secrets.value_for(given.name, None)
    if locator is None:
        raise InvalidArgumentError(
            f"secret {given.name} is bound to domains: type it into an element",
            hint="give the field's ref or a selector, so the frame it is in can be checked",
        )
    handle = await locator.element_handle(timeout=left())
    try:
        frame = await handle.owner_frame()
    finally:
        await handle.dispose()
    return secrets.value_for(given.name, None if frame is None else frame.url)


def _need_target(target: Target | None, action: str) -> None:
    if target is None:
        raise InvalidArgumentError(
            f"{action} needs a target",
            hint="give a ref from a snapshot, a selector such as bk.css('#id'), or bk.point(x, y)",
        )


async def _enter(keyboard: Keyboard, text: str, clear: bool, keys: bool) -> None:
    """Enter ``text`` where the focus is: over all of its value when ``clear``, as key
    presses when ``keys``, else as one insertion (one ``input`` event)."""
    if clear:
        await keyboard.press("ControlOrMeta+a")
    if keys:
        await keyboard.type(text)
    else:
        await keyboard.insert_text(text)


async def _type_into_editor(
    locator: Locator, text: str, clear: bool, keys: bool, left: Callable[[], float]
) -> None:
    """Type into a code editor through the element that reads its keys.

    Setting that element's value (what ``fill`` does) only adds to what the
    editor shows, so the text is replaced the way a person does it: focus,
    select all, delete, type.
    """
    handle = await locator.evaluate_handle(ACTIONABILITY, ["type", "element"], timeout=left())
    element = handle.as_element()
    if element is None:
        raise TargetNotFoundError("the editor's input element is gone")
    try:
        await element.focus()
    finally:
        await handle.dispose()
    keyboard = locator.page.keyboard
    if clear:
        await keyboard.press("ControlOrMeta+a")
        await keyboard.press("Delete")
    else:
        await keyboard.press("ControlOrMeta+End")
    await _enter(keyboard, text, False, keys)


async def _press_at(
    page: Page, xy: tuple[float, float], button: Button, click_count: int, mods: Sequence[Modifier]
) -> None:
    """Click the mouse at a viewport point, with ``mods`` held down meanwhile."""
    for m in mods:
        await page.keyboard.down(m)
    try:
        await page.mouse.click(xy[0], xy[1], button=button, click_count=click_count)
    finally:
        for m in reversed(mods):
            await page.keyboard.up(m)


def _needs_element(target: Target, action: str) -> None:
    """Refuse a point before anything runs: ``action`` reads the element's own state."""
    if isinstance(target, Point):
        raise InvalidArgumentError(
            f"{action} needs an element, not a point",
            hint="give the element's ref from a snapshot, or a selector",
        )


async def _center(locator: Locator | None, ms: float) -> tuple[float, float]:
    assert locator is not None
    await locator.scroll_into_view_if_needed(timeout=ms)
    box = await locator.bounding_box(timeout=ms)
    if box is None:
        raise TargetNotFoundError("the target has no box (it is hidden)")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _paths(paths: str | Sequence[str]) -> list[str]:
    files = [paths] if isinstance(paths, str) else list(paths)
    for f in files:
        if not isinstance(f, str) or not Path(f).is_file():
            raise InvalidArgumentError(f"no such file: {f!r}")
    return files


async def _fill_one(locator: Locator | None, kind: str, value: Any, ms: float, where: str) -> None:
    assert locator is not None
    if kind in ("checkbox", "radio"):
        if not isinstance(value, bool):
            raise InvalidArgumentError(f"{where}: a {kind} takes True or False")
        await locator.set_checked(value, timeout=ms)
    elif kind == "select":
        options = [value] if isinstance(value, str) else list(value)
        await locator.select_option(options, timeout=ms)
    elif kind == "file":
        await locator.set_input_files(_paths(value), timeout=ms)
    elif kind in ("text", "editor"):
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise InvalidArgumentError(f"{where}: a text field takes a string")
        if kind == "editor":  # fill would append to what a code editor shows
            await _type_into_editor(locator, str(value), True, False, budget(ms))
        else:
            await locator.fill(str(value), timeout=ms)
    else:
        raise InvalidArgumentError(f"{where}: a <{kind}> cannot be filled")
