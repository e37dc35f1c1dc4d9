"""Check a package's imports, without importing anything: no cycles, and the layers kept.

Every ``import`` and ``from ... import`` in every module counts: at top level,
inside functions, and under ``if TYPE_CHECKING:``. A function-level import
only defers a cycle to run time and a TYPE_CHECKING one still ties the two
modules together for readers and type checkers, so neither is an excuse.

    python scripts/check_imports.py                 # src/browserkit, by docs/architecture.md
    python scripts/check_imports.py path/to/pkg     # any package directory: cycles only
    python scripts/check_imports.py path/to/pkg --doc layers.md

Exit status 1 when there is a cycle; each is printed as ``a -> b -> a`` with
the file and line of every import on it. Cycles are grouped by strongly
connected component; inside one, the shortest cycle through each import edge
is listed, so every import that takes part in some cycle is shown (listing
every elementary cycle could run to thousands).

The layers come from the architecture document, the one place they are
written (``docs/architecture.md`` for browserkit). Each ``### Layer N: name``
heading there is followed by a table whose rows start with a module's path
under the package (`` `_async/core/session_core.py` ``); a module may import only modules
of its own layer or of lower-numbered ones. An ``## Import rules`` table adds
imports that are forbidden even so: its first column names modules (path
globs, or ``layer N``), its second what they must not import (path globs, or
an outside package such as ``playwright``). Exit status 1 too when an import
breaks a layer or a rule, or when a module has no row in the document (it
could break any layer unseen); each is printed with its file and line.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import re
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PACKAGE = ROOT / "src" / "browserkit"
DEFAULT_DOC = ROOT / "docs" / "architecture.md"

__all__ = [
    "Cycle",
    "Edge",
    "ImportGraph",
    "Layout",
    "Rule",
    "Site",
    "Violation",
    "cycles_in",
    "find_cycles",
    "format_cycle",
    "format_violation",
    "import_graph",
    "layering_violations",
    "main",
    "read_layout",
    "unplaced",
]


@dataclass(frozen=True)
class Site:
    """Where an import statement is."""

    path: Path
    line: int

    def __str__(self) -> str:
        return f"{_shown(self.path)}:{self.line}"


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target`` at each of ``sites``."""

    source: str
    target: str
    sites: tuple[Site, ...]


@dataclass(frozen=True)
class Cycle:
    """Modules that import each other in a ring; ``edges[i]`` leads from module ``i``."""

    edges: tuple[Edge, ...]

    @property
    def modules(self) -> tuple[str, ...]:
        """The modules in order, the first repeated at the end (``a, b, a``)."""
        return (*(e.source for e in self.edges), self.edges[0].source)

    def __str__(self) -> str:
        return format_cycle(self)


@dataclass
class ImportGraph:
    """The package's modules and which of them import which."""

    modules: dict[str, Path]
    # source -> target -> sites; insertion order follows the files, then lines.
    edges: dict[str, dict[str, list[Site]]] = field(default_factory=dict)
    # source -> top-level name of an outside package -> sites.
    outside: dict[str, dict[str, list[Site]]] = field(default_factory=dict)
    root: Path = Path()

    def path_of(self, module: str) -> str:
        """``module``'s file relative to the package directory (``_async/core/session_core.py``)."""
        return self.modules[module].relative_to(self.root).as_posix()

    def add(self, source: str, target: str, site: Site) -> None:
        sites = self.edges.setdefault(source, {}).setdefault(target, [])
        if site not in sites:  # `from m import a, b` is one import of m
            sites.append(site)

    def edge(self, source: str, target: str) -> Edge:
        return Edge(source, target, tuple(self.edges[source][target]))

    def successors(self, module: str) -> Iterable[str]:
        return self.edges.get(module, {}).keys()


