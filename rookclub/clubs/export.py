"""A club's data as one document: the registry of exported tables and its reader (format in
docs/club-export.md). Every app registers its tables from ``AppConfig.ready()``; a table's
columns are its model's own, a foreign key written as the id it points to."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.crypto import salted_hmac

from rookclub.clubs.models import Club

FORMAT = "rookclub-club-export"
VERSION = 1
#: What the signature key is salted with (Django's salted_hmac), so it signs nothing else.
SIGNATURE_SALT = "rookclub.clubs.export"

#: Fixes ids held inside a row's JSON (or in a plain integer column) on import:
#: ``fix(row, ids)`` edits ``row`` in place; ``ids.new(table, old_id)`` gives the new id.
Fix = Callable[[dict[str, Any], "Ids"], None]


@dataclass(frozen=True)
class Table:
    """One exported table: a model's rows that belong to a club."""

    #: The table's name in the file (and its CSV file's name): plural, from the game.
    name: str
    model: type[models.Model]
    #: The club's rows (any order; they are written by id).
    rows: Callable[[Club], QuerySet]
    #: Import order: a table comes after every table its rows point to.
    order: int
    #: Columns never written: secrets (a table link's key), caches rebuilt on import.
    exclude: tuple[str, ...] = ()
    #: Ids inside the row's JSON that must follow their rows to new ids on import; run
    #: once every table is in, so they may use any table's ids.
    fixes: tuple[Fix, ...] = ()
    description: str = ""
    #: (field, column in the file) where the file keeps an older name for a field.
    file_names: tuple[tuple[str, str], ...] = ()

    def columns(self) -> list[models.Field]:
        return [f for f in self.model._meta.concrete_fields if f.name not in self.exclude]

    def file_name(self, field_: models.Field) -> str:
        """The field's column in the file: its name, unless ``file_names`` says otherwise."""
        return dict(self.file_names).get(field_.name, field_.name)


#: Every registered table by name, in import order once :func:`tables` sorts them.
TABLES: dict[str, Table] = {}
#: Fixes another app adds to a table it does not own (``register_fix``).
_INSERT_FIXES: dict[str, list[Fix]] = {}
_LATER_FIXES: dict[str, list[Fix]] = {}
#: Models that belong to a club's data but are deliberately not exported, with why.
LEFT_OUT: dict[str, str] = {}
#: Checks of a club just imported, before its transaction commits: ``Invalid`` refuses the file.
ImportCheck = Callable[[Club, "Ids"], None]
IMPORT_CHECKS: list[ImportCheck] = []


def register_import_check(check: ImportCheck) -> None:
    """Add an app's check of an imported club (from its ``AppConfig.ready()``)."""
    if check not in IMPORT_CHECKS:
        IMPORT_CHECKS.append(check)


def _canonical(tables: Mapping[str, Any]) -> bytes:
    """The tables as JSON (keys sorted, no spaces): the same after a JSON round trip."""
    from django.core.serializers.json import DjangoJSONEncoder

    return json.dumps(
        tables, cls=DjangoJSONEncoder, ensure_ascii=False, sort_keys=True, separators=(",", ":")
    ).encode()


def checksum(tables: Mapping[str, Any]) -> str:
    """``sha256:<hex>`` of the tables: notices damage, not a deliberate edit."""
    return "sha256:" + hashlib.sha256(_canonical(tables)).hexdigest()


def signature(tables: Mapping[str, Any]) -> str:
    """``hmac-sha256:<hex>`` of the tables keyed with ``SECRET_KEY``: proves a file untouched."""
    mac = salted_hmac(SIGNATURE_SALT, _canonical(tables), algorithm="sha256")
    return "hmac-sha256:" + mac.hexdigest()


def register(*tables: Table) -> None:
    """Add an app's tables (from its ``AppConfig.ready()``); a name is one table."""
    for table in tables:
        taken = TABLES.get(table.name)
        if taken is not None and taken != table:
            raise ValueError(f"export table {table.name!r} is registered twice")
        TABLES[table.name] = table


def register_fix(table: str, fix: Fix, *, before_insert: bool = False) -> None:
    """Fix a lower table's column on import; ``before_insert`` for a unique column."""
    fixes = (_INSERT_FIXES if before_insert else _LATER_FIXES).setdefault(table, [])
    if fix not in fixes:
        fixes.append(fix)


