"""What the tool modules share: argument descriptions, output pruning, and target arguments.

It defines no tool. The descriptions are shared so that one argument reads the
same to a model in every tool that takes it.

A tool that acts on an element or a point declares ``ref`` and, as far as it
supports them, ``selector``, ``selector_type``, ``name``, ``nth``, ``frame``,
``x`` and ``y``, with these names and meanings; :func:`target_of` and
:func:`required_target_of` turn whichever it declares into one
:data:`~browserkit.targets.Target`, so every tool checks them the same way.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

from browserkit.errors import InvalidArgumentError
from browserkit.targets import Point, Selector, SelectorKind, Target

__all__ = [
    "FRAME",
    "JSON",
    "NAME",
    "NTH",
    "PAGE",
    "REF",
    "SELECTOR",
    "SELECTOR_TYPE",
    "Targeted",
    "prune",
    "required_target_of",
    "target_of",
]

JSON = dict[str, Any]

# Short: the tool list is resent to the model on every turn, and these repeat
# in most tools.
PAGE = "Tab id; default: the active tab."

REF = "Element ref (e3; d12 from browser_scan)."
SELECTOR = (
    'Or a selector: CSS, role=button[name="Save"], text=, label=, placeholder=, test_id=, xpath=.'
)
# Older spellings of a selector's kind and a role's name, still accepted.
SELECTOR_TYPE = "How selector reads (or prefix it: role=…)."
NAME = "role: the exact accessible name."
NTH = "Which match, 0-based (-1: last)."
FRAME = "The iframe to look in (url part, name or CSS)."


def prune(value: Any) -> Any:
    """Drop null, empty and false-by-default noise from JSON output, recursively."""
    if isinstance(value, dict):
        return {k: prune(v) for k, v in value.items() if v is not None and v != [] and v != ()}
    if isinstance(value, list):
        return [prune(v) for v in value]
    return value


# ------------------------------------------------------------------- targets


class Targeted(Protocol):
    """An argument class that names a target: ``ref`` at least (see the module docstring)."""

    @property
    def ref(self) -> str | None: ...


def _takes_point(a: Targeted) -> bool:
    return hasattr(a, "x")


def target_of(a: Targeted) -> Target | None:
    """The target ``a``'s arguments name: a ref, a selector (+ options) or a point; None: none.

    Arguments the class does not declare count as not given. Raises
    ``InvalidArgumentError`` when two ways are given at once, or a selector
    option (name, nth, frame) without a selector.
    """
    ref = a.ref
    selector: str | None = getattr(a, "selector", None)
    selector_type: SelectorKind = getattr(a, "selector_type", "css")
    name: str | None = getattr(a, "name", None)
    nth: int | None = getattr(a, "nth", None)
    frame: str | None = getattr(a, "frame", None)
    x: float | None = getattr(a, "x", None)
    y: float | None = getattr(a, "y", None)
    ways = [
        w
        for w, on in (
            ("ref", ref is not None),
            ("selector", selector is not None),
            ("x/y", x is not None or y is not None),
        )
        if on
    ]
    if len(ways) > 1:
        raise InvalidArgumentError(
            f"give one target, not {' and '.join(ways)}",
            hint="use ref (preferred), or selector" + (", or x and y" if _takes_point(a) else ""),
        )
    for field, value in (("name", name), ("nth", nth), ("frame", frame)):
        if value is not None and selector is None:
            raise InvalidArgumentError(f"{field}: only applies with selector")
    if ref is not None:
        return ref
    if selector is not None:
        if name is not None and selector_type != "role":
            raise InvalidArgumentError("name: only applies with selector_type=role")
        if selector_type == "css" and name is None:
            selector_type, selector, name = _prefixed(selector)
        return Selector(selector_type, selector, name=name, nth=nth, frame=frame)
    if x is not None or y is not None:
        if x is None or y is None:
            missing = "y" if y is None else "x"
            raise InvalidArgumentError(f"{missing}: a point target needs both x and y")
        return Point(x, y)
    return None


_PREFIX = re.compile(r"^(css|xpath|role|label|placeholder|text|test_?id)=(.+)$", re.DOTALL)
_ROLE = re.compile(r"""^([\w-]+)(?:\[name=(["'])(.*)\2\])?$""", re.DOTALL)


def _prefixed(selector: str) -> tuple[SelectorKind, str, str | None]:
    """A selector's kind, value and role name, from a prefix as Playwright writes
    them (``role=button[name="Save"]``, ``xpath=//a``, ``test_id=save`` or
    ``testid=save``; no prefix: CSS)."""
    found = _PREFIX.match(selector)
    if found is None:
        return "css", selector, None
    kind = cast(SelectorKind, "test_id" if found.group(1) == "testid" else found.group(1))
    value = found.group(2)
    if kind != "role":
        return kind, value, None
    role = _ROLE.match(value)
    if role is None:
        raise InvalidArgumentError(
            f"selector: {selector!r} is not a role selector",
            hint='write it as role=button or role=button[name="Save"]',
        )
    return "role", role.group(1), role.group(3)


def required_target_of(
    a: Targeted,
    needed_by: str,
    *,
    hint: str = "take browser_snapshot (or browser_scan) and pass the element's ref",
) -> Target:
    """As :func:`target_of`, but giving none is an error naming ``needed_by`` (a tool or action)."""
    target = target_of(a)
    if target is None:
        ways = "ref, selector, or x and y" if _takes_point(a) else "ref or selector"
        raise InvalidArgumentError(f"{needed_by} needs a target: {ways}", hint=hint)
    return target
