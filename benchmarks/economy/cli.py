"""The economy tasks through two command lines: ``browserkit`` and ``python -m playwright cli``.

Each contender is an :class:`~benchmarks.economy.policy.Agent` whose every
call is one shell command in a fresh process, as a coding agent runs it, and
whose answer is what that agent reads: the command's stdout and stderr, and
for ``playwright-cli`` every snapshot file its answer links to (the refs are
in there). The same policy (``policy.drive``) plays the same steps through
both. Besides tokens (characters / 4), it times each command from process
start to answer, and, for browserkit, the overhead of a command over the
tool call it wraps (``browserkit tabs`` against ``browser_tabs`` in-process).

    python -m benchmarks.economy.cli            # every task, 1 run each
    python -m benchmarks.economy.cli --runs 3   # what python -m benchmarks economy-cli runs
    python -m benchmarks.economy.cli --overhead-only

It runs every task of the economy section, on the apps that section starts
(``run.start_apps``; an app that cannot start is reported, the others run),
and writes ``benchmarks/results/cli.md`` and ``cli.json``: per task and
contender the medians over the runs, the token ratio against the target, and
the overhead against its own. Needs the ``bench`` group and the npm app, as
the economy section does; Chromium from browserkit's discovery.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any

import attrs

import browserkit as bk
from benchmarks.economy import tasks
from benchmarks.economy.policy import Outcome, Reply, Target, drive
from benchmarks.economy.report import cli_markdown
from benchmarks.economy.run import POLICY, Log, app_versions, start_apps, token_ratio
from benchmarks.stats import load_average
from browserkit import tools
from browserkit._chromium import find_chromium, running_as_root

ROOT = Path(__file__).resolve().parents[2]
COMMAND_TIMEOUT_S = 120.0
"""Bound on one command (a process that outlives it is killed)."""
TASK_TIMEOUT_S = 300.0
"""Bound on one run of one task by one contender: a process per command is slow."""
HOUSEKEEPING_TIMEOUT_S = 120.0
"""Bound on opening or closing a run's session."""
TARGET = 0.3
"""The issue's goal: browserkit's tokens at most this fraction of playwright-cli's."""
OVERHEAD_TARGET_S = 0.150
"""The issue's goal: a command at most this much slower than the tool call it wraps."""
OVERHEAD_ROUNDS = 5
RESULTS = ROOT / "benchmarks" / "results"
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
        try:
            out, err = await asyncio.wait_for(proc.communicate(), COMMAND_TIMEOUT_S)
        finally:
            if proc.returncode is None:  # timed out, or the run's bound cancelled it
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()
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

    async def search(self, text: str) -> Reply | None:
        return await self._reply("find", text)

    async def click(self, ref: str, target: Target) -> Reply:
        return await self._reply("click", ref)

    async def type(self, ref: str, target: Target, text: str, submit: bool) -> Reply:
        return await self._reply("type", ref, text, *(["--submit"] if submit else []))

    async def select(self, ref: str, target: Target, option: str) -> Reply:
        return await self._reply("select", ref, option)

    async def wait_for(self, text: str, timeout_s: float) -> Reply:
        reply = await self._reply(
            "wait", "--text", text, "--timeout-ms", str(round(timeout_s * 1000))
        )
        if reply.error is None and '"met":false' in reply.text.replace(" ", ""):
            return attrs.evolve(reply, error=f"{text!r} did not show within {timeout_s:.0f} s")
        return reply


