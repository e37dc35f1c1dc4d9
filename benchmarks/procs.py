"""Process trees and memory from ``/proc`` (Linux only; elsewhere everything is empty).

Each contender runs its own browser: raw Playwright and browserkit each start
a Playwright driver (node) as a child of this Python process, and Playwright's
MCP server is a child Python process with its own driver. Chromium processes
are descendants of those drivers. :class:`MemorySampler` sums the PSS
(proportional set size, so pages shared between Chromium processes are not
counted twice) of each contender's process tree about every two seconds and keeps
the peak.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import signal
import sys
from collections.abc import Iterable

import attrs

__all__ = [
    "MemorySampler",
    "Tree",
    "children",
    "descendants",
    "kill_tree",
    "python_peak_rss_mb",
]

_PROC = "/proc"


def _ppid(pid: int) -> int | None:
    try:
        with open(f"{_PROC}/{pid}/stat", encoding="utf-8", errors="replace") as f:
            stat = f.read()
    except OSError:
        return None
    # The command name may contain spaces and parentheses: split after the last ')'.
    fields = stat.rsplit(")", 1)[-1].split()
    return int(fields[1]) if len(fields) > 1 else None


def _pids() -> list[int]:
    try:
        return [int(d) for d in os.listdir(_PROC) if d.isdigit()]
    except OSError:
        return []


def children(pid: int) -> set[int]:
    """Direct children of ``pid``."""
    return {p for p in _pids() if _ppid(p) == pid}


def descendants(roots: Iterable[int]) -> set[int]:
    """``roots`` and every process below them (one scan of /proc)."""
    parent = {p: _ppid(p) for p in _pids()}
    found = {r for r in roots if r in parent}
    grew = True
    while grew:
        grew = False
        for p, pp in parent.items():
            if pp in found and p not in found:
                found.add(p)
                grew = True
    return found


def cmdline(pid: int) -> str:
    """The command line of ``pid`` ('' when gone)."""
    try:
        with open(f"{_PROC}/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def _status_kb(pid: int, key: str) -> int:
    try:
        with open(f"{_PROC}/{pid}/status", encoding="utf-8") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _pss_kb(pid: int) -> int:
    try:
        with open(f"{_PROC}/{pid}/smaps_rollup", encoding="utf-8") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return _status_kb(pid, "VmRSS")  # no smaps_rollup: fall back to RSS


def python_peak_rss_mb() -> float:
    """Peak RSS of this Python process in MB (ru_maxrss)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports KiB, macOS bytes.
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


@attrs.define
class Tree:
    """One contender's processes: its roots (driver or server) and what they spawned."""

    name: str
    roots: set[int]
    seen: dict[int, str] = attrs.field(factory=dict)
    peak_pss_kb: int = 0
    peak_driver_hwm_kb: int = 0
    peak_browser_procs: int = 0
    steps_peak_pss_kb: int | None = None
    """The peak during the page steps (see :meth:`MemorySampler.steps_begin`)."""
    _window_kb: int | None = None

    def sample(self) -> None:
        """Add the current PSS of the whole tree; remember each process we saw."""
        pids = descendants(self.roots)
        total = 0
        browsers = 0
        for pid in pids:
            if pid not in self.seen:
                self.seen[pid] = cmdline(pid)
            total += _pss_kb(pid)
            if "chrom" in self.seen[pid]:
                browsers += 1
            if pid in self.roots or "playwright/driver" in self.seen[pid]:
                self.peak_driver_hwm_kb = max(self.peak_driver_hwm_kb, _status_kb(pid, "VmHWM"))
        self.peak_pss_kb = max(self.peak_pss_kb, total)
        if self._window_kb is not None:
            self._window_kb = max(self._window_kb, total)
        self.peak_browser_procs = max(self.peak_browser_procs, browsers)

    def to_json(self) -> dict[str, float | int | str]:
        """Peaks in MB."""
        return {
            "contender": self.name,
            "peak_tree_pss_mb": round(self.peak_pss_kb / 1024, 1),
            "steps_peak_tree_pss_mb": (
                round(self.steps_peak_pss_kb / 1024, 1)
                if self.steps_peak_pss_kb is not None
                else "–"
            ),
            "peak_driver_hwm_mb": round(self.peak_driver_hwm_kb / 1024, 1),
            "peak_chromium_processes": self.peak_browser_procs,
        }


class MemorySampler:
    """Samples every registered :class:`Tree` in the background, about every two seconds."""

    def __init__(self, interval_s: float = 2.0) -> None:
        self.trees: list[Tree] = []
        self.interval_s = interval_s
        self._task: asyncio.Task[None] | None = None
        self.enabled = os.path.isdir(_PROC) and sys.platform.startswith("linux")

    def track(self, name: str, roots: set[int]) -> Tree:
        """Start following the processes under ``roots`` as contender ``name``."""
        tree = Tree(name, set(roots))
        self.trees.append(tree)
        if self.enabled:
            tree.sample()
        return tree

    def sample(self) -> None:
        """Sample every tree now."""
        if not self.enabled:
            return
        for tree in self.trees:
            tree.sample()

    def steps_begin(self) -> None:
        """Start a separate peak for the page steps, the work every contender does.

        The engine section (raw Playwright only) and the reading section
        (browserkit and MCP only) load pages the others never visit, so the
        whole-run peak alone compares different work.
        """
        for tree in self.trees:
            tree._window_kb = 0
        self.sample()

    def steps_end(self) -> None:
        """Close the page-steps peak opened by :meth:`steps_begin`."""
        self.sample()
        for tree in self.trees:
            tree.steps_peak_pss_kb, tree._window_kb = tree._window_kb, None

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.interval_s)
            await asyncio.to_thread(self.sample)

    def start(self) -> None:
        """Begin background sampling (no-op off Linux)."""
        if self.enabled and self._task is None:
            self._task = asyncio.ensure_future(self._loop())

    async def stop(self) -> None:
        """Stop sampling after one last sample."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self.sample()


def kill_tree(pids: dict[int, str]) -> int:
    """SIGKILL the processes in ``pids`` that still run the recorded command line.

    Only processes this run recorded are touched; the command-line check keeps a
    reused pid from being killed. Returns how many were killed.
    """
    killed = 0
    for pid, cmd in pids.items():
        if cmd and cmdline(pid) == cmd:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
                killed += 1
    return killed
