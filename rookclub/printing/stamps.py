"""Stamps: SVG drawings placed on a page as PDF Form XObjects, drawn once per PDF.

A blank score sheet is mostly the same on every table: the grid, its column
labels, the hand numbers and dealer seats, the seat-exchange strips, the final
boxes and signature lines. Laying that out with HTML tables costs WeasyPrint
about 200 ms a page; as one SVG drawn once into a PDF Form XObject and placed
with a single ``Do`` operator on each page it costs almost nothing, stays
vector and keeps its text searchable. Each sheet's header (event, table,
partners, dealer order) is a small stamp of its own: laid out as HTML, with
boxes side by side, it cost three times what the whole rest of the page did.
The drawings themselves are in sheet_svg.py.

A stamp is an image whose URL (``rookclub-stamp:<key>``) is pre-loaded into
WeasyPrint's documented ``cache`` argument, so ``<img src="rookclub-stamp:...">``
in a print template resolves to it without any fetching.

WeasyPrint draws SVG text one letter at a time (a Pango layout, a fill and a
text run per character), which made the grid cost ~150 ms for every single-sheet
PDF. A stamp's plain ``<text>`` elements (one x and y, no rotation, spacing or
textLength) are drawn as one run instead: same glyphs, same anchor, a tenth of
the time; one with ``data-fit="<width>"`` shrinks, then is cut with "…", to fit
that width (names and event titles have no length limit). Every other SVG (QR
codes...) keeps WeasyPrint's own drawing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import lru_cache
from math import inf
from types import SimpleNamespace
from xml.etree import ElementTree

import weasyprint.svg
from weasyprint import default_url_fetcher
from weasyprint.images import SVGImage
from weasyprint.matrix import Matrix
from weasyprint.svg.bounding_box import extend_bounding_box
from weasyprint.svg.text import TextBox
from weasyprint.svg.text import text as letter_by_letter
from weasyprint.svg.utils import normalize, size

from rookclub.printing.documents import BlankRow, BlankSheet
from rookclub.printing.sheet_svg import blank_grid_svg, sheet_frame_svg, sheet_head_svg

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


def text_context(font_config) -> SimpleNamespace:
    """What WeasyPrint's text layout needs from a document, for an image's text."""
    return SimpleNamespace(font_config=font_config, font_features={}, dictionaries={})


SMALLEST = 0.72  # text that must fit shrinks to no less than this share of its size


def _line(text: str, style, context):
    from weasyprint.text.line_break import split_first_line

    layout, _, _, width, height, _ = split_first_line(text, style, context, inf, 0)
    return layout, width, height


def _fitted(text: str, style, context, limit: float | None):
    """Lay out ``text`` as one line no wider than ``limit``: shrunk, then cut with "…"."""
    layout, width, height = _line(text, style, context)
    if limit is None or width <= limit:
        return layout, width, height
    size = style["font_size"]
    style["font_size"] = max(size * limit / width * 0.995, size * SMALLEST)
    layout, width, height = _line(text, style, context)
    if width <= limit:
        return layout, width, height
    keep, longest = 0, len(text)  # the most characters that fit before an ellipsis
    while keep < longest:
        middle = (keep + longest + 1) // 2
        if _line(text[:middle].rstrip() + "…", style, context)[1] <= limit:
            keep = middle
        else:
            longest = middle - 1
    return _line(text[:keep].rstrip() + "…", style, context)


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

    style = INITIAL_VALUES.copy()
    style["font_family"] = [
        f.strip("\"'") for f in node.get("font-family", "sans-serif").split(",")
    ]
    style["font_style"] = node.get("font-style", "normal")
    weight = node.get("font-weight", 400)
    style["font_weight"] = {"normal": 400, "bold": 700}.get(weight) or int(weight)
    style["font_size"] = font_size
    try:
        limit = _one(node, "data-fit", font_size, svg.inner_width)
    except ValueError:
        limit = None
    layout, width, height = _fitted(node.text, style, svg.context, limit)

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
    """An SVG image drawn once per PDF as a Form XObject, then referenced.

    ``under`` is another stamp of the same size drawn beneath this one: a sheet
    header's static frame (boxes, labels), shared by every table, under the
    names of one table.
    """

    def __init__(self, key: str, svg: str, font_config, *, under: StampImage | None = None):
        self.under = under
        context = text_context(font_config)
        super().__init__(ElementTree.fromstring(svg), SCHEME + key, default_url_fetcher, context)
        self._svg.rookclub_stamp = True  # its plain text is drawn as whole runs (_text_run)
        self.name = "rk" + "".join(c if c.isalnum() else "_" for c in key)

    def draw(self, stream, concrete_width, concrete_height, image_rendering):
        if self.under is not None:
            self.under.draw(stream, concrete_width, concrete_height, image_rendering)
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


def stamps_for(sheets: Iterable[BlankSheet], font_config) -> dict[str, StampImage]:
    """The drawings the blank ``sheets`` show, keyed by their ``rookclub-stamp:`` URL:
    each sheet's header, and the grids they share."""
    found = {}
    for sheet in sheets:
        if sheet.grid_url not in found:
            found[sheet.grid_url] = _grid(sheet.grid_key, sheet.rows, font_config)
        if sheet.head_url not in found:
            frame = _frame(sheet.frame_key, font_config)
            svg = sheet_head_svg(sheet)
            found[sheet.head_url] = StampImage(sheet.head_key, svg, font_config, under=frame)
    return found


@lru_cache(maxsize=8)
def _frame(key: str, font_config) -> StampImage:
    return StampImage(key, sheet_frame_svg(key), font_config)


@lru_cache(maxsize=64)
def _grid(key: str, rows: tuple[BlankRow, ...], font_config) -> StampImage:
    return StampImage(key, blank_grid_svg(rows), font_config)
