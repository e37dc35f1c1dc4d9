"""scan(): the page as compact simplified HTML, with its render state, targets and frames."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from browserkit._async.capture.isolated_world import World
from browserkit._async.core.loading import BOOT_MS, SAMPLE_MS, PendingRequests
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab
from browserkit._checks import integer
from browserkit.results import CollapsedList, FrameInfo, PageScan, ScanTarget
from browserkit.targets import css

__all__ = ["Scanner"]


class Scanner:
    """Scans a session's tabs in the isolated world (the page is never modified)."""

    def __init__(self, core: SessionCore, world: World) -> None:
        self._core = core
        self._world = world

    async def scan(
        self,
        max_chars: int,
        cutlist: bool,
        text_only: bool,
        max_targets: int,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> PageScan:
        for name, value, low in (("max_chars", max_chars, 100), ("max_targets", max_targets, 0)):
            integer(name, value, at_least=low)
        tab = self._core.check(tab_id=tab_id)
        ms = self._core.timeout(timeout_ms)
        # The render state is the loading policy's, read at this moment.
        requests = PendingRequests()
        requests.adopt(self._core.evidence.in_flight(tab.tab_id))
        args = {
            "maxChars": max_chars,
            "cutlist": bool(cutlist),
            "textOnly": bool(text_only),
            "maxTargets": max_targets,
            "sampleMs": SAMPLE_MS,
            "bootMs": BOOT_MS,
            "pendingRequests": requests.holding(),
            "showSecrets": self._core.config.show_secrets,
        }
        reply = await self._world.call(tab, f"scan({json.dumps(args)})", ms, "scan")
        value = reply.value
        self._world.note_printed(tab, reply)
        content = str(value["content"])
        return PageScan(
            content=content,
            render_state=value["render_state"],
            content_ready=bool(value["content_ready"]),
            chars=len(content),
            truncated=bool(value["truncated"]),
            collapsed=tuple(
                CollapsedList(
                    str(c["selector"]), int(c["count"]), int(c["shown"]), str(c["item_tag"])
                )
                for c in value["collapsed"]
            ),
            targets=tuple(
                ScanTarget(
                    locator=css(str(t["selector"])),
                    role=str(t["role"]),
                    name=str(t["name"]),
                    editable=bool(t["editable"]),
                    action=t["action"],
                    ref=str(t["ref"]),
                    tag=str(t["tag"]),
                )
                for t in value["targets"]
            ),
            frames=_frames(tab, value["frames"]),
            url=tab.page.url,
            generation=reply.generation,
            hidden=int(value.get("hidden", 0)),
        )


def _frames(tab: Tab, elements: list[dict[str, Any]]) -> tuple[FrameInfo, ...]:
    """Every frame below the main one, matched to its ``<iframe>`` where possible."""
    main = tab.page.main_frame
    origin = _origin(main.url)
    unused = list(elements)

    def take(key: str, want: str) -> str | None:
        for element in unused:
            if element[key] == want:
                unused.remove(element)
                return str(element["selector"])
        return None

    children = list(main.child_frames)
    chosen: list[str | None] = [None] * len(children)
    # The <iframe> of each frame: by name, else by URL, else in order.
    for key in ("name", "src"):
        for i, frame in enumerate(children):
            want = frame.name if key == "name" else frame.url
            if chosen[i] is None and want:
                chosen[i] = take(key, want)
    for i in range(len(children)):
        if chosen[i] is None and unused:
            chosen[i] = str(unused.pop(0)["selector"])
    out = [
        FrameInfo(frame.url, frame.name, _cross(origin, frame.url), chosen[i])
        for i, frame in enumerate(children)
    ]
    stack = [f for c in children for f in c.child_frames]
    while stack:
        frame = stack.pop(0)
        out.append(FrameInfo(frame.url, frame.name, _cross(origin, frame.url), None))
        stack.extend(frame.child_frames)
    return tuple(out)


def _origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.scheme, parts.netloc


def _cross(origin: tuple[str, str], url: str) -> bool:
    if url in ("", "about:blank", "about:srcdoc"):
        return False
    return _origin(url) != origin
