"""Our own SVG templates (``templates/print/sheet_*.svg``) read into a Canvas; an element
or attribute outside its small vocabulary raises ValueError."""

from __future__ import annotations

from xml.etree import ElementTree

from rookclub.core.limits import xml_safe
from rookclub.printing.canvas import Canvas

_INHERITED = ("fill", "stroke", "stroke-width", "font-size", "font-weight", "text-anchor")
_DEFAULTS = {
    "fill": "#000",
    "stroke": "none",
    "stroke-width": "1",
    "font-size": "16",
    "font-weight": "normal",
    "text-anchor": "start",
}


def _f(node, name: str, default: float = 0.0) -> float:
    value = node.get(name)
    return default if value is None else float(value)


def svg_canvas(svg: str) -> tuple[Canvas, float, float]:
    """The drawing of ``svg``, and its width and height in user units (its viewBox)."""
    # Names stored before control characters were refused (a tab, a \x01) are not XML:
    # left in, the parser refused the whole sheet.
    root = ElementTree.fromstring(xml_safe(svg))
    _, _, width, height = (float(v) for v in root.get("viewBox", "").replace(",", " ").split())
    canvas = Canvas(width, size=16)
    _walk(canvas, root, dict(_DEFAULTS))
    return canvas, width, height


def _walk(canvas: Canvas, node, inherited: dict[str, str]) -> None:
    style = {**inherited, **{k: v for k, v in node.attrib.items() if k in _INHERITED}}
    tag = node.tag.rpartition("}")[2]
    if tag in ("svg", "g"):
        for child in node:
            _walk(canvas, child, style)
    elif tag == "rect":
        canvas.rect(
            _f(node, "x"),
            _f(node, "y"),
            _f(node, "width"),
            _f(node, "height"),
            style["fill"],
            radius=_f(node, "rx"),
            stroke=style["stroke"],
            weight=float(style["stroke-width"]),
        )
    elif tag == "line":
        if style["stroke"] != "none":
            canvas.line(
                _f(node, "x1"),
                _f(node, "y1"),
                _f(node, "x2"),
                _f(node, "y2"),
                float(style["stroke-width"]),
                style["stroke"],
            )
    elif tag == "text":
        fit = node.get("data-fit")
        canvas.text(
            _f(node, "x") + _f(node, "dx"),
            _f(node, "y") + _f(node, "dy"),
            " ".join((node.text or "").split()),  # SVG's default white-space handling
            anchor=style["text-anchor"],
            size=float(style["font-size"]),
            bold=style["font-weight"] in ("bold", "700", "800", "900"),
            fill=style["fill"],
            fit=float(fit) if fit else None,
        )
    else:
        raise ValueError(f"a print drawing has an element this reader does not know: {tag}")
