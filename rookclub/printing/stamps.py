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

That fast path reaches into WeasyPrint's private SVG modules, so it is opt-out
and version-gated: importing this module changes nothing. The printing app's
``ready()`` calls ``install_fast_path()``, which routes SVG text through
``_text_run`` only when ``settings.PRINT_FAST_SVG_TEXT`` is on (environment
``ROOKCLUB_PRINT_FAST_PATH``, default on) and the installed WeasyPrint is one of
``FAST_PATH_VERSIONS``, the versions it was tested against. Otherwise stamps are
plain SVG images drawn by WeasyPrint (about twice as slow, same look); ``data-fit``
text is then fitted in Python before drawing (``fit_in_python``), measured with
Liberation Sans' widths rather than by Pango, so a cut can fall a letter or two
away from where the fast path cuts. ``fast_path_active()`` tells which is in use.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from functools import lru_cache
from math import inf
from types import SimpleNamespace
from xml.etree import ElementTree

import weasyprint
from weasyprint.images import SVGImage

from rookclub.core.limits import xml_safe
from rookclub.printing import stamp_text
from rookclub.printing.canvas import Canvas
from rookclub.printing.documents import BlankRow, BlankSheet
from rookclub.printing.fetch import url_fetcher
from rookclub.printing.fitting import SMALLEST, fit_in_python, text_width
from rookclub.printing.sheet_svg import blank_grid_svg, sheet_frame_svg, sheet_head_svg

__all__ = ["SMALLEST", "StampImage", "fit_in_python", "stamps_for", "text_width"]

log = logging.getLogger(__name__)

SCHEME = "rookclub-stamp:"
_draw_lock = threading.Lock()

#: WeasyPrint versions the fast path was tested with (``weasyprint.__version__``); on any
#: other the stamps are left to WeasyPrint's own SVG drawing. Add one only after running
#: tests/print against it, with the fast path on and off.
FAST_PATH_VERSIONS = frozenset({"66.0"})

# Set by install_fast_path() from WeasyPrint's private modules; None while it is off.
letter_by_letter = None  # weasyprint.svg.text.text: SVG text drawn one letter at a time
_originals: dict | None = None  # what install_fast_path() replaced, for remove_fast_path()


_SLOW_ATTRIBUTES = ("rotate", "letter-spacing", "textLength", "display-anchor",
                    "dominant-baseline", "alignment-baseline")  # fmt: skip


def _one(node, name: str, font_size: float, extent: float) -> float | None:
    """The single length of ``name`` (None when absent); a list raises ValueError."""
    from weasyprint.svg.utils import normalize, size

    if name not in node.attrib:
        return None
    values = normalize(node.attrib[name]).strip().split(" ")
    if len(values) != 1:
        raise ValueError(name)
    return size(values[0], font_size, extent)


def text_context(font_config) -> SimpleNamespace:
    """What WeasyPrint's text layout needs from a document, for an image's text."""
    return SimpleNamespace(font_config=font_config, font_features={}, dictionaries={})


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
    from weasyprint.matrix import Matrix
    from weasyprint.svg.bounding_box import extend_bounding_box
    from weasyprint.svg.text import TextBox

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


def fast_path_active() -> bool:
    """Whether stamp text is drawn as whole runs (``_text_run``) in this process."""
    try:
        import weasyprint.svg
    except ImportError:  # pragma: no cover - not on a supported WeasyPrint
        return False
    return getattr(weasyprint.svg, "text", None) is _text_run


def install_fast_path(enabled: bool = True) -> bool:
    """Route WeasyPrint's SVG text through ``_text_run`` when ``enabled`` and the installed
    WeasyPrint is one of FAST_PATH_VERSIONS; log which path is in use, return whether the
    fast one is. Called once per process by the printing app's ``ready()``.

    WeasyPrint compares its ``TAGS`` entries with its module's ``text``, so both are
    replaced together; ``remove_fast_path()`` puts them back.
    """
    global letter_by_letter, _originals
    version = getattr(weasyprint, "__version__", "?")
    if fast_path_active():
        return True
    if not enabled:
        log.info("Printing: stamp text drawn by WeasyPrint (fast path switched off).")
        return False
    if version not in FAST_PATH_VERSIONS:
        log.info(
            "Printing: stamp text drawn by WeasyPrint: the fast path is tested with "
            "WeasyPrint %s, not %s.",
            ", ".join(sorted(FAST_PATH_VERSIONS)),
            version,
        )
        return False
    try:
        import weasyprint.svg as svg_module
        from weasyprint.svg.text import text as slow

        svg_module.TAGS  # noqa: B018 - present, or the layout is not the tested one
    except (ImportError, AttributeError) as error:  # pragma: no cover - a broken install
        log.info("Printing: stamp text drawn by WeasyPrint: the fast path is unusable (%s).", error)
        return False
    _originals = {"text": svg_module.text, "tags": dict(svg_module.TAGS)}
    letter_by_letter = slow
    for tag, draw in list(svg_module.TAGS.items()):
        if draw is slow:
            svg_module.TAGS[tag] = _text_run
    svg_module.text = _text_run
    log.info("Printing: stamp text drawn as whole runs (fast path, WeasyPrint %s).", version)
    return True


