"""One table's blank sheet or card reads that table alone, and prints what the round's
batch prints for it (a blank sheet within 3x of a minimal WeasyPrint page)."""

import pytest
from django.urls import reverse

from play.models import NightRound
from play.print_docs import round_blank_sheets, round_table_cards
from rookclub.printing.kinds import Missing
from tests.factories import PlayerFactory
from tests.print.conftest import pdf_text

pytestmark = pytest.mark.django_db


def the_rounds_sheet_for(night_round, table):
    return [s for s in round_blank_sheets(night_round) if s.header.table == table]


@pytest.mark.parametrize("table", [1, 3, 4])
def test_one_tables_blank_sheet_is_that_tables_sheet_of_the_whole_round(first_round, table):
    assert round_blank_sheets(first_round, table=table) == the_rounds_sheet_for(first_round, table)


def test_one_tables_sheet_names_its_round_once_the_night_has_a_second(night, first_round):
    assert round_blank_sheets(first_round, table=2)[0].header.round_label == ""
    NightRound.objects.create(night=night, number=2)

    sheet = round_blank_sheets(first_round, table=2)

    assert sheet[0].header.round_label == "Round 1"
    assert sheet == the_rounds_sheet_for(first_round, 2)


def test_one_tables_card_is_that_tables_card_of_the_whole_round(first_round):
    def url_for(seating, game):
        return f"https://rook.example.org/t/{seating.table}/{game.pk}/"

    whole = round_table_cards(first_round, url_for=url_for)
    assert round_table_cards(first_round, url_for=url_for, table=2) == [whole[1]]


def test_a_table_with_no_game_yet_gets_its_sheet_with_north_dealing_first(club, first_round):
    seats = ("north", "east", "south", "west")
    players = [PlayerFactory(club=club, name=f"Newcomer {seat.title()}") for seat in seats]
    first_round.tables.create(table=5, **dict(zip(seats, players, strict=True)))

    sheet = round_blank_sheets(first_round, table=5)

    assert [p.name for p in sheet[0].header.players] == [p.name for p in players]
    assert sheet[0].first_dealer == "north"
    assert sheet == the_rounds_sheet_for(first_round, 5)


def test_a_table_the_round_lacks_is_missing_with_a_sentence(first_round):
    with pytest.raises(Missing, match="Round 1 has no table 9"):
        round_blank_sheets(first_round, table=9)


def test_a_missing_tables_sheet_answers_404(as_member, first_round):
    response = as_member.get(reverse("print-table-sheet", args=[first_round.pk, 9]))

    assert response.status_code == 404
    assert "Round 1 has no table 9" in response.content.decode()


def test_one_tables_sheet_reads_as_much_on_a_big_night_as_on_a_small_one(
    as_member, club, first_round, django_assert_max_num_queries
):
    """Four tables or fourteen: the same statements, and none reads the night's check-ins
    or the other tables (the whole night's overview did, for one sheet)."""
    url = reverse("print-table-sheet", args=[first_round.pk, 2])
    with django_assert_max_num_queries(20) as small:
        assert as_member.get(url).status_code == 200
    seats = ("north", "east", "south", "west")
    for number in range(5, 15):
        players = [PlayerFactory(club=club, name=f"Late Rookwood {number}{s}") for s in seats]
        first_round.tables.create(table=number, **dict(zip(seats, players, strict=True)))

    with django_assert_max_num_queries(len(small.captured_queries)) as big:
        response = as_member.get(url)

    assert response.status_code == 200
    assert "Late Rookwood" not in pdf_text(response.content)
    read = " ".join(q["sql"] for q in big.captured_queries)
    assert "rookclub_checkin" not in read
    assert "rookclub_sitout" not in read
