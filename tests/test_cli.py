"""The command line: the demo (the README's main job) and install-browser."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# The command line: runs on every Python.
pytestmark = pytest.mark.every_python

ROOT = Path(__file__).resolve().parent.parent


def test_demo_runs_the_agent_loop_and_exits_0() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "browserkit", "demo"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert 'button "Add kettle"' in out  # the outline with refs
    assert "Cart: 1 item" in out  # the click answered with its diff
    assert "navigated to" in out and "search.html?q=kettle" in out  # type + submit
    assert "StaleRefError [stale_ref]" in out  # an old ref is refused


def test_install_browser_finds_the_chromium_already_here() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "browserkit", "install-browser"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert "Chromium already available" in result.stderr


def test_no_command_prints_help_and_exits_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "browserkit"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    for command in ("demo", "diagnostics", "install-browser", "mcp", "tools"):
        assert command in result.stdout
