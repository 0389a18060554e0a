"""Documents from plain data: rendered and read back with no database."""

from dataclasses import replace

import pytest

from rookclub.core.errors import Invalid
from rookclub.printing import render, stamps
from rookclub.printing.builders import house_rule_text
from rookclub.printing.documents import (
    BlankSheet,
    BracketDoc,
    BracketMatch,
    BracketRound,
    GameSheetDoc,
    HandLine,
    SeatedPlayer,
    SheetHeader,
    StandingsColumn,
    StandingsDoc,
    StandingsTable,
    TableCard,
    blank_rows,
    bracket_layout,
    fingerprint,
    qr_data_uri,
)
from scoring.engine import ruleset_from
from tests.print.conftest import page_count, page_size_mm, page_texts, pdf_text, stamp_objects

SEATED = tuple(
    SeatedPlayer(seat, name)
    for seat, name in zip(
        ("north", "east", "south", "west"),
        ("Alice Abernathy", "Bob Brown", "Carol Chen", "Dave Dunn"),
        strict=True,
    )
)


def header(table=7):
    return SheetHeader(
        event="Lexington Rook Club — club night",
        date="Thu 6 March 2025",
        round_label="Round 3",
        table=table,
        players=SEATED,
        ruleset="Tournament Rook",
        target="first to 300",
    )


def blank(table=7, first_dealer="north"):
    rows = blank_rows(first_dealer=first_dealer, hands=16)
    return BlankSheet(header=header(table), first_dealer=first_dealer, rows=rows)


def render_blank(sheets, size="a4"):
    grid = stamps.stamps_for(sheets)
    return render.render_pdf(
        "print/score_sheets.html", {"items": sheets}, page_size=size, stamps=grid
    )


def test_the_deal_passes_left_and_seats_change_after_every_fourth_hand():
    rows = blank_rows(first_dealer="east", hands=16)

    assert [r.dealer for r in rows[:6]] == ["E", "S", "W", "N", "E", "S"]
    assert [r.number for r in rows if r.exchange_after] == [4, 8, 12]


def test_a_blank_sheet_shows_event_round_table_players_dealers_and_exchange_points():
    text = pdf_text(render_blank([blank()]))

    for expected in (
        "Score sheet",
        "Lexington Rook Club",
        "Round 3",
        "Table",
        "7",
        "Alice Abernathy",
        "Bob Brown",
        "Carol Chen",
        "Dave Dunn",
        "Dealer order",
        "Counters",
        "Penalties",
        "Running total",
        "After hand 4",
        "After hand 12",
        "N–S signature",
        "Director",
    ):
        assert expected in text, expected


def test_a_blank_sheet_lists_the_house_rules_its_scorer_needs():
    rules = ruleset_from("tournament", {"renege_points": 100})
    sheet = BlankSheet(
        header=replace(header(), house_rules=house_rule_text(rules)),
        first_dealer="north",
        rows=blank_rows(first_dealer="north", hands=16),
    )

    text = pdf_text(render_blank([sheet]))

    assert "renege found later: reneging side \N{MINUS SIGN}100, others +100" in text
    assert house_rule_text(ruleset_from("tournament", {})) == ""


def test_many_blank_sheets_share_one_grid_drawn_once_and_keep_one_page_each():
    pdf = render_blank([blank(table=t) for t in range(1, 9)])

    pages = page_texts(pdf)
    assert len(pages) == 8
    assert all("Running total" in page for page in pages), "the grid is on every page"
    assert "Table 8" in pages[7] or "8" in pages[7]
    grids = [name for name in stamp_objects(pdf) if name.startswith("/rkgrid")]
    assert len(grids) == 1, "the grid is stored once and placed on every page"


@pytest.mark.parametrize(("size", "mm"), [("a4", (210, 297)), ("letter", (216, 279))])
def test_page_size_is_a4_or_us_letter(size, mm):
    pdf = render_blank([blank()], size=size)

    assert page_count(pdf) == 1
    assert page_size_mm(pdf) == mm


def test_an_unknown_page_size_is_refused_with_a_sentence():
    with pytest.raises(Invalid) as refused:
        render.page_size_from("A3")

    assert refused.value.code == "bad_page_size"
    assert "A4 or letter" in refused.value.message


def test_a_completed_sheet_shows_bids_totals_winner_and_marks_corrections():
    doc = GameSheetDoc(
        header=header(),
        lines=(
            HandLine(1, "N", "N Alice Abernathy", 95, "red", 100, 20, "", 100, 20, 100, 20, True),
            HandLine(
                2,
                "E",
                "E Bob Brown",
                105,
                "green",
                60,
                60,
                "",
                60,
                -105,
                160,
                -85,
                False,
                corrected=True,
            ),
        ),
        status="finished",
        winner="N–S (Alice Abernathy & Carol Chen)",
        total_ns=160,
        total_ew=-85,
    )
    text = pdf_text(render.render_pdf("print/game_sheets.html", {"items": [doc]}))

    for expected in (
        "95",
        "105",
        "-105",
        "160",
        "-85",
        "Alice Abernathy",
        "Carol Chen",
        "Finished",
    ):
        assert expected in text.replace("−", "-"), expected


