"""Text widths without Pango: Liberation Sans' advance widths, for wrapping and fitting.

Used where no Pango layout is at hand or wanted: fitting ``data-fit`` stamp text when
WeasyPrint draws the stamps itself (``fit_in_python``, fast path off), and laying out
completed sheets (game_sheet_svg.py), whose long notes wrap by these widths.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

SMALLEST = 0.72  # text that must fit shrinks to no less than this share of its size

# Advance widths of Liberation Sans (metric-compatible with Arial and Helvetica), in
# thousandths of an em, for " " to "~"; regular then bold. Anything else counts as its
# base letter (é as e) or, unknown, a whole em: a cut then errs on the short side.
_WIDTHS = {
    False: (278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
            556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
            1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
            667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
            333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
            556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584),
    True: (278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
           556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
           975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
           667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
           333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
           611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584),
}  # fmt: skip
_OTHER_WIDTHS = {"·": 278, "–": 556, "—": 1000, "…": 1000, "’": 222, "‘": 222, "“": 333, "”": 333}


def text_width(text: str, font_size: float, *, bold: bool = False) -> float:
    """The width of ``text`` set in Liberation Sans at ``font_size`` (same units)."""
    return sum(map(_bold_width if bold else _regular_width, text)) * font_size / 1000


def _width(widths: tuple[int, ...], char: str) -> int:
    if char in _OTHER_WIDTHS:
        return _OTHER_WIDTHS[char]
    code = ord(unicodedata.normalize("NFD", char)[:1] or char) - 32
    return widths[code] if 0 <= code < len(widths) else 1000


@lru_cache(maxsize=1024)
def _regular_width(char: str) -> int:
    return _width(_WIDTHS[False], char)


@lru_cache(maxsize=1024)
def _bold_width(char: str) -> int:
    return _width(_WIDTHS[True], char)


def _number(value: str | None) -> float | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def fit_in_python(tree, inherited: dict | None = None) -> None:
    """Fit every ``<text data-fit="<width>">`` of an SVG ``tree`` as the fast path does,
    for WeasyPrint's own drawing: a smaller ``font-size`` (down to SMALLEST of it), then
    the text cut with "…". Widths are Liberation Sans' (``text_width``); sizes and
    widths in plain user units, as the stamps write them."""
    inherited = {**(inherited or {"font-size": "16", "font-weight": "normal"})}
    for name in ("font-size", "font-weight"):
        if name in tree.attrib:
            inherited[name] = tree.attrib[name]
    limit = _number(tree.attrib.get("data-fit"))
    font_size = _number(inherited["font-size"])
    if tree.tag.rpartition("}")[2] == "text" and tree.text and limit and font_size:
        bold = inherited["font-weight"] in ("bold", "bolder") or (
            inherited["font-weight"].isdigit() and int(inherited["font-weight"]) >= 600
        )
        whole = text = tree.text
        width = text_width(text, font_size, bold=bold)
        if width > limit:
            font_size = max(font_size * limit / width * 0.995, font_size * SMALLEST)
            tree.set("font-size", f"{font_size:.3f}")
            keep = len(whole)
            while keep > 0 and text_width(text, font_size, bold=bold) > limit:
                keep -= 1
                text = whole[:keep].rstrip() + "…"
            tree.text = text
    for child in tree:
        fit_in_python(child, inherited)
