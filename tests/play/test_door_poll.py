"""A door phone's poll of its seat (``/n/<key>/?live=1``) is answered from the night's
stamps: unchanged, a 304 after finding the night and the phone's player, the seat not
read; a seating shows at the next poll; and the seat is the phone's own, never kept by
a proxy for another phone polling the same address."""

import datetime

import pytest
from django.test import Client

from play.checkins import night_check_in
from play.night_opening import night_open
from play.night_seating import night_seat
from tests.factories import players_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_door_cache")]

#: The night by its door key, and the player this phone checked in.
UNCHANGED_POLL_QUERIES = 2


@pytest.fixture
def night(club, director):
    return night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)


@pytest.fixture
def roster(club):
    return players_of(club, 8)


def _phone(night, player):
    phone = Client()
    assert phone.post(f"/n/{night.door_key}/", {"player": player.pk}).status_code == 302
    return phone


def test_an_unchanged_seat_is_a_304_without_reading_it(
    night, roster, director, django_assert_max_num_queries
):
    phone = _phone(night, roster[0])
    night_check_in(night=night, players=roster[1:8], by=director)
    night_seat(night=night, by=director, seed=5)
    url = f"/n/{night.door_key}/?live=1"
    first = phone.get(url)
    assert first.status_code == 200 and "Table" in first.content.decode()

    with django_assert_max_num_queries(UNCHANGED_POLL_QUERIES):
        again = phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 304


def test_a_seating_shows_at_the_next_poll(night, roster, director):
    phone = _phone(night, roster[0])
    url = f"/n/{night.door_key}/?live=1"
    waiting = phone.get(url)
    night_check_in(night=night, players=roster[1:8], by=director)

    night_seat(night=night, by=director, seed=5)
    seated = phone.get(url, HTTP_IF_NONE_MATCH=waiting["ETag"])

    assert seated.status_code == 200
    assert "Table" in seated.content.decode()
    assert seated.content != waiting.content


def test_a_seat_is_answered_for_that_phone_alone(night, roster, director):
    phone = _phone(night, roster[0])
    night_check_in(night=night, players=roster[1:8], by=director)
    night_seat(night=night, by=director, seed=5)

    answer = phone.get(f"/n/{night.door_key}/?live=1")

    assert answer.status_code == 200
    cache_control = answer["Cache-Control"]
    assert "private" in cache_control and "public" not in cache_control
    assert "s-maxage" not in cache_control


def test_a_phone_checked_out_meanwhile_goes_back_to_the_list(night, roster, director):
    from play.checkins import night_check_in_undo

    phone = _phone(night, roster[0])
    url = f"/n/{night.door_key}/?live=1"
    first = phone.get(url)

    night_check_in_undo(night=night, player=roster[0], by=director)
    after = phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    assert after.status_code == 200 and after["HX-Refresh"] == "true"
