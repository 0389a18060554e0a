"""A club's export read back into this instance (``manage.py import_club``), all or nothing.

Every row gets a new id, in old id order; people are matched by username (new ones get no
password). A file cannot forge: people carry only ``USER_COLUMNS``, each app's import checks
run before the commit, and an edited file is refused unless ``accept_edited``."""

from __future__ import annotations

import copy
import hmac
import logging
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, connection, models, transaction

from rookclub.clubs.export import (
    FORMAT,
    IMPORT_CHECKS,
    TABLES,
    USER_COLUMNS,
    VERSION,
    Ids,
    Table,
    checksum,
    insert_fixes,
    later_fixes,
    signature,
    table_of,
    tables,
)
from rookclub.clubs.models import Club
from rookclub.core.errors import Conflict, Invalid

log = logging.getLogger(__name__)

#: Columns of a person no file may set: they are this instance's to give.
PRIVILEGED = (
    "password",
    "is_superuser",
    "is_staff",
    "is_active",
    "groups",
    "user_permissions",
    "last_login",
    "date_joined",
)
EDITED = (
    "This file was changed after it was exported (its checksum does not match its "
    "tables); nothing was imported. Import the file as it was downloaded, or pass "
    "--accept-edited to import it anyway (every hand is still re-scored)."
)


def _refuse(message: str) -> Invalid:
    return Invalid(message, errors={"file": [message]}, code="bad_export")


def _check_document(document: Any) -> Mapping[str, list[dict[str, Any]]]:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _refuse(f'This is not a Rookclub club export (no "format": "{FORMAT}").')
    if document.get("version") != VERSION:
        raise _refuse(
            f"This export is version {document.get('version')!r}; this Rookclub reads version "
            f"{VERSION}."
        )
    data = document.get("tables")
    if not isinstance(data, dict):
        raise _refuse('The export has no "tables" object.')
    unknown = sorted(set(data) - set(TABLES) - {"users"})
    if unknown:
        raise _refuse(f"The export has tables this Rookclub does not know: {', '.join(unknown)}.")
    for name, rows in data.items():
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise _refuse(f"The table {name} must be a list of objects.")
        for row in rows:
            if not isinstance(row.get("id"), int) or isinstance(row.get("id"), bool):
                raise _refuse(f'Every row of {name} needs a whole-number "id".')
        if len({r["id"] for r in rows}) != len(rows):
            raise _refuse(f"The table {name} has two rows with the same id.")
    if len(data.get("clubs") or []) != 1:
        raise _refuse('The export must hold exactly one club in "clubs".')
    return data


def _import_users(rows: list[dict[str, Any]], ids: Ids) -> None:
    User = get_user_model()
    for row in rows:
        privileged = sorted(set(row) & set(PRIVILEGED))
        if privileged:
            raise _refuse(
                f"users, row {row['id']}: an import never sets {', '.join(privileged)}; "
                "passwords and privileges are given on this instance, not by a file."
            )
        unknown = sorted(set(row) - set(USER_COLUMNS))
        if unknown:
            raise _refuse(
                f"users, row {row['id']}: this Rookclub has no column {', '.join(unknown)}."
            )
        if not isinstance(row.get("username"), str) or not row["username"].strip():
            raise _refuse(f"users, row {row['id']}: a username is required.")
    names = [r["username"] for r in rows]
    existing = {u.username: u.pk for u in User.objects.filter(username__in=names)}
    for row in sorted(rows, key=lambda r: r["id"]):
        pk = existing.get(row["username"])
        if pk is None:
            user = User(
                username=row["username"],
                first_name=str(row.get("first_name") or "")[:150],
                last_name=str(row.get("last_name") or "")[:150],
            )
            user.set_unusable_password()
            user.save()
            pk = existing[row["username"]] = user.pk
        ids.add("users", row["id"], pk)


def _missing_row(table: Table, row: dict[str, Any]) -> Invalid:
    return _refuse(f"{table.name}, row {row['id']}: it names a row not in the file.")


def _target(field: models.Field) -> str:
    if field.related_model is get_user_model():
        return "users"
    table = table_of(field.related_model)
    if table is None:  # caught by tests/export/test_export_tables.py
        raise RuntimeError(f"{field} points to a model no export table holds")
    return table.name


def _instance(table: Table, row: dict[str, Any], ids: Ids) -> tuple[models.Model, dict]:
    """The new row, and its references to rows of its own table (set once all are in)."""
    fields = {table.file_name(f): f for f in table.columns()}
    where = f"{table.name}, row {row['id']}"
    unknown = sorted(set(row) - set(fields))
    if unknown:
        raise _refuse(f"{where}: this Rookclub has no column {', '.join(unknown)}.")
    values: dict[str, Any] = {}
    own: dict[str, Any] = {}
    for name, value in row.items():
        field = fields[name]
        if field.primary_key:
            continue
        if field.is_relation:
            target = _target(field)
            if value is not None and target == table.name:
                own[field.attname], value = value, None
            else:
                try:
                    value = ids.new(target, value)
                except (KeyError, TypeError, ValueError):
                    raise _refuse(f"{where}: {name} {value!r} is not a row of {target}.") from None
            values[field.attname] = value
            continue
        try:
            values[field.attname] = field.clean(value, None)
        except ValidationError as exc:
            raise _refuse(f"{where}: {name}: {' '.join(exc.messages)}") from None
    return table.model(**values), own


