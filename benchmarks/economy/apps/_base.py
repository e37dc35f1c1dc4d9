"""What every app shares: bounded set-up commands, free ports, small threaded servers,
and the life of an app served by a child process from a temporary folder."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from types import TracebackType
from typing import IO

from typing_extensions import Self

__all__ = [
    "DOCS_DIR",
    "NPM_DIR",
    "ROOT",
    "SWAGGER_DIR",
    "App",
    "AppError",
    "ProcessApp",
    "QuietFiles",
    "free_port",
    "require",
    "run_command",
    "wait_ready",
]

ROOT = Path(__file__).resolve().parents[3]
DOCS_DIR = ROOT / "docs"
NPM_DIR = Path(__file__).resolve().parents[1] / "npm"
SWAGGER_DIR = NPM_DIR / "node_modules" / "swagger-ui-dist"

SETUP_TIMEOUT_S = 600.0
"""Bound on one set-up command (a Sphinx build, Django's migrations, ``npm ci``): a
loaded machine of two cores built these docs in over 240 s."""
READY_TIMEOUT_S = 30.0
"""Bound on a server's first answer after it was started."""


class AppError(RuntimeError):
    """An app could not be set up; the message says what to install or run."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago (for a server in a child process)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def require(module: str, name: str) -> None:
    """:class:`AppError` saying how to install ``name`` unless ``module`` can be imported.

    Only looks the module up: the app itself runs in a child process.
    """
    if importlib.util.find_spec(module) is None:
        raise AppError(f"{name} is not installed: pip install --group bench")


def wait_ready(
    url: str, proc: subprocess.Popen[bytes] | None = None, timeout_s: float = READY_TIMEOUT_S
) -> None:
    """Wait until ``url`` answers (any HTTP status), at most ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise AppError(f"the server for {url} exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # it answered
        except OSError:
            time.sleep(0.2)
    raise AppError(f"{url} did not answer within {timeout_s:.0f} s")


def run_command(args: list[str], cwd: Path, what: str, env: dict[str, str] | None = None) -> None:
    """Run a set-up command, bounded in time; :class:`AppError` with its output's tail."""
    try:
        done = subprocess.run(
            args,
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=SETUP_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise AppError(f"{what} took longer than {SETUP_TIMEOUT_S:.0f} s") from None
    except FileNotFoundError as exc:
        raise AppError(f"{what}: {exc}") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip()[-800:]
        raise AppError(f"{what} failed (exit {done.returncode}): {tail}")


class App:
    """An app the benchmark runs: ``with app:`` starts it and always stops it."""

    name = "app"

    def start(self) -> None:
        """Set the app up and start serving it."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop serving and remove what ``start`` made (safe after a failed start)."""
        raise NotImplementedError

    def __enter__(self) -> Self:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class ProcessApp(App):
    """An app served by a child process from a temporary folder that it owns.

    The folder exists from construction on; ``start`` writes the app into it and
    calls :meth:`serve`; ``close`` stops the process and removes the folder. The
    process leads a process group of its own, and ``close`` stops the whole group:
    some servers (MLflow's, JupyterLab's kernels) start children that outlive
    their parent's exit.
    """

    folder_prefix = "bk-economy-app-"
    """How the temporary folder's name starts."""
    ready_path = "/"
    """The path whose first answer (any HTTP status) means the server is up."""
    ready_timeout_s = READY_TIMEOUT_S
    """Bound on that first answer."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix=self.folder_prefix))
        self.port = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        """The full URL of ``path`` on the running server."""
        return self.base + path

    def server_command(self) -> list[str]:
        """The command, run in :attr:`folder`, that serves the app on 127.0.0.1:``port``."""
        raise NotImplementedError

    def server_env(self) -> dict[str, str] | None:
        """The environment of :meth:`server_command`; None inherits the benchmark's."""
        return None

    def serve(self) -> None:
        """Run :meth:`server_command` on a free port, its output in ``server.log``, and
        wait (at most :attr:`ready_timeout_s`) until :attr:`ready_path` answers."""
        self.port = free_port()
        self._log = (self.folder / "server.log").open("wb")
        self._proc = subprocess.Popen(
            self.server_command(),
            cwd=self.folder,
            env=self.server_env(),
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_ready(self.url(self.ready_path), self._proc, self.ready_timeout_s)

    def close(self) -> None:
        """Stop the server's process group (terminate, then kill after 10 s) and remove
        the folder."""
        if self._proc is not None:
            self._signal_group(signal.SIGTERM)
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            # Children that ignored the terminate, or that the server left behind.
            self._signal_group(signal.SIGKILL)
            self._proc.wait(timeout=10)
        if self._log is not None:
            self._log.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _signal_group(self, sig: signal.Signals) -> None:
        assert self._proc is not None
        try:
            os.killpg(self._proc.pid, sig)
        except ProcessLookupError:  # the whole group has exited
            pass


class QuietFiles(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """No per-request logging."""
