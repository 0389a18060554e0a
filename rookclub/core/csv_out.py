"""CSV downloads a spreadsheet opens right: UTF-8 with a byte-order mark, and text that a
spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@``...) behind an apostrophe."""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.http import HttpResponse
from django.utils.text import slugify
from rest_framework import renderers

BOM = "\ufeff"
MEDIA_TYPE = "text/csv"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value`` as a spreadsheet cell: text that could start a formula is escaped,
    None is empty, booleans are yes/no, numbers stay numbers."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | Decimal):
        return value
    text = str(value)
    if text.startswith(FORMULA_START):
        return "'" + text
    return text


def write_csv(out: io.StringIO, rows: Iterable[Sequence[Any]]) -> None:
    """Write ``rows`` to ``out`` as every Rookclub CSV is written: after a byte-order
    mark, each cell through :func:`safe_cell`. The one CSV writer of the project."""
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])


@dataclass(frozen=True)
class CsvTable:
    """A header and its rows, and the file name it downloads as."""

    header: Sequence[str]
    rows: Iterable[Sequence[Any]]
    filename: str

    def as_text(self) -> str:
        out = io.StringIO()
        write_csv(out, itertools.chain([self.header], self.rows))
        return out.getvalue()

    def as_bytes(self) -> bytes:
        return self.as_text().encode("utf-8")


def filename(*parts: str, day: date | None = None) -> str:
    """``maple-street-season-standings-2026-04-02.csv``: what it is, and of when."""
    words = [slugify(p)[:60] for p in parts if p]
    stem = "-".join(w for w in words if w) or "rookclub"
    return f"{stem}-{day.isoformat()}.csv" if day else f"{stem}.csv"


def attachment(table: CsvTable) -> str:
    return f'attachment; filename="{table.filename}"'


def csv_response(table: CsvTable) -> HttpResponse:
    """A page's download."""
    response = HttpResponse(table.as_bytes(), content_type=f"{MEDIA_TYPE}; charset=utf-8")
    response["Content-Disposition"] = attachment(table)
    return response


class CSVRenderer(renderers.BaseRenderer):
    """``?format=csv`` (or ``Accept: text/csv``) on an API action listing it: the view returns a
    :class:`CsvTable` when :func:`wants_csv`; a refusal is JSON (``renders_refusals``: the
    API's exception handler answers it so, and no one downloads an error as a spreadsheet)."""

    media_type = MEDIA_TYPE
    format = "csv"
    charset = "utf-8"
    renders_refusals = False

    def render(self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None):  # type: ignore[no-untyped-def]
        if isinstance(data, CsvTable):
            return data.as_bytes()
        if isinstance(data, str):  # text already written as CSV (a player's figures)
            return data.encode("utf-8")
        return renderers.JSONRenderer().render(data)


#: For an action's ``renderer_classes``: JSON stays the default.
JSON_OR_CSV = [renderers.JSONRenderer, CSVRenderer]


def wants_csv(request: Any) -> bool:
    return getattr(getattr(request, "accepted_renderer", None), "format", None) == "csv"


def csv_api_response(table: CsvTable) -> Any:
    from rest_framework.response import Response

    return Response(table, headers={"Content-Disposition": attachment(table)})
