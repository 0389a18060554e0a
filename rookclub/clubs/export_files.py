"""A club's export as files: one JSON document, or a zip of CSV files (one per table,
plus ``export.json`` saying which format and version they are)."""

from __future__ import annotations

import io
import itertools
import json
import zipfile
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.text import slugify

from rookclub.clubs.export import Export, describe
from rookclub.core.csv_out import write_csv


def filename(export: Export, extension: str) -> str:
    return f"{slugify(export.club.slug) or 'club'}-{export.exported_at:%Y%m%d-%H%M}.{extension}"


def as_json(export: Export) -> bytes:
    return json.dumps(export.document(), cls=DjangoJSONEncoder, ensure_ascii=False).encode()


def _cell(value: Any) -> Any:
    """A CSV cell: JSON for lists and objects, ``true``/``false``, empty for None,
    numbers as numbers (the writer escapes text that would be a formula)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return value
    if isinstance(value, dict | list):
        return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def as_zip(export: Export) -> bytes:
    document = export.document()
    columns = describe()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        header = {k: v for k, v in document.items() if k != "tables"}
        header["files"] = [f"{name}.csv" for name in document["tables"]]
        archive.writestr("export.json", json.dumps(header, indent=2, ensure_ascii=False))
        for name, rows in document["tables"].items():
            text = io.StringIO()
            names = columns.get(name) or (list(rows[0]) if rows else [])
            cells = ([_cell(row.get(column)) for column in names] for row in rows)
            write_csv(text, itertools.chain([names], cells))
            archive.writestr(f"{name}.csv", text.getvalue())
    return buffer.getvalue()
