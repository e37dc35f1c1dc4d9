"""dom(): the DOM as a tree of elements with ``d``-refs, read in the isolated world."""

from __future__ import annotations

import json
from typing import Any

from browserkit._async.capture.isolated_world import DOM_HINT, World
from browserkit._async.core.session_core import SessionCore
from browserkit._async.targeting.resolve import Targets
from browserkit._checks import integer
from browserkit.results import DomNode
from browserkit.targets import Target

__all__ = ["DomReader"]

_DOM_MAX_NODES = 3000


class DomReader:
    """Reads the DOM of a session's tabs."""

    def __init__(self, core: SessionCore, world: World, targets: Targets) -> None:
        self._core = core
        self._world = world
        self._targets = targets

    async def dom(
        self, target: Target | None, depth: int, timeout_ms: float | None, tab_id: str | None
    ) -> DomNode:
        integer("depth", depth, at_least=0)
        tab = self._core.check(tab_id=tab_id)
        ms = self._core.timeout(timeout_ms)
        args: dict[str, Any] = {"depth": depth, "maxNodes": _DOM_MAX_NODES}
        if target is not None:
            tab, found = await self._targets.in_main_world(tab, target, ms, "dom")
            args.update(found)
        reply = await self._world.call(tab, f"dom({json.dumps(args)})", ms, "dom")
        value = reply.value
        self._world.check_reply(tab, args, value, DOM_HINT)
        if value.get("error") == "empty":
            return DomNode(tag="#document")
        self._world.note_printed(tab, reply)
        return _dom_node(value["node"])


def _dom_node(data: dict[str, Any]) -> DomNode:
    return DomNode(
        tag=str(data["tag"]),
        id=data.get("id") or None,
        classes=tuple(str(c) for c in data.get("classes") or ()),
        ref=data.get("ref"),
        text=data.get("text"),
        child_count=int(data.get("child_count", 0)),
        children=tuple(_dom_node(c) for c in data.get("children") or ()),
        truncated=bool(data.get("truncated", False)),
    )
