"""Config from the environment, the error hierarchy, and diagnostics that start no browser."""

from __future__ import annotations

import json
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import browserkit as bk
from browserkit import errors

# Config, errors and diagnostics: mostly no browser; every Python.
pytestmark = pytest.mark.every_python

ROOT = Path(__file__).resolve().parents[2]


def test_config_reads_environment_overrides() -> None:
    cfg = bk.Config.from_env(
        {
            "BROWSERKIT_HEADLESS": "0",
            "BROWSERKIT_MAX_SESSIONS": "3",
            "BROWSERKIT_ALLOWED_SCHEMES": "https, HTTP",
            "BROWSERKIT_CHROMIUM": "/opt/chrome",
            "BROWSERKIT_DIALOG_POLICY": "accept",
        }
    )
    assert cfg.headless is False
    assert cfg.max_sessions == 3
    assert cfg.allowed_schemes == ("https", "http")
    assert cfg.executable_path == "/opt/chrome"
    assert cfg.dialog_policy == "accept"
    assert bk.Config.from_env({"BROWSERKIT_MAX_SESSIONS": "3"}, max_sessions=5).max_sessions == 5


@pytest.mark.parametrize(
    ("env", "var"),
    [
        ({"BROWSERKIT_HEADLESS": "maybe"}, "BROWSERKIT_HEADLESS"),
        ({"BROWSERKIT_MAX_SESSIONS": "lots"}, "BROWSERKIT_MAX_SESSIONS"),
        ({"BROWSERKIT_MAX_SESSIONS": "0"}, "BROWSERKIT_MAX_SESSIONS"),
        ({"BROWSERKIT_DIALOG_POLICY": "ignore"}, "BROWSERKIT_DIALOG_POLICY"),
    ],
)
def test_bad_environment_values_name_the_variable(env: dict[str, str], var: str) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        bk.Config.from_env(env)
    assert var in str(info.value)


def test_config_validates_and_clamps() -> None:
    with pytest.raises(bk.InvalidArgumentError):
        bk.Config(default_timeout_ms=5_000, max_timeout_ms=1_000)
    with pytest.raises(bk.InvalidArgumentError):
        bk.Config().evolve(no_such_option=1)
    cfg = bk.Config(default_timeout_ms=1_000, max_timeout_ms=2_000)
    assert cfg.clamp_timeout(None) == 1_000
    assert cfg.clamp_timeout(50_000) == 2_000
    with pytest.raises(bk.InvalidArgumentError):
        cfg.clamp_timeout(-1)


def test_every_error_has_a_stable_code_and_a_hint() -> None:
    expected = {
        "invalid_argument",
        "session_not_found",
        "session_closed",
        "capacity",
        "read_only",
        "scheme_not_allowed",
        "domain_not_allowed",
        "stale_ref",
        "ref_not_found",
        "target_not_found",
        "target_covered",
        "target_not_actionable",
        "modal_state_blocked",
        "page_not_found",
        "frame_not_found",
        "download_not_found",
        "navigation_failed",
        "timeout",
        "evaluation_failed",
        "attach_disabled",
        "browser_not_found",
        "browser_crashed",
        "profile_in_use",
        "replay_step_failed",
    }
    classes = [getattr(errors, n) for n in errors.__all__ if n.endswith("Error")]
    codes = {c.code for c in classes if c is not bk.BrowserkitError}
    assert codes == expected
    for cls in classes:
        err = cls("something happened")
        assert isinstance(err, bk.BrowserkitError)
        assert err.to_dict()["code"] == cls.code
        if cls is not bk.BrowserkitError:
            assert err.hint, cls
            assert errors.error_for_code(cls.code) is cls
        again = pickle.loads(pickle.dumps(err))
        assert type(again) is cls and again.message == err.message


def _fake_chromium(tmp_path: Path) -> tuple[Path, Path]:
    """An executable that records being run: diagnostics must never run it."""
    ran = tmp_path / "ran"
    exe = tmp_path / "chromium"
    exe.write_text(f"#!/bin/sh\ntouch {ran}\nexec /usr/bin/env false\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return exe, ran


def test_diagnostics_cli_prints_json_and_starts_no_browser(tmp_path: Path) -> None:
    exe, ran = _fake_chromium(tmp_path)
    env = dict(os.environ, BROWSERKIT_CHROMIUM=str(exe))
    result = subprocess.run(
        [sys.executable, "-m", "browserkit", "diagnostics"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] is True
    assert report["executable"] == str(exe)
    assert report["executable_source"] == "env"
    assert report["headless"] is True
    assert report["allowed_schemes"] == ["http", "https", "about", "data"]
    assert {"max_sessions", "active_sessions", "issues", "version"} <= set(report)
    for issue in report["issues"]:
        assert issue["enable_how"]
    assert not ran.exists(), "diagnostics ran the browser"


def test_diagnostics_on_this_machine_finds_a_real_chromium() -> None:
    report = bk.AsyncBrowser().diagnostics()
    assert report.ok is True
    assert report.executable and os.access(report.executable, os.X_OK)
    assert "--disable-background-networking" in report.launch_args


def test_missing_browser_is_reported_with_how_to_install(tmp_path: Path) -> None:
    env = dict(os.environ, PATH=str(tmp_path), PLAYWRIGHT_BROWSERS_PATH=str(tmp_path))
    env.pop("BROWSERKIT_CHROMIUM", None)
    result = subprocess.run(
        [sys.executable, "-m", "browserkit", "diagnostics"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    browser_issue = next(i for i in report["issues"] if i["capability"] == "browser")
    assert "install-browser" in browser_issue["enable_how"]


async def test_start_without_a_browser_raises_browser_not_found(tmp_path: Path) -> None:
    browser = bk.AsyncBrowser(executable_path=str(tmp_path / "no-such-chromium"), idle_stop_ms=0)
    try:
        with pytest.raises(bk.BrowserNotFoundError) as info:
            await browser.start()
        assert "install-browser" in info.value.hint
    finally:
        await browser.close()
