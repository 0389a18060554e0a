"""The apps depend on each other in one direction only:

    tournaments -> standings -> play -> clubs -> core

(printing sits beside clubs: apps register print kinds into it; standings receives
play's signals and tournaments may read it), and the pure
cores, ``scoring/engine/`` and ``tournaments/formats/``, import nothing of Django
or of the project. Every import counts, including one inside a function; and no
two modules import each other, even round a loop or inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Package prefix -> layer name; the longest prefix wins.
LAYERS = {
    "rookclub.core": "core",
    "rookclub.clubs": "clubs",
    "rookclub.printing": "printing",
    "play": "play",
    "standings": "standings",
    "scoring": "engine",
    "scoring.engine": "engine",
    "tournaments": "tournaments",
    "tournaments.formats": "formats",
}
#: What each layer may import from the project.
ALLOWED = {
    "engine": set(),
    "formats": set(),
    "core": set(),
    "clubs": {"core"},
    "printing": {"core", "clubs", "engine"},
    "play": {"core", "clubs", "printing", "engine"},
    "standings": {"core", "clubs", "printing", "play", "engine"},
    "tournaments": {"core", "clubs", "printing", "play", "standings", "engine", "formats"},
}
PURE = {"engine", "formats"}


def layer_of(module: str) -> str | None:
    best = None
    for prefix, layer in LAYERS.items():
        if (module == prefix or module.startswith(prefix + ".")) and (
            best is None or len(prefix) > len(best[0])
        ):
            best = (prefix, layer)
    return best[1] if best else None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Every module ``path`` imports (absolute names), with the line it is on."""
    package = module_name(path) if path.is_relative_to(ROOT) else ""
    if package and path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((name, node.lineno))
            # "from play import seating" imports the module play.seating
            found += [(f"{name}.{alias.name}", node.lineno) for alias in node.names]
    return found


def project_modules() -> list[Path]:
    paths = []
    for top in ("rookclub", "scoring", "play", "standings", "tournaments"):
        paths += [p for p in (ROOT / top).rglob("*.py") if "migrations" not in p.parts]
    return sorted(paths)


def test_every_module_is_in_a_known_place():
    loose = {module_name(p) for p in project_modules() if layer_of(module_name(p)) is None}
    # The project package's own modules (settings, urls, the demo) wire everything up.
    assert all(m.count(".") <= 1 or m.startswith("rookclub.management") for m in loose), loose


@pytest.mark.parametrize("path", project_modules(), ids=lambda p: module_name(p))
def test_imports_run_one_way(path):
    here = layer_of(module_name(path))
    if here is None:
        return  # the project package: settings, urls, demo
    wrong = []
    for name, line in imports_of(path):
        there = layer_of(name)
        if here in PURE and (name.split(".")[0] in ("django", "rest_framework", "celery")):
            wrong.append(f"line {line}: {name} (the pure core imports no framework)")
        elif name.split(".")[0] == "rookclub" and there is None and name != "rookclub":
            wrong.append(f"line {line}: {name} (the project package is above every app)")
        elif there is not None and there != here and there not in ALLOWED[here]:
            wrong.append(f"line {line}: {name} ({here} may not import {there})")
    assert not wrong, f"{module_name(path)} imports against the dependency direction: {wrong}"


def test_the_layer_graph_has_no_cycle():
    graph: dict[str, set[str]] = {}
    for path in project_modules():
        here = layer_of(module_name(path))
        if here is None:
            continue
        for name, _ in imports_of(path):
            there = layer_of(name)
            if there is not None and there != here:
                graph.setdefault(here, set()).add(there)

    def visit(node: str, trail: tuple[str, ...]) -> None:
        assert node not in trail, f"import cycle: {' -> '.join((*trail, node))}"
        for nxt in graph.get(node, ()):
            visit(nxt, (*trail, node))

    for start in graph:
        visit(start, ())


def test_the_checker_catches_an_upward_import(tmp_path):
    """The checks above would fail on a module of clubs that imports play."""
    module = tmp_path / "bad.py"
    module.write_text("def f():\n    from play.models import Game\n")
    names = [name for name, _ in imports_of(module)]
    assert "play.models" in names
    assert layer_of("play.models") not in ALLOWED["clubs"]


def test_play_may_not_import_standings(tmp_path):
    """Standings receive play's signals: a module of play that imports standings fails."""
    module = tmp_path / "bad.py"
    module.write_text("def f():\n    from standings.ratings import recompute_club\n")
    names = [name for name, _ in imports_of(module)]
    assert layer_of("standings.ratings") == "standings"
    assert "standings.ratings" in names
    assert layer_of("standings.ratings") not in ALLOWED["play"]


def module_graph() -> dict[str, set[str]]:
    """Project module -> the project modules it imports, wherever the import stands (at
    the top or inside a function): a late import hides a cycle, it does not break it."""
    modules = {module_name(p): p for p in project_modules()}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        graph[name] = set()
        for imported, _ in imports_of(path):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]  # a name imported from a module
            # A package's own modules may import the package (its __init__).
            if imported and imported != name and not name.startswith(imported + "."):
                graph[name].add(imported)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a loop (the
    strongly connected components of more than one module, by Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_two_modules_import_each_other():
    assert cycles(module_graph()) == [], "modules that import each other (even inside a function)"


def test_the_cycle_finder_sees_a_loop_through_a_late_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
