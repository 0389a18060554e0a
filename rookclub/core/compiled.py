"""A one-row model query built through the ORM once per process, then run as its SQL.

Building a query (joins, ``select_related``, annotations, ``FOR UPDATE``) costs more
CPU than PostgreSQL takes to run it: for the hand post, the game's lock and the token
lookup were a third of the request's own CPU (issue #26, goal 3). A
:class:`CompiledGet` builds its queryset with stand-in values (marks) the first time
it runs on a database, keeps the SQL and how its columns become model objects, and
from then on only swaps the real values into the parameters. The objects it answers
are the ones the queryset's ``get()`` would give: the same columns through the same
converters, its ``select_related`` objects cached, its annotations set.

It is :class:`rookclub.core.live.VersionStatement`'s idea for model rows. Use it only
where the query's shape never changes between calls: the marks are its only inputs.

:class:`CompiledInsert` does the same for a new row's ``INSERT ... RETURNING``: the
statement's text is built once, and each row's values are prepared by its fields
exactly as ``Model.save()`` prepares them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.models.sql import InsertQuery


class _Compiled(NamedTuple):
    sql: str
    params: tuple[Any, ...]
    model: type[Model]
    start: int
    end: int
    init_list: list[str]
    related: list[Any]
    annotations: dict[str, int]
    converters: list[tuple[int, list[Callable[..., Any]], Any]]


class CompiledGet:
    """``build(*marks)`` (a queryset of at most one row) compiled once per database
    vendor; ``get(*values)`` runs it with each mark's parameter replaced by its value
    and answers the model object, or raises the model's ``DoesNotExist``.

    ``marks``: one stand-in per input, of the input's type, that no real value equals
    (a negative id; a string no key can be)."""

    def __init__(self, build: Callable[..., QuerySet], marks: Sequence[Any]) -> None:
        self.build = build
        self.marks = tuple(marks)
        self.compiled: dict[tuple[str, str], _Compiled] = {}

    def _compile(self, using: str) -> _Compiled:
        connection = connections[using]
        key = (using, connection.vendor)
        if key not in self.compiled:
            queryset = self.build(*self.marks)
            compiler = queryset.query.get_compiler(using=using)
            sql, params = compiler.as_sql()
            select, klass_info = compiler.select, compiler.klass_info
            fields = klass_info["select_fields"]
            start, end = fields[0], fields[-1] + 1
            expressions = [column[0] for column in select[: compiler.col_count]]
            self.compiled[key] = _Compiled(
                sql=sql, params=tuple(params), model=klass_info["model"], start=start, end=end,
                init_list=[column[0].target.attname for column in select[start:end]],
                related=get_related_populators(klass_info, select, using),
                annotations=dict(compiler.annotation_col_map or {}),
                converters=[(i, *c) for i, c in compiler.get_converters(expressions).items()],
            )  # fmt: skip
        return self.compiled[key]

    def get(self, *values: Any, using: str = "default") -> Any:
        compiled = self._compile(using)
        swap = dict(zip(self.marks, values, strict=True))
        params = [swap.get(p, p) if type(p) in (int, str) else p for p in compiled.params]
        connection = connections[using]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchmany(2)
        if not rows:
            name = compiled.model.__name__
            raise compiled.model.DoesNotExist(f"{name} matching query does not exist.")
        if len(rows) > 1:
            raise compiled.model.MultipleObjectsReturned(f"more than one {compiled.model.__name__}")
        row = list(rows[0])
        for position, converters, expression in compiled.converters:
            value = row[position]
            for convert in converters:
                value = convert(value, expression, connection)
            row[position] = value
        obj = compiled.model.from_db(using, compiled.init_list, row[compiled.start : compiled.end])
        for populator in compiled.related:
            populator.populate(row, obj)
        for name, position in compiled.annotations.items():
            setattr(obj, name, row[position])
        return obj


class CompiledInsert:
    """``obj.save()`` of a new ``model`` row, its ``INSERT`` built once per database
    vendor: each value is prepared as ``save()`` prepares it (``pre_save``, then
    ``get_db_prep_save``), the primary key read back, ``obj._state`` set as after a
    save. It sends no ``pre_save``/``post_save`` signal: use it only for a model that
    has no receiver of them (``tests/scoring/test_hand_entry_queries.py`` checks
    ``Hand``). A value that is an expression, or a field with its own placeholder,
    goes through ``save()`` itself."""

    def __init__(self, model: type[Model]) -> None:
        self.model = model
        meta = model._meta
        self.fields = [
            f for f in meta.local_concrete_fields if not f.primary_key and not f.generated
        ]
        self.plain = not any(hasattr(f, "get_placeholder") for f in self.fields)
        self.compiled: dict[tuple[str, str], tuple[str, Any]] = {}

    def save_new(self, obj: Model, using: str = "default") -> None:
        connection = connections[using]
        query = InsertQuery(self.model)
        query.insert_values(self.fields, [obj])
        compiler = query.get_compiler(using=using)
        values = [compiler.pre_save_val(f, obj) for f in self.fields]
        if not self.plain or any(hasattr(v, "as_sql") for v in values):
            obj.save(force_insert=True, using=using)
            return
        key = (using, connection.vendor)
        if key not in self.compiled:
            compiler.returning_fields = self.model._meta.db_returning_fields
            [(sql, _)] = compiler.as_sql()
            self.compiled[key] = (sql, compiler.returning_params)
        sql, returning_params = self.compiled[key]
        params = [compiler.prepare_value(f, v) for f, v in zip(self.fields, values, strict=True)]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            row = connection.ops.fetch_returned_insert_columns(cursor, returning_params)
        for field, value in zip(self.model._meta.db_returning_fields, row, strict=True):
            setattr(obj, field.attname, value)
        obj._state.adding = False
        obj._state.db = using
