"""A one-row model query built through the ORM once per process, then run as its SQL.

Building a query (joins, ``select_related``, annotations, ``FOR UPDATE``) costs more
CPU than PostgreSQL takes to run a small one, and a hand post runs the same few
queries every time: the game's lock, the hand's rows. A
:class:`CompiledGet` builds its queryset with stand-in values (marks) the first time
it runs on a database, keeps the SQL and how its columns become model objects, and
from then on only swaps the real values into the parameters. The objects it answers
are the ones the queryset's ``get()`` would give: the same columns through the same
converters, its ``select_related`` objects cached, its annotations set.

:class:`CompiledList` does the same for several rows (a game's hands). Use them only where
the query's shape never changes between calls: the marks are its only inputs.

:class:`CompiledInsert` does the same for a new row's ``INSERT ... RETURNING`` (and
for a few rows at once, as ``bulk_create``), :class:`CompiledUpdate` for a stored row's
``UPDATE`` of some of its columns (``save(update_fields=...)``): the statement's text is
built once, and each value is prepared by its field exactly as the ORM prepares it.
Neither sends ``pre_save``/``post_save``: use them only for models without receivers
of those (``tests/test_compiled_queries.py`` checks the ones used).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from django.db import DatabaseError, connections
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

    def _run(self, values: Sequence[Any], using: str, many: bool) -> tuple[_Compiled, list]:
        compiled = self._compile(using)
        connection = connections[using]
        low, high = connection.ops.integer_field_range("BigIntegerField")
        if any(type(v) is int and not low <= v <= high for v in values):
            # No row has an id past the 64-bit columns' range; the ORM's lookups say the
            # same (no match) where SQLite's driver would raise OverflowError.
            return compiled, []
        swap = dict(zip(self.marks, values, strict=True))
        # A driver's wrapper of a mark (psycopg's Int4 for a 32-bit column) wraps its value.
        params = [
            type(p)(swap[p]) if isinstance(p, int | str) and p in swap and swap[p] is not None
            else swap.get(p, p) if isinstance(p, int | str)
            else p
            for p in compiled.params
        ]  # fmt: skip
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            return compiled, cursor.fetchall() if many else cursor.fetchmany(2)

    def get(self, *values: Any, using: str = "default") -> Any:
        compiled, rows = self._run(values, using, many=False)
        if not rows:
            return self._missing(compiled)
        if len(rows) > 1:
            raise compiled.model.MultipleObjectsReturned(f"more than one {compiled.model.__name__}")
        return self._object(compiled, rows[0], using)

    def _object(self, compiled: _Compiled, values: Sequence[Any], using: str) -> Any:
        connection = connections[using]
        row = list(values)
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

    @staticmethod
    def _missing(compiled: _Compiled) -> Any:
        name = compiled.model.__name__
        raise compiled.model.DoesNotExist(f"{name} matching query does not exist.")


class CompiledList(CompiledGet):
    """:class:`CompiledGet` for a queryset of any number of rows (its order is the
    queryset's): ``all(*values)`` answers the model objects ``list(queryset)`` would,
    with their ``select_related`` objects and annotations. Nothing is prefetched."""

    def all(self, *values: Any, using: str = "default") -> list[Any]:
        compiled, rows = self._run(values, using, many=True)
        return [self._object(compiled, row, using) for row in rows]


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
        #: (alias, vendor) for one row; (alias, vendor, rows) for several.
        self.compiled: dict[tuple[Any, ...], tuple[str, Any]] = {}

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

    def save_many(self, objs: Sequence[Model], using: str = "default") -> None:
        """``bulk_create(objs)`` of a few new rows (a hand's one per player) in one
        ``INSERT``, built once per database vendor and number of rows; the primary keys
        read back. Where the backend cannot return the rows' keys, or a value needs more
        than a parameter, ``bulk_create`` itself."""
        if not objs:
            return
        connection = connections[using]
        query = InsertQuery(self.model)
        query.insert_values(self.fields, objs)
        compiler = query.get_compiler(using=using)
        rows = [[compiler.pre_save_val(f, obj) for f in self.fields] for obj in objs]
        if (
            not self.plain
            or not connection.features.can_return_rows_from_bulk_insert
            or any(hasattr(v, "as_sql") for row in rows for v in row)
        ):
            self.model._base_manager.using(using).bulk_create(objs)
            return
        key = (using, connection.vendor, len(objs))
        if key not in self.compiled:
            compiler.returning_fields = self.model._meta.db_returning_fields
            [(sql, built)] = compiler.as_sql()
            # Row by row (VALUES (...), (...)), or a column per parameter (PostgreSQL's
            # INSERT ... SELECT * FROM UNNEST(...) for several rows).
            columns = len(built) == len(self.fields) and all(
                isinstance(p, list) and len(p) == len(objs) for p in built
            )
            if not columns and len(built) != len(self.fields) * len(objs):
                sql = ""  # neither: bulk_create every time
            self.compiled[key] = (sql, columns)
        sql, columns = self.compiled[key]
        if not sql:
            self.model._base_manager.using(using).bulk_create(objs)
            return
        prepared = [
            [compiler.prepare_value(f, v) for f, v in zip(self.fields, row, strict=True)]
            for row in rows
        ]
        if columns:
            params: list[Any] = [list(column) for column in zip(*prepared, strict=True)]
        else:
            params = [value for row in prepared for value in row]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            returned = connection.ops.fetch_returned_insert_rows(cursor)
        returning = self.model._meta.db_returning_fields
        for obj, row in zip(objs, returned, strict=True):
            for field, value in zip(returning, row, strict=True):
                setattr(obj, field.attname, value)
            obj._state.adding = False
            obj._state.db = using


class CompiledUpdate:
    """``obj.save(update_fields=names)`` of a stored ``model`` row: ``UPDATE`` of those
    columns where the primary key is the row's, its text built once per database vendor
    and set of columns; each value prepared as ``save()`` prepares it (``pre_save``,
    then ``get_db_prep_save``). As ``save(update_fields=...)``, a row that is not there
    is a ``DatabaseError``. A value that is an expression, or a field with its own
    placeholder, goes through ``save()`` itself."""

    def __init__(self, model: type[Model]) -> None:
        self.model = model
        self.compiled: dict[tuple[str, str, tuple[str, ...]], str] = {}

    def save(self, obj: Model, update_fields: Sequence[str], using: str = "default") -> None:
        if not update_fields:
            return
        connection = connections[using]
        meta = self.model._meta
        fields = [meta.get_field(name) for name in update_fields]
        values = [f.pre_save(obj, False) for f in fields]
        if any(hasattr(f, "get_placeholder") for f in fields) or any(
            hasattr(v, "resolve_expression") or hasattr(v, "prepare_database_save") for v in values
        ):
            obj.save(update_fields=update_fields, using=using)
            return
        key = (using, connection.vendor, tuple(update_fields))
        if key not in self.compiled:
            name = connection.ops.quote_name
            columns = ", ".join(f"{name(f.column)} = %s" for f in fields)
            self.compiled[key] = (
                f"UPDATE {name(meta.db_table)} SET {columns} WHERE {name(meta.pk.column)} = %s"
            )
        params = [
            f.get_db_prep_save(v, connection=connection)
            for f, v in zip(fields, values, strict=True)
        ]
        params.append(meta.pk.get_db_prep_value(obj.pk, connection))
        with connection.cursor() as cursor:
            cursor.execute(self.compiled[key], params)
            updated = cursor.rowcount
        if updated != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")
