"""A drawing made in Python (millimetres, y down), written as PDF content with pydyf: a
score sheet is a few path operators and one text object where WeasyPrint would lay out
some 250 cells. Text with ``fit`` is shrunk, then cut with "…"."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rookclub.printing import pdf_fonts

INK = "#111"
SMALLEST = 0.72  # text that must fit shrinks to no less than this share of its size

Point = tuple[float, float]


@dataclass(frozen=True)
class Run:
    """One line of text: its anchor point (``anchor`` says which end, or the middle)."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    anchor: str = "start"  # start | middle | end
    fill: str = INK
    fit: float | None = None


@lru_cache(maxsize=8192)
def fitted(text: str, size: float, bold: bool, limit: float | None) -> tuple[str, float, float]:
    """``text`` no wider than ``limit``: (text, size, width), shrunk, then cut with "…"."""
    width = pdf_fonts.text_width(text, size, bold=bold)
    if limit is None or width <= limit:
        return text, size, width
    size = max(size * limit / width * 0.995, size * SMALLEST)
    width = pdf_fonts.text_width(text, size, bold=bold)
    if width <= limit:
        return text, size, width
    keep, longest = 0, len(text)  # the most characters that fit before an ellipsis
    while keep < longest:
        middle = (keep + longest + 1) // 2
        if pdf_fonts.text_width(text[:middle].rstrip() + "…", size, bold=bold) <= limit:
            keep = middle
        else:
            longest = middle - 1
    cut = text[:keep].rstrip() + "…"
    return cut, size, pdf_fonts.text_width(cut, size, bold=bold)


@lru_cache(maxsize=64)
def _rgb(colour: str) -> str:
    """'#8a8a8a' or '#888' -> '0.5412 0.5412 0.5412' (PDF colour operands)."""
    digits = colour.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if len(digits) != 6:
        return "0 0 0"
    return " ".join(_n(int(digits[i : i + 2], 16) / 255) for i in (0, 2, 4))


def _n(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".") or "0"


def _rounded(x: float, y: float, w: float, h: float, r: float) -> str:
    """A rectangle with corners of radius ``r`` as a closed path (Bézier quarter circles)."""
    r = min(r, w / 2, h / 2)
    k = r * (1 - 0.5523)  # a control point's distance from the corner
    left, top, right, bottom = x, y, x + w, y + h
    points = (
        f"{_n(left + r)} {_n(top)} m {_n(right - r)} {_n(top)} l",
        f"{_n(right - k)} {_n(top)} {_n(right)} {_n(top + k)} {_n(right)} {_n(top + r)} c",
        f"{_n(right)} {_n(bottom - r)} l",
        f"{_n(right)} {_n(bottom - k)} {_n(right - k)} {_n(bottom)} {_n(right - r)} {_n(bottom)} c",
        f"{_n(left + r)} {_n(bottom)} l",
        f"{_n(left + k)} {_n(bottom)} {_n(left)} {_n(bottom - k)} {_n(left)} {_n(bottom - r)} c",
        f"{_n(left)} {_n(top + r)} l",
        f"{_n(left)} {_n(top + k)} {_n(left + k)} {_n(top)} {_n(left + r)} {_n(top)} c h",
    )
    return " ".join(points)


