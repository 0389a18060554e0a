"""Three ways to print a completed score sheet with WeasyPrint's public interface, timed
against a minimal one-page WeasyPrint document (the floor of bench/print.py).

Run from the repository root: ``.venv/bin/python bench/print_routes.py [--rounds N]``.
The same sheet (12 hands, a penalty, a correction), rendered only (no database):

* stamps: what Rookclub does (printing/stamps.py): WeasyPrint lays out the page around
  an empty image of the drawing's size; the drawing is written into its PDF with pydyf
  by ``write_pdf``'s finisher, text in fonts embedded with fontTools.
* svg: each drawing an SVG image (``data:`` URL) that WeasyPrint draws itself; its text
  as ``<text>`` elements.
* html: each drawing's lines an SVG image without text, and its text as absolutely
  positioned HTML boxes that WeasyPrint lays out.

The medians of alternate runs are printed, with each one's ratio to the floor. The
numbers and the choice are in docs/printing.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import quote
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

from weasyprint import HTML  # noqa: E402

from rookclub.printing import render  # noqa: E402
from rookclub.printing.canvas import Canvas, fitted  # noqa: E402
from rookclub.printing.game_sheet_svg import game_stamps  # noqa: E402
from tests.print.test_game_sheet_stamps import sheet  # noqa: E402

MINIMAL = "<!doctype html><title>x</title><p>Rook score sheet</p>"
FAMILY = "Liberation Sans, DejaVu Sans, sans-serif"
_ARGS = {"m": 2, "l": 2, "c": 6, "re": 4, "h": 0}


def svg_path(pdf_path: str) -> str:
    """A Canvas shape's PDF path operators as SVG path data."""
    out, numbers = [], []
    for token in pdf_path.split():
        if token not in _ARGS:
            numbers.append(token)
            continue
        if token == "re":
            x, y, w, h = numbers
            out.append(f"M{x} {y}h{w}v{h}h-{w}z")
        else:
            out.append({"m": "M", "l": "L", "c": "C", "h": "Z"}[token] + " ".join(numbers))
        numbers = []
    return "".join(out)


def shapes_svg(canvas: Canvas) -> str:
    parts = []
    for kind, colour, weight, path in canvas.shapes:
        stroke = f'stroke="{colour}" stroke-width="{weight:g}" stroke-linecap="round"'
        paint = f'fill="{colour}"' if kind == "f" else f'fill="none" {stroke}'
        parts.append(f'<path d="{svg_path(path)}" {paint}/>')
    return "".join(parts)


def text_svg(canvas: Canvas) -> str:
    parts = []
    for run in canvas.runs:
        text, size, _ = fitted(run.text, run.size, run.bold, run.fit)
        weight = ' font-weight="bold"' if run.bold else ""
        parts.append(
            f'<text x="{run.x:g}" y="{run.y:g}" font-size="{size:.3g}"{weight} '
            f'fill="{run.fill}" text-anchor="{run.anchor}">'
            f"{escape(text)}</text>"
        )
    return "".join(parts)


def image(stamp, body: str) -> str:
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{stamp.width:g}mm" '
        f'height="{stamp.height:g}mm" viewBox="0 0 {stamp.width:g} {stamp.height:g}" '
        f'font-family="{FAMILY}">{body}</svg>'
    )
    return f'<img style="display:block;width:100%" src="data:image/svg+xml,{quote(svg)}">'


def text_html(stamp) -> str:
    """The drawing's text as absolutely positioned boxes over its lines."""
    parts, scale = [], 100 / stamp.width  # percent of the drawing's width
    for run in stamp.canvas.runs:
        text, size, _ = fitted(run.text, run.size, run.bold, run.fit)
        top = (run.y - size * 0.9) / stamp.height * 100
        if run.anchor == "start":
            place = f"left:{run.x * scale:.2f}%"
        elif run.anchor == "end":
            place = f"right:{(stamp.width - run.x) * scale:.2f}%"
        else:
            place = f"left:{(run.x - 40) * scale:.2f}%;width:{80 * scale:.2f}%;text-align:center"
        weight = "font-weight:bold;" if run.bold else ""
        parts.append(
            f'<div style="position:absolute;top:{top:.2f}%;{place};'
            f'font-size:{size:.3g}mm;{weight}color:{run.fill};line-height:1">'
            f"{escape(text)}</div>"
        )
    lines = image(stamp, shapes_svg(stamp.canvas))
    return f'<div style="position:relative">{lines}{"".join(parts)}</div>'


def page(drawings: list[str]) -> str:
    body = "".join(drawings)
    return (
        f"<!doctype html><html><head><style>@page {{ size: A4; margin: 12mm }} "
        f"html {{ font-family: {FAMILY}; font-size: 9.5pt }}</style></head>"
        f"<body>{body}</body></html>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    doc = sheet()
    stamps = list(game_stamps([doc]).values())
    drawn = [s for s in stamps if s.under is None] + [s.under for s in stamps if s.under]
    svg_page = page([image(s, shapes_svg(s.canvas) + text_svg(s.canvas)) for s in drawn])
    html_page = page([text_html(s) for s in drawn])
    routes = {
        "floor": lambda: HTML(string=MINIMAL).write_pdf(),
        "stamps": lambda: render.render_pdf("print/game_sheets.html", {"items": [doc]}),
        "svg": lambda: HTML(string=svg_page).write_pdf(font_config=render.font_config()),
        "html": lambda: HTML(string=html_page).write_pdf(font_config=render.font_config()),
    }
    for route in routes.values():
        route()  # warm: fonts, caches
    times: dict[str, list[float]] = {name: [] for name in routes}
    for _ in range(args.rounds):
        for name, route in routes.items():
            started = time.perf_counter()
            route()
            times[name].append(time.perf_counter() - started)
    floor = statistics.median(times["floor"])
    print(f"one completed sheet, rendered; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<8} {median * 1000:8.1f} ms  ratio to the floor {median / floor:5.2f}")
    texts = sum(len(s.canvas.runs) for s in drawn)
    print(f"({texts} texts and {sum(len(s.canvas.shapes) for s in drawn)} shapes)")


if __name__ == "__main__":
    main()
