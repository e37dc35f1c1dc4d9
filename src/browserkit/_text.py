"""Making page text valid Unicode before it reaches the caller.

JavaScript strings are UTF-16 and may hold lone surrogates
(``String.fromCharCode(0xD800)``); Playwright hands them to Python as they
are. Python keeps such a string happily until something encodes it as UTF-8
— printing it, writing a file, or an MCP server answering over stdio — and
then raises (``UnicodeEncodeError``, ``PydanticSerializationError``). So
every string browserkit returns goes through :func:`well_formed` where page
text enters Python, and once more where tools hand results out.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

__all__ = ["REPLACEMENT", "well_formed", "well_formed_str"]

REPLACEMENT = "\ufffd"
"""What a lone surrogate becomes (U+FFFD, as JavaScript's ``toWellFormed()`` does)."""

_T = TypeVar("_T")

_SURROGATE = re.compile("[\ud800-\udfff]")


def well_formed_str(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD; ``text`` itself when valid.

    A high surrogate followed by a low one (a pair split into two code points)
    is joined into the character it encodes, as UTF-16 reads it.

    >>> well_formed_str("a\\ud800b")
    'a\\ufffdb'
    >>> well_formed_str("\\ud83d\\ude00") == "\\U0001f600"
    True
    """
    # Fast paths: nearly all text is ASCII or has no surrogate at all.
    if text.isascii() or _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def well_formed(value: _T) -> _T:
    """``value`` with every string in it (dict keys too) made valid Unicode.

    Walks the JSON shapes (``dict``, ``list``, ``tuple``, ``str``); other
    values (numbers, bytes, Playwright objects) pass through untouched. A
    container is rebuilt only when something in it changed, so the common
    case costs a scan and no copy.
    """
    return _clean(value)  # type: ignore[no-any-return]


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        return well_formed_str(value)
    if isinstance(value, dict):
        changed = False
        out = {}
        for key, item in value.items():
            new_key = _clean(key)
            new_item = _clean(item)
            changed = changed or new_key is not key or new_item is not item
            out[new_key] = new_item
        return out if changed else value
    if isinstance(value, (list, tuple)):
        items = [_clean(item) for item in value]
        if all(new is old for new, old in zip(items, value, strict=True)):
            return value
        if isinstance(value, list):
            return items
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    return value
