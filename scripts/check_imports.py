"""Find import cycles among a package's own modules, without importing anything.

Every ``import`` and ``from ... import`` in every module counts: at top level,
inside functions, and under ``if TYPE_CHECKING:``. A function-level import
only defers a cycle to run time and a TYPE_CHECKING one still ties the two
modules together for readers and type checkers, so neither is an excuse.

    python scripts/check_imports.py                 # checks src/browserkit
    python scripts/check_imports.py path/to/pkg     # any package directory

Exit status 1 when there is a cycle; each is printed as ``a -> b -> a`` with
the file and line of every import on it. Cycles are grouped by strongly
connected component; inside one, the shortest cycle through each import edge
is listed, so every import that takes part in some cycle is shown (listing
every elementary cycle could run to thousands).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PACKAGE = ROOT / "src" / "browserkit"

__all__ = [
    "Cycle",
    "Edge",
    "ImportGraph",
    "Site",
    "cycles_in",
    "find_cycles",
    "format_cycle",
    "import_graph",
    "main",
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
    graph = ImportGraph(modules)
    for name, path in modules.items():
        tree = ast.parse(path.read_bytes(), filename=str(path))
        # Relative imports resolve against the package a module is in; a
        # package's __init__ is in the package itself.
        home = name if name in packages else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _targets(node, home, modules):
                    graph.add(name, target, Site(path, node.lineno))
    for targets in graph.edges.values():
        for sites in targets.values():
            sites.sort(key=lambda s: s.line)
    return graph


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
        default=DEFAULT_PACKAGE,
        help="directory of the package to check (default: src/browserkit)",
    )
    args = parser.parse_args(argv)
    try:
        graph = import_graph(args.package_dir)
    except (OSError, SyntaxError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    count = len(graph.modules)
    cycles = cycles_in(graph)
    if not cycles:
        print(f"no import cycles among {count} modules")
        return 0
    for cycle in cycles:
        print(format_cycle(cycle))
    print(f"{len(cycles)} import cycle{'s' if len(cycles) > 1 else ''} among {count} modules")
    return 1


if __name__ == "__main__":
    sys.exit(main())
