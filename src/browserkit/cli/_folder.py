"""The private folder of the command line's sessions: where each session's socket lives.

Every local port is reachable by every user of the machine, so a session
serves its commands over a Unix socket, ``NAME.sock`` in one folder that
only its user can enter: created ``0700``, and refused when it is someone
else's, has any group or other permission bits, or is a symlink. A socket
path that is a symlink is refused too. The server also asks the kernel who
connected (``SO_PEERCRED``) and answers only its own user (:func:`peer_uid`,
:func:`allowed_peer`).

The folder is ``BROWSERKIT_CLI_DIR`` when set, else ``$XDG_RUNTIME_DIR/browserkit``
(a per-user folder the system already keeps private), else
``/tmp/browserkit-<uid>``.

Standard library only: the command line's client imports this on every
command, and every import is time the agent waits.
"""

from __future__ import annotations

import os
import re
import socket
import stat
import struct
from pathlib import Path

__all__ = [
    "DIR_ENV",
    "SESSION_ENV",
    "FolderError",
    "allowed_peer",
    "check_name",
    "default_name",
    "folder",
    "lock_path",
    "peer_uid",
    "socket_path",
]

DIR_ENV = "BROWSERKIT_CLI_DIR"
"""The variable that names the sessions' folder (tests point it at a temporary one)."""

SESSION_ENV = "BROWSERKIT_SESSION"
"""The variable that names the session a command goes to when ``-s`` is not given."""

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")

# sockaddr_un holds 108 bytes on Linux, the terminating NUL among them.
_MAX_SOCKET_PATH = 107


class FolderError(Exception):
    """The sessions' folder or a socket in it cannot be trusted or used; ``hint`` says how."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


def default_name() -> str:
    """The session a command goes to without ``-s``: ``BROWSERKIT_SESSION``, else ``default``."""
    return os.environ.get(SESSION_ENV) or "default"


def check_name(name: str) -> str:
    """``name`` when it can name a session (letters, digits, ``_ . -``; at most 40)."""
    if not _NAME.match(name):
        raise FolderError(
            f"{name!r} is not a session name",
            "use letters, digits, '_', '.' or '-' (at most 40, starting with a letter or digit)",
        )
    return name


def _default_folder() -> Path:
    configured = os.environ.get(DIR_ENV)
    if configured:
        return Path(configured)
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isdir(runtime):
        return Path(runtime) / "browserkit"
    return Path("/tmp") / f"browserkit-{os.getuid()}"


def folder(*, create: bool) -> Path:
    """The sessions' folder, checked private; created (``0700``) when ``create`` and missing.

    Raises :class:`FolderError` when it is a symlink, not a folder, not owned
    by this user, or open to the group or others: another user could then
    put a socket there, or read what is there.
    """
    path = _default_folder()
    if create:
        try:
            path.mkdir(mode=0o700, parents=True)
        except FileExistsError:
            pass
        except OSError as exc:
            raise FolderError(
                f"cannot create the sessions' folder {str(path)!r}: {exc.strerror}",
                f"set {DIR_ENV} to a folder of your own",
            ) from None
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return path  # nothing there yet: no session runs
    if stat.S_ISLNK(info.st_mode):
        raise FolderError(
            f"the sessions' folder {str(path)!r} is a symlink",
            f"remove it, or set {DIR_ENV} to a folder of your own",
        )
    if not stat.S_ISDIR(info.st_mode):
        raise FolderError(
            f"the sessions' folder {str(path)!r} is not a folder",
            f"remove it, or set {DIR_ENV} to a folder of your own",
        )
    if info.st_uid != os.getuid():
        raise FolderError(
            f"the sessions' folder {str(path)!r} belongs to uid {info.st_uid}, not to you",
            f"another user may have made it: set {DIR_ENV} to a folder of your own",
        )
    if info.st_mode & 0o077:
        raise FolderError(
            f"the sessions' folder {str(path)!r} has mode {stat.S_IMODE(info.st_mode):04o}; "
            "it must be 0700",
            f"chmod 700 {path}",
        )
    return path


def socket_path(base: Path, name: str) -> Path:
    """Where session ``name``'s socket is in ``base``; refused when that path is a symlink."""
    path = base / f"{check_name(name)}.sock"
    if len(os.fsencode(path)) > _MAX_SOCKET_PATH:
        raise FolderError(
            f"the socket path {str(path)!r} is too long for a Unix socket",
            f"set {DIR_ENV} to a shorter folder",
        )
    if path.is_symlink():
        raise FolderError(
            f"{str(path)!r} is a symlink, not a session's socket",
            "remove it; a session's socket is never a symlink",
        )
    return path


def lock_path(base: Path, name: str) -> Path:
    """The lock file that lets one command at a time start session ``name``."""
    return base / f"{check_name(name)}.lock"


def peer_uid(conn: socket.socket) -> int | None:
    """The uid of the process at the other end of Unix socket ``conn``; None: the system
    cannot say (no ``SO_PEERCRED``)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    creds = conn.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    return int(uid)


def allowed_peer(uid: int | None, own_uid: int) -> bool:
    """Whether a peer of uid ``uid`` may drive a session of user ``own_uid``: only the same
    user. ``None`` (a system without ``SO_PEERCRED``) leaves the guard to the folder,
    which no other user can enter."""
    return uid is None or uid == own_uid