# playwright-cli has no wait command: the agent polls the page's visible text in
# one `eval`, as the bound of a wait says.
_WAIT_JS = (
    "() => new Promise((done) => {{ const t0 = Date.now(); const look = () => "
    "document.body.innerText.includes({text}) ? done(true) : Date.now() - t0 > {ms} ? "
    "done(false) : setTimeout(look, 100); look(); }})"
)


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

    async def search(self, text: str) -> Reply | None:
        return None  # playwright-cli has no command that searches the page's text

    async def click(self, ref: str, target: Target) -> Reply:
        return await self._reply("click", ref)

    async def type(self, ref: str, target: Target, text: str, submit: bool) -> Reply:
        return await self._reply("fill", ref, text, *(["--submit"] if submit else []))

    async def select(self, ref: str, target: Target, option: str) -> Reply:
        return await self._reply("select", ref, option)

    async def wait_for(self, text: str, timeout_s: float) -> Reply:
        script = _WAIT_JS.format(text=json.dumps(text), ms=round(timeout_s * 1000))
        reply = await self._reply("eval", script)
        if reply.error is None and "true" not in reply.text:
            return attrs.evolve(reply, error=f"{text!r} did not show within {timeout_s:.0f} s")
        return reply


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
    """One task by one contender; a failure of any kind is recorded, never raised."""
    out = Outcome()
    agent.times.clear()
    try:
        await asyncio.wait_for(agent.begin(), HOUSEKEEPING_TIMEOUT_S)
        await asyncio.to_thread(task.prepare, tag)
        await asyncio.wait_for(drive(agent, task.steps(tag), out), TASK_TIMEOUT_S)
    except asyncio.TimeoutError:
        out.failure = out.failure or f"timed out after {TASK_TIMEOUT_S:.0f} s"
    except Exception as exc:  # setting the run up failed
        out.failure = out.failure or f"{type(exc).__name__}: {exc}"
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(agent.end(), HOUSEKEEPING_TIMEOUT_S)
    checked = False
    if out.completed:
        try:
            checked = bool(await asyncio.to_thread(task.check, tag))
        except Exception as exc:
            out.failure = f"checking the app's state failed: {exc}"
        else:
            if not checked:
                out.failure = f"every step passed, but the app does not show it: {task.goal}"
    return {
        "tag": tag,
        "contender": agent.name,
        "task": task.name,
        "success": out.completed and checked,
        "tokens": out.ledger.tokens,
        "reads": out.ledger.reads,
        "snapshots": out.ledger.snapshots,
        "retries": out.ledger.retries,
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


def _log(message: str) -> None:
    print(f"[{time.monotonic() - _T0:6.1f}s] {message}", file=sys.stderr, flush=True)


_T0 = time.monotonic()


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def _contender(name: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One contender's medians over its runs of one task."""

    def med(key: str) -> float | None:
        return _median([float(r[key]) for r in runs if r[key] is not None])

    tokens = med("tokens")
    return {
        "contender": name,
        "n": len(runs),
        "successes": sum(1 for r in runs if r["success"]),
        "tokens": None if tokens is None else round(tokens),
        "reads": med("reads"),
        "commands": med("commands"),
        "median_command_s": med("median_command_s"),
        "wall_s": med("wall_s"),
        "runs": runs,
    }


def summarise(tasks_: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per task: the browserkit / playwright-cli token ratio, and whether success is the same."""
    out = []
    for row in tasks_:
        by = {c["contender"]: c for c in row["contenders"]}
        bk_row, pw_row = by.get(BrowserkitCli.name), by.get(PlaywrightCli.name)
        ratio = token_ratio(bk_row, pw_row)
        same = None
        if bk_row and pw_row and bk_row["n"] and pw_row["n"]:
            same = bk_row["successes"] * pw_row["n"] == pw_row["successes"] * bk_row["n"]
        out.append(
            {
                "task": row["task"],
                "browserkit_tokens": bk_row["tokens"] if bk_row else None,
                "playwright_cli_tokens": pw_row["tokens"] if pw_row else None,
                "ratio": ratio,
                "target": TARGET,
                "met": None if ratio is None else ratio <= TARGET,
                "same_success": same,
            }
        )
    return out


def _machine() -> dict[str, Any]:
    found = find_chromium(os.environ.get("BROWSERKIT_CHROMIUM"))
    return {
        "python": platform.python_version(),
        "playwright": package_version("playwright"),
        "chromium": found.path if found else None,
        "cpu_count": os.cpu_count(),
        "platform": platform.platform(),
        "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "load_average_at_start": load_average(),
    }


async def run_cli(runs: int, log: Log = _log) -> dict[str, Any]:
    """Every economy task ``runs`` times through both command lines, then the overhead.

    An app that cannot start is reported and the other tasks still run.
    Within a repetition the contenders take turns, in an order that rotates
    from one repetition to the next.
    """
    started = time.monotonic()
    errors: list[str] = []
    result: dict[str, Any] = {
        "runs": runs,
        "machine": _machine(),
        "policy": POLICY,
        "versions": app_versions(),
        "goals": {},
        "tasks": [],
        "ratios": [],
        "overhead": None,
        "errors": errors,
        "notes": [],
    }
    folder = Path(tempfile.mkdtemp(prefix="bk-cli-bench-"))
    try:
        _playwright_config(folder)
        env = _env(folder)
        browserkit = BrowserkitCli(folder, env)
        contenders: list[_Cli] = [browserkit, PlaywrightCli(folder, env)]
        samples: dict[str, dict[str, list[dict[str, Any]]]] = {}
        made: list[tasks.Task] = []
        with contextlib.ExitStack() as stack:
            made = await start_apps(stack, errors, log)
            result["goals"] = {t.name: t.goal for t in made}
            samples = {t.name: {a.name: [] for a in contenders} for t in made}
            for rep in range(runs):
                for task in made:
                    k = rep % len(contenders)
                    for agent in contenders[k:] + contenders[:k]:
                        log(f"economy-cli: {task.app}, run {rep + 1}/{runs}, {agent.name}")
                        tag = f"cli{agent.name[:2]}{rep}{os.getpid()}"
                        run = await _run_task(agent, task, tag)
                        if run["failure"]:
                            log(f"economy-cli:   failed: {run['failure']}")
                        samples[task.name][agent.name].append(run)
        result["tasks"] = [
            {
                "task": t.name,
                "app": t.app,
                "contenders": [_contender(a, r) for a, r in samples[t.name].items()],
            }
            for t in made
        ]
        result["ratios"] = summarise(result["tasks"])
        # Timed with the apps stopped: only the session's browser is running.
        log(f"economy-cli: overhead, median of {OVERHEAD_ROUNDS}")
        try:
            overhead = await _overhead(browserkit, OVERHEAD_ROUNDS)
        except Exception as exc:
            errors.append(f"the overhead could not be measured: {type(exc).__name__}: {exc}")
        else:
            overhead = {k: round(v, 4) for k, v in overhead.items()}
            overhead["rounds"] = OVERHEAD_ROUNDS
            overhead["target_s"] = OVERHEAD_TARGET_S
            overhead["met"] = overhead["overhead_s"] <= OVERHEAD_TARGET_S
            result["overhead"] = overhead
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    result["machine"]["load_average_at_end"] = load_average()
    result["wall_s"] = round(time.monotonic() - started, 1)
    return result


def write(result: dict[str, Any], folder: Path = RESULTS) -> tuple[Path, Path]:
    """Write ``cli.md`` and ``cli.json``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    md, js = folder / "cli.md", folder / "cli.json"
    js.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")  # first: the data
    md.write_text("\n".join(cli_markdown(result)) + "\n", encoding="utf-8")
    return md, js


def failed(result: dict[str, Any]) -> bool:
    """Whether part of the run could not be measured (an app or the overhead)."""
    return bool(result["errors"])


async def _overhead_only() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bk-cli-bench-"))
    try:
        cli = BrowserkitCli(folder, _env(folder))
        print(json.dumps(await _overhead(cli, OVERHEAD_ROUNDS)), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run, print the markdown and write ``benchmarks/results/cli.*``."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.economy.cli")
    parser.add_argument("--runs", type=int, default=1, help="runs of every task per contender")
    parser.add_argument("--overhead-only", action="store_true", help="only time commands")
    parser.add_argument(
        "--no-write", action="store_true", help="print only; do not write benchmarks/results/"
    )
    args = parser.parse_args(argv)
    if args.overhead_only:
        asyncio.run(_overhead_only())
        return 0
    result = asyncio.run(run_cli(max(1, args.runs)))
    if not args.no_write:
        md, js = write(result)
        print(f"wrote {md} and {js}", file=sys.stderr)
    print("\n".join(cli_markdown(result)))
    return 1 if failed(result) else 0


if __name__ == "__main__":
    sys.exit(main())