def test_a_table_card_has_a_big_table_number_the_players_and_a_qr_code():
    url = "https://rook.example.org/games/42/"
    card = TableCard(header=header(table=12), url=url, qr_svg=qr_data_uri(url))
    pdf = render.render_pdf("print/table_cards.html", {"items": [card]})

    text = pdf_text(pdf)
    assert page_count(pdf) == 1
    assert "12" in text and "Carol Chen" in text and url in text
    assert qr_data_uri(url).startswith("data:image/svg+xml")


def test_standings_list_every_row_in_order():
    columns = (
        StandingsColumn("rank", "#"),
        StandingsColumn("name", "Player", numeric=False),
        StandingsColumn("points", "Points"),
    )
    rows = tuple({"rank": i, "name": f"Player {i:02d}", "points": 500 - i} for i in range(1, 61))
    doc = StandingsDoc(
        title="Season standings",
        subtitle="Maple Street · 2025",
        tables=(StandingsTable("Players", columns, rows),),
    )
    pdf = render.render_pdf("print/standings.html", {"doc": doc, "items": []})

    text = pdf_text(pdf)
    assert text.index("Player 01") < text.index("Player 02") < text.index("Player 60")
    assert "499" in text and "440" in text


def test_a_bracket_chart_places_later_rounds_between_their_feeders():
    doc = BracketDoc(
        title="Spring Open — knockout",
        rounds=(
            BracketRound(
                "Semi-finals",
                (
                    BracketMatch(("Ada & Bea", "Cal & Dot"), "Ada & Bea"),
                    BracketMatch(("Eli & Fay", "Gus & Hal"), "Gus & Hal"),
                ),
            ),
            BracketRound("Final", (BracketMatch(("Ada & Bea", "Gus & Hal"), None, "Table 1"),)),
        ),
    )
    layout = bracket_layout(doc)
    pdf = render.render_pdf("print/bracket.html", {"doc": doc, "columns": layout, "items": []})

    assert [(c["row"], c["span"]) for c in layout[0]["cells"]] == [(2, 2), (4, 2)]
    assert [(c["row"], c["span"]) for c in layout[1]["cells"]] == [(2, 4)]
    text = pdf_text(pdf)
    for name in ("SEMI-FINALS", "FINAL", "Ada & Bea", "Cal & Dot", "Gus & Hal", "Table 1"):
        assert name in text


def test_the_fingerprint_changes_with_the_data_and_only_with_it():
    assert fingerprint("k", blank()) == fingerprint("k", blank())
    assert fingerprint("k", blank(table=7)) != fingerprint("k", blank(table=8))


def knockout(entries: int, *, finals=("Final",)) -> BracketDoc:
    """A bracket for ``entries`` (a power of two) with every first-round pairing named."""
    rounds, matches = [], entries // 2
    first = tuple(
        BracketMatch((f"{i + 1}. Entry {i + 1}", f"{entries - i}. Entry {entries - i}"))
        for i in range(matches)
    )
    rounds.append(BracketRound("Round 1", first))
    while matches > 2:
        matches //= 2
        rounds.append(BracketRound(f"Round {len(rounds) + 1}", (BracketMatch(("", "")),) * matches))
    rounds += [BracketRound(name, (BracketMatch(("", "")),)) for name in finals]
    return BracketDoc(title="Winners bracket", subtitle="Big Open", rounds=tuple(rounds))


@pytest.mark.parametrize(("entries", "density"), [(8, "roomy"), (16, "compact"), (32, "dense")])
def test_a_draw_of_up_to_32_entries_is_set_tighter_and_keeps_to_one_page(entries, density):
    doc = knockout(entries)

    pdf = render.render_pdf("print/brackets.html", {"items": [doc]})

    assert doc.density == density and doc.pages == [doc]
    assert page_count(pdf) == 1
    text = pdf_text(pdf)
    assert f"{entries}. Entry {entries}" in text and "1. Entry 1" in text


def test_a_64_entry_draw_prints_as_two_halves_and_its_final_rounds():
    doc = knockout(64, finals=("Final", "Grand final"))

    pages = doc.pages
    titles = [p.title for p in pages]
    assert titles == [
        "Winners bracket — top half",
        "Winners bracket — bottom half",
        "Winners bracket — final rounds",
    ]
    top, bottom, finals = pages
    assert [len(r.matches) for r in top.rounds] == [16, 8, 4, 2, 1]
    assert [len(r.matches) for r in bottom.rounds] == [16, 8, 4, 2, 1]
    assert [r.name for r in finals.rounds] == ["Final", "Grand final"]
    # Every first-round match is on exactly one page, beside the matches it feeds.
    assert top.rounds[0].matches + bottom.rounds[0].matches == doc.rounds[0].matches
    pdf = render.render_pdf("print/brackets.html", {"items": [doc]})
    texts = page_texts(pdf)
    assert len(texts) == 3
    top_lines, bottom_lines = (set(t.splitlines()) for t in texts[:2])
    assert {"1. Entry 1", "64. Entry 64", "16. Entry 16"} <= top_lines
    assert {"17. Entry 17", "48. Entry 48", "32. Entry 32"} <= bottom_lines
    assert "1. Entry 1" not in bottom_lines and "17. Entry 17" not in top_lines