def _insert(table: Table, rows: list[dict[str, Any]], ids: Ids) -> list[models.Model]:
    built = []
    for row in rows:
        row = copy.deepcopy(row)
        for fix in insert_fixes(table):
            try:
                fix(row, ids)
            except (KeyError, TypeError, ValueError):
                raise _missing_row(table, row) from None
        built.append((row, *_instance(table, row, ids)))
    # bulk_create stamps auto_now(_add) columns with now: the file's times are put back after.
    stamped = [
        f
        for f in table.columns()
        if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False)
    ]
    kept = [{f.attname: getattr(obj, f.attname) for f in stamped} for _, obj, _ in built]
    objs = [obj for _, obj, _ in built]
    if connection.features.can_return_rows_from_bulk_insert:
        table.model.objects.bulk_create(objs, batch_size=500)
    else:
        for obj in objs:
            obj.save(force_insert=True)
    for (row, obj, _), times in zip(built, kept, strict=True):
        ids.add(table.name, row["id"], obj.pk)
        for attname, value in times.items():
            if value is not None:
                setattr(obj, attname, value)
    if stamped:
        table.model.objects.bulk_update(objs, [f.attname for f in stamped], batch_size=500)
    own_fields = sorted({k for _, _, own in built for k in own})
    if own_fields:
        for row, obj, own in built:
            for attname, old in own.items():
                try:
                    setattr(obj, attname, ids.new(table.name, old))
                except (KeyError, TypeError, ValueError):
                    where = f"{table.name}, row {row['id']}"
                    raise _refuse(f"{where}: {old!r} is not a row of {table.name}.") from None
        table.model.objects.bulk_update(objs, own_fields, batch_size=500)
    return objs


def _fix_later(
    table: Table, rows: list[dict[str, Any]], objs: list[models.Model], ids: Ids
) -> None:
    fixes = later_fixes(table)
    if not fixes:
        return
    fields = {table.file_name(f): f for f in table.columns()}
    changed: set[str] = set()
    for row, obj in zip(rows, objs, strict=True):
        fixed = copy.deepcopy(row)
        for fix in fixes:
            try:
                fix(fixed, ids)
            except (KeyError, TypeError, ValueError):
                raise _missing_row(table, row) from None
        for name, value in fixed.items():
            if value != row.get(name):
                setattr(obj, fields[name].attname, value)
                changed.add(fields[name].attname)
    if changed:
        table.model.objects.bulk_update(objs, sorted(changed), batch_size=500)


#: What an import can say of where its file has been (:func:`provenance`).
SIGNED = "signed"
REPLAYED = "replayed"
EDITED_ACCEPTED = "edited"


def provenance(document: Mapping[str, Any]) -> str:
    """``signed`` (exported here, unchanged), ``replayed`` (elsewhere) or ``edited``."""
    tables = document["tables"]
    if hmac.compare_digest(str(document.get("signature", "")), signature(tables)):
        return SIGNED
    if document.get("checksum") == checksum(tables):
        return REPLAYED
    return EDITED_ACCEPTED


def _check_checksum(document: Mapping[str, Any], *, accept_edited: bool) -> None:
    if provenance(document) != EDITED_ACCEPTED:
        return
    if not accept_edited:
        raise _refuse(EDITED)
    log.warning(
        "import_club: club %r imported from a file changed since its export "
        "(checksum %r does not match), accepted with --accept-edited",
        document.get("club", {}).get("slug") if isinstance(document.get("club"), dict) else None,
        document.get("checksum"),
    )


def club_import(*, document: Any, slug: str | None = None, accept_edited: bool = False) -> Club:
    """Import the club of a parsed export as a new club (``slug``: another slug than the file's).
    ``Invalid``, nothing kept, when a check fails or an edited file is not ``accept_edited``."""
    data = _check_document(document)
    club_row = dict(data["clubs"][0])
    if slug is not None:
        club_row["slug"] = slug
    with transaction.atomic():
        if Club.objects.filter(slug=club_row.get("slug")).exists():
            raise Conflict(
                f"A club with the slug {club_row.get('slug')!r} already exists here; nothing was "
                "imported. Import into an empty instance, or give the club another slug.",
                code="club_exists",
            )
        ids = Ids()
        _import_users(list(data.get("users") or []), ids)
        done = []
        for table in tables():
            rows = sorted(data.get(table.name) or [], key=lambda r: r["id"])
            if table.name == "clubs":
                rows = [club_row]
            try:
                with transaction.atomic():
                    done.append((table, rows, _insert(table, rows, ids)))
            except DatabaseError as exc:
                message = f"The {table.name} rows break a rule of the database: {exc}"
                raise _refuse(message) from None
        try:
            for table, rows, objs in done:
                with transaction.atomic():
                    _fix_later(table, rows, objs, ids)
        except DatabaseError as exc:
            raise _refuse(f"The ids inside the {table.name} rows do not fit: {exc}") from None
        try:
            # PostgreSQL checks foreign keys at commit: refuse here, with a sentence.
            connection.check_constraints()
        except DatabaseError as exc:
            raise _refuse(f"The rows do not fit together: {exc}") from None
        club = Club.objects.get(pk=ids.new("clubs", data["clubs"][0]["id"]))
        for check in IMPORT_CHECKS:
            check(club, ids)
        _check_checksum(document, accept_edited=accept_edited)
        return club