def remove_fast_path() -> None:
    """Give WeasyPrint back its own SVG text drawing (tests switch the fast path off)."""
    global _originals
    if _originals is None:
        return
    import weasyprint.svg as svg_module

    svg_module.TAGS.clear()
    svg_module.TAGS.update(_originals["tags"])
    svg_module.text = _originals["text"]
    _originals = None


class StampImage(SVGImage):
    """An SVG image drawn once per PDF as a Form XObject, then referenced.

    ``under`` is another stamp of the same size drawn beneath this one: a sheet
    header's static frame (boxes, labels), shared by every table, under the
    names of one table.
    """

    def __init__(self, key: str, svg: str, font_config, *, under: StampImage | None = None,
                 canvas: Canvas | None = None):  # fmt: skip
        """``canvas``: under the fast path only, the drawing (canvas.py) whose shapes and
        text are drawn straight into the PDF; ``svg`` then leaves them out."""
        self.under = under
        self.font_config = font_config
        context = text_context(font_config)
        # Names stored before control characters were refused (a tab, a \x01) are
        # not XML: left in, the parser refused the whole sheet.
        tree = ElementTree.fromstring(xml_safe(svg))
        self.paint = canvas.paint() if canvas else b""
        self.runs: list[stamp_text.Run] = list(canvas.runs) if canvas else []
        if fast_path_active():
            self.runs += stamp_text.take_runs(tree)  # drawn in one pass, fitted as drawn
        elif canvas:
            raise ValueError("a canvas is drawn directly only under the fast path")
        else:
            fit_in_python(tree)
        self.viewbox = _viewbox(tree)
        super().__init__(tree, SCHEME + key, url_fetcher, context)  # fetches nothing
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
                if self.runs or self.paint:
                    scale, dx, dy = _fitting(self.viewbox, concrete_width, concrete_height)
                    stamp_text.draw_runs(group, self.runs, self.font_config, paint=self.paint,
                                         scale=scale, dx=dx, dy=dy)  # fmt: skip
        stream.draw_x_object(self.name)


def _viewbox(tree) -> tuple[float, float, float, float] | None:
    try:
        box = tuple(float(v) for v in tree.get("viewBox", "").replace(",", " ").split())
    except ValueError:
        return None
    return box if len(box) == 4 and box[2] > 0 and box[3] > 0 else None  # type: ignore[return-value]


def _fitting(viewbox, width: float, height: float) -> tuple[float, float, float]:
    """The root's viewBox transform (``xMidYMid meet``, the default): scale, x and y shift."""
    if viewbox is None:
        return 1.0, 0.0, 0.0
    x, y, box_width, box_height = viewbox
    scale = min(width / box_width, height / box_height)
    return (scale, (width - box_width * scale) / 2 - x * scale,
            (height - box_height * scale) / 2 - y * scale)  # fmt: skip


def stamps_for(sheets: Iterable[BlankSheet], font_config) -> dict[str, StampImage]:
    """The drawings the blank ``sheets`` show, keyed by their ``rookclub-stamp:`` URL:
    each sheet's header, and the grids they share."""
    found, fast = {}, fast_path_active()
    for sheet in sheets:
        if sheet.grid_url not in found:
            found[sheet.grid_url] = _grid(sheet.grid_key, sheet.rows, font_config, fast)
        if sheet.head_url not in found:
            frame = frame_stamp(sheet.frame_key, font_config)
            svg = sheet_head_svg(sheet)
            found[sheet.head_url] = StampImage(sheet.head_key, svg, font_config, under=frame)
    return found


def frame_stamp(key: str, font_config) -> StampImage:
    """The static part of a sheet's header (``sheet_svg.sheet_frame_svg``), made once."""
    return _frame(key, font_config, fast_path_active())


@lru_cache(maxsize=8)
def _frame(key: str, font_config, fast: bool) -> StampImage:
    """``fast``: made while the fast path was on (its text taken out, see StampImage)."""
    return StampImage(key, sheet_frame_svg(key), font_config)


@lru_cache(maxsize=64)
def _grid(key: str, rows: tuple[BlankRow, ...], font_config, fast: bool) -> StampImage:
    return StampImage(key, blank_grid_svg(rows), font_config)
