"""Argument checks every public call shares: whole numbers, numbers and flags, one error text each.

Each checker returns the value it accepted (so a call site reads
``depth = integer("depth", depth, at_least=0)``) and raises
:class:`~browserkit.InvalidArgumentError` otherwise, naming the argument,
what it must be and what it got. ``True`` is no number here, though Python
counts it as ``1``: a flag passed where a count goes is a caller's slip.
"""

from __future__ import annotations

import math

from browserkit.errors import InvalidArgumentError

__all__ = ["flag", "integer", "number", "optional_integer"]


def _bounds(at_least: float | None, at_most: float | None, above: float | None = None) -> str:
    if at_least is not None and at_most is not None:
        return f" from {at_least:g} to {at_most:g}"
    if above is not None:
        return f" > {above:g}"
    if at_least is not None:
        return f" >= {at_least:g}"
    if at_most is not None:
        return f" <= {at_most:g}"
    return ""


def _refused(name: str, what: str, value: object, hint: str | None) -> InvalidArgumentError:
    return InvalidArgumentError(f"{name} must be {what}, got {value!r}", hint=hint)


def integer(
    name: str,
    value: object,
    *,
    at_least: int | None = None,
    at_most: int | None = None,
    hint: str | None = None,
) -> int:
    """``value`` when it is a whole number (not a bool) within the bounds given."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (at_least is not None and value < at_least)
        or (at_most is not None and value > at_most)
    ):
        raise _refused(name, "an integer" + _bounds(at_least, at_most), value, hint)
    return value


def optional_integer(
    name: str,
    value: object,
    *,
    at_least: int | None = None,
    at_most: int | None = None,
    hint: str | None = None,
) -> int | None:
    """``value`` when it is None or a whole number (not a bool) within the bounds given."""
    if value is None:
        return None
    try:
        return integer(name, value, at_least=at_least, at_most=at_most, hint=hint)
    except InvalidArgumentError:
        what = "an integer" + _bounds(at_least, at_most) + " or None"
        raise _refused(name, what, value, hint) from None


def number(
    name: str,
    value: object,
    *,
    at_least: float | None = None,
    above: float | None = None,
    at_most: float | None = None,
    hint: str | None = None,
) -> float:
    """``value`` when it is a finite int or float (not a bool) within the bounds given;
    ``above`` is a bound the value may not reach."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or (at_least is not None and value < at_least)
        or (above is not None and value <= above)
        or (at_most is not None and value > at_most)
    ):
        raise _refused(name, "a number" + _bounds(at_least, at_most, above), value, hint)
    return value


def flag(name: str, value: object, *, hint: str | None = None) -> bool:
    """``value`` when it is ``True`` or ``False`` (not 0, 1 or a string)."""
    if not isinstance(value, bool):
        raise _refused(name, "True or False", value, hint)
    return value
