"""Benchmark of the live view's screencast: frame rate, latency to a frame, and idle cost.

Run as a script (``python benchmarks/bench_live.py``) or as the ``live`` section of
``python -m benchmarks live``. The viewer is a plain server-sent-events client in this
process, reading the view's event stream as the view page does. Targets (issue 14):
>= 10 frames/s while the page animates, < 150 ms from a DOM change to its frame at the
viewer, and ~0 frames while nothing changes.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from typing import Any

import browserkit as bk

FPS_TARGET = 10.0
LATENCY_TARGET_MS = 150.0
ANIMATE_S = 3.0
IDLE_S = 3.0
LATENCY_REPS = 12

# A counter redrawn on every animation frame while `window.running` is set.
PAGE = (
    "data:text/html,<!doctype html><title>live bench</title>"
    "<h1 id=t style='font:48px sans-serif'>0</h1><script>"
    "let n = 0; window.running = false;"
    "function tick() { if (window.running) document.getElementById('t').textContent = ++n;"
    " requestAnimationFrame(tick); } requestAnimationFrame(tick);</script>"
)


class Viewer:
    """Reads a live view's event stream and notes when each frame arrived."""

    def __init__(self) -> None:
        self.frames: list[float] = []
        self.bytes = 0
        self.arrived = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def open(self, view: bk.LiveView) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", view.port)
        token = view.url.split("token=", 1)[1]
        writer.write(
            f"GET /events?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{view.port}\r\n\r\n".encode()
        )
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        self._writer = writer
        self._task = asyncio.ensure_future(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        event = ""
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"event: "):
                event = line[7:].strip().decode()
            elif line.startswith(b"data: ") and event == "frame":
                self.frames.append(time.perf_counter())
                self.bytes += len(line)
                self.arrived.set()

    async def next_frame(self, timeout_s: float = 5.0) -> float:
        self.arrived.clear()
        await asyncio.wait_for(self.arrived.wait(), timeout_s)
        return self.frames[-1]

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._writer is not None:
            self._writer.close()


async def measure(executable_path: str | None = None) -> dict[str, Any]:
    """Measure the screencast of one session; plain numbers (fps, ms, counts, CPU s)."""
    config = bk.Config.from_env(idle_stop_ms=0)
    if executable_path:
        config = bk.Config.from_env(idle_stop_ms=0, executable_path=executable_path)
    async with bk.AsyncBrowser(config) as browser:
        s = await browser.start(url=PAGE)
        view = await s.live()
        viewer = Viewer()
        await viewer.open(view)
        try:
            await viewer.next_frame()
            # 1. frame rate while the page animates
            await s.evaluate("window.running = true")
            await asyncio.sleep(0.5)
            start, count = time.perf_counter(), len(viewer.frames)
            await asyncio.sleep(ANIMATE_S)
            fps = (len(viewer.frames) - count) / (time.perf_counter() - start)
            frame_kb = viewer.bytes * 3 / 4 / max(1, len(viewer.frames)) / 1024
            await s.evaluate("window.running = false")
            await asyncio.sleep(0.5)
            # 2. from a DOM change to its frame at the viewer
            latencies = []
            for i in range(LATENCY_REPS):
                viewer.arrived.clear()
                began = time.perf_counter()
                await s.evaluate(f"document.getElementById('t').textContent = 'change {i}'")
                latencies.append((await viewer.next_frame() - began) * 1000)
                await asyncio.sleep(0.2)
            # 3. nothing changes: frames sent and this process's CPU time
            await asyncio.sleep(0.5)
            count, cpu = len(viewer.frames), time.process_time()
            await asyncio.sleep(IDLE_S)
            idle_frames = len(viewer.frames) - count
            idle_cpu = time.process_time() - cpu
        finally:
            await viewer.close()
            view.stop()
    latencies.sort()
    return {
        "animating_fps": round(fps, 1),
        "fps_target": FPS_TARGET,
        "fps_ok": fps >= FPS_TARGET,
        "frame_kb_mean": round(frame_kb, 1),
        "latency_ms_median": round(statistics.median(latencies), 1),
        "latency_ms_max": round(latencies[-1], 1),
        "latency_target_ms": LATENCY_TARGET_MS,
        "latency_ok": statistics.median(latencies) < LATENCY_TARGET_MS,
        "idle_s": IDLE_S,
        "idle_frames": idle_frames,
        "idle_frames_ok": idle_frames <= 1,
        "idle_python_cpu_s": round(idle_cpu, 4),
    }


def run() -> dict[str, Any]:
    """Measure in a fresh event loop (the script entry point)."""
    return asyncio.run(measure())


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
