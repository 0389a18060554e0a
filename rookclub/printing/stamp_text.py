"""Stamp text drawn in one pass: part of the fast path of stamps.py (WeasyPrint 66.0 only).

WeasyPrint draws each SVG element on its own: it cascades its attributes, pushes
a graphics state, makes an XObject for every ``text-anchor`` other than start, lays
the text out with Pango and walks its glyphs in Python. For a completed score sheet
(some 250 numbers and names) that is about half a millisecond an element, ten times
the cost of the minimal-page floor. Under the fast path a stamp hands its plain
``<text>`` elements (the ones ``stamps._text_run`` would draw as a single run) to
this module instead, which

* shapes each distinct (text, font, size, fit) once per process with Pango
  (``shaped``: the glyphs, their widths and the characters they stand for), and
* draws every run of a stamp inside one ``BT``/``ET``, after the stamp's shapes,
  registering the glyphs with the document's fonts exactly as WeasyPrint's own
  ``draw_first_line`` does, so subsetting, ``ToUnicode`` (pdftotext) and the
  printed glyphs are the same.

Texts are drawn above the stamp's other shapes, so a stamp must not cover text with
a shape. Anything unusual (a transform, opacity or clip on the way, tspans, several
positions, a stroke) keeps WeasyPrint's own drawing. With the fast path off nothing
here runs and the same SVG is drawn by WeasyPrint (see stamps.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

# Attributes that make a <text> (or a group around it) more than a plain run.
_NOT_PLAIN = frozenset({"transform", "opacity", "clip-path", "mask", "filter", "display",
                        "visibility", "stroke", "rotate", "letter-spacing", "textLength",
                        "display-anchor", "dominant-baseline", "alignment-baseline",
                        "fill-opacity", "style", "class", "word-spacing", "writing-mode",
                        "direction", "unicode-bidi", "font-variant", "font-stretch",
                        "text-decoration", "lengthAdjust",
                        "{http://www.w3.org/XML/1998/namespace}space"})  # fmt: skip
_INHERITED = ("font-family", "font-size", "font-weight", "font-style", "fill", "text-anchor")
_DEFAULTS = {"font-family": "sans-serif", "font-size": "16", "font-weight": "400",
             "font-style": "normal", "fill": "black", "text-anchor": "start"}  # fmt: skip


@dataclass(frozen=True)
class Run:
    """One plain ``<text>`` of a stamp, in the SVG's user units."""

    x: float
    y: float
    text: str
    family: tuple[str, ...]
    size: float
    weight: int
    style: str
    anchor: str
    fill: str
    fit: float | None = None


