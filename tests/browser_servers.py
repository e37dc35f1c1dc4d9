"""Real Playwright browser servers on 127.0.0.1, to place sessions on.

A :class:`BrowserServer` runs ``python -m playwright run-server`` (or any
other Playwright's ``cli.js run-server``) in a process group of its own, so a
test can kill it the way a machine dies and start it again on the same port.
Each client connection makes the server launch its own Chromium; the URL a
test hands browserkit carries launch options naming the Chromium this machine
has (Playwright's own browsers are not downloaded here), which only a server
started with ``--unsafe`` honours.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

from browserkit._chromium import find_chromium, launch_args

ROOT = Path(__file__).resolve().parent.parent
PREVIOUS_CLI = ROOT / "node_modules" / "playwright-core-previous" / "cli.js"
"""An older Playwright (package.json's ``playwright-core-previous`` alias): version skew."""

PYTHON_SERVER = (sys.executable, "-m", "playwright")
READY_TIMEOUT_S = 20.0


def launch_options() -> str:
    """The ``launch-options`` query value: this machine's Chromium and browserkit's switches."""
    found = find_chromium(os.environ.get("BROWSERKIT_CHROMIUM"))
    assert found is not None, "no Chromium for the browser server to launch"
    options = {"executablePath": found.path, "args": list(launch_args())}
    return urllib.parse.quote(json.dumps(options), safe="")


class BrowserServer:
    """One ``run-server`` subprocess: start, kill (a crash), restart on its port, stop.

    ``command`` is how to run Playwright's CLI (``python -m playwright`` by
    default; ``("node", ".../cli.js")`` for another version).
    """

    def __init__(self, command: Sequence[str] = PYTHON_SERVER) -> None:
        self.command = tuple(command)
        self.port = 0
        self.proc: subprocess.Popen[str] | None = None
        self.output: list[str] = []

    # ------------------------------------------------------------- URLs

    @property
    def address(self) -> str:
        """``ws://127.0.0.1:PORT/``: what the server printed, with no query."""
        assert self.port, "the server has not started"
        return f"ws://127.0.0.1:{self.port}/"

    def url(self, max_sessions: int | None = None) -> str:
        """The endpoint to configure: launch options, and browserkit's capacity if given."""
        url = f"{self.address}?launch-options={launch_options()}"
        return url if max_sessions is None else f"{url}&max_sessions={max_sessions}"

    # -------------------------------------------------------- lifecycle

    def start(self) -> str:
        """Start the server (on its old port after a kill); return its address.

        Waits, bounded, for its ``Listening on`` line; a server that does not
        print it is stopped and the call fails with what it printed.
        """
        assert self.proc is None, "the server is already running"
        self.output = []
        listen = ["--host", "127.0.0.1", "--port", str(self.port)]
        self.proc = subprocess.Popen(
            [*self.command, "run-server", *listen, "--unsafe"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,  # its own group: killpg takes the driver, not us
        )
        lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, lines), daemon=True).start()
        deadline = time.monotonic() + READY_TIMEOUT_S
        try:
            while True:
                try:
                    line = lines.get(timeout=max(deadline - time.monotonic(), 0.01))
                except queue.Empty:
                    line = None
                if line is None:  # it exited, or stayed silent too long
                    raise AssertionError(
                        f"{' '.join(self.command)} run-server did not listen: {self.output}"
                    )
                if line.startswith("Listening on "):
                    address = line.removeprefix("Listening on ").strip()
                    self.port = urllib.parse.urlsplit(address).port or 0
                    return self.address
        except BaseException:
            self.kill()
            raise

    def _read(self, proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        # Keeps draining after the ready line so the server never blocks on a full pipe.
        assert proc.stdout is not None
        for line in proc.stdout:
            self.output.append(line.rstrip())
            lines.put(line)
        lines.put(None)

    def kill(self) -> None:
        """SIGKILL the server and every process it started: a machine that died. Idempotent."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        children = descendants(proc.pid)
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        # Chromium runs in a group of its own and would exit on its own when
        # its pipe closes; killing it too leaves nothing behind at once.
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()

    def restart(self) -> str:
        """Start the server again on the port it had."""
        self.kill()
        return self.start()

    def browsers(self) -> int:
        """How many browser processes the server has launched and still runs."""
        if self.proc is None:
            return 0
        return sum(1 for pid in descendants(self.proc.pid) if "chrom" in _command(pid))

    def __enter__(self) -> BrowserServer:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.kill()


@contextmanager
def browser_servers(
    count: int, command: Sequence[str] = PYTHON_SERVER
) -> Iterator[list[BrowserServer]]:
    """``count`` running servers, every one killed on the way out even when a start fails."""
    servers = [BrowserServer(command) for _ in range(count)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.kill()


def descendants(pid: int) -> list[int]:
    """Every live process below ``pid`` (Linux ``/proc``), children first."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name is in parentheses and may hold spaces: split after it.
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""
