"""Completed score sheets drawn as stamps (rookclub/printing/game_sheet_svg.py): every hand,
total, penalty, correction and the winner are in the PDF's text; long games go on over more
pages; a batch of many sheets keeps its pages in order."""

import io
import re

import pytest
from pypdf import PdfReader

from rookclub.printing import game_sheet_svg, render
from rookclub.printing.documents import (
    CorrectionNote,
    GameSheetDoc,
    HandLine,
    SeatedPlayer,
    SheetHeader,
)
from tests.print.conftest import page_count, page_texts, pdf_text, stamp_objects


def sheet(table=3, hands=12, names=("Ada North", "Bo East", "Cy South", "Di West")) -> GameSheetDoc:
    seats = ("north", "east", "south", "west")
    header = SheetHeader(
        event="Stamp Club — club night",
        date="Thu 6 March 2025",
        round_label="Round 1",
        table=table,
        players=tuple(SeatedPlayer(s, n) for s, n in zip(seats, names, strict=True)),
        ruleset="Tournament Rook (Kentucky Discard)",
        target="first to 300",
    )
    lines, ns, ew = [], 0, 0
    for n in range(1, hands + 1):
        made = n % 4 != 0
        score_ns, score_ew = (100 + table, 20) if made else (-(95 + n), 40)
        ns, ew = ns + score_ns, ew + score_ew
        lines.append(
            HandLine(
                number=n,
                dealer="NESW"[(n - 1) % 4],
                declarer=f"N {names[0]}",
                bid=95 + n,
                trump="green",
                counters_ns=100,
                counters_ew=20,
                penalties="Table talk S −40" if n == 2 else "",
                score_ns=score_ns,
                score_ew=score_ew,
                total_ns=ns,
                total_ew=ew,
                made=made,
                confirmed=n % 2 == 1,
                corrected=n == 3,
            )
        )
    return GameSheetDoc(
        header=header,
        lines=tuple(lines),
        corrections=(CorrectionNote(3, "6 Mar 2025 20:30", "dana", "misheard", "bid 97 → 98"),),
        status="finished",
        winner=f"N–S ({names[0]} & {names[2]})",
        total_ns=ns,
        total_ew=ew,
        game_ref=f"Game {table}",
    )


def words(pdf: bytes) -> str:
    return " ".join(pdf_text(pdf).replace("\N{MINUS SIGN}", "-").split())


def check_everything_is_printed(doc: GameSheetDoc, pdf: bytes) -> None:
    text = words(pdf)
    for name in ("Ada North", "Bo East", "Cy South", "Di West"):
        assert name in text, name
    for line in doc.lines:
        cells = [str(line.bid), str(line.score_ns), str(line.total_ns), str(line.total_ew)]
        assert all(re.search(rf"(?<![\d-]){re.escape(c)}(?!\d)", text) for c in cells), line
    assert "Table talk S -40" in text, "the penalty, as a cost"
    assert "set" in text.split(), "a set hand says so"
    finals = f"TOTAL N–S TOTAL E–W WINNER {doc.total_ns} {doc.total_ew}"
    assert f"{finals} N–S (Ada North & Cy South)" in text
    assert "Corrections Hand 3 — bid 97 → 98. misheard (dana, 6 Mar 2025 20:30)" in text
    assert "Score sheet — as recorded" in text and "Finished" in text


def test_a_completed_sheet_prints_hands_totals_penalties_corrections_and_the_winner():
    doc = sheet()

    pdf = render.render_pdf("print/game_sheets.html", {"items": [doc]})

    assert page_count(pdf) == 1
    check_everything_is_printed(doc, pdf)


def test_a_completed_sheet_is_its_headers_and_its_tables_drawings():
    pdf = render.render_pdf("print/game_sheets.html", {"items": [sheet()]})

    names = sorted(n.split("_")[0] + ("_head" if "_head_" in n else "") for n in stamp_objects(pdf))
    assert names == ["/rkgame", "/rkgame_head", "/rksheet"], "table, header, shared frame"
    assert "Running total" in pdf_text(pdf)


