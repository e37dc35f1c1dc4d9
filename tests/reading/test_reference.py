"""The API reference describes every parameter of every public callable.

The reference is built from docstrings (``nox -s docs``), so a parameter the
docstring does not describe is a parameter the reader has to guess at. Each
public function and method with parameters has a Google-style ``Args:``
section naming every one of them; the sync twins are generated from the
async docstrings and are checked too.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

import pytest

import browserkit
from browserkit import tools
from browserkit._docstrings import SHARED, fill

pytestmark = pytest.mark.every_python

ARGS_HEADER = re.compile(r"^\s*Args:\s*$", re.MULTILINE)
SECTION_END = re.compile(r"^\s*(Returns|Raises|Yields|Example|Examples|Note|Notes):\s*$")


def _public_callables() -> Iterator[tuple[str, Any]]:
    for module, names in ((browserkit, browserkit.__all__), (tools, tools.__all__)):
        for name in names:
            obj = getattr(module, name)
            label = f"{module.__name__}.{name}"
            if inspect.isfunction(obj):
                yield label, obj
            elif inspect.isclass(obj) and not issubclass(obj, BaseException):
                yield from _methods(label, obj)


def _methods(label: str, cls: type) -> Iterator[tuple[str, Any]]:
    seen: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("browserkit"):
            continue
        for attr, value in vars(klass).items():
            if attr.startswith("_") or attr in seen:
                continue
            seen.add(attr)
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            if inspect.isfunction(value):
                yield f"{label}.{attr}", value


def _parameters(fn: Any) -> list[str]:
    names = []
    for param in inspect.signature(fn).parameters.values():
        if param.name in ("self", "cls"):
            continue
        names.append(param.name)
    return names


def _described(doc: str) -> set[str]:
    """Names listed in the docstring's ``Args:`` section."""
    text = inspect.cleandoc(doc)
    match = ARGS_HEADER.search(text)
    if match is None:
        return set()
    lines = text[match.end() :].splitlines()
    names: set[str] = set()
    indent: int | None = None
    for line in lines:
        if not line.strip():
            continue
        if SECTION_END.match(line) or (indent is not None and len(line) - len(line.lstrip()) == 0):
            break
        depth = len(line) - len(line.lstrip())
        if indent is None:
            indent = depth
        if depth == indent:
            head = line.strip().split(":", 1)[0]
            names.add(head.split(" ", 1)[0].lstrip("*"))
    return names


def test_every_public_parameter_is_described() -> None:
    missing: list[str] = []
    checked = 0
    for label, fn in _public_callables():
        params = _parameters(fn)
        if not params:
            continue
        checked += 1
        absent = [p for p in params if p not in _described(fn.__doc__ or "")]
        if absent:
            missing.append(f"  {label}: {', '.join(absent)}")
    assert checked > 100, f"only {checked} callables found: the walk is broken"
    if missing:
        pytest.fail(
            f"{len(missing)} public callables have parameters their docstring's Args: "
            "section does not describe:\n" + "\n".join(missing),
            pytrace=False,
        )


def test_the_args_reader_reads_a_google_section() -> None:
    doc = """Do it.

    Args:
        target: What to act on.
            More words.
        *names: Several.
        timeout_ms (float): A bound.

    Returns:
        Something.
    """
    assert _described(doc) == {"target", "names", "timeout_ms"}
    assert _described("No section.") == set()


def test_shared_parameter_texts_are_written_out_in_both_apis() -> None:
    placeholder = re.compile(r"^\s+\w+: \{\w+\}\s*$", re.MULTILINE)
    left = [label for label, fn in _public_callables() if placeholder.search(fn.__doc__ or "")]
    assert not left, f"unfilled shared Args: entries in {left}"
    observe = " ".join(SHARED["observe"].split())
    for fn in (browserkit.AsyncSession.click, browserkit.Session.click):
        assert observe in " ".join((fn.__doc__ or "").split())
    nth = " ".join(SHARED["nth"].split())
    assert nth in " ".join((browserkit.role.__doc__ or "").split())


def test_a_shared_entry_fills_at_its_indentation_and_an_unknown_key_fails() -> None:
    doc = "Do it.\n\n    Args:\n        tab_id: {tab_id}\n        other: Mine.\n"
    assert fill(doc) == (
        "Do it.\n\n    Args:\n        tab_id: " + SHARED["tab_id"] + "\n        other: Mine.\n"
    )
    with pytest.raises(KeyError, match="nope"):
        fill("    Args:\n        x: {nope}\n")
