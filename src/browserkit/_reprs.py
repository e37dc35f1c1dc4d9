"""Short reprs and notebook renderings for the result types.

A result can hold a whole outline, a diff of hundreds of nodes or a 35,000
character scan. Its ``repr`` (what a terminal, a debugger or a printed list
shows) is one line of at most :data:`LIMIT` characters that names the fields
set and the sizes of the big ones; ``str()`` and ``_repr_markdown_``
(Jupyter) show the content itself.
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Sized
from typing import Any, Protocol

import attrs

__all__ = [
    "LIMIT",
    "diff_summary",
    "fence",
    "line_count",
    "quote",
    "record_markdown",
    "summary",
    "text_markdown",
]

LIMIT = 200
"""The longest repr a result has, in characters."""

_SHORT = 60  # a string field longer than this is cut in a repr
_ITEMS = 6  # a collection longer than this (or holding records) is shown as its size
_LISTED = 100  # records a notebook rendering lists
_TICKS = re.compile("`+")
_VALUES = reprlib.Repr()
_VALUES.maxstring = _VALUES.maxother = _SHORT


class _Changes(Protocol):
    """What :func:`diff_summary` reads of a diff (a protocol: the snapshot
    package's diff uses these reprs, so this module cannot import it)."""

    @property
    def added(self) -> Sized: ...

    @property
    def removed(self) -> Sized: ...

    @property
    def changed(self) -> Sized: ...


def line_count(text: str) -> str:
    """The size of an outline or page text, as ``<312 lines>``."""
    n = text.count("\n") + 1 if text else 0
    return f"<{n} line>" if n == 1 else f"<{n} lines>"


def diff_summary(diff: _Changes) -> str:
    """The size of a diff, as ``<1 added, 3 changed>`` (``<no change>``)."""
    sizes = (("added", diff.added), ("removed", diff.removed), ("changed", diff.changed))
    found = [f"{len(entries)} {what}" for what, entries in sizes if entries]
    return f"<{', '.join(found) or 'no change'}>"


def summary(result: attrs.AttrsInstance) -> str:
    """``Name(field=value, ...)`` on one line of at most :data:`LIMIT` characters.

    Fields at their default are left out. A field's own ``repr=`` callable
    (``attrs.field(repr=line_count)``) shows it; otherwise long strings are cut
    and long collections, or collections of records, show their size.
    """
    parts: list[str] = []
    for field in attrs.fields(type(result)):
        shown = getattr(result, field.name)
        if field.repr is False or _is_default(field, shown):
            continue
        if callable(field.repr):
            text = field.repr(shown)
        elif isinstance(shown, str):
            text = repr(shown if len(shown) <= _SHORT else shown[: _SHORT - 1] + "…")
        elif _is_collection(shown) and (len(shown) > _ITEMS or _holds_records(shown)):
            text = f"<{len(shown)} item>" if len(shown) == 1 else f"<{len(shown)} items>"
        else:
            text = _VALUES.repr(shown)
        parts.append(f"{field.name}={text}")
    out = f"{type(result).__name__}({', '.join(parts)})"
    return out if len(out) <= LIMIT else out[: LIMIT - 2] + "…)"


def _is_default(field: attrs.Attribute[Any], shown: object) -> bool:
    default: Any = field.default
    if default is attrs.NOTHING:
        return False
    # attrs' stub declares Factory as a function; at run time it is the class.
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()
    return type(shown) is type(default) and bool(shown == default)


def _is_collection(value: object) -> bool:
    return isinstance(value, (tuple, list, dict, set, frozenset))


def _holds_records(value: Any) -> bool:
    return any(attrs.has(type(item)) for item in value)


def quote(text: str, limit: int = 80) -> str:
    """``text`` in double quotes, cut to ``limit`` characters (how outlines quote names)."""
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    return json.dumps(short, ensure_ascii=False)


def fence(text: str, lang: str = "") -> str:
    """``text`` as a Markdown code block that no fence inside it can end early."""
    body = text.replace("```", "'''")
    return f"```{lang}\n{body}\n```"


def text_markdown(result: object) -> str:
    """A result's ``str()`` as a Markdown code block (its notebook rendering)."""
    return fence(str(result))


def record_markdown(record: attrs.AttrsInstance) -> str:
    """A result without a text form as Markdown: a table of its fields.

    A field that holds records (``Diagnostics.issues``) follows the table as
    a list, one record a line, the first 100 of them.
    """
    rows = ["| field | value |", "| --- | --- |"]
    lists: list[str] = []
    for field in attrs.fields(type(record)):
        shown = getattr(record, field.name)
        if _is_collection(shown) and _holds_records(shown):
            lists.append(f"\n**{field.name}**\n")
            lists.extend(f"- {_inline(item)}" for item in list(shown)[:_LISTED])
            if len(shown) > _LISTED:
                lists.append(f"- … {len(shown) - _LISTED} more (all are in `.{field.name}`)")
        elif isinstance(shown, (tuple, list)):
            rows.append(f"| {field.name} | {_code(', '.join(map(str, shown)))} |")
        else:
            rows.append(f"| {field.name} | {_code(shown)} |")
    return "\n".join([f"**{type(record).__name__}**", "", *rows, *lists])


def _inline(record: attrs.AttrsInstance) -> str:
    """A record on one line, ``name `value`; ...``, fields at their default left out."""
    parts: list[str] = []
    for field in attrs.fields(type(record)):
        shown = getattr(record, field.name)
        if not _is_default(field, shown):
            parts.append(f"{field.name} {_code(shown)}")
    return "; ".join(parts)


def _code(value: object, limit: int = 200) -> str:
    """``value`` as one Markdown code span, safe in a table cell, cut to ``limit``."""
    text = " ".join(str(value).split())
    if not text:
        return ""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    text = text.replace("|", "\\|")
    longest = max((len(run) for run in _TICKS.findall(text)), default=0)
    if not longest:
        return f"`{text}`"
    ticks = "`" * (longest + 1)
    return f"{ticks} {text} {ticks}"
