"""The score-sheet grid stamp draws its text as whole runs; other SVGs are untouched."""

import base64

from rookclub.printing import render, stamps
from rookclub.printing.documents import BlankSheet, SeatedPlayer, SheetHeader, blank_rows
from tests.print.conftest import page_count, pdf_text


def counting(monkeypatch) -> list[str]:
    """Record every text node drawn WeasyPrint's way (one letter at a time)."""
    calls: list[str] = []
    slow = stamps.letter_by_letter

    def spy(svg, node, font_size):
        calls.append(node.text or "")
        return slow(svg, node, font_size)

    monkeypatch.setattr(stamps, "letter_by_letter", spy)
    return calls


def sheet() -> BlankSheet:
    players = tuple(
        SeatedPlayer(s, f"{s.title()} Player") for s in ("north", "east", "south", "west")
    )
    header = SheetHeader(
        event="Stamp Club — club night", round_label="Round 2", table=5, players=players
    )
    return BlankSheet(header=header, rows=blank_rows(hands=12, exchange_interval=4))


def test_the_grid_text_is_drawn_as_runs_and_reads_back(monkeypatch):
    calls = counting(monkeypatch)
    doc = sheet()
    grid = {
        stamps.SCHEME + doc.grid_key: stamps.StampImage(
            doc.grid_key, stamps.blank_grid_svg(doc.rows), render.font_config()
        )
    }

    pdf = render.render_pdf("print/score_sheets.html", {"items": [doc]}, stamps=grid)

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
