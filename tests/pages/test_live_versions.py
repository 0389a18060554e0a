"""Live fragments at a hosted service's scale: the version is read once per poll,
visitors without a session share one rendering per (page, version), and each page's
version reads only what it shows."""

import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.test import RequestFactory

from play.confirmations import hand_confirm
from play.hands import hand_record
from play.live import night_standings_version, night_tables_version
from play.models import Game
from play.night_seating import night_seat
from rookclub.core.live import live_fragment
from tests.play.conftest import made_hand
from tests.play.test_nights import open_night

pytestmark = pytest.mark.django_db

PAGES = ["", "standings/", "standings/projector/"]


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def night(club, director):
    night = open_night(club, director, 9)
    night_seat(night=night, by=director, seed=1)
    return night


def test_the_version_is_one_query_and_none_for_a_missing_night(
    night, director, django_assert_num_queries
):
    with django_assert_num_queries(1):
        first = night_tables_version(night.pk, director)

    assert first is not None and night_tables_version(night.pk, director) == first
    assert night_tables_version(night.pk + 1000, director) is None


def test_a_changed_poll_reads_the_version_once():
    reads = []

    def version():
        reads.append(1)
        return (len(reads),)

    request = RequestFactory().get("/x/?live=1", HTTP_IF_NONE_MATCH='"stale"')
    response = live_fragment(request, version, lambda: HttpResponse("fragment"))

    assert response.status_code == 200 and len(reads) == 1


@pytest.mark.parametrize("page", PAGES)
def test_a_second_anonymous_viewer_gets_the_same_bytes_without_a_rendering(
    client, night, page, django_assert_num_queries
):
    from django.test import Client

    url = f"/sessions/{night.pk}/{page}?live=1"
    first = client.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200

    with django_assert_num_queries(0):  # the night's stamp, from the cache; nothing rendered
        second = Client().get(url, HTTP_HX_REQUEST="true")

    assert second.status_code == 200
    assert second.content == first.content and second["ETag"] == first["ETag"]
    assert "public" in second["Cache-Control"]


def test_a_change_is_rendered_again_for_anonymous_viewers(client, night, scorer):
    url = f"/sessions/{night.pk}/?live=1"
    before = client.get(url)
    hand_record(game=Game.objects.filter(night=night).first(), data=made_hand(), entered_by=scorer)

    after = client.get(url)

    assert after["ETag"] != before["ETag"] and after.content != before.content


def test_a_director_never_gets_the_anonymous_fragment(client, night, director):
    url = f"/sessions/{night.pk}/?live=1"
    anonymous = client.get(url)
    client.force_login(director)

    mine = client.get(url)

    assert mine.content != anonymous.content
    assert "private" in mine["Cache-Control"] and "public" not in mine["Cache-Control"]


def test_confirming_a_hand_leaves_the_night_standings_alone(client, night, scorer, director):
    game = Game.objects.filter(night=night).first()
    hand = hand_record(game=game, data=made_hand(), entered_by=scorer)
    url = f"/sessions/{night.pk}/standings/?live=1"
    etag = client.get(url)["ETag"]

    hand_confirm(hand=hand, by=director)

    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_confirming_a_hand_shows_on_the_night_page(client, night, scorer, director):
    # Each table says how many hands wait for the other side's confirmation.
    game = Game.objects.filter(night=night).first()
    hand = hand_record(game=game, data=made_hand(), entered_by=scorer)
    url = f"/sessions/{night.pk}/?live=1"
    before = client.get(url)
    assert "1 hand waiting for confirmation" in before.content.decode()

    hand_confirm(hand=hand, by=director)

    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert "0 hands waiting for confirmation" in after.content.decode()


def test_a_replaced_table_link_leaves_the_standings_alone(night, director):
    from play.models import TableLink
    from play.table_links import link_replace, links_for

    links_for(club=night.club, kind=TableLink.Kind.NIGHT, numbers=[1], night=night)
    standings = night_standings_version(night.pk, None)
    tables = night_tables_version(night.pk, None)
    link_replace(club=night.club, kind=TableLink.Kind.NIGHT, number=1, by=director, night=night)

    assert night_standings_version(night.pk, None) == standings
    assert night_tables_version(night.pk, None) != tables


def test_a_made_up_query_string_is_rendered_not_stored(
    client, night, django_assert_max_num_queries
):
    from django.test import Client

    url = f"/sessions/{night.pk}/?live=1&anything=1"
    client.get(url)

    with django_assert_max_num_queries(99) as again:
        assert Client().get(url).status_code == 200

    assert len(again.captured_queries) > 1  # rendered again: nothing was kept


def test_a_cache_that_cannot_answer_still_gives_the_fragment(client, night, cache_down, caplog):
    response = client.get(f"/sessions/{night.pk}/?live=1")

    assert response.status_code == 200 and b"<html" not in response.content
    assert cache_down in caplog.text  # Redis was asked, and refused


@pytest.mark.parametrize(
    "path", ["/sessions/{}/?live=1", "/sessions/{}/standings/?live=1", "/tournaments/{}/?live=1"]
)
def test_a_poll_for_an_id_past_the_columns_range_is_not_found(client, path):
    # The version query runs before any other lookup: an id no column can hold is no
    # page (404), not SQLite's OverflowError (500).
    assert client.get(path.format(2**63)).status_code == 404
