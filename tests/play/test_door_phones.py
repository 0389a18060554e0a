"""The door gives a phone only its own seat: the phone that checked a player in holds
them (its signed cookie) and alone is shown their table, while the night is open; no
other phone claims them without the director; the poster's key alone opens no table."""

import datetime

import pytest
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from play.checkins import night_check_in
from play.models import CheckIn, TableLink
from play.night_closing import night_close
from play.night_opening import night_open
from play.night_seating import night_seat
from tests.factories import players_of, scorer_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_door_cache")]
TODAY = datetime.date(2025, 3, 6)


@pytest.fixture
def roster(club):
    return players_of(club, 10)


@pytest.fixture
def night(club, director, roster):
    return night_open(club=club, date=TODAY, opened_by=director)


def door(night):
    return f"/api/v1/door/{night.door_key}/"


def check_in(phone, night, player):
    return phone.post(door(night) + "check-in/", {"player": player.pk}, format="json")


def seat(phone, night, player):
    return phone.get(door(night) + f"players/{player.pk}/")


def table_keys(night) -> list[str]:
    return list(TableLink.objects.filter(night=night).values_list("key", flat=True))


@pytest.fixture
def seated(night, roster, director):
    """Four players checked in by their own phones, four at the director's desk, the
    night seated at two tables; two players of the club not here."""
    phones = {p.pk: APIClient() for p in roster[:4]}
    for p in roster[:4]:
        assert check_in(phones[p.pk], night, p).status_code == 201
    night_check_in(night=night, players=roster[4:8], by=director)
    night_seat(night=night, by=director, seed=5)
    for p in roster[:4]:  # each phone sees its own table: the tables' links exist
        assert seat(phones[p.pk], night, p).json()["table_url"]
    return phones


def test_a_phone_with_only_the_door_link_claiming_every_player_finds_no_table_key(
    night, roster, seated
):
    answers: list[str] = []
    one_phone, page = APIClient(), Client()
    listed = one_phone.get(door(night)).json()["players"]
    assert {p["id"] for p in listed} == {p.pk for p in roster}
    for entry in listed:
        player = next(p for p in roster if p.pk == entry["id"])
        for phone in (one_phone, APIClient()):  # the same phone, and a fresh one each time
            answers.append(check_in(phone, night, player).content.decode())
            answers.append(seat(phone, night, player).content.decode())
        answers.append(page.post(f"/n/{night.door_key}/", {"player": player.pk}).content.decode())
        answers.append(page.get(f"/n/{night.door_key}/").content.decode())
        answers.append(page.get(f"/n/{night.door_key}/?live=1").content.decode())
    keys = table_keys(night)

    assert len(keys) == 2
    for text in answers:
        for key in keys:
            assert key not in text
    assert "/t/" not in "".join(answers)


def test_a_second_phone_cannot_claim_a_claimed_player(night, roster, seated):
    other = APIClient()

    response = check_in(other, night, roster[0])
    looked = seat(other, night, roster[0])
    page = Client().post(f"/n/{night.door_key}/", {"player": roster[0].pk})

    assert response.status_code == 409 and response.json()["code"] == "claimed"
    assert "already checked in on another phone" in response.json()["detail"][0]
    assert looked.status_code == 404
    assert page.status_code == 409 and "already checked in on another phone" in page.text
    assert seat(seated[roster[0].pk], night, roster[0]).json()["table_url"]


def test_a_player_checked_in_at_the_desk_is_claimed_by_no_phone(night, roster, seated):
    response = check_in(APIClient(), night, roster[4])

    assert response.status_code == 409 and response.json()["code"] == "claimed"


def test_one_phone_holds_one_player(night, roster, seated):
    phone = seated[roster[0].pk]

    response = check_in(phone, night, roster[8])

    assert response.status_code == 409
    assert response.json()["code"] == "one_player_per_phone"
    assert not CheckIn.objects.filter(night=night, player=roster[8]).exists()


def test_the_director_sees_the_claim_and_releases_it(night, roster, seated, director):
    first, second = seated[roster[0].pk], APIClient()
    desk = Client()
    desk.force_login(director)

    page = desk.get(f"/sessions/{night.pk}/")
    released = desk.post(f"/sessions/{night.pk}/door-release/", {"player": roster[0].pk})
    claimed = check_in(second, night, roster[0])

    assert f'id="door-phone-{roster[0].pk}"' in page.text
    assert released.status_code == 302
    assert seat(first, night, roster[0]).status_code == 404
    assert claimed.status_code == 200
    assert seat(second, night, roster[0]).json()["table_url"]
    assert f'id="door-phone-{roster[0].pk}"' in desk.get(f"/sessions/{night.pk}/").text


def test_the_director_lets_a_desk_check_in_follow_their_seat_on_a_phone(
    night, roster, seated, director
):
    desk = Client()
    desk.force_login(director)
    phone = APIClient()

    desk.post(f"/sessions/{night.pk}/door-release/", {"player": roster[4].pk})

    assert check_in(phone, night, roster[4]).status_code == 200
    assert seat(phone, night, roster[4]).json()["table_url"]


def test_only_a_director_releases_a_claim(night, club, roster, seated):
    scorer = Client()
    scorer.force_login(scorer_of(club, username="skip"))

    scorer.post(f"/sessions/{night.pk}/door-release/", {"player": roster[0].pk})
    anonymous = Client().post(f"/sessions/{night.pk}/door-release/", {"player": roster[0].pk})

    assert anonymous.status_code == 302 and "/login" in anonymous["Location"]
    assert CheckIn.objects.get(night=night, player=roster[0]).phone != ""


