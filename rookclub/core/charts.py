"""Small charts drawn on the server as inline SVG: no script (the Content-Security-Policy
allows none inline), they print, and scale through their ``viewBox``. Colours are
attributes and ``class`` names, never a ``style`` attribute, which the policy blocks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

# Room for the value labels on the left and the x labels underneath.
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 8, 8, 22


@dataclass(frozen=True)
class Point:
    """One x position: its label (a date, a game), its value and an optional band
    around it (a rating's uncertainty: ``low`` <= ``value`` <= ``high``)."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None


def n(value: float) -> str:
    """A coordinate, to a tenth of a unit."""
    return f"{value:.1f}"


def _fmt(value: float) -> str:
    return f"{value:.0f}" if abs(value) >= 10 else f"{value:.1f}"


def _scale(lo: float, hi: float, top: float, bottom: float):
    span = (hi - lo) or 1.0
    return lambda v: bottom - (v - lo) / span * (bottom - top)


def _svg(title: str, width: int, height: int, body: SafeString) -> SafeString:
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" width="100%" role="img" aria-label="{}"'
        ' preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">'
        "<title>{}</title>{}</svg>",
        width,
        height,
        title,
        title,
        body,
    )


def _axis(lo: float, hi: float, y, width: int) -> SafeString:
    rows = []
    for value in (lo, (lo + hi) / 2, hi):
        rows.append(
            format_html(
                '<line class="chart-grid" x1="{}" x2="{}" y1="{}" y2="{}"'
                ' stroke="#ccc" stroke-width="1"/>'
                '<text class="chart-tick" x="{}" y="{}" font-size="11"'
                ' text-anchor="end" dominant-baseline="middle">{}</text>',
                PAD_LEFT,
                width - PAD_RIGHT,
                n(y(value)),
                n(y(value)),
                PAD_LEFT - 4,
                n(y(value)),
                _fmt(value),
            )
        )
    return mark_safe("".join(rows))


def line_chart(
    points: Sequence[Point], *, title: str, width: int = 600, height: int = 180
) -> SafeString:
    """A line through ``points`` in order, with the band between each point's
    ``low`` and ``high`` shaded when given. First and last labels under the ends."""
    if not points:
        return _svg(
            title,
            width,
            height,
            format_html(
                '<text x="{}" y="{}" font-size="13" text-anchor="middle">No games yet</text>',
                width // 2,
                height // 2,
            ),
        )
    values = [p.value for p in points]
    values += [p.low for p in points if p.low is not None]
    values += [p.high for p in points if p.high is not None]
    lo, hi = min(values), max(values)
    y = _scale(lo, hi, PAD_TOP, height - PAD_BOTTOM)
    step = (width - PAD_LEFT - PAD_RIGHT) / max(len(points) - 1, 1)

    def x(i: int) -> float:
        return PAD_LEFT + i * step if len(points) > 1 else (PAD_LEFT + width - PAD_RIGHT) / 2

    parts = [_axis(lo, hi, y, width)]
    banded = [(i, p) for i, p in enumerate(points) if p.low is not None and p.high is not None]
    if len(banded) > 1:
        upper = [f"{x(i):.1f},{y(p.high):.1f}" for i, p in banded]
        lower = [f"{x(i):.1f},{y(p.low):.1f}" for i, p in reversed(banded)]
        parts.append(
            format_html(
                '<polygon class="chart-band" points="{}" fill="#9ecae1" fill-opacity="0.35"/>',
                " ".join(upper + lower),
            )
        )
    line = " ".join(f"{x(i):.1f},{y(p.value):.1f}" for i, p in enumerate(points))
    parts.append(
        format_html(
            '<polyline class="chart-line" points="{}" fill="none" stroke="#1f5fa8"'
            ' stroke-width="2"/>',
            line,
        )
    )
    last = len(points) - 1
    parts.append(
        format_html(
            '<circle class="chart-dot" cx="{}" cy="{}" r="3.5" fill="#1f5fa8">'
            "<title>{}: {}</title></circle>",
            n(x(last)),
            n(y(points[last].value)),
            points[last].label,
            _fmt(points[last].value),
        )
    )
    labels = {0: "start", last: "end"} if last else {0: "middle"}
    parts.append(
        format_html_join(
            "",
            ('<text class="chart-label" x="{}" y="{}" font-size="11" text-anchor="{}">{}</text>'),
            ((n(x(i)), height - 6, anchor, points[i].label) for i, anchor in labels.items()),
        )
    )
    return _svg(title, width, height, mark_safe("".join(parts)))


def bar_chart(
    bars: Sequence[tuple[str, float]], *, title: str, width: int = 600, bar_height: int = 22
) -> SafeString:
    """Horizontal bars, one a row, each with its label on the left and its value at
    its end; a negative value draws left of the zero line."""
    label_w = 140
    height = max(len(bars), 1) * (bar_height + 6) + 6
    if not bars:
        return _svg(
            title,
            width,
            height + 20,
            format_html(
                '<text x="{}" y="20" font-size="13" text-anchor="middle">Nothing yet</text>',
                width // 2,
            ),
        )
    lo = min(0.0, *(v for _, v in bars))
    hi = max(0.0, *(v for _, v in bars))
    span = (hi - lo) or 1.0
    usable = width - label_w - 50

    def x(v: float) -> float:
        return label_w + (v - lo) / span * usable

    rows = []
    for row, (label, value) in enumerate(bars):
        top = 6 + row * (bar_height + 6)
        left, right = sorted((x(0), x(value)))
        rows.append(
            format_html(
                '<text class="chart-label" x="{}" y="{}" font-size="12" text-anchor="end"'
                ' dominant-baseline="middle">{}</text>'
                '<rect class="chart-bar{}" x="{}" y="{}" width="{}" height="{}"'
                ' fill="{}"/>'
                '<text class="chart-value" x="{}" y="{}" font-size="12"'
                ' dominant-baseline="middle">{}</text>',
                label_w - 6,
                top + bar_height / 2,
                label,
                " chart-bar-negative" if value < 0 else "",
                n(left),
                top,
                n(max(right - left, 1)),
                bar_height,
                "#b23b3b" if value < 0 else "#1f5fa8",
                n(right + 4),
                top + bar_height / 2,
                _fmt(value),
            )
        )
    return _svg(title, width, height, mark_safe("".join(rows)))
