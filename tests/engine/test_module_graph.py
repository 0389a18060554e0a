"""The engine's modules import each other without cycles, never import Django or the
apps, and import each other only at the top of a module (no import tucked into a
function to dodge a cycle).  Read from the source with ``ast``: every import counts,
those under ``if TYPE_CHECKING:`` and inside functions too."""

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "scoring" / "engine"
PACKAGE = "scoring.engine"
FORBIDDEN = ("django", "rookclub", "tournaments", "rest_framework")
MODULES = sorted(path.stem for path in ENGINE.glob("*.py"))


def parse(module):
    return ast.parse((ENGINE / f"{module}.py").read_text(), filename=f"{module}.py")


def imports(module):
    """(line, absolute module name or None, engine module or None) for every import."""
    for node in ast.walk(parse(module)):
        yield from _targets(node)


def _targets(node):
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield node.lineno, alias.name, _engine_module(alias.name)
    elif isinstance(node, ast.ImportFrom):
        if node.level == 0:
            yield node.lineno, node.module, _engine_module(node.module)
        elif node.level == 1 and node.module is None:  # from . import x
            for alias in node.names:
                yield node.lineno, None, alias.name if alias.name in MODULES else "__init__"
        elif node.level == 1:
            yield node.lineno, None, node.module.split(".")[0]
        else:  # from .. import: outside the engine
            yield node.lineno, "..", None


def _engine_module(name):
    if name == PACKAGE:
        return "__init__"
    if name.startswith(PACKAGE + "."):
        return name[len(PACKAGE) + 1 :].split(".")[0]
    return None


def graph():
    return {m: {dep for _, _, dep in imports(m) if dep and dep != m} for m in MODULES}


def find_cycle(edges):
    """A list of modules that import each other round in a circle, or None."""
    done, path = set(), []

    def visit(module):
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        path.append(module)
        for dep in sorted(edges.get(module, ())):
            cycle = visit(dep)
            if cycle:
                return cycle
        path.pop()
        done.add(module)
        return None

    for module in sorted(edges):
        cycle = visit(module)
        if cycle:
            return cycle
    return None


def test_the_engine_modules_import_each_other_without_a_cycle():
    edges = graph()
    assert set(edges) >= {"rulesets", "options", "presets", "game", "gameformat", "messages"}
    cycle = find_cycle(edges)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_nothing_in_the_engine_imports_the_package_init():
    users = sorted(m for m, deps in graph().items() if "__init__" in deps and m != "__init__")
    assert users == []


@pytest.mark.parametrize("module", MODULES)
def test_the_engine_never_imports_django_or_the_apps(module):
    bad = [
        (line, name)
        for line, name, _ in imports(module)
        if name == ".."
        or (name and name.split(".")[0] in FORBIDDEN)
        or (name and name.startswith("scoring") and not name.startswith(PACKAGE))
    ]
    assert bad == []


@pytest.mark.parametrize("module", MODULES)
def test_engine_modules_import_each_other_only_at_the_top(module):
    tree = parse(module)
    top = set()
    for node in tree.body:
        if isinstance(node, ast.If):  # if TYPE_CHECKING: at module level
            top.update(id(n) for n in ast.walk(node))
        top.add(id(node))
    nested = [
        node.lineno
        for node in ast.walk(tree)
        if id(node) not in top and any(dep for _, _, dep in _targets(node))
    ]
    assert nested == [], f"{module}.py imports an engine module inside a function or class"
