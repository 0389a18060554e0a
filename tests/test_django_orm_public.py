"""Queries are written with Django's public ORM only, so any Django release can be
taken up without re-checking how its compiler works inside.

Public: querysets and their methods (``select_related``, ``only``, ``values``,
``bulk_create``, ``update``...), expressions, ``connection.cursor()`` for raw SQL in
the one module per app that holds it, and the model ``_meta`` API. Private: the
``django.db.models.sql`` package (the compiler and its query classes) and the names
through which code reads a compiled query's insides.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rookclub", "scoring", "play", "standings", "tournaments", "bench")

#: Names of the ORM's compiler machinery, as attributes, imports or plain names.
PRIVATE_NAMES = frozenset(
    {
        "get_compiler",
        "get_related_populators",
        "klass_info",
        "InsertQuery",
        "returning_fields",
        "fetch_returned_insert_columns",
        "fetch_returned_insert_rows",
        "sql_with_params",
    }
)
SQL_PACKAGE = "django.db.models.sql"


def _private_import(module: str) -> bool:
    return module == SQL_PACKAGE or module.startswith(f"{SQL_PACKAGE}.")


def private_orm_uses(source: str) -> list[str]:
    """The uses of Django's private ORM machinery in ``source``, as written."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if _private_import(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _private_import(node.module):
                found.append(f"from {node.module} import ...")
            elif node.module == "django.db.models":
                found += [
                    f"from django.db.models import {a.name}" for a in node.names if a.name == "sql"
                ]
            found += [f"import {a.name}" for a in node.names if a.name in PRIVATE_NAMES]
        elif isinstance(node, ast.Attribute):
            if node.attr in PRIVATE_NAMES:
                found.append(f".{node.attr}")
            elif node.attr == "annotations" and _names_query(node.value):
                found.append("query.annotations")
        elif isinstance(node, ast.Name) and node.id in PRIVATE_NAMES:
            found.append(node.id)
        elif isinstance(node, ast.Constant) and node.value in PRIVATE_NAMES:
            found.append(repr(node.value))  # getattr(compiler, "klass_info"), row["..."]
    return found


def _names_query(node: ast.expr) -> bool:
    """``query`` or ``<anything>.query``: a queryset's ``Query`` object."""
    return (isinstance(node, ast.Name) and node.id == "query") or (
        isinstance(node, ast.Attribute) and node.attr == "query"
    )


def modules() -> list[Path]:
    return sorted(
        p
        for package in PACKAGES
        for p in (ROOT / package).rglob("*.py")
        if "migrations" not in p.relative_to(ROOT).parts
    )


def test_no_module_uses_djangos_private_orm_machinery():
    offenders = {
        str(path.relative_to(ROOT)): names
        for path in modules()
        if (names := private_orm_uses(path.read_text()))
    }

    assert modules(), "the packages were found"
    assert offenders == {}


@pytest.mark.parametrize(
    "source",
    [
        "from django.db.models.sql import InsertQuery",
        "from django.db.models.sql.compiler import SQLCompiler",
        "import django.db.models.sql.query",
        "from django.db.models import sql",
        "from django.db.models.query import get_related_populators",
        "compiler = queryset.query.get_compiler(using='default')",
        "fields = compiler.klass_info['select_fields']",
        "compiler.returning_fields = meta.db_returning_fields",
        "row = connection.ops.fetch_returned_insert_columns(cursor, params)",
        "sql, params = queryset.query.sql_with_params()",
        "names = list(queryset.query.annotations)",
        "def f(query):\n    return query.annotations\n",
        "info = getattr(compiler, 'klass_info')",
    ],
)
def test_a_private_use_is_found(source):
    assert private_orm_uses(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "from django.db.models import F, OuterRef, Subquery",
        "from django.db.models.query import QuerySet",
        "Game.objects.select_related('club').only('id').values_list('pk', flat=True)",
        "HandResult.objects.bulk_create(rows)",
        "game.save(update_fields=['totals'])",
        "fields = Game._meta.concrete_fields",
        "from scoring import standings_sql as sql",
        "with connection.cursor() as cursor:\n    cursor.execute(text, params)\n",
        "print(str(queryset.query))",
        "annotations = {'note': 1}",
    ],
)
def test_a_public_use_is_allowed(source):
    assert private_orm_uses(source) == []