def test_the_marks_that_place_the_drawings_are_not_left_in_the_pdf():
    pdf = render.render_pdf("print/game_sheets.html", {"items": [sheet()]})

    assert PdfReader(io.BytesIO(pdf)).named_destinations == {}


def test_a_long_game_goes_on_over_pages_each_with_the_tables_head():
    doc = sheet(hands=70)

    pdf = render.render_pdf("print/game_sheets.html", {"items": [doc]}, page_size="letter")

    pages = game_sheet_svg.game_pages(doc)
    assert len(pages) == page_count(pdf) >= 2, "no drawing was pushed onto a page of its own"
    texts = [" ".join(t.split()) for t in page_texts(pdf)]
    assert all("Running total" in t for t in texts)
    assert "continued" in texts[1] and "Game 3" in texts[1]
    assert "WINNER" in texts[-1] and "WINNER" not in texts[0]
    check_everything_is_printed(doc, pdf)


def test_a_sheet_with_no_hands_says_so():
    doc = GameSheetDoc(header=sheet().header, game_ref="Game 9")

    text = words(render.render_pdf("print/game_sheets.html", {"items": [doc]}))

    assert "No hands recorded yet." in text and "In progress" in text


def test_a_long_void_reason_wraps_inside_its_row():
    reason = "Redeal: all players passed; no score, the next dealer deals"
    doc = GameSheetDoc(header=sheet().header, lines=(HandLine(1, "N", void=True, note=reason),))

    pdf = render.render_pdf("print/game_sheets.html", {"items": [doc]})

    assert f"void: {reason}" in " ".join(" ".join(page_texts(pdf)).split())
    (page,) = game_sheet_svg.game_pages(doc)
    assert page.height < 150


def test_a_64_table_batch_has_a_page_per_sheet_in_order():
    docs = [sheet(table=t, hands=10 + t % 7) for t in range(1, 65)]
    progress = []

    out = io.BytesIO()
    pages = render.render_batch(
        out,
        "print/game_sheets.html",
        docs,
        chunk=7,
        on_progress=lambda done, total: progress.append(done),
    )

    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert pages == len(reader.pages) == 64
    for table, page in enumerate(reader.pages, start=1):
        assert f"Table {table}" in page.extract_text(), table
    assert progress == [*range(7, 64, 7), 64]


def test_a_batch_joined_from_chunks_reads_as_the_batch_made_in_one_piece():
    docs = [sheet(table=t, hands=8 + t % 5) for t in range(1, 11)]

    chunked, pages = render.render_batch_pdf("print/game_sheets.html", docs, chunk=3)
    whole, _ = render.render_batch_pdf("print/game_sheets.html", docs, chunk=10)

    assert pages == page_count(chunked) == page_count(whole) == 10
    assert page_texts(chunked) == page_texts(whole)
    assert "Table 10" in page_texts(chunked)[9], "the stamps' text is drawn on every page"


def test_a_batch_past_a_part_is_written_in_parts_and_joined_as_one_piece():
    docs = [sheet(table=t, hands=8 + t % 5) for t in range(1, 11)]
    written = []
    real = render._join
    # Parts of at most 4 pages: chunks of 3 tables go 3, 3, 3, 1 -> parts of 3, 3, 4.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            render, "_join", lambda parts, out: (written.append(len(parts)), real(parts, out))
        )
        joined, pages = render.render_batch_pdf(
            "print/game_sheets.html", docs, chunk=3, part_pages=4
        )
    whole, _ = render.render_batch_pdf("print/game_sheets.html", docs, chunk=10)

    assert written == [3], "three parts were joined"
    assert pages == page_count(joined) == page_count(whole) == 10
    assert page_texts(joined) == page_texts(whole)
    assert "Table 10" in page_texts(joined)[9], "the stamps' text is drawn on every page"


def test_a_batch_in_one_chunk_is_written_without_joining():
    docs = [sheet(table=t) for t in (1, 2)]

    pdf, pages = render.render_batch_pdf("print/game_sheets.html", docs, chunk=8)

    assert pages == page_count(pdf) == 2
    assert "Table 2" in page_texts(pdf)[1]
