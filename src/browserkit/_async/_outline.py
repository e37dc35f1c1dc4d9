"""Reading a tab as a picture or an outline: snapshot (with its diff), find, screenshot."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any, Literal

from browserkit import _images
from browserkit._async import _js
from browserkit._async._capture import Capture
from browserkit._async._core import SessionCore
from browserkit._async._targets import Targets
from browserkit.errors import InvalidArgumentError, TargetNotFoundError
from browserkit.results import FindMatch, Screenshot, Snapshot
from browserkit.snapshot import Node
from browserkit.snapshot import diff as diff_outlines
from browserkit.snapshot import parse as parse_outline
from browserkit.targets import Target

__all__ = ["Outlines"]


class Outlines:
    """What a session's reading calls that go through the accessibility outline do."""

    def __init__(self, core: SessionCore, capture: Capture, targets: Targets) -> None:
        self._core = core
        self._capture = capture
        self._targets = targets

    async def snapshot(
        self,
        diff: bool,
        target: Target | None,
        depth: int | None,
        page_id: str | None,
        timeout_ms: float | None,
    ) -> Snapshot:
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or depth < 1
        ):
            raise InvalidArgumentError(f"depth must be an integer >= 1, got {depth!r}")
        core = self._core
        tab = core.check(page_id=page_id)
        ms = core.timeout(timeout_ms)
        locator = None
        if target is not None:
            locator, _ = await self._targets.resolve(tab, target, ms)
        whole_page = target is None and depth is None
        title: str | None = None
        if whole_page:
            base, title = await self._capture.baseline(tab, ms)
            text, generation = base.text, base.generation
        else:
            text, generation = await self._capture.outline(tab, ms, locator, depth)
        lines = text.count("\n") + 1 if text else 0
        truncated = lines > core.config.max_snapshot_nodes
        if truncated:
            text = "\n".join(text.split("\n")[: core.config.max_snapshot_nodes])
        ref_count = self._capture.record(tab, text, generation)
        snapshot_diff = None
        if whole_page:
            previous = tab.baseline
            if diff and previous is not None and previous.generation == generation:
                snapshot_diff = diff_outlines(
                    previous.outline, base.outline, baseline_generation=previous.generation
                )
            tab.baseline = base
        if title is None:
            title = await core.guard(tab.page.title(), "title", ms, tab)
        return Snapshot(
            tree=text,
            generation=generation,
            url=tab.page.url,
            title=title,
            page_id=tab.page_id,
            truncated=truncated,
            refs=ref_count,
            diff=snapshot_diff,
        )

    async def find(
        self,
        text: str | None,
        regex: str | None,
        timeout_ms: float | None,
        page_id: str | None,
    ) -> list[FindMatch]:
        if text is None and regex is None:
            raise InvalidArgumentError("find needs text or regex")
        if text is not None and (not isinstance(text, str) or not text):
            raise InvalidArgumentError(f"text must be a non-empty string, got {text!r}")
        pattern: re.Pattern[str] | None = None
        if regex is not None:
            if not isinstance(regex, str) or not regex:
                raise InvalidArgumentError(f"regex must be a non-empty string, got {regex!r}")
            try:
                pattern = re.compile(regex)
            except re.error as exc:
                raise InvalidArgumentError(f"bad regex {regex!r}: {exc}") from None
        tab = self._core.check(page_id=page_id)
        ms = self._core.timeout(timeout_ms)
        outline, generation = await self._capture.outline(tab, ms)
        self._capture.record(tab, outline, generation)
        needle = text.casefold() if text is not None else None
        matches: list[FindMatch] = []
        stack: list[tuple[Node, tuple[str, ...], str | None]] = [
            (node, (), None) for node in reversed(parse_outline(outline).children)
        ]
        while stack:
            node, path, near = stack.pop()
            fields = _fields(node)
            hit = (needle is None or any(needle in f.casefold() for f in fields)) and (
                pattern is None or any(pattern.search(f) for f in fields)
            )
            if hit:
                line = node.line.strip()
                line = line[2:] if line.startswith("- ") else line
                matches.append(FindMatch(node.ref or near, line, path))
            below = (*path, _label(node))
            stack.extend((child, below, node.ref or near) for child in reversed(node.children))
        return matches

    async def screenshot(
        self,
        full_page: bool,
        format: Literal["jpeg", "png"],
        target: Target | None,
        max_side: int,
        path: str | None,
        page_id: str | None,
        timeout_ms: float | None,
    ) -> Screenshot:
        if format not in ("jpeg", "png"):
            raise InvalidArgumentError(f"format must be 'jpeg' or 'png', got {format!r}")
        if isinstance(max_side, bool) or not isinstance(max_side, int) or max_side < 16:
            raise InvalidArgumentError(f"max_side must be an integer >= 16, got {max_side!r}")
        if path is not None and not Path(path).parent.is_dir():
            raise InvalidArgumentError(f"the folder of {path!r} does not exist")
        if path is not None and Path(path).is_dir():
            raise InvalidArgumentError(f"{path!r} is a folder; give a file path")
        core = self._core
        tab = core.check(page_id=page_id)
        ms = core.timeout(timeout_ms)
        metrics = await core.guard(tab.page.evaluate(_js.METRICS), "screenshot", ms, tab)
        vw, vh, sx, sy, dw, dh = (float(v) for v in metrics)
        if target is not None:
            locator, _ = await self._targets.resolve(tab, target, ms)
            box = await core.guard(locator.bounding_box(timeout=ms), "screenshot", ms, tab)
            if box is None:
                raise TargetNotFoundError("the target has no box (it is hidden)")
            clip = {
                "x": box["x"] + sx,
                "y": box["y"] + sy,
                "width": box["width"],
                "height": box["height"],
            }
        elif full_page:
            clip = {"x": 0.0, "y": 0.0, "width": max(vw, dw), "height": max(vh, dh)}
        else:
            clip = {"x": sx, "y": sy, "width": vw, "height": vh}
        clip["width"] = max(1.0, clip["width"])
        clip["height"] = max(1.0, clip["height"])
        scale = min(1.0, max_side / max(clip["width"], clip["height"]))
        params: dict[str, Any] = {
            "format": format,
            "clip": {**clip, "scale": scale},
            "captureBeyondViewport": target is not None or full_page,
        }
        if format == "jpeg":
            params["quality"] = 80
        cdp = await tab.cdp_session()
        result = await core.guard(
            asyncio.wait_for(cdp.send("Page.captureScreenshot", params), ms / 1000),
            "screenshot",
            ms,
        )
        data = _images.b64decode(result["data"])
        width, height = _images.size(data)
        if path is not None:
            try:
                Path(path).write_bytes(data)
            except OSError as exc:
                raise InvalidArgumentError(f"cannot write {path!r}: {exc.strerror}") from None
        return Screenshot(
            data=data,
            mime="image/jpeg" if format == "jpeg" else "image/png",
            width=width,
            height=height,
            source_width=round(clip["width"]),
            source_height=round(clip["height"]),
            path=path,
        )


def _fields(node: Node) -> list[str]:
    """What ``find`` matches in a node: its name, text and property values."""
    if node.opaque:
        return [node.line]
    out = [v for v in (node.name, node.text) if v]
    out.extend(value for _, value in node.props)
    return out


def _label(node: Node) -> str:
    """How a node appears in a match's ancestor path."""
    if node.opaque:
        return node.line.strip()
    out = node.role
    if node.name:
        out += " " + json.dumps(node.name, ensure_ascii=False)
    if node.ref:
        out += f" [ref={node.ref}]"
    return out
