"""``GET /api/v1/players/{id}/stats/?year=``: the season's figures for a
member of the player's club, CSV with ``?format=csv``, 400 with a sentence for a bad
year, 404 for another club's player; the profile keeps its fields; both cost a fixed
number of queries whatever the history."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from play.hands import hand_record
from play.night_opening import night_open
from play.services import game_start
from rookclub.core.roles import SYSTEM
from tests.factories import ClubFactory, director_of, member_of, players_of
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db

SEATS = ("north", "east", "south", "west")


def games(club, director, players, count, year=2025):
    """``count`` games of the same four, one a night from 1 March ``year``, north bidding
    80 and making it with 85 in each."""
    for n in range(count):
        day = datetime.date(year, 3, 1) + datetime.timedelta(days=n)
        night = night_open(club=club, opened_by=director, date=day)
        game = game_start(
            seats=dict(zip(SEATS, players, strict=True)), night=night, created_by=SYSTEM
        )
        hand_record(game=game, data=made_hand(bid=80, ns=85), entered_by=director)


@pytest.fixture
def api(member):
    client = APIClient()
    client.force_authenticate(member)
    return client


@pytest.fixture
def four(club):
    return players_of(club, 4)


def test_a_member_reads_a_players_season(api, club, director, four):
    games(club, director, four, 2)
    games(club, director, four, 1, year=2024)

    body = api.get(f"/api/v1/players/{four[0].pk}/stats/?year=2025").json()

    assert body["season"] == 2025 and body["seasons"] == [2025, 2024]
    assert (body["games"], body["won"], body["lost"], body["unfinished"]) == (2, 0, 0, 2)
    assert (body["bids_taken"], body["bids_made"], body["bids_made_percent"]) == (2, 2, 100)
    assert body["average_bid"] == 80.0 and body["average_counters_as_bidder"] == 85.0
    assert body["points"] == 170 and body["sets"] == 0
    partner = {
        "player": four[2].pk,
        "name": four[2].name,
        "games": 2,
        "won": 0,
        "lost": 0,
        "unfinished": 2,
        "win_percent": None,
    }
    assert body["partners"] == [partner]
    assert {r["player"] for r in body["opponents"]} == {four[1].pk, four[3].pk}
    east = api.get(f"/api/v1/players/{four[1].pk}/stats/?year=2025").json()
    assert (east["hands_defended"], east["average_counters_as_defender"]) == (2, 35.0)


def test_without_a_year_it_is_this_season(api, club, four):
    game = game_start(seats=dict(zip(SEATS, four, strict=True)), created_by=SYSTEM)
    hand_record(game=game, data=made_hand(), entered_by=SYSTEM)

    body = api.get(f"/api/v1/players/{four[0].pk}/stats/").json()

    assert body["season"] == timezone.localdate().year and body["games"] == 1


@pytest.mark.parametrize("year", ["abc", "1899", "3000", "2025.5", "²"])
def test_a_bad_year_is_a_400_with_a_sentence(api, four, year):
    response = api.get(f"/api/v1/players/{four[0].pk}/stats/", {"year": year})

    assert response.status_code == 400
    assert response.json()["year"] == ["Give a whole number from 1900 to 2999."]


def test_a_bad_year_is_json_even_when_csv_was_asked_for(api, four):
    response = api.get(f"/api/v1/players/{four[0].pk}/stats/?year=x&format=csv")

    assert response.status_code == 400 and "year" in response.json()


def test_another_clubs_player_is_a_404_as_an_unknown_one(api, db):
    other = players_of(ClubFactory(), 1)[0]

    assert api.get(f"/api/v1/players/{other.pk}/stats/").status_code == 404
    assert api.get(f"/api/v1/players/{other.pk}/stats/?format=csv").status_code == 404
    assert api.get("/api/v1/players/987654/stats/").status_code == 404


def test_anonymous_is_refused(four):
    assert APIClient().get(f"/api/v1/players/{four[0].pk}/stats/").status_code in (401, 403)


def test_the_csv_is_the_same_figures(api, club, director, four):
    games(club, director, four, 2)

    response = api.get(f"/api/v1/players/{four[0].pk}/stats/?year=2025&format=csv")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert f'filename="player-{four[0].pk}-stats-2025.csv"' in response["Content-Disposition"]
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeffplayer,season,stat,value")
    assert f"{four[0].name},2025,games,2" in text
    assert f"partner,{four[2].name},2,0,0,2" in text


def test_the_profile_of_a_player_in_a_game_for_three_has_no_partner(api, club):
    three = players_of(club, 3)
    game_start(
        ruleset="three-player-2011",
        created_by=SYSTEM,
        seats={"seat1": three[0], "seat2": three[1], "seat3": three[2]},
    )

    body = api.get(f"/api/v1/players/{three[0].pk}/profile/").json()

    assert body["history"][0]["partner"] is None and body["partners"] == []


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_stats_and_profile_cost_the_same_queries_for_3_and_40_games(db):
    counts = []
    for size in (3, 40):
        club = ClubFactory()
        director = director_of(club)
        four = players_of(club, 4)
        games(club, director, four, size)
        client = APIClient()
        client.force_authenticate(member_of(club))
        counts.append(
            (
                queries(client, f"/api/v1/players/{four[0].pk}/stats/?year=2025"),
                queries(client, f"/api/v1/players/{four[0].pk}/stats/?year=2025&format=csv"),
                queries(client, f"/api/v1/players/{four[0].pk}/profile/"),
            )
        )
    assert counts[0] == counts[1], counts
    assert counts[0][0] <= 8
