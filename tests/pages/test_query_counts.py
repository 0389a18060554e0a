"""Every club-night page runs a fixed number of queries whatever the club's size:
each is counted for a small club and for one with twice the players, nights and hands."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play import checkins, night_opening, night_seating
from play.hands import hand_record
from play.models import Game
from tests.factories import ClubFactory, director_of, players_of, scorer_of
from tests.pages.conftest import hand_body

pytestmark = pytest.mark.django_db

HANDS = [
    hand_body("north", 80, "red", 85),
    hand_body("east", 75, "green", 40),
    hand_body("south", 70, "black", 50),
    hand_body("west", 80, "yellow", 30),
]
# Generous ceilings; the real guard is that both sizes run the same number. The player
# page asks once whether the viewer is a member (its CSV is members-only); the
# night page shows each table's progress, the door link and the players phones hold at
# the door: 18 today.
MAX_QUERIES = {"night": 12, "season": 12, "player": 13, "session": 19, "game": 16}


def club_of(size: int):
    """A club of ``4 * size`` players who played ``size`` nights, four hands a table."""
    club = ClubFactory()
    director = director_of(club)
    scorer = scorer_of(club)
    players = players_of(club, 4 * size)
    for week in range(size):
        night = night_opening.night_open(
            club=club,
            date=datetime.date(2025, 3, 6) + datetime.timedelta(days=7 * week),
            opened_by=director,
        )
        checkins.night_check_in(night=night, players=players, by=director)
        night_seating.night_seat(night=night, by=director, seed=week)
        for game in Game.objects.filter(night=night):
            for hand in HANDS[: 2 + week % 3]:
                hand_record(game=game, data=hand, entered_by=scorer)
    return club, director, night, players


def pages(club, night, players):
    game = Game.objects.filter(night=night).first()
    return {
        "night": f"/sessions/{night.pk}/standings/",
        "season": f"/clubs/{club.slug}/standings/?year=2025",
        "player": f"/players/{players[0].pk}/",
        "session": f"/sessions/{night.pk}/",
        "game": f"/games/{game.pk}/",
    }


def count_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


def test_every_page_runs_as_many_queries_for_a_big_club_as_for_a_small_one(
    client, django_assert_max_num_queries
):
    counts: dict[str, list[int]] = {page: [] for page in MAX_QUERIES}
    for size in (2, 4):
        club, director, night, players = club_of(size)
        client.force_login(director)  # the director sees the most: every form and button
        for page, url in pages(club, night, players).items():
            with django_assert_max_num_queries(MAX_QUERIES[page]):
                counts[page].append(count_queries(client, url))
    grows = {page: n for page, n in counts.items() if n[0] != n[1]}
    assert not grows, f"queries for 8 and 16 players: {grows}"
