"""The server-drawn SVG charts: valid markup, escaped labels, no inline style."""

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from rookclub.core.charts import Point, bar_chart, line_chart

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_a_line_chart_draws_one_vertex_per_point_and_the_band():
    points = [Point(f"G{i}", 25 + i, 20 + i, 30 + i) for i in range(5)]
    root = parse(line_chart(points, title="Rating"))
    line = root.find(f"{SVG}polyline")
    assert len(line.get("points").split()) == 5
    band = root.find(f"{SVG}polygon")
    assert len(band.get("points").split()) == 10
    assert root.get("aria-label") == "Rating"


def test_a_higher_value_is_drawn_higher():
    root = parse(line_chart([Point("a", 1), Point("b", 9)], title="t"))
    (x1, y1), (x2, y2) = (
        map(float, p.split(",")) for p in root.find(f"{SVG}polyline").get("points").split()
    )
    assert x2 > x1 and y2 < y1


def test_labels_are_escaped_and_no_style_attribute_is_written():
    svg = line_chart([Point("<b>&", 1), Point("x", 2)], title="<script>")
    svg += bar_chart([("<i>Ann & Bo</i>", 3), ("Cy", -2)], title="W/L")
    assert "<script>" not in svg and "<b>" not in svg and "<i>" not in svg
    assert "style=" not in svg


def test_a_negative_bar_is_marked_and_sits_left_of_zero():
    root = parse(bar_chart([("won", 4), ("lost", -4)], title="t"))
    rects = root.findall(f"{SVG}rect")
    assert "chart-bar-negative" in rects[1].get("class")
    assert float(rects[1].get("x")) < float(rects[0].get("x"))


def test_empty_charts_say_so():
    assert "No games yet" in line_chart([], title="t")
    assert "Nothing yet" in bar_chart([], title="t")


@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=60))
def test_any_values_give_well_formed_svg_inside_the_view_box(values):
    root = parse(line_chart([Point(str(i), v) for i, v in enumerate(values)], title="t"))
    height = float(root.get("viewBox").split()[3])
    for pair in root.find(f"{SVG}polyline").get("points").split():
        assert 0 <= float(pair.split(",")[1]) <= height