class Canvas:
    """Shapes (drawn in order) and text (drawn over them) of one drawing."""

    def __init__(self, width: float, *, size: float) -> None:
        self.width, self.size = width, size
        self.shapes: list[tuple[str, str, float, str]] = []  # (kind, colour, weight, path)
        self.runs: list[Run] = []

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str,
        *,
        radius: float = 0,
        stroke: str = "",
        weight: float = 0.2,
    ) -> None:
        path = _rounded(x, y, w, h, radius) if radius else f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re"
        if fill and fill != "none":
            self.shapes.append(("f", fill, 0.0, path))
        if stroke and stroke != "none":
            self.shapes.append(("S", stroke, weight, path))

    def path(self, points: tuple[Point, ...], weight: float, colour: str, *, closed=False):
        (x, y), *rest = points
        path = f"{_n(x)} {_n(y)} m " + " ".join(f"{_n(a)} {_n(b)} l" for a, b in rest)
        self.shapes.append(("S", colour, weight, path + (" h" if closed else "")))

    def line(
        self, x1: float, y1: float, x2: float, y2: float, weight: float = 0.2, colour: str = ""
    ) -> None:
        colour = colour or ("#111" if weight > 0.3 else "#8a8a8a")
        self.path(((x1, y1), (x2, y2)), weight, colour)

    def box(self, x: float, y: float, w: float, h: float, weight: float, colour: str = "") -> None:
        colour = colour or ("#111" if weight > 0.3 else "#8a8a8a")
        self.rect(x, y, w, h, "", stroke=colour, weight=weight)

    def text(
        self,
        x: float,
        y: float,
        value: str,
        *,
        anchor: str = "start",
        size: float = 0,
        bold: bool = False,
        fill: str = "",
        fit: float | None = None,
    ) -> None:
        if value:
            self.runs.append(
                Run(
                    round(x, 2),
                    round(y, 2),
                    value,
                    size or self.size,
                    bold,
                    anchor,
                    fill or INK,
                    fit,
                )
            )

    def content(self) -> tuple[bytes, dict[tuple[bool, int], dict[int, int]]]:
        """The drawing as PDF content in its user units (y down), and the glyphs it uses:
        (bold, face index) -> {glyph: character}. Fonts are named ``/R<0|1><face>``."""
        ops, style = [b"1 J 1 j"], None  # round caps and joins
        for kind, colour, weight, path in self.shapes:
            if (kind, colour, weight) != style:
                ops.append(
                    (
                        f"{_rgb(colour)} rg" if kind == "f" else f"{_rgb(colour)} RG {_n(weight)} w"
                    ).encode()
                )
                style = (kind, colour, weight)
            ops.append(f"{path} {kind}".encode())
        bodies = set()
        if self.runs:
            ops.append(b"BT")
            colour = None
            for run in self.runs:
                width, body = _body(run.text, run.size, run.bold, run.fit)
                bodies.add((run.text, run.size, run.bold, run.fit))
                x = run.x - (
                    width / 2 if run.anchor == "middle" else width if run.anchor == "end" else 0.0
                )
                line = f"1 0 0 -1 {x:.3f} {run.y:.3f} Tm{body}"
                if run.fill != colour:
                    colour = run.fill
                    line = f"{_rgb(colour)} rg " + line
                ops.append(line.encode())
            ops.append(b"ET")
        used: dict[tuple[bool, int], dict[int, int]] = {}
        for key in bodies:
            for face, glyphs in _glyphs_of(*key).items():
                merged = used.setdefault(face, {})
                for gid, code in glyphs.items():
                    merged.setdefault(gid, code)
        return b"\n".join(ops), used


@lru_cache(maxsize=8192)
def _body(text: str, size: float, bold: bool, fit: float | None) -> tuple[float, str]:
    """A run's width and its text operators after its position: a font (``Tf``) and the
    glyphs (``Tj``) for each stretch of one face; fitted to ``fit`` first."""
    text, size, width = fitted(text, size, bold, fit)
    body, face, pieces = "", None, []
    for index, gid, _ in pdf_fonts.glyphs(text, bold):
        if index != face:
            if pieces:
                body += f" <{''.join(pieces)}> Tj"
                pieces = []
            face = index
            body += f" /R{int(bold)}{index} {_n(size)} Tf"
        pieces.append(f"{gid:04x}")
    if pieces:
        body += f" <{''.join(pieces)}> Tj"
    return width, body


@lru_cache(maxsize=8192)
def _glyphs_of(text: str, size: float, bold: bool, fit: float | None) -> dict:
    """The glyphs a run draws: (bold, face index) -> {glyph: character}."""
    found: dict[tuple[bool, int], dict[int, int]] = {}
    for index, gid, code in pdf_fonts.glyphs(fitted(text, size, bold, fit)[0], bold):
        found.setdefault((bold, index), {}).setdefault(gid, code)
    return found
