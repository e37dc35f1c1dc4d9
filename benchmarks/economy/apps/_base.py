"""What every app shares: bounded set-up commands, free ports, small threaded servers."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.error
import urllib.request
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from types import TracebackType

from typing_extensions import Self

__all__ = [
    "DOCS_DIR",
    "NPM_DIR",
    "ROOT",
    "SWAGGER_DIR",
    "App",
    "AppError",
    "QuietFiles",
    "free_port",
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


def wait_ready(url: str, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Wait until ``url`` answers (any HTTP status), at most READY_TIMEOUT_S."""
    deadline = time.monotonic() + READY_TIMEOUT_S
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
    raise AppError(f"{url} did not answer within {READY_TIMEOUT_S:.0f} s")


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


class QuietFiles(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """No per-request logging."""
