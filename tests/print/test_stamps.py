"""Score-sheet stamps: grid and header drawn into the PDF once each, their text fitted and
readable; any other SVG is WeasyPrint's to draw."""

import base64

from rookclub.printing import canvas, render, stamps
from rookclub.printing.documents import BlankSheet, SeatedPlayer, SheetHeader, blank_rows
from rookclub.printing.pdf_fonts import text_width
from tests.print.conftest import page_count, page_texts, pdf_text, stamp_objects, word_boxes


def sheet(table=5, names=None) -> BlankSheet:
    seats = ("north", "east", "south", "west")
    names = names or [f"{s.title()} Player" for s in seats]
    players = tuple(SeatedPlayer(s, n) for s, n in zip(seats, names, strict=True))
    header = SheetHeader(
        event="Stamp Club — club night", round_label="Round 2", table=table, players=players
    )
    return BlankSheet(header=header, rows=blank_rows(hands=12, exchange_interval=4))


def render_sheets(docs):
    drawings = stamps.stamps_for(docs)
    return render.render_batch_pdf("print/score_sheets.html", docs, stamps=drawings)[0]


def test_the_grid_text_is_drawn_into_the_pdf_and_reads_back():
    doc = sheet()
    drawings = stamps.stamps_for([doc])

    pdf = render.render_pdf("print/score_sheets.html", {"items": [doc]}, stamps=drawings)

    assert page_count(pdf) == 1
    assert len(stamp_objects(pdf)) == 3, "grid, frame and header, each a drawing of its own"
    text = pdf_text(pdf)
    for words in (
        "Running total",
        "Hand score",
        "Declarer",
        "FINAL TOTAL",
        "Director",
        "After hand 8: one pair of partners exchange seats",
        "West Player",
    ):
        assert words in text, words


def test_any_other_svgs_text_is_left_to_weasyprint():
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">'
        '<text x="2" y="14">Hello SVG</text></svg>'
    )
    uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()

    pdf = render.html_to_pdf(f'<img src="{uri}">')

    assert "Hello SVG" in pdf_text(pdf)
    assert stamp_objects(pdf) == {}


def test_every_sheet_header_is_drawn_and_shares_one_frame():
    docs = [sheet(table=t, names=[f"Seat{t} {s}" for s in "NESW"]) for t in (3, 4, 5)]

    pdf = render_sheets(docs)

    pages = page_texts(pdf)
    for t, page in zip((3, 4, 5), pages, strict=True):
        for words in (
            f"Seat{t} N",
            f"Seat{t} W",
            "Score sheet",
            "TABLE",
            str(t),
            "Round 2",
            "Dealer order (the deal passes left): N Seat",
        ):
            assert words in page, (t, words)
    # One grid and one frame for all three, plus a header of each table's own.
    names = sorted(n.split("_")[0] for n in stamp_objects(pdf))
    assert names == ["/rkgrid", "/rkhead", "/rkhead", "/rkhead", "/rksheet"]


def test_a_name_too_long_for_its_box_is_shrunk_then_cut_with_an_ellipsis():
    long = "Bartholomew Maximilian Featherstonehaugh-Cholmondeley of Upper Kentucky"
    docs = [sheet(names=["Ann Short", long, "Cy Short", "Di Short"])]

    (text,) = page_texts(render_sheets(docs))

    assert "Ann Short" in text and "Di Short" in text
    boxed = next(line for line in text.splitlines() if line.startswith("Bartholomew"))
    assert boxed.endswith("…") and long not in boxed
    assert long in text, "the dealer-order line still has room for the whole name"


def test_fitting_shrinks_before_it_cuts():
    text = "Twelve chars"
    natural = text_width(text, 10)

    fitted, size, width = canvas.fitted(text, 10, False, natural * 0.9)
    assert fitted == text and size < 10 and width <= natural * 0.9, "shrunk, not cut"

    fitted, size, width = canvas.fitted(text, 10, False, natural * 0.3)
    assert fitted.endswith("…") and size == 10 * canvas.SMALLEST and width <= natural * 0.3


def test_text_is_as_wide_in_the_pdf_as_it_was_measured():
    doc = sheet(names=["Wilhelmina Quackenbush", "B", "C", "D"])

    pdf = render.render_pdf(
        "print/score_sheets.html", {"items": [doc]}, stamps=stamps.stamps_for([doc])
    )

    points_per_unit = 72 / 25.4  # the A4 drawing is 186 units on 186 mm
    for word in ("Wilhelmina", "Quackenbush"):
        measured = text_width(word, 3.7, bold=True) * points_per_unit  # a name's size
        assert abs(word_boxes(pdf)[word][2] - measured) < 0.5, word


def test_a_stamp_sits_where_its_place_is_and_scales_to_its_width():
    doc = sheet()
    drawings = stamps.stamps_for([doc])
    letter = render.render_pdf(
        "print/score_sheets.html", {"items": [doc]}, stamps=drawings, page_size="letter"
    )
    a4 = render.render_pdf("print/score_sheets.html", {"items": [doc]}, stamps=drawings)

    for pdf in (a4, letter):
        words = word_boxes(pdf)
        # The header's names are inside its boxes, the table number at the right margin.
        assert words["TABLE"][0] > words["Score"][0] + 100
        assert words["Hand"][1] > words["North"][1], "the grid is under the header"
    assert word_boxes(letter)["TABLE"][0] > word_boxes(a4)["TABLE"][0], "wider page, wider"


def test_names_beyond_latin_1_print_and_read_back():
    names = ["Łukasz Żółć", "Ωmega Δelta", "Иван Петров", "Zoë\x01 Ålström"]

    text = pdf_text(render_sheets([sheet(names=names)]))

    for name in ("Łukasz Żółć", "Ωmega Δelta", "Иван Петров", "Zoë Ålström"):
        assert name in text, name
