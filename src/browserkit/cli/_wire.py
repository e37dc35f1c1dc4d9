"""The wire between a command and its session: one JSON line each way per connection.

A command connects to the session's socket, sends one request line and
reads one answer line. Requests are ``{"argv": [...], "cwd": DIR}`` (a
command line to run), ``{"op": "info"}`` or ``{"op": "close"}``; answers are
``{"out": TEXT, "err": TEXT, "status": N}``, printed as they are. A command
that goes away before its answer (Ctrl-C) closes the connection, and the
session stops that command.

Standard library only, like the rest of the client's path.
"""

from __future__ import annotations

import json
import socket
from typing import Any

__all__ = ["MAX_REQUEST", "WireError", "answer", "read_line", "send"]

MAX_REQUEST = 4 << 20
"""The longest request line a session reads (a typed text or a script fits; a flood does not)."""


class WireError(Exception):
    """The other end sent something that is not a message, or too much of it."""


def send(conn: socket.socket, message: dict[str, Any]) -> None:
    """Write ``message`` as one line."""
    conn.sendall(json.dumps(message, ensure_ascii=False).encode("utf-8", "replace") + b"\n")


def read_line(conn: socket.socket, limit: int | None = None) -> dict[str, Any] | None:
    """The next message on ``conn``; None when it closed first. Blocking; ``limit``: bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = conn.recv(1 << 16)
        if not chunk:
            if chunks:
                raise WireError("the connection closed in the middle of a message")
            return None
        end = chunk.find(b"\n")
        if end >= 0:
            chunks.append(chunk[:end])
            break
        chunks.append(chunk)
        size += len(chunk)
        if limit is not None and size > limit:
            raise WireError(f"a message longer than {limit} bytes")
    try:
        value = json.loads(b"".join(chunks).decode("utf-8"))
    except ValueError:
        raise WireError("a message that is not JSON") from None
    if not isinstance(value, dict):
        raise WireError("a message that is not a JSON object")
    return value


def answer(out: str = "", err: str = "", status: int = 0) -> dict[str, Any]:
    """An answer: what to print on stdout and stderr, and the exit status."""
    return {"out": out, "err": err, "status": status}
