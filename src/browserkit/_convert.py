"""The one cattrs converter that turns browserkit results into JSON and back.

Every result is an attrs class; nothing hand-writes a ``to_dict``. Modules that
need JSON call :func:`to_jsonable` (and :func:`from_jsonable` to read it back)
so the mapping rules live in one place:

* attrs instances become dicts keyed by field name, in field order;
* tuples, lists, sets and frozensets become lists;
* ``bytes`` become standard base64 text (screenshots, downloaded payloads);
* ``pathlib`` paths become strings; enums become their values;
* every string is valid Unicode: a lone surrogate becomes U+FFFD (JSON
  encoders and UTF-8 streams refuse it, and it can come from any page);
* a float that JSON cannot hold (NaN, Infinity, -Infinity, e.g. from
  ``evaluate("0/0")``) becomes ``None``, as ``JSON.stringify`` does.

The output contains only ``dict``/``list``/``str``/``int``/``float``/``bool``/
``None`` and can go straight to :func:`json.dumps`.
"""

from __future__ import annotations

import base64
import math
from collections.abc import MutableSet, Sequence, Set
from pathlib import Path, PurePath
from typing import Any, TypeVar

import cattrs

from browserkit._text import well_formed

__all__ = ["converter", "from_jsonable", "to_jsonable"]

_T = TypeVar("_T")

converter = cattrs.Converter(
    unstruct_collection_overrides={
        tuple: list,
        Sequence: list,
        Set: list,
        MutableSet: list,
        frozenset: list,
        set: list,
    },
)
"""The shared converter; register hooks for new non-attrs types here, not elsewhere."""


def _bytes_to_text(value: bytes) -> str:
    return base64.b64encode(value).decode("ascii")


def _text_to_bytes(value: object, _: type[bytes]) -> bytes:
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    if not isinstance(value, str):
        raise TypeError(f"expected base64 text, got {type(value).__name__}")
    return base64.b64decode(value, validate=True)


converter.register_unstructure_hook(bytes, _bytes_to_text)
converter.register_structure_hook(bytes, _text_to_bytes)
converter.register_unstructure_hook(PurePath, str)
converter.register_unstructure_hook(Path, str)
converter.register_structure_hook(Path, lambda value, _: Path(value))


def to_jsonable(obj: object) -> Any:
    """Convert a result (an attrs instance, or containers of them) to plain JSON types.

    >>> from browserkit.buffers import EventPage
    >>> to_jsonable(EventPage(entries=(), last_seq=0, dropped=0, has_more=False,
    ...                       retention_lost=False))
    {'entries': [], 'last_seq': 0, 'dropped': 0, 'has_more': False, 'retention_lost': False}
    """
    return _finite(well_formed(converter.unstructure(obj)))


def _finite(value: Any) -> Any:
    """``value`` with NaN and infinities replaced by None: the output stays strict JSON."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def from_jsonable(data: object, cls: type[_T]) -> _T:
    """Rebuild a result of type ``cls`` from what :func:`to_jsonable` produced.

    Generic results take their parameter: ``from_jsonable(d, EventPage[ConsoleEntry])``.
    """
    return converter.structure(data, cls)
