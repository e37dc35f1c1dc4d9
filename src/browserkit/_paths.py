"""The one check and the one way of writing a file the caller names, and of reading one.

Exports, saved downloads, storage state, screenshots, PDFs and traces all
refuse the same mistakes before anything runs, with the same words: a value
that is not a path, a path that is a directory, a folder that does not exist
(:func:`output_file`).

They then write the same way (:func:`write_file`, :func:`copy_file`,
:func:`written_by`): into a new file in the target's folder, created with
``O_EXCL | O_NOFOLLOW``, flushed to disk, then renamed onto the path. The
path itself is never opened, so whatever was there is replaced, not written
through: a symlink (live or dangling) leaves its target untouched, a FIFO
never blocks a writer waiting for a reader, and a reader of the path never
sees half a file.

A file the caller names for browserkit to read (a secrets file, a token
file) is read the one way too (:func:`read_small_file`): opened without
blocking, so a FIFO is refused rather than waited on, checked to be a
regular file, and read up to a bound; a symlink is refused where asked.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import shutil
import stat
import tempfile
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

from browserkit.errors import InvalidArgumentError

__all__ = ["copy_file", "output_file", "read_small_file", "write_file", "written_by"]

_CHUNK = 1 << 20  # bytes read and written at a time when copying a file

# A new file only (never an existing one, never through a symlink), binary on Windows.
_NEW_FILE = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def output_file(path: object, example: str) -> Path:
    """``path`` made absolute once it can name a file to write; ``example`` goes in hints."""
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise InvalidArgumentError(
            f"path must be a file path, got {path!r}", hint=f"e.g. {example}"
        )
    try:
        target = Path(os.path.abspath(path))
        is_folder, folder_ok = target.is_dir(), target.parent.is_dir()
    except (OSError, ValueError) as exc:  # a name too long, a NUL byte
        raise InvalidArgumentError(f"{os.fspath(path)!r} is not a usable path: {exc}") from None
    if is_folder:
        raise InvalidArgumentError(
            f"{str(target)!r} is a directory: give a file path", hint=f"e.g. {example}"
        )
    if not folder_ok:
        raise InvalidArgumentError(
            f"the folder {str(target.parent)!r} does not exist",
            hint="create it first, or give a path in an existing folder",
        )
    return target


def write_file(target: Path, content: bytes | str | Iterable[bytes], *, private: bool) -> int:
    """Put ``content`` (text is UTF-8) at ``target`` without opening ``target``; its size.

    ``private``: the file holds session data (cookies, logs, a trace) and is
    readable by its owner only from the moment it exists; otherwise its mode
    follows the umask like any new file. Blocking: call it from a thread
    (``asyncio.to_thread``) when an event loop is running.
    """
    fd, temp = _new_file(target.parent, private)
    try:
        with os.fdopen(fd, "wb") as out:
            chunks = [content.encode()] if isinstance(content, str) else content
            for chunk in [chunks] if isinstance(chunks, bytes) else chunks:
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
            size = os.fstat(out.fileno()).st_size
        _move(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return size


def copy_file(source: str | os.PathLike[str], target: Path, *, private: bool) -> int:
    """:func:`write_file` with the bytes of the file ``source``, streamed; its size."""
    with open(source, "rb") as src:
        return write_file(target, iter(lambda: src.read(_CHUNK), b""), private=private)


async def written_by(
    target: Path, write: Callable[[Path], Awaitable[None]], *, private: bool
) -> int:
    """Have ``write`` make the file (Playwright does), then put it at ``target``; its size.

    ``write`` gets a path in a new folder beside ``target`` that only this
    user may enter (``mkdtemp``: mode 0o700), so nobody can plant a link
    there; what it wrote is made owner-only when ``private``, flushed, and
    renamed onto ``target``.
    """
    folder = Path(tempfile.mkdtemp(prefix=".browserkit-", dir=target.parent))
    try:
        made = folder / f"file{target.suffix[:16]}"
        await write(made)
        return await asyncio.to_thread(_finish, made, target, private)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _finish(made: Path, target: Path, private: bool) -> int:
    fd = os.open(made, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
    try:
        if private and hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
        os.fsync(fd)
        size = os.fstat(fd).st_size
    finally:
        os.close(fd)
    _move(made, target)
    return size


def _new_file(folder: Path, private: bool) -> tuple[int, Path]:
    """A new, empty file with an unguessable name in ``folder``, open for writing."""
    for _ in range(16):
        temp = folder / f".browserkit-{secrets.token_hex(8)}.tmp"
        try:
            return os.open(temp, _NEW_FILE, 0o600 if private else 0o666), temp
        except FileExistsError:  # a name taken (by chance, or planted): draw another
            continue
    raise FileExistsError(f"no free temporary name in {str(folder)!r}")


def _move(temp: Path, target: Path) -> None:
    """Rename ``temp`` onto ``target`` (replacing what is there, never through it)."""
    os.replace(temp, target)
    if hasattr(os, "O_DIRECTORY"):  # the rename itself survives a crash
        try:
            folder = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return
        try:
            os.fsync(folder)
        except OSError:
            pass  # some file systems refuse fsync on a folder: the file is written all the same
        finally:
            os.close(folder)


def read_small_file(
    path: str | os.PathLike[str], what: str, most: int, *, links: bool = True
) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file at ``path`` (at most ``most``), and its status.

    Refused with :class:`~browserkit.InvalidArgumentError`, naming ``what``
    (``"secrets file"``) and the path but never the content: a path that
    cannot be opened, that is not a regular file (a FIFO is never waited
    on), that is larger than ``most`` bytes, or, with ``links=False``, that
    is a symlink.
    """
    where = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        if not links:
            flags |= getattr(os, "O_NOFOLLOW", 0)
            if os.path.islink(where):
                raise InvalidArgumentError(
                    f"{what} {where!r} is a symlink",
                    hint="give the file itself; a link could be pointed elsewhere",
                )
        fd = os.open(where, flags)
    except OSError as exc:
        raise InvalidArgumentError(
            f"{what} {where!r} cannot be opened: {exc.strerror}",
            hint="give the path of a file this user can read",
        ) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InvalidArgumentError(
                f"{what} {where!r} is not a regular file",
                hint="give a file, not a FIFO, device or directory",
            )
        data = b""
        while len(data) <= most and (chunk := os.read(fd, 1 << 16)):
            data += chunk
    finally:
        os.close(fd)
    if len(data) > most:
        raise InvalidArgumentError(f"{what} {where!r} is larger than {most:,} bytes")
    return data, info
