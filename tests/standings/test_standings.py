"""Standings and the player page: right numbers, and a fixed number of queries."""

import datetime

import pytest

from play.checkins import night_check_in
from play.hands import hand_record
from play.models import Game
from play.night_opening import night_open
from play.night_reads import night_overview
from play.night_seating import night_seat
from play.score_sheets import game_sheet
from standings.players import player_profile
from standings.standings import night_standings, season_standings
from tests.factories import players_of
from tests.play.conftest import made_hand, play_out

pytestmark = pytest.mark.django_db


def club_night(club, director, scorer, count, date=datetime.date(2025, 3, 6)):
    """A seated night with ``count`` players; every game played out, north-south winning."""
    night = night_open(club=club, date=date, opened_by=director)
    night_check_in(night=night, players=players_of(club, count), by=director)
    night_seat(night=night, by=director, seed=count)
    for game in Game.objects.filter(night=night):
        hand_record(game=game, data=made_hand(bid=100, ns=60), entered_by=scorer)  # set
        play_out(game, scorer)
    return night


def test_the_night_ranks_the_winners_first_with_their_points(club, director, scorer):
    night = club_night(club, director, scorer, 4)
    game = Game.objects.get(night=night)
    north = game.seats.get(seat="north").player

    standings = night_standings(night=night)

    top = standings.players[0]
    assert top.won == 1
    assert top.points == -100 + 4 * 120
    assert standings.partnerships[0].won == 1
    assert north in standings.partnerships[0].players
    north_row = next(r for r in standings.players if r.players == (north,))
    assert (north_row.hands_declared, north_row.made, north_row.sets) == (4, 3, 1)


def test_the_season_adds_up_every_night_of_the_year(club, director, scorer):
    club_night(club, director, scorer, 4, datetime.date(2025, 3, 6))
    club_night(club, director, scorer, 4, datetime.date(2025, 3, 13))
    club_night(club, director, scorer, 4, datetime.date(2024, 3, 13))

    season = season_standings(club=club, year=2025)

    assert season.games == 2
    assert sum(row.won for row in season.players) == 4


def test_the_player_page_shows_bids_made_average_bid_sets_and_partners(club, director, scorer):
    night = club_night(club, director, scorer, 4)
    game = Game.objects.get(night=night)
    north = game.seats.get(seat="north").player
    south = game.seats.get(seat="south").player

    profile = player_profile(player=north)

    assert profile.games == 1 and profile.won == 1
    assert profile.hands_declared == 4 and profile.sets == 1
    assert profile.bids_made_percent == 75
    assert profile.average_bid == 115.0
    assert profile.partners == [(south, 1)]
    assert profile.history[0].partner == south


@pytest.mark.parametrize("count", [4, 13])
def test_each_page_runs_a_fixed_number_of_queries_whatever_the_club_size(
    club, director, scorer, count, django_assert_max_num_queries
):
    night = club_night(club, director, scorer, count)
    club_night(club, director, scorer, count, datetime.date(2025, 3, 13))
    player = night.check_ins.first().player
    game = Game.objects.filter(night=night).first()

    with django_assert_max_num_queries(6):
        overview = night_overview(night=night)
        [t.game for r in overview.rounds for t in r.tables]
    with django_assert_max_num_queries(3):
        night_standings(night=night)
    with django_assert_max_num_queries(3):
        season_standings(club=club, year=2025)
    with django_assert_max_num_queries(3):
        player_profile(player=player)
    with django_assert_max_num_queries(4):
        game_sheet(game=game)


def test_partners_tied_on_games_and_points_share_a_rank_on_the_night_and_its_projector(
    club, director, scorer, client
):
    night = club_night(club, director, scorer, 4)

    standings = night_standings(night=night)

    # Partners won and scored the same: 1, 1, 3, 3 (not 1, 2, 3, 4).
    assert [row.rank for row in standings.players] == [1, 1, 3, 3]
    assert [row.rank for row in standings.partnerships] == [1, 2]
    wall = client.get(f"/sessions/{night.pk}/standings/projector/").content.decode()
    ranks = [cell.split("<")[0] for cell in wall.split('<tr><td class="num">')[1:]]
    assert ranks == ["1", "1", "3", "3", "1", "2"]  # players, then the partnerships
    assert 'id="projector-partnerships"' in wall
