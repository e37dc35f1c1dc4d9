"""Ways to name the element an action is for, besides a ref.

A target is a ref string (``"e3"``), a :class:`~browserkit.Ref`, one of the
selector values made by :func:`css`, :func:`xpath`, :func:`role`, :func:`label`,
:func:`placeholder`, :func:`text` and :func:`test_id`, or a :func:`point`. A selector that
matches several elements is refused (with the count) unless ``nth`` picks one:
real pages reuse names, and a silent first match clicks the wrong thing.
"""

from __future__ import annotations

import json
from typing import Literal, Union

import attrs

from browserkit._checks import number, optional_integer
from browserkit._docstrings import shared_args
from browserkit.errors import InvalidArgumentError
from browserkit.refs import Ref

__all__ = [
    "Point",
    "Selector",
    "SelectorKind",
    "Target",
    "css",
    "describe",
    "label",
    "placeholder",
    "point",
    "role",
    "test_id",
    "text",
    "xpath",
]

SelectorKind = Literal["css", "xpath", "role", "label", "placeholder", "text", "test_id"]


def _check_nth(_inst: object, _attr: object, value: int | None) -> None:
    optional_integer("nth", value)


def _check_value(_inst: object, _attr: object, value: str) -> None:
    if not isinstance(value, str) or not value:
        raise InvalidArgumentError(f"a selector needs a non-empty string, got {value!r}")


@attrs.frozen(repr=False)
class Selector:
    """An element chosen by a Playwright-style selector.

    ``nth`` picks one of several matches (0-based, negative counts from the
    end); ``frame`` names the iframe to look in (its url substring, name, or a
    CSS selector of the ``<iframe>`` element; ``" >> "`` joins nested ones).
    """

    kind: SelectorKind
    value: str = attrs.field(validator=_check_value)
    name: str | None = None
    nth: int | None = attrs.field(default=None, validator=_check_nth)
    frame: str | None = None

    def __repr__(self) -> str:
        """The call that makes this selector, e.g. ``bk.role("button", "Save", nth=1)``."""
        args = [_quote(self.value)]
        if self.name is not None:
            args.append(_quote(self.name))
        if self.nth is not None:
            args.append(f"nth={self.nth}")
        if self.frame is not None:
            args.append(f"frame={_quote(self.frame)}")
        return f"bk.{self.kind}({', '.join(args)})"

    def describe(self) -> str:
        """A short human form, e.g. ``role=button[name="Save"]``."""
        out = f"{self.kind}={self.value}"
        if self.name is not None:
            out += f'[name="{self.name}"]'
        if self.nth is not None:
            out += f" nth={self.nth}"
        if self.frame is not None:
            out += f" in frame {self.frame!r}"
        return out


def _quote(text: str) -> str:
    """A Python string literal in double quotes (JSON's escapes are Python's too)."""
    return json.dumps(text, ensure_ascii=False)


def _check_space(_inst: object, _attr: object, value: str) -> None:
    if value not in ("viewport", "document"):
        raise InvalidArgumentError(f"space must be 'viewport' or 'document', got {value!r}")


def _check_coord(_inst: object, attr: attrs.Attribute[float], value: float) -> None:
    number(attr.name, value, at_least=0)


@attrs.frozen
class Point:
    """A position on the page in CSS pixels; actions on it are not hit-verified."""

    x: float = attrs.field(validator=_check_coord)
    y: float = attrs.field(validator=_check_coord)
    space: Literal["viewport", "document"] = attrs.field(default="viewport", validator=_check_space)


Target = Union[str, Ref, Selector, Point]  # noqa: UP007 - a runtime alias on 3.10


@shared_args
def css(selector: str, *, nth: int | None = None, frame: str | None = None) -> Selector:
    """Elements matching a CSS selector (open shadow roots are pierced).

    Args:
        selector: A CSS selector, e.g. ``"#search"`` or ``"form button.primary"``.
        nth: {nth}
        frame: {frame}
    """
    return Selector("css", selector, nth=nth, frame=frame)


@shared_args
def xpath(expression: str, *, nth: int | None = None, frame: str | None = None) -> Selector:
    """Elements matching an XPath expression.

    Args:
        expression: An XPath expression, e.g. ``"//button[@type='submit']"``.
        nth: {nth}
        frame: {frame}
    """
    return Selector("xpath", expression, nth=nth, frame=frame)


@shared_args
def role(
    role: str, name: str | None = None, *, nth: int | None = None, frame: str | None = None
) -> Selector:
    """Elements with an ARIA role and, optionally, exactly this accessible name.

    Args:
        role: An ARIA role, e.g. ``"button"``, ``"link"``, ``"textbox"``, ``"checkbox"``.
        name: The exact accessible name (a button's text, a field's label);
            default: any name.
        nth: {nth}
        frame: {frame}
    """
    return Selector("role", role, name=name, nth=nth, frame=frame)


@shared_args
def label(text: str, *, nth: int | None = None, frame: str | None = None) -> Selector:
    """Form controls whose label is exactly ``text``.

    Args:
        text: The label's exact text, e.g. ``"Email"``.
        nth: {nth}
        frame: {frame}
    """
    return Selector("label", text, nth=nth, frame=frame)


@shared_args
def placeholder(text: str, *, nth: int | None = None, frame: str | None = None) -> Selector:
    """Inputs whose placeholder is exactly ``text``.

    Args:
        text: The placeholder's exact text, e.g. ``"Search..."``.
        nth: {nth}
        frame: {frame}
    """
    return Selector("placeholder", text, nth=nth, frame=frame)


@shared_args
def text(t: str, *, nth: int | None = None, frame: str | None = None) -> Selector:
    """Elements whose text is exactly ``t``.

    Args:
        t: The element's exact text, e.g. ``"Add to cart"``.
        nth: {nth}
        frame: {frame}
    """
    return Selector("text", t, nth=nth, frame=frame)


# PT028 takes a function named test_* for a pytest test; this one is a target.
@shared_args
def test_id(
    value: str,
    *,
    nth: int | None = None,  # noqa: PT028
    frame: str | None = None,  # noqa: PT028
) -> Selector:
    """Elements whose test-id attribute is exactly ``value`` (open shadow roots are pierced).

    The attribute is ``Config.test_id_attribute`` of the browser the call runs
    in (``data-testid`` unless configured, e.g. ``data-qa``), so browsers with
    different configs never see each other's choice.

    >>> test_id("checkout-submit").describe()
    'test_id=checkout-submit'

    Args:
        value: The attribute's exact value, e.g. ``"checkout-submit"``.
        nth: {nth}
        frame: {frame}
    """
    return Selector("test_id", value, nth=nth, frame=frame)


# Imported into a test module (``from browserkit import test_id``), pytest
# would collect it as a test; this tells pytest it is not one.
test_id.__test__ = False  # type: ignore[attr-defined]


def point(x: float, y: float, space: Literal["viewport", "document"] = "viewport") -> Point:
    """A point on the page; actions on it are not hit-verified.

    Args:
        x: Distance from the left edge in CSS pixels (>= 0).
        y: Distance from the top edge in CSS pixels (>= 0).
        space: ``"viewport"`` (default): measured from the visible area's top
            left; ``"document"``: from the page's top left, scrolled into view
            before acting. Anything else raises
            :class:`~browserkit.InvalidArgumentError`.
    """
    return Point(x, y, space)


def describe(target: Target) -> str:
    """How messages name a target: ``e3``, ``css '#go'``, ``point (10, 20)``."""
    if isinstance(target, Selector):
        return target.describe()
    if isinstance(target, Point):
        return f"point ({target.x}, {target.y})"
    return str(target)
