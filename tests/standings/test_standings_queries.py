"""Season and night standings (API and pages) take the same few queries for a club of
2 nights as for one of 30: the database adds them up, nothing is loaded per game."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from play.checkins import night_check_in
from play.hands import hand_record
from play.models import Game
from play.night_opening import night_open
from play.night_seating import night_seat
from standings.standings import night_standings, season_standings
from tests.factories import players_of
from tests.play.conftest import made_hand, play_out

pytestmark = pytest.mark.django_db


def history(club, director, scorer, nights, first_week=0):
    """``nights`` weekly nights of 8 players (two tables): one game played out per table,
    a second left unfinished."""
    players = players_of(club, 8)
    for n in range(nights):
        night = night_open(
            club=club,
            date=datetime.date(2025, 1, 2) + datetime.timedelta(weeks=first_week + n),
            opened_by=director,
        )
        night_check_in(night=night, players=players, by=director)
        night_seat(night=night, by=director, seed=n)
        for game in Game.objects.filter(night=night):
            hand_record(game=game, data=made_hand(bid=100, ns=60), entered_by=scorer)
            play_out(game, scorer)
    return night


def counts(client, api, club, night):
    urls = {
        "season api": (api, f"/api/v1/clubs/{club.pk}/standings/"),
        "season api, one year": (api, f"/api/v1/clubs/{club.pk}/standings/?year=2025"),
        "season page": (client, f"/clubs/{club.slug}/standings/?year=2025"),
        "night api": (api, f"/api/v1/sessions/{night.pk}/standings/"),
        "night page": (client, f"/sessions/{night.pk}/standings/"),
    }
    out = {}
    for name, (who, url) in urls.items():
        with CaptureQueriesContext(connection) as queries:
            assert who.get(url).status_code == 200
        # The page's own queries: with Redis, a session is read from the cache and only
        # falls back to the database on a miss (a slow Redis on a loaded machine), which
        # is not the page's work and does not grow with the club.
        out[name] = sum("django_session" not in q["sql"] for q in queries)
    return out


@pytest.fixture
def api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


@pytest.mark.parametrize("nights", [2, 30])
def test_standings_take_a_fixed_number_of_queries(
    club, director, scorer, client, api, nights, django_assert_max_num_queries
):
    night = history(club, director, scorer, nights)
    client.force_login(director)

    with django_assert_max_num_queries(3):
        season = season_standings(club=club)
    with django_assert_max_num_queries(3):
        night_standings(night=night)
    assert season.games == 2 * nights and len(season.players) == 8
    assert max(row.night_count for row in season.players) == nights

    small = counts(client, api, club, night)  # the same club: only the size may not matter
    assert all(n <= 12 for n in small.values()), small


def test_two_nights_and_thirty_take_the_same_queries(club, director, scorer, client, api):
    client.force_login(director)
    first = history(club, director, scorer, 2)
    small = counts(client, api, club, first)
    last = history(club, director, scorer, 28, first_week=2)
    assert counts(client, api, club, last) == small
