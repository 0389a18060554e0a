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

WeasyPrint draws SVG text one letter at a time (a Pango layout, a fill and a
text run per character), which made the grid cost ~150 ms for every single-sheet
PDF. A stamp's plain ``<text>`` elements (one x and y, no rotation, spacing or
textLength) are drawn as one run instead: same glyphs, same anchor, a tenth of
the time. Every other SVG (QR codes...) keeps WeasyPrint's own drawing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from math import inf
from types import SimpleNamespace
from xml.etree import ElementTree

import weasyprint.svg
from django.template.loader import render_to_string
from weasyprint import default_url_fetcher
from weasyprint.images import SVGImage
from weasyprint.matrix import Matrix
from weasyprint.svg.bounding_box import extend_bounding_box
from weasyprint.svg.text import TextBox
from weasyprint.svg.text import text as letter_by_letter
from weasyprint.svg.utils import normalize, size

from rookclub.printing.documents import EW, NS, BlankRow, BlankSheet

SCHEME = "rookclub-stamp:"
_draw_lock = threading.Lock()


_SLOW_ATTRIBUTES = ("rotate", "letter-spacing", "textLength", "display-anchor",
                    "dominant-baseline", "alignment-baseline")  # fmt: skip


def _one(node, name: str, font_size: float, extent: float) -> float | None:
    """The single length of ``name`` (None when absent); a list raises ValueError."""
    if name not in node.attrib:
        return None
    values = normalize(node.attrib[name]).strip().split(" ")
    if len(values) != 1:
        raise ValueError(name)
    return size(values[0], font_size, extent)


def _text_run(svg, node, font_size) -> None:
    """Draw a stamp's plain ``<text>`` as one run; anything else letter by letter."""
    if not getattr(svg, "rookclub_stamp", False) or node.tag != "text" or not node.text:
        return letter_by_letter(svg, node, font_size)
    if next(iter(node), None) is not None or any(a in node.attrib for a in _SLOW_ATTRIBUTES):
        return letter_by_letter(svg, node, font_size)
    try:
        x = _one(node, "x", font_size, svg.inner_width)
        y = _one(node, "y", font_size, svg.inner_height)
        dx = _one(node, "dx", font_size, svg.inner_width) or 0
        dy = _one(node, "dy", font_size, svg.inner_height) or 0
    except ValueError:
        return letter_by_letter(svg, node, font_size)

    from weasyprint.css.properties import INITIAL_VALUES
    from weasyprint.draw.text import draw_first_line
    from weasyprint.text.line_break import split_first_line

    style = INITIAL_VALUES.copy()
    style["font_family"] = [
        f.strip("\"'") for f in node.get("font-family", "sans-serif").split(",")
    ]
    style["font_style"] = node.get("font-style", "normal")
    weight = node.get("font-weight", 400)
    style["font_weight"] = {"normal": 400, "bold": 700}.get(weight) or int(weight)
    style["font_size"] = font_size
    layout, _, _, width, height, _ = split_first_line(node.text, style, svg.context, inf, 0)

    # The cursor arithmetic of WeasyPrint's text(), for the first (and only) letter.
    if x is not None:
        svg.cursor_d_position[0] = 0
    if y is not None:
        svg.cursor_d_position[1] = 0
    svg.cursor_d_position[0] += dx
    svg.cursor_d_position[1] += dy
    x = svg.cursor_position[0] if x is None else x
    y = svg.cursor_position[1] if y is None else y
    svg.cursor_position = x + width, y
    x_position, y_position = x + svg.cursor_d_position[0], y + svg.cursor_d_position[1]
    node.text_bounding_box = extend_bounding_box(
        node.text_bounding_box,
        ((x_position, y_position), (x_position + width, y_position - height)),
    )
    svg.stream.push_state()
    svg.stream.begin_text()
    layout.reactivate(style)
    svg.fill_stroke(node, font_size, text=True)
    matrix = Matrix(a=1, d=-1, e=x_position, f=y_position)
    draw_first_line(svg.stream, TextBox(layout, style), "none", "none", matrix)
    svg.stream.end_text()
    svg.stream.pop_state()
    return None


def _install_text_run() -> None:
    """Route WeasyPrint's SVG text through ``_text_run`` (it compares TAGS entries with
    its module's ``text``, so both are replaced together)."""
    if weasyprint.svg.text is _text_run:
        return
    for tag, draw in list(weasyprint.svg.TAGS.items()):
        if draw is letter_by_letter:
            weasyprint.svg.TAGS[tag] = _text_run
    weasyprint.svg.text = _text_run


_install_text_run()


class StampImage(SVGImage):
    """An SVG image drawn once per PDF as a Form XObject, then referenced."""

    def __init__(self, key: str, svg: str, font_config) -> None:
        context = SimpleNamespace(font_config=font_config, font_features={}, dictionaries={})
        super().__init__(ElementTree.fromstring(svg), SCHEME + key, default_url_fetcher, context)
        self._svg.rookclub_stamp = True  # its plain text is drawn as whole runs (_text_run)
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
