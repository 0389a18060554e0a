"""The director sees every table (point 5): ``/api/v1/sessions/{id}/tables/``
gives each table's game status, hands, totals, unconfirmed hands, seats as they are
now, and the night's sitting out, in a fixed number of queries."""

import datetime

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from play.checkins import night_check_in
from play.confirmations import hand_confirm
from play.hands import hand_record
from play.night_opening import night_open
from play.night_seating import night_seat
from rookclub.core.roles import SYSTEM
from tests.factories import players_of
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db
TODAY = datetime.date(2025, 3, 6)


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = "https://rook.example.org/"
    cache.clear()


@pytest.fixture
def director_api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


def seated(club, director, players, **options):
    night = night_open(club=club, date=TODAY, opened_by=director, options=options or None)
    night_check_in(night=night, players=players_of(club, players), by=director)
    night_seat(night=night, by=director, seed=5)
    return night


def rows(client, night):
    response = client.get(f"/api/v1/sessions/{night.pk}/tables/")
    assert response.status_code == 200, response.content
    return {row["number"]: row for row in response.json()}


def test_each_table_gives_its_progress_and_the_night_its_sit_outs(club, director, director_api):
    night = seated(club, director, 9)
    game = night.games.get(table_seating__table=1)
    first = hand_record(game=game, data=made_hand(bid=80, ns=100), entered_by=director)
    hand_record(game=game, data=made_hand(bid=80, ns=100), entered_by=director)
    hand_confirm(hand=first, by=SYSTEM)

    table = rows(director_api, night)

    one, two = table[1], table[2]
    assert one["status"] == "in_progress" and one["hands"] == 2 and one["unconfirmed"] == 1
    game.refresh_from_db()
    assert one["totals"] == {
        "north_south": game.totals["north_south"],
        "east_west": game.totals["east_west"],
    }
    assert two["hands"] == 0 and two["unconfirmed"] == 0 and two["totals"]["north_south"] == 0
    assert {"number", "game", "players", "key", "url"} <= set(one)  # kept as before
    assert len(one["sitting_out"]) == 1 and one["sitting_out"] == two["sitting_out"]


def test_the_seats_are_those_after_an_exchange(club, director, director_api):
    night = seated(club, director, 4, partner_rotation="individual")
    game = night.games.get()
    for _ in range(4):
        hand_record(game=game, data=made_hand(), entered_by=director)
    game.refresh_from_db()

    row = rows(director_api, night)[1]

    now = {seat: p["id"] for seat, p in row["seats"].items()}
    assert now == game.state["seats"]
    assert now != {seat: p["id"] for seat, p in row["players"].items()}


def test_a_finished_game_says_so(club, director, director_api):
    from tests.play.conftest import play_out

    night = seated(club, director, 4)
    play_out(night.games.get(), director)

    assert rows(director_api, night)[1]["status"] == "finished"


@pytest.mark.parametrize("tables", [3, 12])
def test_the_listing_takes_the_same_queries_for_3_or_12_tables(
    club, director, director_api, tables, django_assert_max_num_queries
):
    night = seated(club, director, 4 * tables)
    for game in night.games.all():
        hand_record(game=game, data=made_hand(), entered_by=director)
    rows(director_api, night)  # links made on first sight

    with django_assert_max_num_queries(8):
        assert len(rows(director_api, night)) == tables
