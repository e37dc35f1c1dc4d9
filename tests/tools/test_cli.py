"""The command line: the demo (the README's main job), help, version, pipes and install-browser.

Only the demo starts a browser; the other commands are checked without one.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from browserkit import _version

# The command line. What an interpreter could change (running it, its top-level
# help, versions, a closed pipe) runs on every Python; the wording of each
# command's help and install-browser's checks run once.
EVERY_PYTHON = pytest.mark.every_python

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ("demo", "diagnostics", "install-browser", "mcp", "tools")


def _cli(
    *args: str, env: dict[str, str] | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "browserkit", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=env,
    )


@EVERY_PYTHON
def test_demo_runs_the_agent_loop_and_exits_0() -> None:
    result = _cli("demo")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert 'button "Add kettle"' in out  # the outline with refs
    assert "Cart: 1 item" in out  # the click answered with its diff
    assert "navigated to" in out and "search.html?q=kettle" in out  # type + submit
    assert "StaleRefError [stale_ref]" in out  # an old ref is refused


@EVERY_PYTHON
def test_install_browser_finds_the_chromium_already_here() -> None:
    result = _cli("install-browser")
    assert result.returncode == 0, result.stderr
    assert "Chromium already available" in result.stderr


@EVERY_PYTHON
def test_no_command_prints_help_and_exits_2() -> None:
    result = _cli()
    assert result.returncode == 2
    for command in COMMANDS:
        assert command in result.stdout


# ------------------------------------------------------------------ help and version


@EVERY_PYTHON
def test_top_level_help_gives_each_command_a_summary_and_shows_examples() -> None:
    result = _cli("--help")
    assert result.returncode == 0, result.stderr
    for command in COMMANDS:
        # The name, then its summary on the same line or (for long names) the next.
        assert re.search(rf"^ {{4}}{command}\s+[a-z]", result.stdout, re.MULTILINE), command
    examples = result.stdout.split("examples:\n", 1)[1]
    assert "python -m browserkit install-browser" in examples
    assert "--version" in result.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_help_says_what_it_does_and_shows_examples(command: str) -> None:
    result = _cli(command, "--help")
    assert result.returncode == 0, result.stderr
    usage, description = result.stdout.split("\n\n")[:2]
    assert usage.startswith(f"usage: python -m browserkit {command}")
    assert not description.startswith(("options:", "positional arguments:")), "no description"
    assert len(description.split()) >= 10, description
    examples = result.stdout.split("examples:\n", 1)[1]
    assert f"python -m browserkit {command}" in examples


@EVERY_PYTHON
def test_version_flag_prints_the_one_version_string() -> None:
    result = _cli("--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"browserkit {_version.__version__}\n"


@EVERY_PYTHON
def test_mcp_server_reports_the_one_version_string() -> None:
    pytest.importorskip("mcp.server.lowlevel")
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test_cli", "version": "0"},
        },
    }
    # One request, then end of input: the server answers and exits (no session, no browser).
    result = _cli("mcp", stdin=json.dumps(initialize) + "\n")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout.splitlines()[0])
    assert answer["result"]["serverInfo"] == {"name": "browserkit", "version": _version.__version__}


# ------------------------------------------------------------------ closed pipes


@EVERY_PYTHON
@pytest.mark.parametrize("command", ["diagnostics", "tools"])
def test_a_reader_that_went_away_ends_the_command_quietly(command: str) -> None:
    # `python -m browserkit tools | head -1` once head has exited. Closing the
    # read end before the command starts makes its first write fail every time,
    # however little it prints.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "browserkit", command],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=ROOT,
        )
    finally:
        os.close(write_end)
    assert result.stderr == "", result.stderr  # no Traceback, no BrokenPipeError
    assert result.returncode == 141  # as if SIGPIPE had ended it, like cat or yes


# ------------------------------------------------------------------ install-browser


def _no_chromium_env(tmp_path: Path, bad_chromium: str | None) -> tuple[dict[str, str], Path]:
    """An environment with no Chromium but what the test puts in the returned bin folder.

    Playwright's browsers live in an empty folder and downloads point at a
    closed port, and apt-get is off PATH: should install-browser try to
    install anyway, it fails fast and offline instead of fetching a browser.
    """
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (tmp_path / "ms-playwright").mkdir()
    env = {
        **os.environ,
        "PATH": str(bin_dir),
        "PLAYWRIGHT_BROWSERS_PATH": str(tmp_path / "ms-playwright"),
        "PLAYWRIGHT_DOWNLOAD_HOST": "http://127.0.0.1:9",
    }
    env.pop("BROWSERKIT_CHROMIUM", None)
    if bad_chromium is not None:
        env["BROWSERKIT_CHROMIUM"] = bad_chromium
    return env, bin_dir


def _fake_chromium(folder: Path) -> Path:
    """An executable named chromium; install-browser only finds it, never runs it."""
    exe = folder / "chromium"
    exe.write_text("#!/bin/sh\nexit 1\n")
    exe.chmod(0o755)
    return exe


@pytest.mark.parametrize("kind", ["missing", "not executable"])
def test_install_browser_refuses_a_bad_browserkit_chromium_before_installing(
    tmp_path: Path, kind: str
) -> None:
    if kind == "missing":
        bad, problem = "/nonexistent/chrome", "does not exist"
    else:
        notes = tmp_path / "notes.txt"
        notes.write_text("not a browser\n")
        bad, problem = str(notes), "is not an executable file"
    env, bin_dir = _no_chromium_env(tmp_path, bad)
    fallback = _fake_chromium(bin_dir)
    result = _cli("install-browser", env=env)
    assert result.returncode == 1, result.stderr
    assert f"BROWSERKIT_CHROMIUM={bad} {problem}" in result.stderr
    assert "takes precedence over every other Chromium" in result.stderr
    assert f"unset BROWSERKIT_CHROMIUM to use {fallback} (found on PATH)" in result.stderr
    assert "Playwright's installer" not in result.stderr  # nothing was tried
    assert not any((tmp_path / "ms-playwright").iterdir())


def test_install_browser_with_a_bad_browserkit_chromium_and_no_other_says_to_unset_it(
    tmp_path: Path,
) -> None:
    env, _ = _no_chromium_env(tmp_path, "/nonexistent/chrome")
    result = _cli("install-browser", env=env)
    assert result.returncode == 1, result.stderr
    assert "BROWSERKIT_CHROMIUM=/nonexistent/chrome does not exist" in result.stderr
    assert "no other Chromium is found either" in result.stderr
    assert "Playwright's installer" not in result.stderr


def test_install_browser_accepts_a_browserkit_chromium_that_is_executable(
    tmp_path: Path,
) -> None:
    exe = _fake_chromium(tmp_path)
    env, _ = _no_chromium_env(tmp_path, str(exe))
    result = _cli("install-browser", env=env)
    assert result.returncode == 0, result.stderr
    assert f"Chromium already available: {exe} (env)" in result.stderr
