"""What a printed sheet reads: its queries find the same rows as the table page's
reads, only among the asker's clubs, and the asker's role comes with the row (the
print's member guard asks nothing more)."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Hand
from play.night_reads import round_table
from play.score_sheets import game_sheet
from rookclub.core.roles import SYSTEM
from rookclub.printing.kinds import Missing
from rookclub.printing.services import document_build, document_pdf
from tests.factories import ClubFactory, hand_in, member_of
from tests.print.conftest import pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_hands(game, director):
    """Table 1's game with two hands, the second with a penalty (no correction)."""
    hand_record(game=game, data=hand_in(bid=95, ns=100), entered_by=director)
    penalised = {
        **hand_in(bid=105, ns=60, bidder="east"),
        "penalties": [{"seat": "south", "kind": "table_talk"}],
    }
    hand_record(game=game, data=penalised, entered_by=director)
    game.refresh_from_db()
    return game


def test_a_members_completed_sheet_is_three_statements_and_no_role_query(
    two_hands, member, django_assert_num_queries
):
    with django_assert_num_queries(3) as reads:
        document_build(kind="game-sheet", params={"game": two_hands.pk}, by=member)
    sqls = [q["sql"] for q in reads.captured_queries]
    # the game, with the member's role in its club joined: the only membership read
    assert [s for s in sqls if "rookclub_membership" in s] == sqls[:1]


def test_the_printed_rows_are_the_table_pages_rows(two_hands):
    page, printed = game_sheet(game=two_hands), game_sheet(game=two_hands, printed=True)

    def rows(sheet):
        return [
            (
                r.number,
                r.dealer,
                r.declarer,
                r.bid,
                r.trump,
                r.counters,
                r.score,
                r.totals,
                r.made,
                r.void,
                r.reasons,
                r.confirmed,
                r.corrected,
                r.player_cells,
                [i.pk for i in r.irregularities],
            )
            for r in sheet.rows
        ]

    assert rows(printed) == rows(page)
    assert any(r.irregularities for r in printed.rows)
    for name in (
        "status",
        "winner",
        "winners",
        "totals",
        "player_totals",
        "player_order",
        "first_seats",
        "players",
    ):
        assert getattr(printed, name) == getattr(page, name), name


def test_another_clubs_member_finds_no_game_and_superuser_and_system_do(two_hands):
    stranger = member_of(ClubFactory(), username="stranger")
    with pytest.raises(Missing, match=f"There is no game {two_hands.pk}."):
        document_build(kind="game-sheet", params={"game": two_hands.pk}, by=stranger)
    boss = get_user_model().objects.create_superuser("boss", "boss@example.com", "x")
    for by in (boss, SYSTEM):
        _, built, _ = document_build(kind="game-sheet", params={"game": two_hands.pk}, by=by)
        assert built.items[0].game_ref == f"Game {two_hands.pk}"


def test_a_remembered_role_answers_for_its_own_user_only(
    club, member, director, django_assert_num_queries
):
    club.remember_role(member, "member")
    with django_assert_num_queries(0):
        assert club.role_of(member) == "member"
    with django_assert_num_queries(1):
        assert club.role_of(director) == "director"


def test_a_corrected_games_sheet_prints_its_correction(played, member):
    pdf, _ = document_pdf(kind="game-sheet", params={"game": played.pk}, by=member)
    text = pdf_text(pdf)
    assert "bid was 90, misheard" in text
    assert Hand.objects.filter(game=played, corrections__isnull=False).exists()


def test_one_table_is_its_game_with_the_seating_then_its_players(
    first_round, django_assert_num_queries
):
    with django_assert_num_queries(2):
        view, others = round_table(night_round=first_round, table=2)
    assert others is False
    assert [p.name for p in view.seats.values()] == [
        p.name for p in first_round.tables.get(table=2).seats().values()
    ]
    assert round_table(night_round=first_round, table=2**31) is None
    assert round_table(night_round=first_round, table=99) is None


def _night_of(club, director, tables: int, day: int):
    """A club night of ``tables`` tables, each game with two hands (the second with a
    penalty) and, at every other table, the first hand corrected."""
    from play import checkins, night_opening, night_seating
    from play.models import Game
    from tests.factories import PlayerFactory

    players = [PlayerFactory(club=club, name=f"Player {day}-{i:02d}") for i in range(4 * tables)]
    night = night_opening.night_open(
        club=club, date=datetime.date(2025, 4, day), opened_by=director
    )
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=day)
    for n, game in enumerate(Game.objects.filter(night=night).order_by("pk")):
        hand_record(game=game, data=hand_in(bid=95, ns=100), entered_by=director)
        penalised = {
            **hand_in(bid=105, ns=60, bidder="east"),
            "penalties": [{"seat": "south", "kind": "table_talk"}],
        }
        hand_record(game=game, data=penalised, entered_by=director)
        if n % 2 == 0:
            first = Hand.objects.get(game=game, number=1)
            hand_correct(
                hand=first,
                data=hand_in(bid=100, ns=100),
                by=director,
                reason=f"misheard at game {game.pk}",
            )
    return night


def test_a_nights_sheets_are_read_in_the_same_statements_at_4_and_16_tables(
    club, director, django_assert_max_num_queries
):
    small, big = _night_of(club, director, 4, 1), _night_of(club, director, 16, 2)
    # the night (with its club and the asker's role), its games, all their seats, all
    # their hands, all their corrections: five, whatever the number of tables

    with django_assert_max_num_queries(5) as four:
        _, built_small, _ = document_build(
            kind="session-games", params={"session": small.pk}, by=director
        )
    with django_assert_max_num_queries(len(four.captured_queries)):
        _, built_big, _ = document_build(
            kind="session-games", params={"session": big.pk}, by=director
        )

    assert len(built_small.items) == 4 and len(built_big.items) == 16
    corrected = [d for d in built_big.items if d.corrections]
    assert len(corrected) == 8
    assert all(d.corrections[0].reason == f"misheard at {d.game_ref.lower()}" for d in corrected)
    assert all("Table talk" in d.lines[1].penalties for d in built_big.items)


def test_a_nights_sheets_are_the_sheets_read_game_by_game(club, director):
    night = _night_of(club, director, 4, 3)
    _, built, _ = document_build(kind="session-games", params={"session": night.pk}, by=director)

    one_by_one = [
        document_build(
            kind="game-sheet", params={"game": int(d.game_ref.split()[-1])}, by=director
        )[1].items[0]
        for d in built.items
    ]
    assert built.items == one_by_one
