"""Protocol bytes of one observed click against a raw click plus a fresh snapshot.

What is counted: every message Playwright's driver sends to Chromium over the
DevTools protocol (CDP), in bytes of its JSON text, as the driver logs it with
``DEBUG=pw:protocol`` (``SEND ►`` lines, written untruncated to ``DEBUG_FILE``).
That is where both contenders' work ends up: a raw ``locator.click()`` and
``page.aria_snapshot(mode="ai")`` are one call each from Python, which the
driver turns into the CDP messages that do the work; browserkit's own CDP
calls (``CDPSession.send``) and its Playwright calls pass through the same
driver. Counting what Python sends to the driver instead would credit raw
Playwright with two small messages and hide the scripts its driver sends.

Each contender gets its own driver and Chromium, launched here with the log
on (so no other section pays for logging), on the same 30-item shop page
(``/shop?n=30``). In every repetition each contender loads the page (a new
document), reads an outline for a ref (untimed, unmeasured), then does the
measured step: raw Playwright clicks the first "Add to cart" and takes a new
``aria_snapshot(mode="ai")``; browserkit makes ``click(ref, observe=True)``,
whose answer already says what changed. The step is delimited in the log by
two marker evaluations (their own messages are not counted); browserkit's
clean-up that runs on after the click returns is given a few event-loop turns
to be sent first. The first repetition is reported on its own: it includes a
session's one-time set-up (listeners, scripts registered once per tab).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import browserkit as bk
from benchmarks.contenders import CALL_TIMEOUT_S, RawPlaywright, find_ref
from benchmarks.pages import PageServer

__all__ = ["BYTES_TARGET", "PAGE", "bytes_markdown", "run_bytes"]

BYTES_TARGET = 1.0
"""Issue 26: an observed click sends no more than a raw click plus a fresh snapshot."""
PAGE = "/shop?n=30"
BUTTON = "Add to cart"
_SEND = "SEND \u25ba "
_DRAIN_TURNS = 20
RAW = "raw click + aria_snapshot(mode='ai')"
BROWSERKIT = "browserkit click(observe=True)"


@contextlib.contextmanager
def _protocol_log(path: Path) -> Iterator[None]:
    """While open, a Playwright driver that starts logs its CDP traffic to ``path``."""
    saved = {k: os.environ.get(k) for k in ("DEBUG", "DEBUG_FILE")}
    os.environ["DEBUG"] = "pw:protocol"
    os.environ["DEBUG_FILE"] = str(path)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def sent_between(log: Path, start: str, end: str) -> list[str]:
    """The CDP messages sent between the one carrying ``start`` and the one carrying ``end``."""
    sent: list[str] = []
    inside = False
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        at = line.find(_SEND)
        if at < 0:
            continue
        message = line[at + len(_SEND) :]
        if not inside:
            inside = start in message
            continue
        if end in message:
            return sent
        sent.append(message)
    raise LookupError(f"markers {start!r}..{end!r} not found in {log}")


def _measure(messages: list[str]) -> dict[str, int]:
    return {"messages": len(messages), "bytes": sum(len(m.encode("utf-8")) for m in messages)}


async def _bounded(aw: Awaitable[Any]) -> Any:
    return await asyncio.wait_for(aw, CALL_TIMEOUT_S)


async def run_bytes(
    server: PageServer,
    exe: str,
    *,
    reps: int,
    log: Callable[[str], None],
    into: dict[str, Any],
) -> None:
    """Measure ``reps`` steps (after a first one reported apart); fills ``into``."""
    url = server.url(PAGE)
    folder = Path(tempfile.mkdtemp(prefix="bk-bench-bytes-"))
    raw_log, bk_log = folder / "raw.log", folder / "browserkit.log"
    raw = RawPlaywright(exe)
    browser: bk.AsyncBrowser | None = None
    log(f"bytes: {reps + 1} observed clicks vs raw click + snapshot, {PAGE}")
    try:
        with _protocol_log(raw_log):
            await raw.start()
        browser = bk.AsyncBrowser(idle_stop_ms=0, executable_path=exe)
        with _protocol_log(bk_log):
            session = await _bounded(browser.start(url=url))
        # Markers go straight to the tab's Playwright page: one message each.
        bk_page = session._core.tab(None).page
        for i in range(reps + 1):
            await raw.goto(url)
            ref = find_ref(await raw.ref_text(), BUTTON)
            await raw.page.evaluate(f"'bench-mark-{i}-start'")
            await raw.click(ref)
            await raw.snapshot()
            await raw.page.evaluate(f"'bench-mark-{i}-end'")

            await _bounded(session.navigate(url))
            ref = find_ref(str((await _bounded(session.snapshot())).tree), BUTTON)
            await bk_page.evaluate(f"'bench-mark-{i}-start'")
            await _bounded(session.click(ref, observe=True))
            for _ in range(_DRAIN_TURNS):
                await asyncio.sleep(0)  # clean-up the click started runs on: let it send
            await bk_page.evaluate(f"'bench-mark-{i}-end'")
    finally:
        if browser is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(browser.close(), 30)
        await raw.close()
    # The drivers have exited: their logs are complete.
    rows: dict[str, list[dict[str, int]]] = {RAW: [], BROWSERKIT: []}
    for name, path in ((RAW, raw_log), (BROWSERKIT, bk_log)):
        for i in range(reps + 1):
            marks = (f"bench-mark-{i}-start", f"bench-mark-{i}-end")
            rows[name].append(_measure(sent_between(path, *marks)))
    with contextlib.suppress(OSError):
        for path in (raw_log, bk_log):
            path.unlink()
        folder.rmdir()

    def median(name: str, key: str) -> float:
        return float(statistics.median(r[key] for r in rows[name][1:]))

    into.update(
        page=PAGE,
        reps=reps,
        contenders=[
            {
                "contender": name,
                "median_messages": median(name, "messages"),
                "median_bytes": median(name, "bytes"),
                "first_messages": rows[name][0]["messages"],
                "first_bytes": rows[name][0]["bytes"],
                "samples": rows[name],
            }
            for name in (RAW, BROWSERKIT)
        ],
        ratio_bytes=median(BROWSERKIT, "bytes") / median(RAW, "bytes"),
        ratio_messages=median(BROWSERKIT, "messages") / median(RAW, "messages"),
        target=BYTES_TARGET,
        method=(
            "CDP messages Playwright's driver sent to Chromium (DEBUG=pw:protocol, "
            "DEBUG_FILE), bytes of their JSON text, between two marker evaluations"
        ),
    )
    log(
        f"bytes: browserkit {median(BROWSERKIT, 'bytes'):.0f} B / raw "
        f"{median(RAW, 'bytes'):.0f} B = {into['ratio_bytes']:.3f}"
    )


def bytes_markdown(d: dict[str, Any]) -> list[str]:
    """The section of the report."""
    lines = [
        "",
        f"## Protocol bytes per observed click ({d['page']})",
        "",
        "| contender | median CDP messages | median bytes sent | first of the session: "
        "messages | bytes |",
        "|---|---:|---:|---:|---:|",
    ]
    for c in d["contenders"]:
        lines.append(
            f"| {c['contender']} | {c['median_messages']:.0f} | {c['median_bytes']:.0f} | "
            f"{c['first_messages']} | {c['first_bytes']} |"
        )
    lines += [
        "",
        f"Median over {d['reps']} repetitions after the first (each on a newly loaded page); "
        f"ratio browserkit / raw: bytes {d['ratio_bytes']:.3f}, messages "
        f"{d['ratio_messages']:.3f}. Method: {d['method']}; see benchmarks/bench_bytes.py.",
    ]
    return lines
