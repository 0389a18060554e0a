"""A partnership's row in the standings counts the nights the two played together,
as a player's row counts theirs (it used to say 0 for every partnership)."""

import datetime

import pytest

from play.night_opening import night_open
from play.services import game_start
from tests.factories import players_of
from tests.play.conftest import play_out

pytestmark = pytest.mark.django_db


def night_on(club, director, day):
    return night_open(club=club, date=datetime.date(2025, 3, day), opened_by=director)


def partnership(body, players):
    ids = sorted(p.pk for p in players)
    return next(r for r in body["partnerships"] if sorted(r["players"]) == ids)


def test_the_standings_api_counts_a_partnerships_nights(club, director, scorer, director_api):
    ann, bob, cal, dee, eve, fay = players_of(club, 6)
    first, second, third = (night_on(club, director, day) for day in (4, 11, 18))

    def played(night, north, south, east, west):
        seats = {"north": north, "south": south, "east": east, "west": west}
        game = game_start(ruleset="tournament", seats=seats, night=night, created_by=director)
        play_out(game, scorer)

    played(first, ann, bob, cal, dee)
    played(first, ann, bob, eve, fay)  # a second game the same night: still one night
    played(second, cal, dee, ann, bob)  # ann & bob sit east-west: the same partnership
    played(third, ann, cal, bob, dee)  # ann and bob apart: not a night of theirs
    played(None, ann, bob, eve, fay)  # outside any night: not in the season's standings

    season = director_api.get(f"/api/v1/clubs/{club.pk}/standings/").json()
    assert partnership(season, [ann, bob])["nights"] == 2
    assert partnership(season, [ann, bob])["games"] == 3
    assert partnership(season, [cal, dee])["nights"] == 2
    assert partnership(season, [eve, fay])["nights"] == 1
    assert partnership(season, [ann, cal])["nights"] == 1

    night = director_api.get(f"/api/v1/sessions/{first.pk}/standings/").json()
    assert partnership(night, [ann, bob])["nights"] == 1
    assert partnership(night, [ann, bob])["games"] == 2
