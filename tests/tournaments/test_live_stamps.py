"""A tournament's live pages are answered from its stamps in the cache: an unchanged
poll asks no database; every kind of write the pages show (a round paired in bulk, a
result, a hand at a tournament table's game, an entry, a role) gives the next poll a
new answer; with the cache down the version is the aggregate query again."""

import pytest
from django.core.cache import cache
from django.test import Client

from play.hands import hand_record
from play.models import Game
from rookclub.clubs.models import Membership
from tests.factories import UserFactory
from tests.play.conftest import made_hand
from tests.tournaments.conftest import make_event, play_round
from tournaments.entries import entry_add
from tournaments.rounds import round_pair_next

pytestmark = pytest.mark.django_db

PAGES = ["standings/", "rounds/", "standings/projector/", "rounds/projector/"]


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _first(url):
    first = Client().get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200
    return first


def _changed(url, first) -> bool:
    again = Client().get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    return again.status_code == 200 and again["ETag"] != first["ETag"]


@pytest.mark.parametrize("page", PAGES)
def test_an_unchanged_poll_asks_no_database(club, director, page, django_assert_max_num_queries):
    event = make_event(club, director, "swiss", 6, rounds=3)
    url = f"/tournaments/{event.pk}/{page}?live=1"
    first = _first(url)

    with django_assert_max_num_queries(0):
        again = Client().get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 304


@pytest.mark.parametrize("page", PAGES)
def test_a_result_and_the_next_round_paired_show(club, director, page):
    event = make_event(club, director, "swiss", 6, rounds=3)
    url = f"/tournaments/{event.pk}/{page}?live=1"
    first = _first(url)

    play_round(event, director)
    assert _changed(url, first)

    second = _first(url)
    round_pair_next(tournament=event, by=director)  # its matches made in bulk
    assert _changed(url, second)


def test_a_hand_at_a_tournament_tables_game_shows(club, director):
    event = make_event(club, director, "swiss", 4, options={"start_games": True})
    url = f"/tournaments/{event.pk}/rounds/?live=1"
    first = _first(url)
    game = Game.objects.filter(night__isnull=True, club=club).order_by("pk").first()
    assert game is not None

    hand_record(game=game, data=made_hand(), entered_by=director)

    assert _changed(url, first)


def test_an_entry_added_before_the_start_shows(club, director):
    from tests.factories import players_of

    event = make_event(club, director, "swiss", 4, start=False)
    url = f"/tournaments/{event.pk}/standings/?live=1"
    first = _first(url)

    entry_add(tournament=event, players=players_of(club, 2), name="Late pair", seed=5, by=director)

    assert _changed(url, first)


def test_a_role_given_shows_to_its_holder(client, club, director):
    event = make_event(club, director, "swiss", 4)
    member = UserFactory()
    client.force_login(member)
    url = f"/tournaments/{event.pk}/rounds/?live=1"
    first = client.get(url)

    Membership.objects.create(club=club, user=member, role=Membership.Role.DIRECTOR)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 200


def test_a_missing_tournament_is_a_404(client):
    assert client.get("/tournaments/999999/rounds/?live=1").status_code == 404


def test_a_cache_that_cannot_answer_reads_the_version_from_the_database(club, director, settings):
    event = make_event(club, director, "swiss", 6, rounds=3)
    settings.CACHES = {
        "default": {
            # Nothing listens there: every call fails, answered as a miss.
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.5},
        }
    }
    url = f"/tournaments/{event.pk}/standings/?live=1"
    first = _first(url)

    unchanged = Client().get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    play_round(event, director)

    assert unchanged.status_code == 304
    assert _changed(url, first)
