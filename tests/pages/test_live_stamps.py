"""An unchanged poll of a night's live pages is answered from the night's stamp in the
cache: no query for a visitor without a session, only the session and the user for a
signed-in one; anything the page shows that is written gives the next poll a new answer."""

import pytest
from django.core.cache import cache
from django.test import Client

from play.confirmations import hand_confirm
from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Game
from play.night_seating import night_seat
from rookclub.clubs.models import Membership
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


def _game(night):
    return Game.objects.filter(night=night).order_by("pk").first()


@pytest.mark.parametrize("page", PAGES)
def test_an_unchanged_poll_without_a_session_asks_no_database(
    night, page, django_assert_max_num_queries
):
    url = f"/sessions/{night.pk}/{page}?live=1"
    etag = Client().get(url, HTTP_HX_REQUEST="true")["ETag"]

    with django_assert_max_num_queries(0):
        again = Client().get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 304


@pytest.mark.parametrize("page", PAGES)
def test_an_unchanged_poll_of_a_director_reads_only_the_session_and_the_user(
    client, night, director, page, django_assert_max_num_queries
):
    client.force_login(director)
    url = f"/sessions/{night.pk}/{page}?live=1"
    etag = client.get(url, HTTP_HX_REQUEST="true")["ETag"]

    with django_assert_max_num_queries(2):  # the session (from the database here) and her
        again = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 304


@pytest.mark.parametrize("page", PAGES)
def test_a_hand_recorded_changes_every_page(client, night, director, scorer, page):
    url = f"/sessions/{night.pk}/{page}?live=1"
    client.force_login(director)
    mine = client.get(url)
    anonymous = Client().get(url)

    hand_record(game=_game(night), data=made_hand(), entered_by=scorer)

    assert client.get(url, HTTP_IF_NONE_MATCH=mine["ETag"]).status_code == 200
    after = Client().get(url, HTTP_IF_NONE_MATCH=anonymous["ETag"])
    assert after.status_code == 200 and after.content != anonymous.content


def test_a_hand_corrected_changes_the_standings(night, director, scorer):
    url = f"/sessions/{night.pk}/standings/?live=1"
    hand = hand_record(game=_game(night), data=made_hand(), entered_by=scorer)
    before = Client().get(url)

    hand_correct(hand=hand, data=made_hand(bid=100), by=director, reason="Bid misheard")

    after = Client().get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after.content != before.content


def test_a_confirmation_through_a_table_link_changes_the_night_page(night):
    from play.permissions import TableActor
    from play.table_links import links_for, resolve

    link = links_for(club=night.club, kind="night", numbers=[1], night=night)[1]
    game = resolve(link.key).game
    hand = hand_record(
        game=game, data=made_hand(), entered_by=TableActor(link, game.pk, "north_south")
    )
    url = f"/sessions/{night.pk}/?live=1"
    before = Client().get(url)

    hand_confirm(hand=hand, by=TableActor(link, game.pk, "east_west"))

    assert Client().get(url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 200


def test_a_new_role_changes_what_its_holder_is_answered(client, night, director, scorer):
    client.force_login(scorer)
    url = f"/sessions/{night.pk}/?live=1"
    etag = client.get(url)["ETag"]

    membership = Membership.objects.get(user=scorer, club=night.club)
    membership.role = Membership.Role.DIRECTOR
    membership.save()

    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_two_people_never_share_an_etag(client, night, director, scorer):
    url = f"/sessions/{night.pk}/?live=1"
    client.force_login(director)
    theirs = Client()
    theirs.force_login(scorer)

    assert client.get(url)["ETag"] != theirs.get(url)["ETag"] != Client().get(url)["ETag"]


def test_a_night_that_is_gone_is_not_found(club, director):
    unseated = open_night(club, director, 4)
    url = f"/sessions/{unseated.pk}/standings/?live=1"
    assert Client().get(url).status_code == 200

    unseated.delete()

    assert Client().get(url).status_code == 404


def test_members_watching_the_standings_share_one_rendering_per_version(
    night, director, scorer, django_assert_max_num_queries
):
    url = f"/sessions/{night.pk}/standings/?live=1"
    hers, his = Client(), Client()
    hers.force_login(director)
    his.force_login(scorer)
    first = hers.get(url, HTTP_HX_REQUEST="true")

    # The session, the user, the night and his role: the standings are not read again.
    with django_assert_max_num_queries(4):
        second = his.get(url, HTTP_HX_REQUEST="true")

    assert second.status_code == 200 and second.content == first.content
    assert second["ETag"] != first["ETag"] and "private" in second["Cache-Control"]


def test_a_signed_in_stranger_is_not_given_a_members_rendering(
    night, director, scorer, django_user_model
):
    hand_record(game=_game(night), data=made_hand(), entered_by=scorer)
    url = f"/sessions/{night.pk}/standings/?live=1"
    member, stranger = Client(), Client()
    member.force_login(director)
    stranger.force_login(django_user_model.objects.create_user("stray"))

    assert b"/players/" in member.get(url).content
    assert b"/players/" not in stranger.get(url).content


def test_the_projector_shows_the_standings_the_phones_added_up(
    night, scorer, django_assert_max_num_queries
):
    hand_record(game=_game(night), data=made_hand(), entered_by=scorer)
    phones = Client().get(f"/sessions/{night.pk}/standings/?live=1", HTTP_HX_REQUEST="true")

    with django_assert_max_num_queries(0):  # its standings are not added up again
        wall = Client().get(
            f"/sessions/{night.pk}/standings/projector/?live=1", HTTP_HX_REQUEST="true"
        )

    assert phones.status_code == wall.status_code == 200
    assert "Player" in wall.content.decode()


def test_a_cache_that_cannot_answer_reads_the_version_from_the_database(
    night, scorer, cache_down, caplog
):
    url = f"/sessions/{night.pk}/standings/?live=1"
    before = Client().get(url)
    assert cache_down in caplog.text  # Redis was asked, and refused
    assert Client().get(url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304

    hand_record(game=_game(night), data=made_hand(), entered_by=scorer)

    assert Client().get(url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 200
