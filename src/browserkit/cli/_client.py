"""The command's side of a session: find its socket, send the command line, print the answer.

A session command is sent as it was typed, with the directory it ran in,
to the session's process, which parses and runs it; so the command's own
process imports nothing but the standard library and this package's
socket helpers, and starts fast. Only when no session answers does the
command line get parsed here (to say what is wrong: a mistyped command, or
no such session), and ``open`` starts the process.

Ctrl-C while waiting closes the connection: the session stops that command
and runs on, and the command exits 130.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import selectors
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from browserkit.cli._folder import (
    FolderError,
    check_name,
    default_name,
    folder,
    lock_path,
    socket_path,
)
from browserkit.cli._wire import WireError, read_line, send

__all__ = [
    "LOCAL",
    "close",
    "forward",
    "open_session",
    "print_error",
    "run_session_command",
    "session_name",
    "sessions",
]

LOCAL = frozenset(
    {
        "demo",
        "diagnostics",
        "install-browser",
        "mcp",
        "tools",
        "open",
        "attach",
        "close",
        "sessions",
        "skill",
    }
)
"""Commands that run in the command's own process, not in a session's."""

# Bounds: how long `open` waits for a new session's process to say it is ready (it
# imports browserkit and Playwright), and for any answer (commands have their own
# timeouts, clamped by the config; a handoff waits for a person).
_READY_S = 120.0
_ANSWER_S = 3600.0

# Exit statuses the client gives itself (the rest come with the session's answers);
# they match browserkit.cli._output.CLASSES, which the tests check.
_NO_SESSION = 3
_GONE = 4
_ENVIRONMENT = 11
_INTERRUPTED = 130


def session_name(argv: Sequence[str]) -> str:
    """The session ``argv`` names with ``-s NAME`` / ``--session NAME`` (else the default)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg in ("-s", "--session") and i + 1 < len(argv):
            return argv[i + 1]
        for prefix in ("--session=", "-s="):
            if arg.startswith(prefix):
                return arg[len(prefix) :]
        if arg.startswith("-s") and len(arg) > 2 and not arg.startswith("--"):
            return arg[2:]
    return default_name()


def print_error(code: str, message: str, hint: str, status: int) -> int:
    """Print an error as every command does (``error <code>: ...``, ``hint: ...``); ``status``."""
    sys.stderr.write(f"error {code}: {message}\n")
    if hint:
        sys.stderr.write(f"hint: {hint}\n")
    return status


def _connect(path: Path) -> socket.socket | None:
    """A connection to the session at ``path``; None when nobody listens there."""
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(str(path))
    except (FileNotFoundError, ConnectionRefusedError):
        conn.close()
        return None
    except BaseException:
        conn.close()
        raise
    conn.settimeout(_ANSWER_S)
    return conn


def _exchange(conn: socket.socket, request: dict[str, Any]) -> int:
    """Send ``request``, print the answer; the exit status."""
    with conn:
        try:
            send(conn, request)
            reply = read_line(conn)
        except KeyboardInterrupt:
            # Closing the connection is what stops the command in the session.
            conn.close()
            return print_error(
                "interrupted",
                "the command was stopped (Ctrl-C)",
                "the session runs on: take a snapshot to see where the page is",
                _INTERRUPTED,
            )
        except (OSError, WireError) as exc:
            return print_error(
                "session_closed",
                f"the session's process ended during the command ({exc})",
                "run `browserkit open` to start the session again",
                _GONE,
            )
    if reply is None:
        return print_error(
            "session_closed",
            "the session's process ended before it answered",
            "run `browserkit open` to start the session again",
            _GONE,
        )
    sys.stdout.write(str(reply.get("out", "")))
    sys.stderr.write(str(reply.get("err", "")))
    status = reply.get("status", 1)
    return status if isinstance(status, int) else 1


def _socket_of(name: str, *, create: bool) -> Path:
    return socket_path(folder(create=create), check_name(name))


def forward(argv: Sequence[str]) -> int | None:
    """Send a session command straight to its running session; None when this cannot be
    done here (a local command, ``--help``, no session answering): parse it in full then."""
    if not argv or argv[0].startswith("-") or argv[0] in LOCAL:
        return None
    if any(a in ("-h", "--help") for a in argv):
        return None
    try:
        path = _socket_of(session_name(argv), create=False)
    except FolderError:
        return None  # said in full by the slow path
    conn = _connect(path)
    if conn is None:
        return None
    return _exchange(conn, {"argv": list(argv), "cwd": os.getcwd()})


def _no_session(name: str) -> int:
    flag = "" if name == "default" else f" -s {name}"
    return print_error(
        "session_not_found",
        f"no session {name!r} is open",
        f"run `browserkit open URL{flag}` first; `browserkit sessions` lists the open ones",
        _NO_SESSION,
    )


def _folder_error(exc: FolderError) -> int:
    return print_error("folder_not_private", exc.message, exc.hint, _ENVIRONMENT)


