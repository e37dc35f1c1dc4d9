"""What the script reruns share: acting through the tools as an agent would, exporting
the run three ways, and running each export in a fresh process (and browser)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import browserkit as bk
from browserkit import tools
from browserkit._chromium import find_chromium

KINDS = ("browserkit", "playwright", "json")
# The secret the login runs type: no export may hold it.
SECRET_VALUE = "hunter2-do-not-leak"


def ref_in(tree: str, line_part: str) -> str:
    """The ref of the first outline line holding ``line_part``."""
    for line in tree.splitlines():
        if line_part in line and "[ref=" in line:
            return line.split("[ref=")[1].split("]")[0]
    raise AssertionError(f"no line with {line_part!r} in\n{tree}")


async def call(browser: bk.AsyncBrowser, name: str, **arguments: Any) -> dict[str, Any]:
    """A tool's answer, which must not be an error."""
    answer = await tools.call(browser, name, arguments)
    assert "error" not in answer, answer
    return answer


async def export(browser: bk.AsyncBrowser, session_id: str) -> dict[str, str]:
    """The session's run exported through the tool, by kind (:data:`KINDS`)."""
    return {
        kind: (await call(browser, "browser_script_export", session_id=session_id, kind=kind))[
            "code"
        ]
        for kind in KINDS
    }


def run_export(code: str, folder: Path, name: str, env: dict[str, str]) -> str:
    """Run an exported script in a fresh process (and browser); what it printed."""
    path = folder / name
    path.write_text(code, encoding="utf-8")
    found = find_chromium(os.environ.get("BROWSERKIT_CHROMIUM"))
    assert found is not None
    # Plain Playwright finds no browser of its own here: the export reads this.
    env = {**env, "BROWSERKIT_CHROMIUM": found.path}
    done = subprocess.run(
        [sys.executable, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def printed(stdout: str, key: str) -> str:
    """What a run printed after ``key: `` last (the exports end with ``done: <url>``)."""
    return stdout.split(f"{key}: ")[-1].splitlines()[0].strip()


async def export_and_rerun(
    browser: bk.AsyncBrowser, session_id: str, tmp_path: Path, env: dict[str, str]
) -> tuple[str, str, str]:
    """Export the session's run three ways; run each on a fresh browser; the three final URLs."""
    made = await export(browser, session_id)
    for code in made.values():
        assert SECRET_VALUE not in code
    bk_done = run_export(made["browserkit"], tmp_path, "bk_run.py", env)
    pw_done = run_export(made["playwright"], tmp_path, "pw_run.py", env)
    fresh = await browser.start()
    try:
        replayed = await bk.replay(bk.Script.from_json(made["json"]), fresh)
    finally:
        await fresh.stop()
    return printed(bk_done, "done"), printed(pw_done, "done"), replayed.url