def import_graph(package_dir: Path | str = DEFAULT_PACKAGE) -> ImportGraph:
    """Parse every ``.py`` file under ``package_dir`` and record imports among them."""
    package_dir = Path(package_dir)
    if not package_dir.is_dir():
        raise NotADirectoryError(f"{package_dir} is not a package directory")
    package = package_dir.name
    modules: dict[str, Path] = {}
    packages: set[str] = set()
    for path in sorted(package_dir.rglob("*.py")):
        parts = [package, *path.relative_to(package_dir).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
            packages.add(".".join(parts))
        modules[".".join(parts)] = path
    graph = ImportGraph(modules, root=package_dir)
    for name, path in modules.items():
        tree = ast.parse(path.read_bytes(), filename=str(path))
        # Relative imports resolve against the package a module is in; a
        # package's __init__ is in the package itself.
        home = name if name in packages else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                site = Site(path, node.lineno)
                for target in _targets(node, home, modules):
                    graph.add(name, target, site)
                for top in _outside(node, package):
                    sites = graph.outside.setdefault(name, {}).setdefault(top, [])
                    if site not in sites:
                        sites.append(site)
    for table in (graph.edges, graph.outside):
        for targets in table.values():
            for sites in targets.values():
                sites.sort(key=lambda s: s.line)
    return graph


def _outside(node: ast.Import | ast.ImportFrom, package: str) -> Iterator[str]:
    """Top-level names of the outside packages one statement imports."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif node.level == 0 and node.module:
        names = [node.module]
    else:
        names = []
    for dotted in names:
        top = dotted.partition(".")[0]
        if top != package:
            yield top


def _targets(
    node: ast.Import | ast.ImportFrom, home: str, modules: dict[str, Path]
) -> Iterator[str]:
    """The package's own modules that one statement imports."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            # `import a.b.c` also runs a and a.b, but only a.b.c is asked for.
            found = _known_prefix(alias.name, modules)
            if found:
                yield found
    else:
        base = _absolute(node.module, node.level, home)
        if base is None:
            return
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            if alias.name != "*" and sub in modules:
                yield sub
            else:
                found = _known_prefix(base, modules)
                if found:
                    yield found


def _absolute(module: str | None, level: int, home: str) -> str | None:
    if level == 0:
        return module
    parts = home.split(".")
    if level - 1 >= len(parts):
        return None  # climbs above the top package: not one of ours
    base = ".".join(parts[: len(parts) - (level - 1)])
    return f"{base}.{module}" if module else base


def _known_prefix(dotted: str, modules: dict[str, Path]) -> str | None:
    """``dotted`` or its longest prefix that is one of the package's modules."""
    parts = dotted.split(".")
    while parts:
        name = ".".join(parts)
        if name in modules:
            return name
        parts.pop()
    return None


def _components(graph: ImportGraph) -> list[list[str]]:
    """Strongly connected components (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in graph.modules:
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(graph.successors(root)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(graph.successors(nxt))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    found.append(component)
    return found


def _shortest_path(graph: ImportGraph, start: str, goal: str, within: set[str]) -> list[str]:
    """Modules from ``start`` to ``goal`` by the fewest imports, staying inside ``within``."""
    came_from: dict[str, str] = {start: start}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            path = [goal]
            while path[-1] != start:
                path.append(came_from[path[-1]])
            return path[::-1]
        for nxt in graph.successors(node):
            if nxt in within and nxt not in came_from:
                came_from[nxt] = node
                queue.append(nxt)
    raise AssertionError(f"{goal} is not reachable from {start} in its component")


def find_cycles(package_dir: Path | str = DEFAULT_PACKAGE) -> list[Cycle]:
    """Import cycles among the modules under ``package_dir``; empty when there is none."""
    return cycles_in(import_graph(package_dir))


def cycles_in(graph: ImportGraph) -> list[Cycle]:
    """For each strongly connected component, the shortest cycle through each of its edges.

    Duplicates are dropped, so each import that closes a cycle shows up at
    least once. A module importing itself is a cycle too.
    """
    cycles: list[Cycle] = []
    for component in sorted(_components(graph), key=min):
        members = set(component)
        seen: set[tuple[str, ...]] = set()
        found: list[Cycle] = []
        for source in sorted(members):
            for target in graph.successors(source):
                if target not in members:
                    continue
                ring = [source, *_shortest_path(graph, target, source, members)[:-1]]
                # The same ring is found from each of its edges; key it by its
                # rotation that starts at the smallest module name.
                turn = ring.index(min(ring))
                key = tuple(ring[turn:] + ring[:turn])
                if key in seen:
                    continue
                seen.add(key)
                steps = zip(key, (*key[1:], key[0]), strict=True)
                found.append(Cycle(tuple(graph.edge(a, b) for a, b in steps)))
        cycles.extend(sorted(found, key=lambda c: (len(c.edges), c.modules)))
    return cycles


def format_cycle(cycle: Cycle) -> str:
    """``a -> b -> a`` and, under it, where each of those imports is."""
    lines = [" -> ".join(cycle.modules)]
    for edge in cycle.edges:
        where = ", ".join(str(site) for site in edge.sites)
        lines.append(f"    {edge.source} -> {edge.target}  ({where})")
    return "\n".join(lines)


# -- layers ------------------------------------------------------------------

_LAYER_HEADING = re.compile(r"^###\s+Layer\s+(\d+):\s*(.+?)\s*$")
_RULES_HEADING = re.compile(r"^##\s+Import rules\s*$")
_HEADING = re.compile(r"^#{1,6}\s")
_ROW = re.compile(r"^\|(.*)\|\s*$")
_CODE = re.compile(r"`([^`]+)`")
_LAYER_REF = re.compile(r"^layer\s+(\d+)$", re.IGNORECASE)


@dataclass(frozen=True)
class Rule:
    """Modules matching ``who`` (path globs) or in layer ``layer`` must not import ``forbidden``.

    ``forbidden`` holds path globs (ending in ``.py``) and outside package
    names (``playwright``).
    """

    who: tuple[str, ...]
    layer: int | None
    forbidden: tuple[str, ...]

    def applies_to(self, path: str, layout: Layout) -> bool:
        if self.layer is not None and layout.layers.get(path) == self.layer:
            return True
        return any(fnmatch.fnmatchcase(path, glob) for glob in self.who)

    def forbidding(self, target: str, *, outside: bool = False) -> str | None:
        """The entry of ``forbidden`` that ``target`` (a module path, or an
        outside package's name when ``outside``) matches, if any."""
        for entry in self.forbidden:
            if outside and entry == target:
                return entry
            if not outside and entry.endswith(".py") and fnmatch.fnmatchcase(target, entry):
                return entry
        return None

    def why(self, target: str, *, outside: bool = False) -> str | None:
        entry = self.forbidding(target, outside=outside)
        if entry is None:
            return None
        who = f"layer {self.layer}" if self.layer is not None else ", ".join(self.who)
        return f"rule: {who} does not import {entry}"


@dataclass
class Layout:
    """What the architecture document says: each module's layer, and the import rules."""

    doc: Path
    # module path (``_async/core/session_core.py``) -> layer number; -> the line of its row.
    layers: dict[str, int] = field(default_factory=dict)
    rows: dict[str, int] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    rules: list[Rule] = field(default_factory=list)
    # Rows naming a module twice: (path, line).
    repeated: list[tuple[str, int]] = field(default_factory=list)

    def describe(self, path: str) -> str:
        layer = self.layers[path]
        return f"{path} (layer {layer}, {self.names[layer]})"


def _cells(line: str) -> list[str] | None:
    match = _ROW.match(line.strip())
    if not match:
        return None
    cells = [cell.strip() for cell in match.group(1).split("|")]
    if all(set(cell) <= set("-: ") for cell in cells):
        return None  # the |---|---| line under the header
    return cells


def read_layout(doc: Path | str = DEFAULT_DOC) -> Layout:
    """The layers and import rules ``doc`` states (see this module's docstring)."""
    doc = Path(doc)
    layout = Layout(doc)
    layer: int | None = None
    in_rules = False
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), start=1):
        heading = _LAYER_HEADING.match(line)
        if heading:
            layer, in_rules = int(heading.group(1)), False
            layout.names[layer] = heading.group(2)
            continue
        if _RULES_HEADING.match(line):
            layer, in_rules = None, True
            continue
        if _HEADING.match(line):
            layer, in_rules = None, False
            continue
        cells = _cells(line)
        if cells is None or len(cells) < 2:
            continue
        if layer is not None:
            named = _CODE.fullmatch(cells[0])
            if named is None:
                continue  # the header row
            path = named.group(1)
            if path in layout.layers:
                layout.repeated.append((path, number))
            layout.layers[path], layout.rows[path] = layer, number
        elif in_rules:
            who = tuple(_CODE.findall(cells[0]))
            in_layer = _LAYER_REF.match(cells[0])
            forbidden = tuple(_CODE.findall(cells[1]))
            if (who or in_layer) and forbidden:
                layout.rules.append(
                    Rule(
                        who=who,
                        layer=int(in_layer.group(1)) if in_layer else None,
                        forbidden=forbidden,
                    )
                )
    return layout


