"""Raw input: a mouse button or a key held down and let go, as separate actions.

Each runs through the action pipeline like ``click`` and ``press``, so it
reports what it changed. Between a ``mouse_down`` and its ``mouse_up`` the
button stays held: ``hover`` moves the mouse with it held (drawing, dragging
a slider, a game); between ``key_down`` and ``key_up`` the key stays held
for every key press and click in between.
"""

from __future__ import annotations

from typing import Literal

from playwright.async_api import Error as PlaywrightError

from browserkit._async.acting.actions import move_to
from browserkit._async.acting.pipeline import Pipeline
from browserkit._async.core.tab import Tab
from browserkit._async.targeting.resolve import Aim
from browserkit.errors import InvalidArgumentError
from browserkit.results import ActionResult
from browserkit.targets import Target, describe
from browserkit.types import Button

__all__ = ["RawInput"]


class RawInput:
    """Mouse button and key down/up, run through a session's pipeline."""

    def __init__(self, pipeline: Pipeline) -> None:
        self._pipeline = pipeline

    async def mouse(
        self,
        way: Literal["down", "up"],
        target: Target | None,
        button: Button,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        if button not in ("left", "right", "middle"):
            raise InvalidArgumentError(f"button must be left, right or middle, got {button!r}")

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            # Moved like hover: onto an element's centre, where a person would press.
            verified = await move_to(tab, ms, aim)
            if way == "down":
                await tab.page.mouse.down(button=button)
            else:
                await tab.page.mouse.up(button=button)
            return verified

        where = "" if target is None else f" at {describe(target)}"
        return await self._pipeline.act(
            f"{button} mouse button {way}{where}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
        )

    async def key(
        self,
        way: Literal["down", "up"],
        key: str,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        if not isinstance(key, str) or not key:
            raise InvalidArgumentError(f"key must be a non-empty string, got {key!r}")
        if "+" in key and key != "+":
            raise InvalidArgumentError(
                f"key_{way} takes one key, not the chord {key!r}",
                hint="hold each key with its own key_down (Shift, then a), or press the chord",
            )

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            keyboard = tab.page.keyboard
            try:
                if way == "down":
                    await keyboard.down(key)
                else:
                    await keyboard.up(key)
            except PlaywrightError as exc:
                # Playwright's own words for a key name it does not know (no page text).
                if "Unknown key" not in str(exc):
                    raise
                raise InvalidArgumentError(
                    f"unknown key {key!r}",
                    hint="use a key name such as Shift, Control, ArrowLeft, Enter, or a character",
                ) from None
            return None

        return await self._pipeline.act(
            f"key {key} {way}",
            body,
            target=None,
            observe=observe,
            timeout_ms=timeout_ms,
            tab_id=tab_id,
        )
