"""A Chromium started apart from browserkit, with a DevTools port: what ``attach`` connects to."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from browserkit._chromium import find_chromium, launch_args


@contextlib.contextmanager
def debugging_chromium(url: str) -> Iterator[int]:
    """Start headless Chromium showing ``url``; yield its DevTools port on 127.0.0.1.

    It is started the way the docs tell a user to start Chrome for attaching,
    with browserkit's own switches (``--no-sandbox`` as root, background
    networking, component updates and sync off).
    """
    found = find_chromium(os.environ.get("BROWSERKIT_CHROMIUM"))
    assert found is not None, "no Chromium to start"
    profile = Path(tempfile.mkdtemp(prefix="bk-debug-chrome-"))
    proc = subprocess.Popen(
        [
            found.path,
            "--headless",
            *launch_args(),
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            url,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 20
        while not (port_file.exists() and port_file.read_text().strip()):
            assert time.monotonic() < deadline, "Chromium did not open its DevTools port"
            time.sleep(0.05)
        yield int(port_file.read_text().split()[0])
    finally:
        # SIGTERM lets Chromium end its helper processes; they may still be
        # writing to the profile for a moment, so its removal is best effort.
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        shutil.rmtree(profile, ignore_errors=True)
