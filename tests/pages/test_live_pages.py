"""Pages that update themselves: each live fragment carries an ETag, and
polling it unchanged costs a 304 and no query (a night's and a tournament's version
are kept in the cache); any change shows."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client

from play.hands import hand_record
from play.models import Game
from play.night_seating import night_seat
from tests.play.conftest import made_hand
from tests.play.test_nights import open_night
from tests.tournaments.conftest import make_event, play_round

pytestmark = pytest.mark.django_db


def asks_each_time(cache_control: str) -> bool:
    """A browser asks again at each poll (a shared proxy may keep a public answer for
    its s-maxage)."""
    said = {part.strip() for part in cache_control.split(",")}
    return "no-cache" in said or {"max-age=0", "must-revalidate"} <= said


def _poll(client, url, queries, django_assert_num_queries, **headers):
    first = client.get(url, **headers)
    assert first.status_code == 200, first.content[:300]
    assert first["ETag"] and asks_each_time(first["Cache-Control"])
    with django_assert_num_queries(queries):
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers)
    assert again.status_code == 304
    assert again.content == b""
    return first


@pytest.fixture
def night(club, director):
    night = open_night(club, director, 9)
    night_seat(night=night, by=director, seed=1)
    return night


@pytest.mark.parametrize("page", ["", "standings/"])
def test_an_unchanged_night_costs_no_query_and_a_304(
    client, night, scorer, page, django_assert_num_queries
):
    url = f"/sessions/{night.pk}/{page}?live=1"
    first = _poll(client, url, 0, django_assert_num_queries)
    hand_record(game=Game.objects.filter(night=night).first(), data=made_hand(), entered_by=scorer)

    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    assert changed.status_code == 200
    assert changed["ETag"] != first["ETag"]
    assert b"<html" not in changed.content  # just the fragment


def test_a_director_polling_the_night_costs_no_query_beyond_logging_in(
    client, night, director, django_assert_num_queries
):
    client.force_login(director)
    # The login costs the user's row, and the session's row unless sessions are read
    # from the cache first (cached_db on Redis, REDIS_URL set); the night's version is
    # in the cache.
    session_row = 0 if settings.SESSION_ENGINE.endswith("cached_db") else 1
    _poll(client, f"/sessions/{night.pk}/?live=1", 1 + session_row, django_assert_num_queries)


def test_two_viewers_never_share_a_version(client, night, director):
    anonymous = client.get(f"/sessions/{night.pk}/?live=1")["ETag"]
    client.force_login(director)
    assert client.get(f"/sessions/{night.pk}/?live=1")["ETag"] != anonymous


def test_a_check_in_undone_or_a_player_gone_shows(client, night, director):
    from play.checkins import night_check_in_undo
    from play.models import SitOut

    url = f"/sessions/{night.pk}/?live=1"
    before = client.get(url)["ETag"]
    out = SitOut.objects.get(round__night=night).player
    night_check_in_undo(night=night, player=out, by=director)
    assert client.get(url, HTTP_IF_NONE_MATCH=before).status_code == 200


@pytest.mark.parametrize(
    "page",
    ["standings/", "rounds/", "standings/projector/", "rounds/projector/"],
)
def test_an_unchanged_tournament_costs_no_query_and_a_304(
    client, club, director, page, django_assert_num_queries
):
    cache.clear()  # a stamp another test left under the same id
    event = make_event(club, director, "swiss", 6, rounds=3)
    url = f"/tournaments/{event.pk}/{page}?live=1"
    first = _poll(client, url, 0, django_assert_num_queries)
    play_round(event, director)

    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_a_missing_night_or_tournament_is_404_not_500(client):
    assert client.get("/sessions/999999/?live=1").status_code == 404
    assert client.get("/sessions/999999/standings/?live=1").status_code == 404
    assert client.get("/tournaments/999999/standings/?live=1").status_code == 404


def test_projector_pages_show_the_round_and_standings(client, club, director):
    event = make_event(club, director, "swiss", 6, rounds=3)
    pairings = client.get(f"/tournaments/{event.pk}/rounds/projector/").content.decode()
    standings = client.get(f"/tournaments/{event.pk}/standings/projector/").content.decode()

    assert "Round 1" in pairings and "North – South" in pairings
    assert pairings.count('class="table-no"') == 3
    assert "MP" in standings and "S-B" in standings
    assert standings.count("Entry ") >= 6


def test_every_live_page_polls_at_the_interval_set_when_it_is_asked(
    client, night, club, director, settings
):
    """``LIVE_POLL_SECONDS`` is read by each request, not when a module was imported."""
    settings.LIVE_POLL_SECONDS = 2
    event = make_event(club, director, "swiss", 6, rounds=3)
    visitor = Client()  # the rounds page polls for everyone but the tournament's director
    client.force_login(director)
    pages = [
        (visitor, f"/tournaments/{event.pk}/rounds/"),
        (client, f"/tournaments/{event.pk}/standings/"),
        (client, f"/tournaments/{event.pk}/standings/projector/"),
        (client, f"/tournaments/{event.pk}/rounds/projector/"),
        (client, f"/sessions/{night.pk}/"),
        (client, f"/sessions/{night.pk}/standings/"),
        (client, f"/sessions/{night.pk}/standings/projector/"),
    ]
    for who, url in pages:
        page = who.get(url)

        assert page.status_code == 200, url
        assert 'hx-trigger="every 2s' in page.content.decode(), url
