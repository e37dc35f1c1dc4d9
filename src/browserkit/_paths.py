"""The one check of a file path the caller asks browserkit to write.

Exports, saved downloads, storage state, screenshots and traces all refuse
the same mistakes before anything runs, with the same words: a value that is
not a path, a path that is a directory, a folder that does not exist.
"""

from __future__ import annotations

import os
from pathlib import Path

from browserkit.errors import InvalidArgumentError

__all__ = ["output_file"]


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
