"""The lock that keeps one browser per profile directory: :class:`ProfileLock`.

Chromium guards its user-data directory with a ``SingletonLock`` symlink, but
a second Chromium on a held directory hands its window to the first and
exits, and Playwright then waits out its launch timeout. So browserkit takes
a lock of its own first and refuses at once with
:class:`~browserkit.ProfileInUseError`, naming the process that holds it.

The lock is ``browserkit.lock`` inside the profile: opened with
``O_NOFOLLOW`` (a symlink planted there is refused, never followed), locked
with ``flock`` and holding the holder's pid. The kernel drops an ``flock``
when its process dies, even by ``kill -9``, so a crashed holder's lock is
free at once; the stale pid left in the file is overwritten. Where ``flock``
does not exist (Windows) the file is created with ``O_EXCL`` instead and a
file naming a dead pid is taken as stale and replaced.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

from browserkit.errors import InvalidArgumentError, ProfileInUseError

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK_NAME", "ProfileLock", "chromium_holder", "profile_dir"]

LOCK_NAME = "browserkit.lock"

_OPEN = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def profile_dir(value: object) -> Path:
    """``value`` as an absolute profile directory, created (owner-only) when missing."""
    if not isinstance(value, (str, os.PathLike)) or not os.fspath(value):
        raise InvalidArgumentError(
            f"profile: must be a directory path, got {value!r}", hint='e.g. profile="~/.bk/work"'
        )
    path = Path(os.path.abspath(os.path.expanduser(os.fspath(value))))
    if path.exists() and not path.is_dir():
        raise InvalidArgumentError(
            f"profile: {str(path)!r} is not a directory",
            hint="give a folder for the browser's profile (it is created when missing)",
        )
    if not path.parent.is_dir():
        raise InvalidArgumentError(
            f"profile: the folder {str(path.parent)!r} does not exist",
            hint="create it first, or give a profile path in an existing folder",
        )
    # Cookies and logins live here: readable by its owner only.
    path.mkdir(mode=0o700, exist_ok=True)
    return path


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: alive
    except OSError:
        return False
    return True


def chromium_holder(path: Path) -> int:
    """The pid of a live Chromium on this machine holding ``path`` (its ``SingletonLock``); 0."""
    try:
        target = os.readlink(path / "SingletonLock")  # "hostname-pid"
    except OSError:
        return 0
    host, _, pid = target.rpartition("-")
    if host != socket.gethostname() or not pid.isdigit():
        return 0
    return int(pid) if _alive(int(pid)) else 0


def _holder(fd: int) -> int:
    """The pid written in the lock file (0 when unreadable)."""
    try:
        text = os.pread(fd, 64, 0).decode("ascii", "replace").strip()
        return int(text) if text.isdigit() else 0
    except (OSError, AttributeError):
        return 0


def _in_use(path: Path, pid: int) -> ProfileInUseError:
    who = f"process {pid}" if pid else "another process"
    mine = " (this process)" if pid == os.getpid() else ""
    return ProfileInUseError(
        f"the profile {str(path)!r} is in use by {who}{mine}",
        hint="stop the session that holds it (one browser per profile at a time), "
        "or start on another profile directory",
    )


class ProfileLock:
    """Held while a browser runs on ``path``; :meth:`release` it after the browser closed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @classmethod
    def acquire(cls, path: Path) -> ProfileLock:
        """The lock of ``path``, taken now; :class:`ProfileInUseError` if held."""
        lock = cls(path)
        file = path / LOCK_NAME
        if fcntl is None:
            lock._fd = _exclusive(file, path)
        else:
            try:
                fd = os.open(file, _OPEN, 0o600)
            except OSError as exc:
                raise InvalidArgumentError(
                    f"profile: cannot open its lock file {str(file)!r} "
                    f"({exc.strerror or exc}); a symlink there is refused",
                    hint="remove that file, or give another profile directory",
                ) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = _holder(fd)
                os.close(fd)
                raise _in_use(path, holder) from None
            lock._fd = fd
        chromium = chromium_holder(path)
        if chromium:
            # A Chromium we did not launch (or one still closing after its
            # owner died): a second one would hand itself over to it and exit.
            lock.release()
            raise ProfileInUseError(
                f"the profile {str(path)!r} is in use by Chromium process {chromium}",
                hint="close that browser (or wait for it to exit), or start on another "
                "profile directory",
            )
        os.ftruncate(lock._fd, 0)
        os.pwrite(lock._fd, f"{os.getpid()}\n".encode(), 0)
        return lock

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the lock up (twice is fine); the file stays, empty."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.ftruncate(fd, 0)
        except OSError:
            pass
        if fcntl is None:
            os.close(fd)
            try:
                os.unlink(self.path / LOCK_NAME)
            except OSError:
                pass
            return
        os.close(fd)  # closing drops the flock


def _exclusive(file: Path, path: Path) -> int:
    """Without flock: create the file exclusively, replacing one left by a dead process."""
    for _ in range(2):
        try:
            return os.open(file, _OPEN | os.O_EXCL, 0o600)
        except FileExistsError:
            try:
                fd = os.open(file, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            except OSError:
                continue
            try:
                holder = int(os.read(fd, 64).decode("ascii", "replace").strip() or 0)
            except ValueError:
                holder = 0
            finally:
                os.close(fd)
            if _alive(holder):
                raise _in_use(path, holder) from None
            try:
                os.unlink(file)  # stale: its holder died
            except OSError:
                pass
    raise _in_use(path, 0)