@dataclass(frozen=True)
class Violation:
    """``source`` imports ``target`` (a module path, or an outside package) at ``sites``."""

    source: str
    target: str
    sites: tuple[Site, ...]
    why: str


def unplaced(graph: ImportGraph, layout: Layout) -> list[str]:
    """Paths of the package's modules that have no row in the document."""
    return sorted(path for path in map(graph.path_of, graph.modules) if path not in layout.layers)


def layering_violations(graph: ImportGraph, layout: Layout) -> list[Violation]:
    """Imports that go up a layer or that a rule forbids, in file order.

    A module with no row in the document has no layer to check; :func:`unplaced`
    names it.
    """
    found: list[Violation] = []
    for source in graph.modules:
        path = graph.path_of(source)
        rules = [rule for rule in layout.rules if rule.applies_to(path, layout)]
        for target, sites in graph.edges.get(source, {}).items():
            target_path = graph.path_of(target)
            whys: list[str] = []
            mine, theirs = layout.layers.get(path), layout.layers.get(target_path)
            if mine is not None and theirs is not None and theirs > mine:
                whys.append(
                    f"layer {mine} ({layout.names[mine]}) imports layer {theirs} "
                    f"({layout.names[theirs]})"
                )
            whys.extend(why for r in rules if (why := r.why(target_path)) is not None)
            if whys:
                found.append(Violation(path, target_path, tuple(sites), "; ".join(whys)))
        for top, sites in graph.outside.get(source, {}).items():
            whys = [why for r in rules if (why := r.why(top, outside=True)) is not None]
            if whys:
                found.append(Violation(path, top, tuple(sites), "; ".join(whys)))
    return found