def _number(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return float(value.strip())
    except ValueError:
        raise _NotPlain from None


class _NotPlain(Exception):
    pass


def _weight(value: str) -> int:
    named = {"normal": 400, "bold": 700}
    if value in named:
        return named[value]
    if value.isdigit():
        return int(value)
    raise _NotPlain


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _run(node, inherited: dict[str, str]) -> Run:
    if len(node) or not node.text or not node.text.strip() or _NOT_PLAIN & set(node.attrib):
        raise _NotPlain
    attributes = {**inherited, **{k: v for k, v in node.attrib.items() if k in _INHERITED}}
    size = _number(attributes["font-size"])
    x, y = _number(node.get("x", "0")), _number(node.get("y", "0"))
    dx, dy = _number(node.get("dx", "0")), _number(node.get("dy", "0"))
    fit = _number(node.get("data-fit"))
    if None in (size, x, y, dx, dy) or attributes["text-anchor"] not in ("start", "middle", "end"):
        raise _NotPlain
    return Run(
        x=x + dx,
        y=y + dy,
        text=" ".join(node.text.split()),  # SVG's default white-space handling
        family=tuple(f.strip().strip("\"'") for f in attributes["font-family"].split(",")),
        size=size,
        weight=_weight(attributes["font-weight"]),
        style=attributes["font-style"],
        anchor=attributes["text-anchor"],
        fill=attributes["fill"],
        fit=fit if fit and fit > 0 else None,
    )


def take_runs(root) -> list[Run]:
    """Remove the plain ``<text>`` elements from an SVG ElementTree ``root`` and return
    them as runs, in document order. The root's own viewBox is the only transform
    allowed above them; anything else leaves the text where it is."""
    runs: list[Run] = []

    def walk(node, inherited: dict[str, str]) -> None:
        inherited = {**inherited, **{k: v for k, v in node.attrib.items() if k in _INHERITED}}
        for child in list(node):
            tag = _local(child.tag) if isinstance(child.tag, str) else ""
            if tag == "text":
                try:
                    runs.append(_run(child, inherited))
                except _NotPlain:
                    continue
                node.remove(child)
            elif tag == "g" and not (_NOT_PLAIN & set(child.attrib)):
                walk(child, inherited)

    walk(root, dict(_DEFAULTS))
    return runs


@dataclass(frozen=True)
class Shaped:
    """A run's glyphs as Pango shaped them: what WeasyPrint's ``draw_first_line`` would
    emit, kept so the next PDF that shows the same text skips Pango."""

    width: float
    pieces: tuple[tuple[Any, int, float, str, dict, dict], ...]  # font, key, size, " [..] TJ"
    layout: Any  # kept only when ``direct`` is False: then WeasyPrint draws it
    style: dict
    direct: bool  # False: a glyph WeasyPrint draws specially (emoji, rise, bitmap font)


@lru_cache(maxsize=8192)
def shaped(text: str, family: tuple[str, ...], style: str, weight: int, size: float,
           fit: float | None, font_config) -> Shaped:  # fmt: skip
    """``text`` laid out as one line (shrunk, then cut with "…", to ``fit``), once."""
    from weasyprint.css.properties import INITIAL_VALUES
    from weasyprint.text.ffi import FROM_UNITS, ffi, pango
    from weasyprint.text.fonts import get_pango_font_key

    from rookclub.printing.stamps import _fitted, text_context

    css = INITIAL_VALUES.copy()
    css.update(font_family=list(family), font_style=style, font_weight=weight, font_size=size)
    layout, width, _ = _fitted(text, css, text_context(font_config), fit)
    layout.reactivate(css)
    first_line, _ = layout.get_first_line()
    utf8 = layout.text.encode()
    rectangle = ffi.new("PangoRectangle *")
    pieces, direct = [], True
    run = first_line.runs[0] if first_line is not None else ffi.NULL
    while run != ffi.NULL:
        item, run = run.data, run.next
        glyphs, count = item.glyphs.glyphs, item.glyphs.num_glyphs
        offset, clusters = item.item.offset, item.glyphs.log_clusters
        positions = [offset + clusters[i] for i in range(count)]
        if item.item.analysis.level % 2:
            direct = False  # right to left: leave it to WeasyPrint
        positions.append(offset + item.item.length)
        pango_font = item.item.analysis.font
        key, _, font_size = get_pango_font_key(pango_font)
        string, widths, cmap = "<", {}, {}
        for i in range(count):
            info = glyphs[i]
            glyph, advance = info.glyph, info.geometry.width
            if glyph == pango.PANGO_GLYPH_EMPTY or glyph & pango.PANGO_GLYPH_UNKNOWN_FLAG:
                string += f">{-advance / font_size}<"
                continue
            shift = info.geometry.x_offset / font_size
            if info.geometry.y_offset:
                direct = False
            if shift:
                string += f">{-shift}<"
            string += f"{glyph:04x}"
            if glyph not in widths:
                pango.pango_font_get_glyph_extents(pango_font, glyph, ffi.NULL, rectangle)
                widths[glyph] = round(rectangle.width * 1000 * FROM_UNITS / font_size)
            kerning = int(widths[glyph] + shift - advance * 1000 * FROM_UNITS / font_size)
            if kerning:
                string += f">{kerning}<"
            cmap.setdefault(glyph, utf8[slice(*sorted(positions[i : i + 2]))].decode())
        string = string[:-1] if string.endswith("<") else string + ">"
        pieces.append((pango_font, key, font_size, f" [{string}] TJ", widths, cmap))
    for _, key, size, *_ in pieces:
        # The first layout that used a font keeps it (and its glyph data) alive for
        # every later run; the others are let go, so the cache stays small.
        _FONT_KEEPERS.setdefault((key, size), layout)
    return Shaped(width, tuple(pieces), None if direct else layout, css, direct)


_FONT_KEEPERS: dict[tuple[int, float], Any] = {}  # (Pango font key, size) -> a layout using it


def draw_runs(stream, runs: list[Run], font_config, *, scale: float, dx: float, dy: float,
              paint: bytes = b""):  # fmt: skip
    """Draw ``runs`` on a WeasyPrint stream, user units scaled by ``scale`` and moved
    by (``dx``, ``dy``): the SVG root's viewBox transform. ``paint``: PDF operators in
    the same units, drawn first (a Canvas's shapes).

    Each run is one line of content (``Tm``, ``Tf`` when the font changes, ``TJ``)
    written straight to the stream's list of operators (pydyf's ``Stream.stream``)."""
    from weasyprint.draw.text import draw_first_line
    from weasyprint.matrix import Matrix
    from weasyprint.svg.text import TextBox

    fonts: dict[int, tuple[Any, bool]] = {}  # Pango font key -> this PDF's font, special
    stream.push_state()
    stream.transform(a=scale, d=scale, e=dx, f=dy)
    if paint:
        stream.push_state()
        stream.stream.append(paint)
        stream.pop_state()
    stream.begin_text()
    colour, current = None, None
    for run in runs:
        shape = shaped(run.text, run.family, run.style, run.weight, run.size, run.fit, font_config)
        x = run.x - {"start": 0, "middle": shape.width / 2, "end": shape.width}[run.anchor]
        if run.fill != colour:
            parsed = _colour(run.fill)
            if parsed is None:  # "none", currentColor...: not drawn
                continue
            stream.set_color(parsed)
            colour = run.fill
        line = f"1 0 0 -1 {x:.3f} {run.y:.3f} Tm"
        direct = shape.direct
        for pango_font, key, size, string, widths, cmap in shape.pieces:
            font, special = fonts.get(key) or _add_font(stream, fonts, key, pango_font)
            if special:
                direct = False
                break
            if not font.widths.keys() >= widths.keys():
                for glyph, width in widths.items():
                    font.widths.setdefault(glyph, width)
                    font.cmap.setdefault(glyph, cmap[glyph])
            if (font.hash, size) != current:
                current = (font.hash, size)
                line += f" /{font.hash} {_n(size)} Tf"
            line += string
        if direct:
            stream.stream.append(line.encode())
            continue
        # Emoji, bitmap fonts, right to left: WeasyPrint draws the run (its own state of
        # the current font is unknown after ours, so it sets the font again).
        layout, style = (shape.layout, shape.style) if shape.layout else _relayout(run, font_config)
        layout.reactivate(style)
        stream._current_font = current = None
        matrix = Matrix(a=1, d=-1, e=x, f=run.y)
        draw_first_line(stream, TextBox(layout, style), "none", "none", matrix)
    stream.end_text()
    stream.pop_state()


def _add_font(stream, fonts: dict, key: int, pango_font) -> tuple[Any, bool]:
    """This PDF's font for ``pango_font``, and whether WeasyPrint must draw its glyphs."""
    font = stream.add_font(pango_font)[0]
    fonts[key] = font, bool(font.bitmap or font.svg or font.png)
    return fonts[key]


def _relayout(run: Run, font_config) -> tuple[Any, dict]:
    """A run's layout and style again (the cache keeps none for runs drawn directly)."""
    from weasyprint.css.properties import INITIAL_VALUES

    from rookclub.printing.stamps import _fitted, text_context

    css = INITIAL_VALUES.copy()
    css.update(font_family=list(run.family), font_style=run.style, font_weight=run.weight,
               font_size=run.size)  # fmt: skip
    return _fitted(run.text, css, text_context(font_config), run.fit)[0], css


def _n(value: float) -> str:
    """A number as PDF content writes it: at most four decimals, no trailing zeros."""
    return f"{value:.4f}".rstrip("0").rstrip(".") or "0"


@lru_cache(maxsize=64)
def _colour(value: str):
    from tinycss2.color4 import parse_color

    parsed = parse_color(value)
    return parsed if hasattr(parsed, "to") else None
