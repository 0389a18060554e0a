"""Night and season standings, and the player page, for games scored by player
(part 2): wins go to the winning player, points are each player's own, and
partners that change (or do not exist) make no partnership rows."""

import datetime

import pytest

from play.checkins import night_check_in
from play.hands import hand_record
from play.models import Game
from play.night_opening import night_open
from play.night_seating import night_seat
from standings.players import player_profile
from standings.standings import night_standings, season_standings
from tests.factories import players_of
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db


def beginner_night(club, director, scorer):
    """A Beginner night, one table: north takes 10 of the 24 counters each hand and reaches
    40 on the fourth (seed 001: "The first player to reach 40 points wins")."""
    night = night_open(
        club=club, date=datetime.date(2025, 3, 6), opened_by=director, ruleset="beginner"
    )
    night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seat(night=night, by=director, seed=1)
    game = Game.objects.get(night=night)
    for _ in range(4):
        counters = {"north": 10, "east": 6, "south": 4, "west": 4}
        hand_record(game=game, data={"trump": "red", "counters": counters}, entered_by=scorer)
    game.refresh_from_db()
    return night, game


def test_the_night_gives_a_beginner_win_to_the_winning_player(club, director, scorer):
    night, game = beginner_night(club, director, scorer)
    seats = {s.seat: s.player for s in game.seats.all()}

    standings = night_standings(night=night)

    assert game.is_finished and game.winners == [seats["north"].pk]
    by_player = {row.players[0].pk: row for row in standings.players}
    assert by_player[seats["north"].pk].won == 1
    assert by_player[seats["north"].pk].points == 40
    assert by_player[seats["east"].pk].points == 24
    assert by_player[seats["south"].pk].won == 0  # north's partner in a partnership game
    assert standings.players[0].players[0] == seats["north"]
    assert standings.partnerships == []  # nobody had a partner


def test_the_season_counts_beginner_wins_by_player(club, director, scorer):
    _, game = beginner_night(club, director, scorer)
    north = game.seats.get(seat="north").player

    season = season_standings(club=club, year=2025)

    assert season.players[0].players == (north,)
    assert season.players[0].won == 1 and season.players[0].points == 40


def test_individual_scoring_makes_no_partnership_rows_and_wins_by_player(club, director, scorer):
    """Seed 001, individual scoring: partners change every four hands, so the night ranks
    players only; the highest total after 12 hands wins."""
    night = night_open(
        club=club,
        date=datetime.date(2025, 3, 6),
        opened_by=director,
        ruleset="tournament-individual",
    )
    night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seat(night=night, by=director, seed=1)
    game = Game.objects.get(night=night)
    for _ in range(12):
        hand_record(game=game, data=made_hand(bid=80, ns=90), entered_by=scorer)
    game.refresh_from_db()
    north = game.seats.get(seat="north").player

    standings = night_standings(night=night)

    assert game.winners == [north.pk]
    assert standings.partnerships == []
    assert [row.won for row in standings.players] == [1, 0, 0, 0]
    assert standings.players[0].players == (north,)
    assert standings.players[0].points == 12 * 90
    assert player_profile(player=north).won == 1


def test_the_nights_page_shows_each_players_total_at_a_beginner_table(
    client, club, director, scorer
):
    night, game = beginner_night(club, director, scorer)
    seats = {s.seat: s.player for s in game.seats.all()}
    client.force_login(director)

    html = client.get(f"/sessions/{night.pk}/").content.decode()

    assert f"{seats['north'].name} 40" in html
    assert f"{seats['east'].name} 24" in html
    assert "NS 0 · EW 0" not in html