def format_violation(violation: Violation) -> str:
    """``a.py -> b.py  (file:line, ...)`` and, under it, what it breaks."""
    where = ", ".join(str(site) for site in violation.sites)
    return f"{violation.source} -> {violation.target}  ({where})\n    {violation.why}"


def _shown(path: Path) -> str:
    """A path relative to the working directory when it is under it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "package_dir",
        nargs="?",
        type=Path,
        default=None,
        help="directory of the package to check (default: src/browserkit)",
    )
    parser.add_argument(
        "--doc",
        type=Path,
        default=None,
        help="architecture document that states the layers "
        "(default: docs/architecture.md for src/browserkit, none for another package)",
    )
    args = parser.parse_args(argv)
    package_dir = args.package_dir or DEFAULT_PACKAGE
    doc = args.doc or (DEFAULT_DOC if args.package_dir is None else None)
    try:
        graph = import_graph(package_dir)
        layout = read_layout(doc) if doc is not None else None
    except (OSError, SyntaxError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    count = len(graph.modules)
    failed = False
    cycles = cycles_in(graph)
    if not cycles:
        print(f"no import cycles among {count} modules")
    else:
        failed = True
        for cycle in cycles:
            print(format_cycle(cycle))
        print(f"{len(cycles)} import cycle{'s' if len(cycles) > 1 else ''} among {count} modules")
    if layout is None:
        return 1 if failed else 0
    shown = _shown(layout.doc)
    missing = unplaced(graph, layout)
    for path in missing:
        print(f"{path}: no row in {shown}, so no layer to check")
    violations = layering_violations(graph, layout)
    for violation in violations:
        print(format_violation(violation))
    if violations:
        imports = "import breaks" if len(violations) == 1 else "imports break"
        print(f"{len(violations)} {imports} the layers of {shown}")
    else:
        print(f"every import keeps the layers of {shown}")
    return 1 if failed or missing or violations else 0


if __name__ == "__main__":
    sys.exit(main())
