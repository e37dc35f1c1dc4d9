"""Reading a tab as a picture or an outline: snapshot (with its diff), find, screenshot."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Literal

import attrs

from browserkit import _images
from browserkit._async.capture.outline_capture import Capture, busy_error, left_ms
from browserkit._async.core import page_scripts
from browserkit._async.core.session_core import SessionCore
from browserkit._async.targeting.resolve import Targets
from browserkit._checks import flag, integer, optional_integer
from browserkit._paths import output_file, write_file
from browserkit._patterns import UserPattern, compile_user_pattern
from browserkit.errors import (
    InvalidArgumentError,
    ReadOnlyError,
    TargetNotFoundError,
    TimeoutError,
)
from browserkit.results import FindMatch, Screenshot, Snapshot
from browserkit.snapshot import diff as diff_outlines
from browserkit.snapshot._find import find_lines
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
        tab_id: str | None,
        timeout_ms: float | None,
        compact: bool = False,
        max_tokens: int | None = None,
        include_hidden: bool = False,
    ) -> Snapshot:
        optional_integer("depth", depth, at_least=1)
        flag("compact", compact)
        flag("include_hidden", include_hidden)
        optional_integer("max_tokens", max_tokens, at_least=1)
        core = self._core
        tab = core.check(tab_id=tab_id)
        ms = core.timeout(timeout_ms)
        deadline = time.monotonic() + ms / 1000  # one bound for every step below
        locator = None
        if target is not None:
            locator, _ = await self._targets.resolve(tab, target, ms)
        # With the hidden texts, an outline is not what diffs compare: no baseline.
        whole_page = target is None and depth is None and not include_hidden
        title: str | None = None
        if whole_page:
            base, title = await self._capture.baseline(tab, left_ms(deadline))
            text, generation, hidden, glued = base.text, base.generation, base.hidden, base.glued
        else:
            text, generation, hidden, glued = await self._capture.read(
                tab, left_ms(deadline), locator, depth, include_hidden=include_hidden
            )
        short = None
        if compact or max_tokens is not None:
            # From the whole capture, even past max_snapshot_nodes: a compact
            # outline is how a huge page is read. Its refs, and the refs its
            # notes name, are recorded like the tree's (the same capture).
            # Inside a target, the runs it holds are what was asked for: shown.
            short = await self._capture.compact(
                tab,
                text,
                generation,
                max_tokens=max_tokens,
                open_top=target is not None,
                glued=glued,
            )
        lines = text.count("\n") + 1 if text else 0
        truncated = lines > core.config.max_snapshot_nodes
        if truncated:
            text = "\n".join(text.split("\n")[: core.config.max_snapshot_nodes])
        ref_count = self._capture.record(tab, text, generation)
        snapshot_diff = None
        if whole_page:
            previous = tab.baseline
            if (
                diff
                and previous is not None
                and previous.diffable
                and previous.generation == generation
            ):
                snapshot_diff = diff_outlines(
                    previous.outline, base.outline, baseline_generation=previous.generation
                )
                veiled = self._capture.veiled(tab, generation)
                if veiled:
                    snapshot_diff = attrs.evolve(snapshot_diff, veiled=veiled)
            self._capture.keep(tab, base)
        if title is None:
            title = await core.bounded(tab.page.title(), "title", left_ms(deadline), tab)
        return Snapshot(
            tree=text,
            generation=generation,
            url=tab.page.url,
            title=title,
            tab_id=tab.tab_id,
            truncated=truncated,
            refs=ref_count,
            diff=snapshot_diff,
            compact=short,
            hidden=hidden,
        )

    async def find(
        self,
        text: str | None,
        regex: str | None,
        urls: bool,
        limit: int | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> list[FindMatch]:
        if text is None and regex is None:
            raise InvalidArgumentError("find needs text or regex")
        if text is not None and (not isinstance(text, str) or not text):
            raise InvalidArgumentError(f"text must be a non-empty string, got {text!r}")
        flag("urls", urls)
        optional_integer("limit", limit, at_least=1)
        pattern: UserPattern | None = None
        if regex is not None:
            if not isinstance(regex, str) or not regex:
                raise InvalidArgumentError(f"regex must be a non-empty string, got {regex!r}")
            pattern = compile_user_pattern(regex, "regex")
        tab = self._core.check(tab_id=tab_id)
        ms = self._core.timeout(timeout_ms)
        outline, generation = await self._capture.outline(tab, ms)
        self._capture.record(tab, outline, generation)
        if text is not None:
            self._capture.want(tab, text)  # a fold read next keeps what holds it
        # Bounded in time: the outline is page text (see browserkit._patterns).
        search = pattern.searcher() if pattern is not None else None
        found = find_lines(outline, text, search, urls=urls, limit=limit)
        last = len(found.lines) - 1
        return [
            FindMatch(m.ref, m.line, m.path, m.before, m.after, found.more if at == last else 0)
            for at, m in enumerate(found.lines)
        ]

    async def screenshot(
        self,
        full_page: bool,
        format: Literal["jpeg", "png"],
        target: Target | None,
        max_side: int,
        path: str | None,
        tab_id: str | None,
        timeout_ms: float | None,
    ) -> Screenshot:
        if full_page and target is not None:  # one would silently win over the other
            raise InvalidArgumentError("full_page=True and target= cannot be combined")
        if format not in ("jpeg", "png"):
            raise InvalidArgumentError(f"format must be 'jpeg' or 'png', got {format!r}")
        integer("max_side", max_side, at_least=16)
        if path is not None:
            _check_path(path)
        core = self._core
        tab = core.check(tab_id=tab_id)
        if full_page and core.read_only:
            raise ReadOnlyError(
                "a full-page screenshot resizes the page's view for a moment, which the page "
                "can see (resize events, media queries); a read-only session does not do that",
                hint="take a viewport screenshot, or screenshot an element in view (target=)",
            )
        ms = core.timeout(timeout_ms)
        deadline = time.monotonic() + ms / 1000  # one bound for every step below
        metrics = await core.bounded(tab.page.evaluate(page_scripts.METRICS), "screenshot", ms, tab)
        vw, vh, sx, sy, dw, dh = (float(v) for v in metrics)
        if target is not None:
            locator, _ = await self._targets.resolve(tab, target, left_ms(deadline))
            left = left_ms(deadline)
            box = await core.bounded(locator.bounding_box(timeout=left), "screenshot", left, tab)
            if box is None:
                raise TargetNotFoundError("the target has no box (it is hidden)")
            clip = {
                "x": box["x"] + sx,
                "y": box["y"] + sy,
                "width": box["width"],
                "height": box["height"],
            }
            if core.read_only:
                clip = _in_view(clip, sx, sy, vw, vh)
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
            # Capturing beyond the viewport resizes the view for a moment and
            # the page sees resize events: never in a read-only session, where
            # an element screenshot shows the part of it that is in view.
            "captureBeyondViewport": (target is not None or full_page) and not core.read_only,
        }
        if format == "jpeg":
            params["quality"] = 80
        cdp = await tab.cdp_session()
        left = left_ms(deadline)
        try:
            result = await core.bounded(
                cdp.send("Page.captureScreenshot", params), "screenshot", left, tab
            )
        except TimeoutError:
            raise busy_error("screenshot", ms) from None
        data = _images.b64decode(result["data"])
        width, height = _images.size(data)
        if path is not None:
            try:
                out = output_file(path, "screenshot(path='page.png')")
                await asyncio.to_thread(write_file, out, data, private=False)
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


def _in_view(
    clip: dict[str, float], sx: float, sy: float, vw: float, vh: float
) -> dict[str, float]:
    """The part of ``clip`` (document coordinates) inside the viewport.

    A read-only session neither scrolls nor captures beyond the viewport
    (the page would see it), so an element screenshot shows what is in view.
    """
    left, top = max(clip["x"], sx), max(clip["y"], sy)
    right = min(clip["x"] + clip["width"], sx + vw)
    bottom = min(clip["y"] + clip["height"], sy + vh)
    if right <= left or bottom <= top:
        raise ReadOnlyError(
            "the target is out of view, and a read-only session does not scroll to it",
            hint="take a viewport screenshot, or use a writable session",
        )
    return {"x": left, "y": top, "width": right - left, "height": bottom - top}


def _check_path(path: str) -> None:
    """Refuse a screenshot path that cannot be written, before the capture."""
    output_file(path, "screenshot(path='page.png')")