def run_session_command(argv: Sequence[str]) -> int:
    """A parsed session command: send it to its session, or say there is none."""
    name = session_name(argv)
    try:
        path = _socket_of(name, create=False)
    except FolderError as exc:
        return _folder_error(exc)
    conn = _connect(path)
    if conn is None:
        if path.exists():
            # Left by a process that was killed: nobody will answer on it again.
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        return _no_session(name)
    return _exchange(conn, {"argv": list(argv), "cwd": os.getcwd()})


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock: one command at a time starts a given session."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # bounded: the holder waits at most _READY_S
        yield
    finally:
        os.close(fd)


def _spawn(options: dict[str, Any]) -> str | None:
    """Start a session process with ``options``; None once it listens, else what went wrong."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "browserkit.cli._server"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        # Its own session: a terminal's Ctrl-C (sent to the caller's process group) and
        # the terminal closing never reach it.
        start_new_session=True,
        cwd="/",
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(json.dumps(options).encode() + b"\n")
        proc.stdin.close()
        line = _read_ready(proc.stdout.fileno())
    finally:
        proc.stdout.close()
    # The process lives on past this command: no wait(), and no warning about it.
    proc.returncode = 0
    try:
        message = json.loads(line) if line else None
    except ValueError:
        message = None
    if not isinstance(message, dict):
        return "the session's process ended before it was ready"
    if message.get("ready"):
        return None
    return json.dumps(message)


def _read_ready(fd: int) -> bytes:
    """The handshake line a new session process writes, within ``_READY_S``."""
    data = b""
    deadline = time.monotonic() + _READY_S
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_READ)
        while b"\n" not in data:
            left = deadline - time.monotonic()
            if left <= 0 or not sel.select(left):
                break
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
    return data.split(b"\n", 1)[0]


def open_session(name: str, options: dict[str, Any], argv: Sequence[str]) -> int:
    """``open``/``attach``: reuse session ``name`` or start its process, then send ``argv``."""
    try:
        base = folder(create=True)
        path = socket_path(base, check_name(name))
        lock = lock_path(base, name)
    except FolderError as exc:
        return _folder_error(exc)
    with _locked(lock):
        conn = _connect(path)
        if conn is None:
            problem = _spawn(options)
            if problem is not None:
                return _spawn_error(problem)
            conn = _connect(path)
            if conn is None:
                return print_error(
                    "session_closed",
                    "the session's process stopped listening right after it started",
                    "run the command again",
                    _GONE,
                )
        return _exchange(conn, {"argv": list(argv), "cwd": os.getcwd()})


def _spawn_error(problem: str) -> int:
    try:
        message = json.loads(problem)
    except ValueError:
        return print_error("session_closed", problem, "run the command again", _GONE)
    code = str(message.get("code", "internal_error"))
    from browserkit.cli._output import STATUS

    return print_error(
        code, str(message.get("message", "")), str(message.get("hint", "")), STATUS.get(code, 1)
    )


def _names(base: Path) -> list[str]:
    try:
        entries = sorted(os.listdir(base))
    except FileNotFoundError:
        return []
    return [e.removesuffix(".sock") for e in entries if e.endswith(".sock")]


def _ask(base: Path, name: str, request: dict[str, Any]) -> dict[str, Any] | None:
    """``request``'s answer from session ``name``; None when it is not running (a stale
    socket is removed)."""
    path = socket_path(base, name)
    conn = _connect(path)
    if conn is None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        return None
    with conn:
        send(conn, request)
        return read_line(conn)


def sessions() -> int:
    """``sessions``: one line per running session: its name, page and process."""
    try:
        base = folder(create=False)
    except FolderError as exc:
        return _folder_error(exc)
    lines = []
    for name in _names(base):
        try:
            reply = _ask(base, name, {"op": "info"})
        except (FolderError, OSError, WireError):
            continue
        if reply is None:
            continue
        try:
            info = json.loads(str(reply.get("out", "")))
        except ValueError:
            continue
        state = " (browser gone: open it again)" if info.get("gone") else ""
        ro = " read-only" if info.get("read_only") else ""
        lines.append(f"{name}  {info.get('url') or '(no page)'}  pid={info.get('pid')}{ro}{state}")
    sys.stdout.write("".join(f"{line}\n" for line in lines) or "no sessions\n")
    return 0


def close(name: str | None, every: bool) -> int:
    """``close``: end session ``name`` (or every one) and its process."""
    try:
        base = folder(create=False)
    except FolderError as exc:
        return _folder_error(exc)
    names = _names(base) if every else [check_name(name or default_name())]
    closed = []
    for each in names:
        try:
            reply = _ask(base, each, {"op": "close"})
        except (OSError, WireError):
            reply = None
        if reply is not None:
            closed.append(each)
    if not every and not closed:
        return _no_session(names[0])
    sys.stdout.write("".join(f"closed {n}\n" for n in closed) or "no sessions\n")
    return 0