@pytest.mark.parametrize("player", ["", "twelve", "9" * 30])
def test_a_release_of_no_checked_in_player_is_refused_with_a_sentence(night, director, player):
    desk = Client()
    desk.force_login(director)

    response = desk.post(f"/sessions/{night.pk}/door-release/", {"player": player}, follow=True)

    assert response.status_code == 200
    assert "Choose a checked-in player." in response.text or "not checked in" in response.text


def test_not_me_gives_the_player_back(night, roster):
    page = Client()
    page.post(f"/n/{night.door_key}/", {"player": roster[8].pk})

    page.post(f"/n/{night.door_key}/forget/")
    other = APIClient()

    assert check_in(other, night, roster[8]).status_code == 200
    assert seat(other, night, roster[8]).status_code == 200


def test_a_closed_night_lists_nobody_and_shows_no_link(night, roster, seated, director):
    phone = seated[roster[0].pk]
    page = Client()
    page.cookies = phone.cookies
    keys = table_keys(night)
    night_close(night=night, by=director)

    listed = phone.get(door(night)).json()
    mine = seat(phone, night, roster[0]).json()
    door_page = page.get(f"/n/{night.door_key}/").text
    fresh_page = Client().get(f"/n/{night.door_key}/").text

    assert listed["open"] is False and listed["players"] == []
    assert mine["table_url"] is None and mine["table"] is None and mine["partner"] is None
    assert "The club night is over" in door_page
    for text in (door_page, fresh_page):
        assert all(key not in text for key in keys)
    assert roster[5].name not in fresh_page


def test_replacing_the_door_link_lets_every_phone_go(night, roster, seated, director):
    from play.door_checkin import door_link_replace

    door_link_replace(night=night, by=director)
    night.refresh_from_db()
    phone = APIClient()

    assert seat(seated[roster[0].pk], night, roster[0]).status_code == 404
    assert check_in(phone, night, roster[0]).status_code == 200
    assert seat(phone, night, roster[0]).json()["table_url"]


def test_a_seat_polled_while_the_director_seats_the_room_shows_the_table_at_the_next_poll(
    night, roster, director
):
    phone = Client()
    page = f"/n/{night.door_key}/"
    assert phone.post(page, {"player": roster[0].pk}).status_code == 302
    night_check_in(night=night, players=roster[1:4], by=director)
    seated = []

    def seat_the_room_once_the_rounds_are_read(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not seated and "rookclub_sessionround" in sql:
            seated.append(True)
            night_seat(night=night, by=director, seed=5)
        return result

    # The director seats the room while the phone's poll is being answered.
    with connection.execute_wrapper(seat_the_room_once_the_rounds_are_read):
        during = phone.get(page + "?live=1")
    assert seated and during.status_code == 200

    # The next poll, sending back the tag it was given, is shown the table.
    after = phone.get(page + "?live=1", HTTP_IF_NONE_MATCH=during["ETag"])

    assert after.status_code == 200
    assert "Table 1 · " in after.content.decode()


@pytest.mark.parametrize(
    ("poll_seconds", "waiting_every", "seated_every"),
    [
        (10, 'hx-trigger="every 3s,', 'hx-trigger="every 10s,'),  # waiting asks sooner
        (2, 'hx-trigger="every 2s,', 'hx-trigger="every 2s,'),  # a shorter setting wins
    ],
)
def test_a_door_phone_polls_sooner_while_waiting_for_its_table(
    night, roster, director, settings, poll_seconds, waiting_every, seated_every
):
    settings.LIVE_POLL_SECONDS = poll_seconds
    phone = Client()
    page = f"/n/{night.door_key}/"
    assert phone.post(page, {"player": roster[0].pk}).status_code == 302
    night_check_in(night=night, players=roster[1:4], by=director)

    waiting = phone.get(page).content.decode()
    night_seat(night=night, by=director, seed=5)
    seated = phone.get(page).content.decode()

    assert waiting_every in waiting and "focus from:window" in waiting
    assert seated_every in seated


def test_one_phone_claims_at_most_its_limit_in_a_night_not_me_included(night, roster, settings):
    settings.DOOR_CLAIMS_PER_PHONE = 3
    page = Client()
    for player in roster[:3]:
        assert page.post(f"/n/{night.door_key}/", {"player": player.pk}).status_code == 302
        page.post(f"/n/{night.door_key}/forget/")

    refused = page.post(f"/n/{night.door_key}/", {"player": roster[3].pk})

    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Ask the director at the desk" in refused.text
    assert not CheckIn.objects.filter(night=night, player=roster[3]).exists()


def test_a_phone_that_drops_its_cookie_is_still_counted_by_its_address(night, roster, settings):
    settings.DOOR_CLAIMS_PER_ADDRESS = 4
    for player in roster[:4]:
        assert check_in(APIClient(), night, player).status_code == 201  # a new phone each

    refused = check_in(APIClient(), night, roster[4])
    elsewhere = APIClient(REMOTE_ADDR="10.1.2.3")

    assert refused.status_code == 429, refused.content
    assert refused.json()["code"] == "rate_limited" and int(refused["Retry-After"]) > 0
    assert not CheckIn.objects.filter(night=night, player=roster[4]).exists()
    assert check_in(elsewhere, night, roster[4]).status_code == 201


def test_checking_in_again_the_player_a_phone_holds_is_no_new_claim(night, roster, settings):
    settings.DOOR_CLAIMS_PER_PHONE = 2
    page = Client()
    door_page = f"/n/{night.door_key}/"

    again = [page.post(door_page, {"player": roster[0].pk}).status_code for _ in range(4)]
    page.post(door_page + "forget/")
    second = page.post(door_page, {"player": roster[1].pk})
    page.post(door_page + "forget/")
    third = page.post(door_page, {"player": roster[2].pk})

    assert again == [302] * 4
    assert second.status_code == 302  # the second claim: the four were one
    assert third.status_code == 429
