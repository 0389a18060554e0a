"""Every write names who does it, and there is one check of who may.

A service's actor (``by``, ``actor``, or ``<verb>_by`` such as ``entered_by``) is a
keyword with no default, so a caller that forgets it fails at once instead of
writing as nobody; trusted work passes ``SYSTEM``. The director and scorer checks
live once, in ``rookclub.core.roles``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_architecture import ROOT, module_name, project_modules

ACTOR_NAMES = ("by", "actor")
ONE_PLACE = {"require_director", "require_scorer", "require_role", "require_actor"}
ROLES_MODULE = "rookclub.core.roles"


def is_actor(name: str) -> bool:
    return name in ACTOR_NAMES or name.endswith("_by")


def actors_with_defaults(path: Path) -> list[str]:
    """``function(parameter)`` for each actor parameter in ``path`` that has a default."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        args = node.args
        positional = args.posonlyargs + args.args
        defaulted = [a.arg for a in positional[len(positional) - len(args.defaults) :]]
        keywords = zip(args.kwonlyargs, args.kw_defaults, strict=True)
        defaulted += [a.arg for a, d in keywords if d is not None]
        found += [f"{node.name}({name}) line {node.lineno}" for name in defaulted if is_actor(name)]
    return found


def role_checks_defined(path: Path) -> list[str]:
    """The director/scorer checks ``path`` defines itself (its own, or a private copy)."""
    tree = ast.parse(path.read_text(), str(path))
    return [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.name.lstrip("_") in ONE_PLACE
    ]


@pytest.mark.parametrize("path", project_modules(), ids=lambda p: module_name(p))
def test_no_service_has_a_default_actor(path):
    assert not actors_with_defaults(path), (
        f"{module_name(path)}: an actor must be passed, never defaulted (SYSTEM for "
        f"trusted work): {actors_with_defaults(path)}"
    )


def test_the_director_and_scorer_checks_are_defined_once():
    elsewhere = {
        module_name(p): role_checks_defined(p)
        for p in project_modules()
        if module_name(p) != ROLES_MODULE and role_checks_defined(p)
    }
    assert not elsewhere, f"use rookclub.core.roles instead of: {elsewhere}"
    assert set(role_checks_defined(ROOT / "rookclub/core/roles.py")) == ONE_PLACE


def test_the_checker_catches_a_defaulted_actor(tmp_path):
    module = tmp_path / "services.py"
    module.write_text(
        "def thing_create(*, name, by=None):\n    pass\n"
        "def thing_close(thing, closed_by=SYSTEM):\n    pass\n"
        "def thing_open(*, thing, by, note=''):\n    pass\n"
    )
    assert actors_with_defaults(module) == [
        "thing_create(by) line 1",
        "thing_close(closed_by) line 3",
    ]


def test_the_checker_catches_a_private_director_check(tmp_path):
    module = tmp_path / "results.py"
    module.write_text("def _require_director(by, club):\n    pass\n")
    assert role_checks_defined(module) == ["_require_director"]
