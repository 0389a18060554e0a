"""A stamp drawn from Python: shapes and text in SVG user units, given either as SVG
(WeasyPrint draws it) or, under the fast path, as ready PDF operators and text runs.

Completed score sheets (game_sheet_svg.py) are drawn on a Canvas. WeasyPrint's SVG
drawing parses every path and attribute again for each PDF; a Canvas already knows
its rectangles and lines, so under the fast path (stamps.py) it hands them over as
PDF content (``paint``, a few ``re``/``m``/``l`` operators) and its text as runs
(stamp_text.py), and its SVG is left empty. With the fast path off, ``svg`` holds
everything and WeasyPrint draws the same picture.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from rookclub.printing.stamp_text import Run

FAMILY = ("Liberation Sans", "DejaVu Sans", "sans-serif")
INK = "#111"

Point = tuple[float, float]


def _rgb(colour: str) -> str:
    """'#8a8a8a' or '#888' -> '0.5412 0.5412 0.5412' (PDF colour operands)."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return " ".join(_n(int(digits[i : i + 2], 16) / 255) for i in (0, 2, 4))


def _n(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".") or "0"


class Canvas:
    """Shapes and text of one drawing, in drawing order: fills, strokes, then text."""

    def __init__(self, width: float, *, size: float) -> None:
        self.width, self.size = width, size
        self.fills: dict[str, list[tuple[float, float, float, float]]] = {}
        self.strokes: dict[tuple[str, float], list[tuple[tuple[Point, ...], bool]]] = {}
        self.runs: list[Run] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        self.fills.setdefault(fill, []).append((x, y, w, h))

    def path(self, points: tuple[Point, ...], weight: float, colour: str, *, closed=False):
        self.strokes.setdefault((colour, weight), []).append((points, closed))

    def line(self, x1: float, y1: float, x2: float, y2: float, weight: float = 0.2,
             colour: str = "") -> None:  # fmt: skip
        colour = colour or ("#111" if weight > 0.3 else "#8a8a8a")
        self.path(((x1, y1), (x2, y2)), weight, colour)

    def box(self, x: float, y: float, w: float, h: float, weight: float, colour: str = "") -> None:
        colour = colour or ("#111" if weight > 0.3 else "#8a8a8a")
        self.path(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), weight, colour, closed=True)

    def text(self, x: float, y: float, value: str, *, anchor: str = "start", size: float = 0,
             bold: bool = False, fill: str = "", fit: float | None = None) -> None:  # fmt: skip
        if value:
            weight = 700 if bold else 400
            run = Run(round(x, 2), round(y, 2), value, FAMILY, size or self.size, weight,
                      "normal", anchor, fill or INK, fit)  # fmt: skip
            self.runs.append(run)

    def svg(self, height: float, *, fast: bool = False) -> str:
        """The drawing as SVG; empty under the fast path (``paint`` and ``runs`` draw it)."""
        parts = []
        if not fast:
            for fill, rects in self.fills.items():
                d = "".join(f"M{x:g} {y:g}h{w:g}v{h:g}h{-w:g}z" for x, y, w, h in rects)
                parts.append(f'<path d="{d}" fill="{fill}"/>')
            for (colour, weight), paths in self.strokes.items():
                d = "".join(
                    "M" + "L".join(f"{x:g} {y:g}" for x, y in points) + ("z" if closed else "")
                    for points, closed in paths
                )
                parts.append(f'<path d="{d}" fill="none" stroke="{colour}" '
                             f'stroke-width="{weight:g}" stroke-linecap="round"/>')  # fmt: skip
            parts += [self._element(run) for run in self.runs]
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}mm" '
            f'height="{height:g}mm" viewBox="0 0 {self.width:g} {height:g}" '
            f'font-family="{", ".join(FAMILY)}" font-size="{self.size:g}" fill="{INK}">'
            + "".join(parts) + "</svg>"
        )  # fmt: skip

    def paint(self) -> bytes:
        """The shapes as PDF content in user units (y down, as the stamp's SVG has it)."""
        ops = []
        for fill, rects in self.fills.items():
            ops.append(f"{_rgb(fill)} rg")
            ops += [f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re" for x, y, w, h in rects]
            ops.append("f")
        ops.append("1 J 1 j")  # round caps and joins, as the SVG asks
        for (colour, weight), paths in self.strokes.items():
            ops.append(f"{_rgb(colour)} RG {_n(weight)} w")
            for points, closed in paths:
                (x, y), *rest = points
                ops.append(f"{_n(x)} {_n(y)} m " + " ".join(f"{_n(a)} {_n(b)} l" for a, b in rest))
                if closed:
                    ops.append("h")
            ops.append("S")
        return "\n".join(ops).encode()

    def _element(self, run: Run) -> str:
        attributes = f'x="{run.x:g}" y="{run.y:g}"'
        if run.anchor != "start":
            attributes += f' text-anchor="{run.anchor}"'
        if run.size != self.size:
            attributes += f' font-size="{run.size:g}"'
        if run.weight != 400:
            attributes += ' font-weight="bold"'
        if run.fill != INK:
            attributes += f' fill="{run.fill}"'
        if run.fit:
            attributes += f' data-fit="{run.fit:g}"'
        return f"<text {attributes}>{escape(run.text)}</text>"
