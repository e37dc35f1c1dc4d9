"""docs/security.md cites a test for every threat; every test it cites exists.

The document's tables pair each threat with the test that covers it, by name
(``test_...``), sometimes with its file (``tests/test_x.py::test_...``), a
parameter (``[async/sync]``) or a glob over a family (``test_*_replaces...``).
A name there that no test in ``tests/`` defines is a promise nothing checks,
so this fails naming it (issue 41, item 9: ``test_host_globs`` was one).
"""

from __future__ import annotations

import ast
import fnmatch
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.every_python

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
DOC = ROOT / "docs" / "security.md"

# A cited test: an optional tests/ file, then a name, inside one code span.
CITED = re.compile(r"(?:(tests/[\w/]+\.py))?(?:::)?\b(test_[\w*]+)(?![\w*]|\.py)")


def _defined(tests: Path) -> dict[str, set[str]]:
    """Every test function of ``tests/**/test_*.py``, by file (relative to the root)."""
    found: dict[str, set[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test_")
        }
        found[path.relative_to(tests.parent).as_posix()] = names
    return found


def _cited(text: str) -> list[tuple[str | None, str]]:
    """Each ``(file or None, name)`` a code span of ``text`` cites, in order."""
    cited: list[tuple[str | None, str]] = []
    for span in re.findall(r"`([^`\n]+)`", text):
        for file, name in CITED.findall(span):
            cited.append((file or None, name))
    return cited


def _missing(text: str, defined: dict[str, set[str]]) -> list[str]:
    every = set().union(*defined.values())
    missing = []
    for file, name in _cited(text):
        pool = defined.get(file, set()) if file is not None else every
        if not fnmatch.filter(pool, name):
            missing.append(f"{file}::{name}" if file else name)
    return missing


def test_every_test_the_security_doc_cites_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert len(_cited(text)) > 100  # the tables were read, not skipped
    assert _missing(text, _defined(TESTS)) == []


def test_the_check_names_a_cited_test_that_does_not_exist() -> None:
    defined = {"tests/test_a.py": {"test_real", "test_one_replaces_x"}}
    text = (
        "| t | `test_real[async/sync]`, `tests/test_a.py::test_real` |\n"
        "| u | `test_*_replaces_x[*-fifo]` |\n"
        "| v | `test_host_globs`, `tests/test_b.py::test_real` |\n"
        "All in `tests/test_a.py`.\n"
    )
    assert _missing(text, defined) == ["test_host_globs", "tests/test_b.py::test_real"]