def leave_out(model: type[models.Model], why: str) -> None:
    """Say that ``model`` is not part of the export, and why (checked by the tests)."""
    LEFT_OUT[model._meta.label] = why


def tables() -> list[Table]:
    """Every table in import order."""
    return sorted(TABLES.values(), key=lambda t: (t.order, t.name))


def insert_fixes(table: Table) -> tuple[Fix, ...]:
    return tuple(_INSERT_FIXES.get(table.name, ()))


def later_fixes(table: Table) -> tuple[Fix, ...]:
    return (*table.fixes, *_LATER_FIXES.get(table.name, ()))


def table_of(model: type[models.Model]) -> Table | None:
    """The table holding ``model``'s rows (None for the user model and unknown models)."""
    return next((t for t in TABLES.values() if t.model is model), None)


class Ids:
    """Old id -> new id, per table, as rows are imported."""

    def __init__(self) -> None:
        self.by_table: dict[str, dict[int, int]] = {}

    def add(self, table: str, old: int, new: int) -> None:
        self.by_table.setdefault(table, {})[old] = new

    def new(self, table: str, old: Any) -> Any:
        """The new id of row ``old`` of ``table`` (None stays None; unknown: ``KeyError``)."""
        if old is None:
            return None
        return self.by_table.get(table, {})[int(old)]

    def old(self, table: str, new: int) -> int | None:
        """The file's id of the row now ``new`` (to name it in a refusal)."""
        return next((o for o, n in self.by_table.get(table, {}).items() if n == new), None)

    def new_or_none(self, table: str, old: Any) -> Any:
        try:
            return self.new(table, old)
        except (KeyError, TypeError, ValueError):
            return None


# ---- reading a club --------------------------------------------------------------------------


def _is_user(field_: models.Field) -> bool:
    return field_.is_relation and field_.related_model is get_user_model()


def _column_names(table: Table) -> list[tuple[str, str]]:
    """(column name in the file, lookup for ``values()``) of each exported column."""
    return [(table.file_name(f), f.attname) for f in table.columns()]


@dataclass
class Export:
    """A club's whole data: rows of every table, keyed by column name."""

    club: Club
    exported_at: Any
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def document(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": self.exported_at.isoformat(),
            "club": {"id": self.club.pk, "name": self.club.name, "slug": self.club.slug},
            "tables": self.rows,
            "checksum": checksum(self.rows),
            "signature": signature(self.rows),
        }


USER_COLUMNS = ("id", "username", "first_name", "last_name")


def _read(club: Club) -> Export:
    out = Export(club=club, exported_at=timezone.now())
    user_ids: set[int] = set()
    for table in tables():
        names = _column_names(table)
        rows = []
        for values in table.rows(club).order_by("pk").values(*[a for _, a in names]):
            rows.append({name: values[attname] for name, attname in names})
        for f in table.columns():
            if _is_user(f):
                name = table.file_name(f)
                user_ids.update(r[name] for r in rows if r[name] is not None)
        out.rows[table.name] = rows
    # The people rows point to and the members: names, never passwords or emails.
    people = get_user_model().objects.filter(Q(pk__in=user_ids) | Q(memberships__club=club))
    out.rows = {"users": list(people.distinct().order_by("pk").values(*USER_COLUMNS)), **out.rows}
    return out


def club_export(*, club: Club) -> Export:
    """Every row of ``club`` in every registered table; who may ask is the caller's check."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            # One snapshot for every table: no hand without its game's totals.
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        return _read(club)


def referenced_tables(table: Table) -> Iterable[tuple[str, str | None]]:
    """(column, table it points to) for each foreign key; ``users`` for a person."""
    for f in table.columns():
        if f.is_relation:
            if _is_user(f):
                yield table.file_name(f), "users"
            else:
                target = table_of(f.related_model)
                yield table.file_name(f), target.name if target else None


def describe() -> Mapping[str, list[str]]:
    """Table -> its columns, for the docs' check."""
    columns = {t.name: [name for name, _ in _column_names(t)] for t in tables()}
    return {"users": list(USER_COLUMNS), **columns}
