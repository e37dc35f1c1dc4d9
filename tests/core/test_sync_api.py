"""The generated sync API: current, and working in a script, in a loop, in Jupyter."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import browserkit as bk

# The sync API (threads, signals, atexit, Jupyter) depends on the interpreter.
pytestmark = pytest.mark.every_python

ROOT = Path(__file__).resolve().parents[2]


def run_python(
    code: str, timeout: float = 60, **kwargs: object
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        **kwargs,  # type: ignore[arg-type]
    )


def test_generated_sync_module_is_current() -> None:
    result = subprocess.run(
        [sys.executable, "scripts/generate_sync.py", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


def test_sync_mirror_has_every_public_async_member() -> None:
    for async_cls, sync_cls in ((bk.AsyncBrowser, bk.Browser), (bk.AsyncSession, bk.Session)):
        public = {n for n in vars(async_cls) if not n.startswith("_")}
        assert public <= set(vars(sync_cls)), public - set(vars(sync_cls))
        for name in public:
            doc = getattr(async_cls, name).__doc__
            if doc:
                assert getattr(sync_cls, name).__doc__, name


def test_sync_api_in_a_plain_script(base_url: str) -> None:
    result = run_python(f"""
        import browserkit as bk
        with bk.Browser(idle_stop_ms=0) as browser:
            s = browser.start(url="{base_url}/basic.html")
            snap = s.snapshot()
            ref = snap.tree.split('button "Increment" [ref=', 1)[1].split("]", 1)[0]
            s.click(ref)
            print(s.evaluate("document.getElementById('out').textContent"))
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "clicked 1"


def test_sync_api_inside_a_running_event_loop(sbrowser: bk.Browser, base_url: str) -> None:
    async def main() -> str:
        # Playwright's own sync API raises here; the portal does not care.
        s = sbrowser.start(url=f"{base_url}/basic.html")
        title = s.snapshot().title
        s.stop()
        return title

    assert asyncio.run(main()) == "Basic"


def test_sync_call_from_the_portal_thread_raises_instead_of_deadlocking(
    sbrowser: bk.Browser,
) -> None:
    portal = sbrowser._portal

    async def inside() -> None:
        sbrowser.start()

    with pytest.raises(bk.InvalidArgumentError) as info:
        portal.call(inside())
    assert "deadlock" in info.value.message


def test_ctrl_c_cancels_a_long_wait_and_the_browser_stays_usable(
    sbrowser: bk.Browser, base_url: str
) -> None:
    s = sbrowser.start(url=f"{base_url}/basic.html")
    main = threading.main_thread().ident
    assert main == threading.get_ident()
    timer = threading.Timer(0.5, lambda: signal.pthread_kill(main, signal.SIGINT))  # type: ignore[arg-type]
    timer.start()
    # Uninterrupted, the wait would end after 30 s with met=False, not raise.
    with pytest.raises(KeyboardInterrupt):
        s.wait_for(text="never appears", timeout_ms=30_000)
    assert s.snapshot().title == "Basic"
    s.stop()


def _chromium_with_marker(marker: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in cmdline:
            pids.append(int(entry.name))
    return pids


def _wait_gone(marker: str, seconds: float = 15) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = _chromium_with_marker(marker)
        if not left:
            return []
        time.sleep(0.2)
    return _chromium_with_marker(marker)


SCRIPT = """
import sys, time
import browserkit as bk
b = bk.Browser(idle_stop_ms=0, extra_args=["--browserkit-test-marker={marker}"])
s = b.start(url="{url}")
print("ready", flush=True)
{tail}
"""


@pytest.mark.parametrize(
    ("how", "tail"),
    [
        ("exit", "pass  # never closed: the atexit hook must close it"),
        ("sigint", "s.wait_for(text='never', timeout_ms=60000)"),
        ("sigkill", "time.sleep(60)"),
    ],
)
def test_no_chromium_outlives_its_python_process(how: str, tail: str, base_url: str) -> None:
    marker = f"{how}-{os.getpid()}-{time.monotonic_ns()}"
    code = SCRIPT.format(marker=marker, url=f"{base_url}/basic.html", tail=tail)
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.strip() == "ready", proc.stderr.read() if proc.stderr else ""
        assert _chromium_with_marker(marker), "the browser should be running now"
        if how == "sigint":
            time.sleep(0.3)
            proc.send_signal(signal.SIGINT)
        elif how == "sigkill":
            proc.kill()
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert _wait_gone(marker) == []


def test_sync_api_in_a_jupyter_kernel(base_url: str, tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import asyncio, browserkit as bk\n"
            "asyncio.get_running_loop()  # a running loop: Playwright's sync API refuses\n"
            "browser = bk.Browser(idle_stop_ms=0)\n"
            f"s = browser.start(url='{base_url}/basic.html')\n"
            "snap = s.snapshot()\n"
            "print(snap.title, snap.refs > 0)"
        ),
        nbformat.v4.new_code_cell("s.screenshot(max_side=400)"),
        nbformat.v4.new_code_cell("browser.close()"),
    ]
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    first = nb.cells[0].outputs
    assert any("Basic True" in o.get("text", "") for o in first), first
    image = nb.cells[1].outputs
    assert any("image/jpeg" in o.get("data", {}) for o in image), image
