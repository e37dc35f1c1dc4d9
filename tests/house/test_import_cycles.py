"""browserkit's imports: no module imports itself back, and each keeps the layers.

The checker (``scripts/check_imports.py``) reads the source with ``ast``, so
an import inside a function or under ``if TYPE_CHECKING:`` counts as much as
one at the top of a module. The layers and the import rules it enforces are
read from ``docs/architecture.md``, the one place they are written.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import load_script

# Source checks: run on every Python.
pytestmark = pytest.mark.every_python

ROOT = Path(__file__).resolve().parents[2]


check_imports = load_script("check_imports")


def _write_package(root: Path, files: dict[str, str]) -> Path:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return root / "pkg"


def _rings(cycles: list[Any]) -> set[tuple[str, ...]]:
    return {c.modules for c in cycles}


def test_browserkit_has_no_import_cycles() -> None:
    cycles = check_imports.find_cycles(ROOT / "src" / "browserkit")
    if cycles:
        report = "\n".join(check_imports.format_cycle(c) for c in cycles)
        pytest.fail(f"{len(cycles)} import cycle(s) in src/browserkit:\n{report}", pytrace=False)


def test_browserkit_imports_keep_the_layers_of_the_architecture_doc() -> None:
    graph = check_imports.import_graph(ROOT / "src" / "browserkit")
    layout = check_imports.read_layout(ROOT / "docs" / "architecture.md")
    violations = check_imports.layering_violations(graph, layout)
    if violations:
        report = "\n".join(check_imports.format_violation(v) for v in violations)
        pytest.fail(
            f"{len(violations)} import(s) break the layers of docs/architecture.md:\n{report}",
            pytrace=False,
        )


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A package with a TYPE_CHECKING cycle, a function-level cycle and a self-import."""
    return _write_package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            # a <-> b: the import back only exists for the type checker.
            "pkg/a.py": """\
                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from pkg.b import B
                """,
            "pkg/b.py": "from pkg import a\n",
            # c <-> d: the import back is deferred into a function.
            "pkg/c.py": """\
                def render():
                    from .d import helper

                    return helper()
                """,
            "pkg/d.py": "import pkg.c\n\ndef helper():\n    return 1\n",
            "pkg/selfish.py": "from pkg import selfish\n",
            # Not cycles: running pkg.sub's __init__ on the way to pkg.sub.f is
            # not an import of pkg.sub, and a name from a module is that module.
            "pkg/sub/__init__.py": "from pkg.sub import e\n",
            "pkg/sub/e.py": "import pkg.sub.f\n",
            "pkg/sub/f.py": "from pkg.b import a as also_a\nVALUE = 1\n",
        },
    )


def test_checker_finds_cycles_through_type_checking_and_function_imports(planted: Path) -> None:
    cycles = check_imports.find_cycles(planted)

    assert _rings(cycles) == {
        ("pkg.a", "pkg.b", "pkg.a"),
        ("pkg.c", "pkg.d", "pkg.c"),
        ("pkg.selfish", "pkg.selfish"),
    }
    by_ring = {c.modules: c for c in cycles}
    a_to_b = by_ring["pkg.a", "pkg.b", "pkg.a"].edges[0]
    assert (a_to_b.source, a_to_b.target) == ("pkg.a", "pkg.b")
    assert [(site.path.name, site.line) for site in a_to_b.sites] == [("a.py", 4)]
    c_to_d = by_ring["pkg.c", "pkg.d", "pkg.c"].edges[0]
    assert [(site.path.name, site.line) for site in c_to_d.sites] == [("c.py", 2)]


def test_checker_prints_each_cycle_with_its_import_lines_and_exits_1(
    planted: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_imports.main([str(planted)]) == 1

    out = capsys.readouterr().out
    assert "pkg.c -> pkg.d -> pkg.c" in out
    assert "pkg.d -> pkg.c  (" in out
    assert "d.py:1)" in out
    assert "3 import cycles among 9 modules" in out


def test_checker_lists_every_import_that_closes_a_cycle_in_a_tangle(tmp_path: Path) -> None:
    tangle = _write_package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg import b\n",
            "pkg/b.py": "from pkg import c\nfrom pkg import a\n",
            "pkg/c.py": "def later():\n    from pkg import a\n",
        },
    )

    assert _rings(check_imports.find_cycles(tangle)) == {
        ("pkg.a", "pkg.b", "pkg.a"),
        ("pkg.a", "pkg.b", "pkg.c", "pkg.a"),
    }


