"""Score-sheet stamps: grid and header text drawn as whole runs, fitted; other SVGs untouched.

The tests that count letter-by-letter drawing need the fast path (see test_fast_path.py for
the process without it, as with ROOKCLUB_PRINT_FAST_PATH=0).
"""

import base64

import pytest

from rookclub.printing import render, stamps
from rookclub.printing.documents import BlankSheet, SeatedPlayer, SheetHeader, blank_rows
from tests.print.conftest import page_count, page_texts, pdf_text, stamp_objects


def counting(monkeypatch) -> list[str]:
    """Record every text node drawn WeasyPrint's way (one letter at a time)."""
    if not stamps.fast_path_active():
        pytest.skip("the fast path is off in this process (ROOKCLUB_PRINT_FAST_PATH=0)")
    calls: list[str] = []
    slow = stamps.letter_by_letter

    def spy(svg, node, font_size):
        calls.append(node.text or "")
        return slow(svg, node, font_size)

    monkeypatch.setattr(stamps, "letter_by_letter", spy)
    return calls


def sheet(table=5, names=None) -> BlankSheet:
    seats = ("north", "east", "south", "west")
    names = names or [f"{s.title()} Player" for s in seats]
    players = tuple(SeatedPlayer(s, n) for s, n in zip(seats, names, strict=True))
    header = SheetHeader(
        event="Stamp Club — club night", round_label="Round 2", table=table, players=players
    )
    return BlankSheet(header=header, rows=blank_rows(hands=12, exchange_interval=4))


def render_sheets(docs):
    drawings = stamps.stamps_for(docs, render.font_config())
    return render.render_batch_pdf("print/score_sheets.html", docs, stamps=drawings)[0]


def test_the_grid_text_is_drawn_as_runs_and_reads_back(monkeypatch):
    calls = counting(monkeypatch)
    doc = sheet()
    drawings = stamps.stamps_for([doc], render.font_config())

    pdf = render.render_pdf("print/score_sheets.html", {"items": [doc]}, stamps=drawings)

    assert calls == [], "no grid text goes letter by letter"
    assert page_count(pdf) == 1
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
        assert words in text, words  # fmt: skip


def test_any_other_svgs_text_is_left_to_weasyprint(monkeypatch):
    calls = counting(monkeypatch)
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">'
        '<text x="2" y="14">Hello SVG</text></svg>'
    )
    uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()

    pdf = render.html_to_pdf(f'<img src="{uri}">')

    assert calls == ["Hello SVG"]
    assert "Hello SVG" in pdf_text(pdf)


def test_every_sheet_header_is_drawn_as_runs_and_shares_one_frame(monkeypatch):
    calls = counting(monkeypatch)
    docs = [sheet(table=t, names=[f"Seat{t} {s}" for s in "NESW"]) for t in (3, 4, 5)]

    pdf = render_sheets(docs)

    assert calls == []
    pages = page_texts(pdf)
    for t, page in zip((3, 4, 5), pages, strict=True):
        for words in (f"Seat{t} N", f"Seat{t} W", "Score sheet", "TABLE", str(t), "Round 2",
                      "Dealer order (the deal passes left): N Seat"):  # fmt: skip
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
    from weasyprint.css.properties import INITIAL_VALUES

    context = stamps.text_context(render.font_config())
    style = {**INITIAL_VALUES, "font_family": ["Liberation Sans"], "font_size": 10}
    text = "Twelve chars"
    _, natural, _ = stamps._line(text, dict(style), context)

    _, width, _ = stamps._fitted(text, shrunk := dict(style), context, natural * 0.9)
    assert width <= natural * 0.9 and shrunk["font_size"] < 10, "shrunk, not cut"

    layout, width, _ = stamps._fitted(text, cut := dict(style), context, natural * 0.3)
    assert width <= natural * 0.3 and layout.text.endswith("…")
    assert cut["font_size"] == 10 * stamps.SMALLEST
