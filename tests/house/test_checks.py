"""The argument checks public calls share: one error text per kind of value, bools refused."""

from __future__ import annotations

import math

import pytest

import browserkit as bk
from browserkit._checks import flag, integer, number, optional_integer

pytestmark = pytest.mark.every_python


def test_a_whole_number_in_bounds_is_given_back() -> None:
    assert integer("depth", 3, at_least=0) == 3
    assert optional_integer("limit", None, at_least=1) is None
    assert number("delay_ms", 2.5, above=0) == 2.5
    assert flag("submit", False) is False


@pytest.mark.parametrize(
    ("check", "message"),
    [
        (lambda: integer("depth", True, at_least=0), "depth must be an integer >= 0, got True"),
        (lambda: integer("depth", -1, at_least=0), "depth must be an integer >= 0, got -1"),
        (
            lambda: integer("status", 700, at_least=100, at_most=599),
            "status must be an integer from 100 to 599, got 700",
        ),
        (
            lambda: optional_integer("limit", 0, at_least=1),
            "limit must be an integer >= 1 or None, got 0",
        ),
        (lambda: number("delay_ms", 0, above=0), "delay_ms must be a number > 0, got 0"),
        (lambda: number("delta_y", math.inf), "delta_y must be a number, got inf"),
        (lambda: number("x", "3"), "x must be a number, got '3'"),
        (lambda: flag("compact", 1), "compact must be True or False, got 1"),
    ],
)
def test_a_value_out_of_its_kind_or_bounds_is_refused_with_its_name(
    check: object, message: str
) -> None:
    with pytest.raises(bk.InvalidArgumentError) as raised:
        check()  # type: ignore[operator]
    assert raised.value.message == message
