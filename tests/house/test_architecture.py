"""docs/architecture.md names every module of browserkit, and every module names its concept.

The document is the one place the layers are written: one table per layer,
one row per module (``| `_async/core/session_core.py` | role |``), read by
``scripts/check_imports.py``. A module added without a row, or a row left for
a module that is gone, fails here with its name. Modules are split by
concept, not by size: each opens with a docstring that says what it is.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers import load_script

# Source checks: run on every Python.
pytestmark = pytest.mark.every_python

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "browserkit"
DOC = ROOT / "docs" / "architecture.md"
# Fewest words of a module docstring's first paragraph: a phrase that names
# a concept ("Acting tools: change the page like a user would."), not a label.
MIN_WORDS = 4


check_imports = load_script("check_imports")


def _modules(package: Path) -> list[str]:
    return sorted(path.relative_to(package).as_posix() for path in package.rglob("*.py"))


def _mismatches(doc: Path, package: Path) -> list[str]:
    """Every way the document and the package disagree, one line each."""
    layout = check_imports.read_layout(doc)
    on_disk = set(_modules(package))
    shown = doc.name
    lines = [
        f"{path}: a module with no row in {shown}" for path in sorted(on_disk - set(layout.layers))
    ]
    lines.extend(
        f"{path}: a row in {shown} (line {layout.rows[path]}) for a module that does not exist"
        for path in sorted(set(layout.layers) - on_disk)
    )
    lines.extend(f"{path}: a second row in {shown} (line {line})" for path, line in layout.repeated)
    return lines


def test_every_module_has_a_row_in_the_architecture_doc_and_every_row_a_module() -> None:
    mismatches = _mismatches(DOC, PACKAGE)
    if mismatches:
        pytest.fail(
            f"{len(mismatches)} mismatch(es) between src/browserkit and docs/architecture.md "
            "(add, fix or drop the module's row in its layer's table):\n  "
            + "\n  ".join(mismatches),
            pytrace=False,
        )


def test_the_doc_states_six_layers_and_the_import_rules() -> None:
    layout = check_imports.read_layout(DOC)

    assert sorted(layout.names) == [1, 2, 3, 4, 5, 6]
    assert set(layout.layers.values()) == set(layout.names), "a layer without a table"
    assert layout.layers["_async/acting/pipeline.py"] < layout.layers["_async/people/live_view.py"]
    assert (
        layout.layers["_async/acting/pipeline.py"] < layout.layers["_async/recording/recorder.py"]
    )
    pipeline = [r for r in layout.rules if r.who == ("_async/acting/pipeline.py",)]
    assert len(pipeline) == 1
    assert pipeline[0].forbidding("_async/people/live_http.py") == "_async/people/*.py"
    assert pipeline[0].forbidding("_async/recording/recorder.py") == "_async/recording/*.py"
    engines = [r for r in layout.rules if r.layer == 1]
    assert [r.forbidding("playwright", outside=True) for r in engines] == ["playwright"]


def test_a_missing_row_and_a_row_for_no_module_are_both_named(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    row = "| `_async/core/tab.py` |"
    assert row in text
    lines = [line for line in text.splitlines() if not line.startswith(row)]
    at = lines.index(
        "| `_async/core/session_core.py` | the session core: context, tabs, config, buffers, "
        "the checks and timeouts every call makes |"
    )
    lines.insert(at + 1, "| `_async/_nowhere.py` | a module nobody wrote |")
    doc = tmp_path / "architecture.md"
    doc.write_text("\n".join(lines), encoding="utf-8")

    # Only what the edit changed: the real document may be out of step meanwhile.
    fresh = {m.split(":", 1)[0] for m in _mismatches(DOC, PACKAGE)}
    found = [m for m in _mismatches(doc, PACKAGE) if m.split(":", 1)[0] not in fresh]

    assert found == [
        "_async/core/tab.py: a module with no row in architecture.md",
        f"_async/_nowhere.py: a row in architecture.md (line {at + 2}) "
        "for a module that does not exist",
    ]


# -- every module opens with a docstring that names its concept -----------------


def _docstring_faults(package: Path) -> list[str]:
    faults: list[str] = []
    for name in _modules(package):
        tree = ast.parse((package / name).read_bytes(), filename=name)
        first = tree.body[0] if tree.body else None
        if not (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            faults.append(f"{name}: its first statement is not a docstring")
            continue
        opening = first.value.value.strip().split("\n\n", 1)[0]
        words = opening.split()
        if len(words) < MIN_WORDS:
            faults.append(
                f"{name}: its docstring opens with {len(words)} word(s) ({opening!r}); "
                f"say what the module is in at least {MIN_WORDS}"
            )
    return faults


def test_every_module_opens_with_a_docstring_that_names_its_concept() -> None:
    faults = _docstring_faults(PACKAGE)
    if faults:
        pytest.fail(f"{len(faults)} module(s):\n  " + "\n  ".join(faults), pytrace=False)


def test_the_docstring_check_names_a_module_without_one(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text('"""A package of a few modules."""\n')
    (package / "good.py").write_text('"""Turning outlines into text for a model."""\nX = 1\n')
    (package / "late.py").write_text('import os\n\n"""Too late to be a docstring, anyway."""\n')
    (package / "empty.py").write_text("")
    (package / "sub" / "terse.py").write_text('"""Helpers."""\n')

    assert _docstring_faults(package) == [
        "empty.py: its first statement is not a docstring",
        "late.py: its first statement is not a docstring",
        "sub/terse.py: its docstring opens with 1 word(s) ('Helpers.'); "
        "say what the module is in at least 4",
    ]
