"""Reading computed styles and setting inline ones, live."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from browserkit._async.acting.pipeline import Pipeline, Sent
from browserkit._async.capture.isolated_world import World
from browserkit._async.core import page_scripts
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab
from browserkit._async.targeting.resolve import Aim, Targets
from browserkit.errors import InvalidArgumentError
from browserkit.results import ActionResult, Styles
from browserkit.targets import Point, Target, describe

__all__ = ["DESIGN_PROPERTIES", "StyleEditor"]

_PROPERTY = re.compile(r"^(--[\w-]+|-?[a-zA-Z][a-zA-Z0-9-]*)$")

# The design properties styles() reads when no names are given.
DESIGN_PROPERTIES: tuple[str, ...] = (
    "display",
    "position",
    "top",
    "right",
    "bottom",
    "left",
    "z-index",
    "box-sizing",
    "width",
    "height",
    "min-width",
    "max-width",
    "margin",
    "padding",
    "border",
    "border-radius",
    "color",
    "background-color",
    "background-image",
    "opacity",
    "visibility",
    "overflow",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "line-height",
    "letter-spacing",
    "text-align",
    "text-decoration-line",
    "text-transform",
    "white-space",
    "flex-direction",
    "flex-wrap",
    "justify-content",
    "align-items",
    "gap",
    "grid-template-columns",
    "box-shadow",
    "cursor",
    "transform",
    "transition",
)


class StyleEditor:
    """Reads and sets the styles of a session's elements."""

    def __init__(
        self, core: SessionCore, world: World, targets: Targets, pipeline: Pipeline
    ) -> None:
        self._core = core
        self._world = world
        self._targets = targets
        self._pipeline = pipeline

    async def styles(
        self,
        target: Target,
        properties: Sequence[str] | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> Styles:
        names = _property_names(properties)
        tab = self._core.check(tab_id=tab_id)
        ms = self._core.timeout(timeout_ms)
        if isinstance(target, Point):
            raise InvalidArgumentError("styles() needs an element target, not a point")
        wanted = None if names == ["*"] else names
        where = await self._targets.in_world(tab, target, ms)
        if where is None:
            # Inside an iframe: read it in the frame's own world.
            locator, label = await self._targets.resolve(tab, target, ms)
            value = await self._core.bounded(
                locator.evaluate(page_scripts.STYLES, wanted, timeout=ms),
                f"styles of {label}",
                ms,
                tab,
            )
        else:
            tab, args = where
            args["names"] = wanted
            reply = await self._world.call(tab, f"styles({json.dumps(args)})", ms, "styles")
            value = reply.value
            self._world.check_reply(tab, args, value, "take a new snapshot, or call dom() again")
        if value["unknown"]:
            raise InvalidArgumentError(
                f"unknown CSS properties: {', '.join(value['unknown'])}",
                hint="use standard property names (e.g. background-color) or --custom ones",
            )
        props = {str(k): str(v) for k, v in value["properties"].items()}
        return Styles(properties=props, inline_style=str(value["inline"]))

    async def set_style(
        self,
        target: Target,
        property: str,
        value: str,
        important: bool,
        observe: bool | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        if not isinstance(property, str) or not _PROPERTY.match(property):
            raise InvalidArgumentError(f"not a CSS property name: {property!r}")
        if not isinstance(value, str):
            raise InvalidArgumentError(f"value must be a string, got {type(value).__name__}")
        if isinstance(target, Point):
            raise InvalidArgumentError("set_style needs an element target, not a point")
        name = property if property.startswith("--") else property.lower()
        what = describe(target)
        if value.strip():
            bang = " !important" if important else ""
            detail = f"set {name}: {value.strip()}{bang} on {what}"
        else:
            detail = f"removed {name} from {what}"

        async def body(tab: Tab, ms: float, aim: Aim) -> Sent:
            locator = aim.locator
            assert locator is not None
            result = await locator.evaluate(
                page_scripts.SET_STYLE, [name, value.strip(), bool(important)], timeout=ms
            )
            if not result["ok"]:
                raise InvalidArgumentError(
                    f"cannot set {name}: {value!r} ({result.get('reason', 'rejected')})",
                    hint="check the property name and value; nothing was changed",
                )
            return Sent(True, f'{detail}; inline style now: "{result["inline"]}"')

        return await self._pipeline.act(
            detail, body, target=target, observe=observe, timeout_ms=timeout_ms, tab_id=tab_id
        )


def _property_names(properties: Sequence[str] | None) -> list[str]:
    if properties is None:
        return list(DESIGN_PROPERTIES)
    if isinstance(properties, str):
        raise InvalidArgumentError(
            "properties must be a list of names (e.g. ['color']), not a string"
        )
    names = list(properties)
    if names == ["*"]:
        return names
    if not names:
        raise InvalidArgumentError("properties is empty; leave it out for the design set")
    for name in names:
        if not isinstance(name, str) or not _PROPERTY.match(name):
            raise InvalidArgumentError(f"not a CSS property name: {name!r}")
    return [n if n.startswith("--") else n.lower() for n in names]