def test_checker_resolves_relative_imports_and_passes_a_clean_package(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clean = _write_package(
        tmp_path,
        {
            "pkg/__init__.py": "from .core import run\n",
            "pkg/core.py": "from . import util\nfrom .sub.leaf import LEAF\n",
            "pkg/util.py": "import os\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/leaf.py": "from .. import util\nLEAF = util\n",
        },
    )
    graph = check_imports.import_graph(clean)
    assert {t: sorted(graph.successors(t)) for t in graph.modules if graph.edges.get(t)} == {
        "pkg": ["pkg.core"],
        "pkg.core": ["pkg.sub.leaf", "pkg.util"],
        "pkg.sub.leaf": ["pkg.util"],
    }

    assert check_imports.main([str(clean)]) == 0
    assert capsys.readouterr().out == "no import cycles among 5 modules\n"


LAYERS_DOC = """\
# Layers

Prose around the tables is ignored, and so are other tables:

| module | role |
|---|---|
| `top.py` | not under a layer heading: no row |

### Layer 1: engines

| module | role |
|---|---|
| `__init__.py` | the package |
| `engine.py` | pure |
| `shared.py` | also pure |

### Layer 2: core

| module | role |
|---|---|
| `core.py` | the core |
| `sub/__init__.py` | a subpackage |
| `sub/pipeline.py` | the pipeline |

### Layer 3: observers

| module | role |
|---|---|
| `sub/live.py` | a viewer |
| `sub/live_http.py` | the viewer's HTTP |

## Import rules

| module | does not import | why |
|---|---|---|
| `sub/pipeline.py` | `sub/live*.py` | observers subscribe |
| layer 1 | `playwright`, `requests` | pure |
"""


@pytest.fixture
def layered(tmp_path: Path) -> tuple[Path, Path]:
    """A package whose imports break its layers in each way the checker knows."""
    package = _write_package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            # Layer 1 importing an outside package a rule forbids, in a function too.
            "pkg/engine.py": """\
                import os
                from playwright.async_api import Page

                def later():
                    import requests.adapters
                """,
            # Layer 1 importing layer 2: up a layer.
            "pkg/shared.py": "from pkg import core\n",
            "pkg/core.py": "from pkg import engine\nfrom .sub import pipeline\n",
            "pkg/sub/__init__.py": "",
            # Layer 2 importing layer 3, and a module the rules forbid it.
            "pkg/sub/pipeline.py": """\
                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from pkg.sub.live_http import Server
                """,
            # Layer 3 may import anything below it.
            "pkg/sub/live.py": "from pkg import core, engine\nfrom . import live_http\n",
            "pkg/sub/live_http.py": "",
            # No row: reported, not checked.
            "pkg/stray.py": "from pkg.sub import live\n",
        },
    )
    doc = tmp_path / "layers.md"
    doc.write_text(LAYERS_DOC, encoding="utf-8")
    return package, doc


def test_checker_reads_the_layers_and_rules_from_the_document(layered: tuple[Path, Path]) -> None:
    layout = check_imports.read_layout(layered[1])

    assert layout.layers == {
        "__init__.py": 1,
        "engine.py": 1,
        "shared.py": 1,
        "core.py": 2,
        "sub/__init__.py": 2,
        "sub/pipeline.py": 2,
        "sub/live.py": 3,
        "sub/live_http.py": 3,
    }
    assert layout.names == {1: "engines", 2: "core", 3: "observers"}
    assert [(r.who, r.layer, r.forbidden) for r in layout.rules] == [
        (("sub/pipeline.py",), None, ("sub/live*.py",)),
        ((), 1, ("playwright", "requests")),
    ]


def test_checker_finds_each_import_that_breaks_a_layer_or_a_rule(
    layered: tuple[Path, Path],
) -> None:
    package, doc = layered
    graph = check_imports.import_graph(package)
    layout = check_imports.read_layout(doc)

    found = {
        (v.source, v.target): (v.why, [s.line for s in v.sites])
        for v in check_imports.layering_violations(graph, layout)
    }

    assert found == {
        ("engine.py", "playwright"): ("rule: layer 1 does not import playwright", [2]),
        ("engine.py", "requests"): ("rule: layer 1 does not import requests", [5]),
        ("shared.py", "core.py"): ("layer 1 (engines) imports layer 2 (core)", [1]),
        ("sub/pipeline.py", "sub/live_http.py"): (
            "layer 2 (core) imports layer 3 (observers); "
            "rule: sub/pipeline.py does not import sub/live*.py",
            [4],
        ),
    }
    assert check_imports.unplaced(graph, layout) == ["stray.py"]


def test_checker_prints_each_breach_with_its_line_and_exits_1(
    layered: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    package, doc = layered

    assert check_imports.main([str(package), "--doc", str(doc)]) == 1

    out = capsys.readouterr().out.splitlines()
    assert out[0] == "no import cycles among 9 modules"
    assert out[1].startswith("stray.py: no row in ")
    assert out[1].endswith("layers.md, so no layer to check")
    breach = out.index("    layer 1 (engines) imports layer 2 (core)")
    assert out[breach - 1].startswith("shared.py -> core.py  (")
    assert out[breach - 1].endswith("shared.py:1)")
    assert out[-1].startswith("4 imports break the layers of ")
