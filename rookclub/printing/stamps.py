"""Stamps: the static part of a page, drawn once per PDF and reused on every page.

A blank score sheet is mostly the same on every table: the grid, its column
labels, the hand numbers and dealer seats, the seat-exchange strips, the final
boxes and signature lines. Laying that out with HTML tables costs WeasyPrint
about 200 ms a page; as one SVG drawn once into a PDF Form XObject and placed
with a single ``Do`` operator on each page it costs almost nothing, stays
vector and keeps its text searchable. Only the header (event, table, players)
is laid out per page.

A stamp is an image whose URL (``rookclub-stamp:<key>``) is pre-loaded into
WeasyPrint's documented ``cache`` argument, so ``<img src="rookclub-stamp:...">``
in a print template resolves to it without any fetching.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from types import SimpleNamespace
from xml.etree import ElementTree

from django.template.loader import render_to_string
from weasyprint import default_url_fetcher
from weasyprint.images import SVGImage

from rookclub.printing.documents import EW, NS, BlankRow, BlankSheet

SCHEME = "rookclub-stamp:"
_draw_lock = threading.Lock()


class StampImage(SVGImage):
    """An SVG image drawn once per PDF as a Form XObject, then referenced."""

    def __init__(self, key: str, svg: str, font_config) -> None:
        context = SimpleNamespace(font_config=font_config, font_features={}, dictionaries={})
        super().__init__(ElementTree.fromstring(svg), SCHEME + key, default_url_fetcher, context)
        self.name = "rk" + "".join(c if c.isalnum() else "_" for c in key)

    def draw(self, stream, concrete_width, concrete_height, image_rendering):
        # The resources dictionary is shared by every page of one PDF: the first
        # page that shows the stamp draws it into a group, later pages reuse it.
        x_objects = stream._resources["XObject"]
        if self.name not in x_objects:
            with _draw_lock:
                group = stream.add_group(0, 0, concrete_width, concrete_height)
                del x_objects[group.id]
                group.id = self.name
                x_objects[self.name] = group
                super().draw(group, concrete_width, concrete_height, image_rendering)
        stream.draw_x_object(self.name)


@dataclass(frozen=True)
class GridColumn:
    x: float
    width: float
    label: str
    strong: bool = False  # thicker rule on its left: a new group of columns

    @property
    def centre(self) -> float:
        return round(self.x + self.width / 2, 2)


GRID_WIDTH = 186.0  # mm: the text width of A4 with 12 mm margins; Letter is a little wider
_FIXED = (("Hand", 11.0), ("Dealer", 11.0), ("Declarer", 23.0), ("Bid", 12.0), ("Trump", 15.0))
_GROUPS = ("Counters", "Penalties", "Hand score", "Running total")
ROW = 7.4
EXCHANGE = 4.6
HEAD = 5.2


def _columns() -> tuple[list[GridColumn], list[GridColumn]]:
    x, columns = 0.0, []
    for label, width in _FIXED:
        columns.append(GridColumn(round(x, 2), width, label))
        x += width
    side = (GRID_WIDTH - x) / (2 * len(_GROUPS))
    groups = []
    for group in _GROUPS:
        groups.append(GridColumn(round(x, 2), 2 * side, group, strong=True))
        for i, label in enumerate((NS, EW)):
            columns.append(GridColumn(round(x, 2), round(side, 2), label, strong=i == 0))
            x += side
    return columns, groups


def blank_grid_svg(blank_rows: tuple[BlankRow, ...]) -> str:
    """The static body of a blank score sheet (everything under the header) as SVG."""
    columns, groups = _columns()
    y = 2 * HEAD
    rows, strips = [], []
    for row in blank_rows:
        rows.append({"y": round(y, 2), "mid": round(y + ROW / 2, 2), "row": row})
        y += ROW
        if row.exchange_after:
            strips.append({"y": round(y, 2), "mid": round(y + EXCHANGE / 2, 2), "row": row})
            y += EXCHANGE
    table_bottom = round(y, 2)
    boxes_y = table_bottom + 4
    signatures_y = boxes_y + 26
    height = signatures_y + 6
    box_width = (GRID_WIDTH - 8) / 3
    return render_to_string(
        "print/sheet_grid.svg",
        {
            "width": GRID_WIDTH,
            "height": round(height, 2),
            "head": HEAD,
            "head2": 2 * HEAD,
            "columns": columns,
            "groups": groups,
            "rows": rows,
            "strips": strips,
            "table_bottom": table_bottom,
            "boxes_y": boxes_y,
            "box_label_y": boxes_y + 3.6,
            "signatures_y": signatures_y,
            "signature_label_y": signatures_y + 3.4,
            "box_width": round(box_width, 2),
            "boxes": [
                {
                    "x": round(i * (box_width + 4), 2),
                    "end": round(i * (box_width + 4) + box_width, 2),
                    "label_x": round(i * (box_width + 4) + 2, 2),
                    "label": label,
                    "signature": signature,
                }
                for i, (label, signature) in enumerate(
                    (
                        (f"FINAL TOTAL {NS}", f"{NS} signature"),
                        (f"FINAL TOTAL {EW}", f"{EW} signature"),
                        ("WINNER", "Director"),
                    )
                )
            ],
        },
    )


def stamps_for(sheets: Iterable[BlankSheet], font_config) -> dict[str, StampImage]:
    """The stamp images the blank ``sheets`` use, keyed by their ``rookclub-stamp:`` URL."""
    found = {}
    for sheet in sheets:
        key = sheet.grid_key
        if SCHEME + key not in found:
            found[SCHEME + key] = _stamp(key, sheet.rows, font_config)
    return found


@lru_cache(maxsize=64)
def _stamp(key: str, rows: tuple[BlankRow, ...], font_config) -> StampImage:
    return StampImage(key, blank_grid_svg(rows), font_config)
