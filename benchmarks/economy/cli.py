"""The economy tasks through two command lines: ``browserkit`` and ``python -m playwright cli``.

Each contender is an :class:`~benchmarks.economy.policy.Agent` whose every
call is one shell command in a fresh process, as a coding agent runs it, and
whose answer is what that agent reads: the command's stdout and stderr, and
for ``playwright-cli`` every snapshot file its answer links to (the refs are
in there). The same policy (``policy.drive``) plays the same steps through
both. Besides tokens (characters / 4), it times each command from process
start to answer, and, for browserkit, the overhead of a command over the
tool call it wraps (``browserkit tabs`` against ``browser_tabs`` in-process).

    python -m benchmarks.economy.cli            # Django admin, 1 run each
    python -m benchmarks.economy.cli --runs 3

Needs Django (the ``bench`` group); Chromium from browserkit's discovery.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import browserkit as bk
from benchmarks.economy import apps, tasks
from benchmarks.economy.policy import Outcome, Reply, Target, drive
from browserkit import tools
from browserkit._chromium import find_chromium, running_as_root

ROOT = Path(__file__).resolve().parents[2]
COMMAND_TIMEOUT_S = 120.0
_PAGE_URL = re.compile(r"^- Page URL: (\S+)", re.MULTILINE)
# A session command's client without the browserkit package's __init__ (what a lazy
# __init__ would give): the package is a bare namespace, then the client runs `tabs`.
_LEAN = (
    "import sys, types; import importlib.util as u; "
    "spec = u.find_spec('browserkit'); m = types.ModuleType('browserkit'); "
    "m.__path__ = list(spec.submodule_search_locations); sys.modules['browserkit'] = m; "
    "from browserkit.cli._client import forward; sys.exit(forward(['tabs']))"
)
_LINK = re.compile(r"\]\(([^)\s]+\.(?:yml|yaml|md|log))\)")


class _Cli:
    """A command line run once per call, every call's wall time kept."""

    name = "cli"

    def __init__(self, workdir: Path, env: dict[str, str]) -> None:
        self.workdir = workdir
        self.env = env
        self.times: list[float] = []

    def argv(self, *args: str) -> list[str]:
        raise NotImplementedError

    async def run(self, *args: str, timed: bool = True) -> tuple[int, str, str]:
        start = time.perf_counter()
        proc = await asyncio.create_subprocess_exec(
            *self.argv(*args),
            cwd=self.workdir,
            env=self.env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(proc.communicate(), COMMAND_TIMEOUT_S)
        if timed:
            self.times.append(time.perf_counter() - start)
        return proc.returncode or 0, out.decode(), err.decode()


class BrowserkitCli(_Cli):
    """``browserkit`` (``python -m browserkit``): one session, sockets in a private folder."""

    name = "browserkit-cli"

    def argv(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "browserkit", *args]

    async def _reply(self, *args: str, navigated: bool | None = None) -> Reply:
        code, out, err = await self.run(*args)
        moved = navigated
        if moved is None:
            first = out.split("\n", 1)[0]
            try:
                moved = bool(json.loads(first).get("navigated")) if first.startswith("{") else False
            except ValueError:
                moved = False
        return Reply(out + err, navigated=moved, error=err[:500] if code else None)

    async def begin(self) -> None:
        code, _, err = await self.run("open", timed=False)
        if code:
            raise RuntimeError(f"browserkit open failed: {err}")

    async def end(self) -> None:
        await self.run("close", timed=False)

    async def open(self, url: str) -> Reply:
        return await self.goto(url)

    async def goto(self, url: str) -> Reply:
        return await self._reply("navigate", url, navigated=True)

    async def snapshot(self) -> Reply:
        return await self._reply("snapshot")

    async def expand(self, ref: str) -> Reply:
        return await self._reply("snapshot", ref)

    async def click(self, ref: str, target: Target) -> Reply:
        return await self._reply("click", ref)

    async def type(self, ref: str, target: Target, text: str, submit: bool) -> Reply:
        return await self._reply("type", ref, text, *(["--submit"] if submit else []))

    async def select(self, ref: str, target: Target, option: str) -> Reply:
        return await self._reply("select", ref, option)


class PlaywrightCli(_Cli):
    """``python -m playwright cli``: its session, and the snapshot files it writes."""

    name = "playwright-cli"

    def __init__(self, workdir: Path, env: dict[str, str]) -> None:
        super().__init__(workdir, env)
        self._url = ""

    def argv(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "playwright", "cli", "-s=bench", *args]

    async def _reply(self, *args: str, navigated: bool | None = None) -> Reply:
        code, out, err = await self.run(*args)
        text = out + err
        # The refs are in the snapshot file the answer links to: the agent opens it.
        for link in _LINK.findall(out):
            path = self.workdir / link
            if path.suffix in (".yml", ".yaml") and path.is_file():
                text += "\n" + path.read_text()
        urls = _PAGE_URL.findall(out)
        moved = bool(navigated)
        if urls:
            moved = moved or urls[-1].split("#")[0] != self._url.split("#")[0]
            self._url = urls[-1]
        failed = code != 0 or "### Error" in out
        return Reply(text, navigated=moved, error=text[:500] if failed else None)

    async def begin(self) -> None:
        code, out, err = await self.run("open", "about:blank", timed=False)
        if code:
            raise RuntimeError(f"playwright cli open failed: {out} {err}")
        self._url = "about:blank"

    async def end(self) -> None:
        await self.run("close", timed=False)

    async def open(self, url: str) -> Reply:
        return await self.goto(url)

    async def goto(self, url: str) -> Reply:
        return await self._reply("goto", url, navigated=True)

    async def snapshot(self) -> Reply:
        return await self._reply("snapshot")

    async def expand(self, ref: str) -> Reply:
        raise NotImplementedError("playwright-cli prints no expansion lines")

    async def click(self, ref: str, target: Target) -> Reply:
        return await self._reply("click", ref)

    async def type(self, ref: str, target: Target, text: str, submit: bool) -> Reply:
        return await self._reply("fill", ref, text, *(["--submit"] if submit else []))

    async def select(self, ref: str, target: Target, option: str) -> Reply:
        return await self._reply("select", ref, option)


def _env(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH", "")])
    env["BROWSERKIT_CLI_DIR"] = str(folder / "run")
    env["BROWSERKIT_HEADLESS"] = "1"
    return env


def _playwright_config(workdir: Path) -> None:
    found = find_chromium(os.environ.get("BROWSERKIT_CHROMIUM"))
    assert found is not None, "no Chromium"
    launch: dict[str, Any] = {"executablePath": found.path, "headless": True}
    if running_as_root():
        launch.update(args=["--no-sandbox"], chromiumSandbox=False)
    config = {"browser": {"browserName": "chromium", "launchOptions": launch}}
    (workdir / ".playwright").mkdir(parents=True, exist_ok=True)
    (workdir / ".playwright" / "cli.config.json").write_text(json.dumps(config))


async def _run_task(agent: Any, task: tasks.Task, tag: str) -> dict[str, Any]:
    out = Outcome()
    agent.times.clear()
    try:
        await agent.begin()
        await asyncio.to_thread(task.prepare, tag)
        await asyncio.wait_for(drive(agent, task.steps(tag), out), 600)
    except Exception as exc:
        out.failure = out.failure or f"{type(exc).__name__}: {exc}"
    finally:
        with contextlib.suppress(Exception):
            await agent.end()
    ok = out.completed and bool(await asyncio.to_thread(task.check, tag))
    return {
        "contender": agent.name,
        "task": task.name,
        "success": ok,
        "tokens": out.ledger.tokens,
        "reads": out.ledger.reads,
        "commands": len(agent.times),
        "median_command_s": round(statistics.median(agent.times), 3) if agent.times else None,
        "wall_s": round(out.wall_s, 2),
        "failure": out.failure,
    }


async def _overhead(cli: BrowserkitCli, rounds: int) -> dict[str, float]:
    """A trivial command's wall time against its tool call in-process, and the parts."""
    await cli.begin()
    try:
        walls = []
        for _ in range(rounds):
            start = time.perf_counter()
            await cli.run("tabs", timed=False)
            walls.append(time.perf_counter() - start)
    finally:
        await cli.end()
    async with bk.AsyncBrowser(idle_stop_ms=0) as browser:
        session = await browser.start()
        calls = []
        for _ in range(rounds):
            start = time.perf_counter()
            await tools.call(browser, "browser_tabs", {"session_id": session.id, "action": "list"})
            calls.append(time.perf_counter() - start)
    starts: list[float] = []
    imports: list[float] = []
    lean: list[float] = []
    await cli.begin()
    try:
        for _ in range(rounds):
            for code, into in (("pass", starts), ("import browserkit", imports), (_LEAN, lean)):
                start = time.perf_counter()
                proc = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-c",
                    code,
                    env=cli.env,
                    cwd=cli.workdir,
                    stdout=asyncio.subprocess.DEVNULL,
                )
                await proc.wait()
                into.append(time.perf_counter() - start)
    finally:
        await cli.end()
    return {
        "command_s": statistics.median(walls),
        "tool_call_s": statistics.median(calls),
        "overhead_s": statistics.median(walls) - statistics.median(calls),
        "python_start_s": statistics.median(starts),
        "import_browserkit_s": statistics.median(imports),
        "command_without_package_import_s": statistics.median(lean),
    }


async def main(runs: int, overhead_only: bool = False) -> list[dict[str, Any]]:
    folder = Path(tempfile.mkdtemp(prefix="bk-cli-bench-"))
    rows: list[dict[str, Any]] = []
    try:
        _playwright_config(folder)
        env = _env(folder)
        contenders = [BrowserkitCli(folder, env), PlaywrightCli(folder, env)]
        if overhead_only:
            print(json.dumps(await _overhead(contenders[0], 5)), flush=True)
            return rows
        with apps.DjangoAdmin() as app:
            task = tasks.admin_task(app)
            for n in range(runs):
                for agent in contenders:
                    rows.append(
                        await _run_task(agent, task, f"cli{agent.name[:2]}{n}{os.getpid()}")
                    )
                    print(json.dumps(rows[-1]), flush=True)
        print(json.dumps(await _overhead(contenders[0], 5)), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return rows


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m benchmarks.economy.cli")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--overhead-only", action="store_true", help="only time commands")
    args = parser.parse_args()
    asyncio.run(main(args.runs, args.overhead_only))
