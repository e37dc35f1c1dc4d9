"""Ctrl-C the way people send it: to the whole process group.

A terminal's Ctrl-C and Jupyter's interrupt signal every process in the
foreground group, not just Python, so the tests here do the same: the
program runs in a child started in its own group (as a shell job or a kernel
is), and the test signals that group. The call in flight must stop, and the
browser must answer afterwards.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Prints "waiting" once the main thread is blocked inside the sync portal,
# i.e. once the browser call is really in flight: signalling earlier would
# only interrupt Python code, not a call. Polls frames, not a clock.
WATCHER = """
import sys, threading
def _watch(main=threading.main_thread().ident):
    while True:
        frame = sys._current_frames().get(main)
        while frame is not None:
            if frame.f_code.co_name == "call" and "_portal" in frame.f_code.co_filename:
                print("waiting", flush=True)
                return
            frame = frame.f_back
        threading.Event().wait(0.02)
threading.Thread(target=_watch, daemon=True).start()
"""

TERMINAL_SCRIPT = """
import browserkit as bk
b = bk.Browser(idle_stop_ms=0, extra_args=["--browserkit-test-marker={marker}"])
s = b.start(url="{url}/basic.html")
{watcher}
try:
    s.wait_for(text="never appears", timeout_ms=30000)
    print("not interrupted", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
{after}
"""

AFTER_CAUGHT = """
print("title", s.snapshot().title, flush=True)
s.navigate("{url}/basic_done.html")
print("navigated", s.snapshot().title, flush=True)
b.close()
"""


def _chromium_with_marker(marker: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def _run_in_own_group(code: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,  # its own process group, like a shell job
    )


def _read_until(proc: subprocess.Popen[str], wanted: str) -> list[str]:
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line.strip())
        if line.strip() == wanted:
            return lines
    raise AssertionError(f"never printed {wanted!r}: {lines}, stderr: {proc.stderr.read()}")  # type: ignore[union-attr]


@pytest.mark.every_python
@pytest.mark.timeout(90)
def test_group_wide_ctrl_c_cancels_the_call_and_the_browser_stays_usable(base_url: str) -> None:
    marker = f"group-sigint-{os.getpid()}-{time.monotonic_ns()}"
    code = TERMINAL_SCRIPT.format(
        marker=marker, url=base_url, watcher=WATCHER, after=AFTER_CAUGHT.format(url=base_url)
    )
    proc = _run_in_own_group(code)
    try:
        _read_until(proc, "waiting")
        # What a terminal does on Ctrl-C: SIGINT to every process of the group.
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    lines = out.split("\n")
    assert "interrupted" in lines, (out, err)
    assert "title Basic" in lines, (out, err)
    assert "navigated Done" in lines, (out, err)
    assert proc.returncode == 0, err


@pytest.mark.every_python
@pytest.mark.timeout(90)
def test_group_wide_ctrl_c_that_ends_the_program_still_takes_the_browser_along(
    base_url: str,
) -> None:
    # The browser no longer dies with the Ctrl-C itself, so it must die with
    # Python when the KeyboardInterrupt ends the program.
    marker = f"group-sigint-exit-{os.getpid()}-{time.monotonic_ns()}"
    code = TERMINAL_SCRIPT.format(
        marker=marker, url=base_url, watcher=WATCHER, after="raise KeyboardInterrupt"
    )
    proc = _run_in_own_group(code)
    try:
        _read_until(proc, "waiting")
        assert _chromium_with_marker(marker), "the browser should be running now"
        os.killpg(proc.pid, signal.SIGINT)
        proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode != 0
    deadline = time.monotonic() + 15
    while _chromium_with_marker(marker) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _chromium_with_marker(marker) == []


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_jupyter_interrupt_cancels_the_cell_and_the_session_answers(base_url: str) -> None:
    manager_module = pytest.importorskip("jupyter_client.manager")
    km = manager_module.KernelManager(kernel_name="python3")
    # jupyter_client starts the kernel in a process group of its own and
    # interrupts it by signalling that whole group, as JupyterLab does.
    km.start_kernel(cwd=str(ROOT))
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)

        def run(code: str, timeout: float = 60) -> tuple[dict[str, object], str]:
            out: list[str] = []

            def hook(msg: dict[str, object]) -> None:
                content = msg["content"]
                if msg["msg_type"] == "stream":
                    out.append(content["text"])  # type: ignore[index]

            reply = kc.execute_interactive(code, timeout=timeout, output_hook=hook)
            return reply["content"], "".join(out)

        content, _ = run(
            "import browserkit as bk\n"
            "browser = bk.Browser(idle_stop_ms=0)\n"
            f"s = browser.start(url='{base_url}/basic.html')\n"
        )
        assert content["status"] == "ok", content

        # stop_on_error=False: after an error ipykernel aborts the requests
        # that reach it until its own "stop aborting" message is through, and
        # the next cell can race that message and come back "aborted" without
        # running. That is the kernel's queue, not the session under test.
        msg_id = kc.execute(
            WATCHER + "s.wait_for(text='never appears', timeout_ms=30000)\n", stop_on_error=False
        )
        seen = ""
        deadline = time.monotonic() + 60
        while "waiting" not in seen:
            assert time.monotonic() < deadline, f"the wait never started: {seen!r}"
            msg = kc.get_iopub_msg(timeout=60)
            if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "stream":
                seen += msg["content"]["text"]
        km.interrupt_kernel()
        while True:
            reply = kc.get_shell_msg(timeout=60)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        assert reply["content"]["status"] == "error"
        assert reply["content"]["ename"] == "KeyboardInterrupt"

        content, out = run("print(s.snapshot().title)")
        assert content["status"] == "ok", content
        assert out.strip() == "Basic"
        content, out = run(
            f"s.navigate('{base_url}/basic_done.html')\nprint(s.snapshot().title)\nbrowser.close()"
        )
        assert content["status"] == "ok", content
        assert out.strip() == "Done"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
