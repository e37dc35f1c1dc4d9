"""markdown(): the page's main content as Markdown, read in the isolated world."""

from __future__ import annotations

import json
from typing import Any

from browserkit._async.capture.isolated_world import DOM_HINT, World
from browserkit._async.core.session_core import SessionCore
from browserkit._async.targeting.resolve import Targets
from browserkit._checks import integer
from browserkit.results import MarkdownLink, PageMarkdown
from browserkit.targets import Target

__all__ = ["MarkdownReader"]


class MarkdownReader:
    """Reads a session's tab as Markdown (``js/reading_world_markdown.js``); never modifies it."""

    def __init__(self, core: SessionCore, world: World, targets: Targets) -> None:
        self._core = core
        self._world = world
        self._targets = targets

    async def markdown(
        self,
        target: Target | None,
        max_chars: int,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> PageMarkdown:
        integer("max_chars", max_chars, at_least=100)
        tab = self._core.check(tab_id=tab_id)
        ms = self._core.timeout(timeout_ms)
        args: dict[str, Any] = {"maxChars": max_chars}
        if target is not None:
            tab, found = await self._targets.in_main_world(tab, target, ms, "markdown")
            args.update(found)
        reply = await self._world.call(tab, f"markdown({json.dumps(args)})", ms, "markdown")
        value = reply.value
        self._world.check_reply(tab, args, value, DOM_HINT)
        self._world.note_printed(tab, reply)
        return PageMarkdown(
            text=str(value["text"]),
            title=str(value["title"]),
            url=tab.page.url,
            links=tuple(
                MarkdownLink(str(link["ref"]), str(link["text"]), str(link["url"]))
                for link in value["links"]
            ),
            truncated=bool(value["truncated"]),
            generation=reply.generation,
            hidden=int(value.get("hidden", 0)),
        )
