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

from typing import Any, Protocol

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
    "SESSION",
    "TIMEOUT",
    "Targeted",
    "prune",
    "required_target_of",
    "target_of",
]

JSON = dict[str, Any]

SESSION = "The session id browser_sessions_start returned (e.g. 's1')."
PAGE = "The tab to use (page id from browser_tabs, e.g. 't2'); default: the active tab."
TIMEOUT = "Give up after this many milliseconds (default 15000, capped by the server)."

REF = (
    "Target element: a ref from the latest browser_snapshot ('e3', 'f1e2' inside a frame) "
    "or from browser_scan / browser_dom_read ('d12')."
)
SELECTOR = "Target element by selector instead of a ref (see selector_type)."
SELECTOR_TYPE = (
    "How to read selector: css, xpath, role (an ARIA role; add name), label, placeholder "
    "or text (exact visible text)."
)
NAME = "With selector_type=role: the element's exact accessible name."
NTH = "Which match to use when the selector matches several (0-based; -1 = last)."
FRAME = "With selector: the iframe to look in (url substring, name or CSS selector)."


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
        return Selector(selector_type, selector, name=name, nth=nth, frame=frame)
    if x is not None or y is not None:
        if x is None or y is None:
            missing = "y" if y is None else "x"
            raise InvalidArgumentError(f"{missing}: a point target needs both x and y")
        return Point(x, y)
    return None


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
