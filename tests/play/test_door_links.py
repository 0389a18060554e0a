"""A night's door link: players check themselves in from their phones, no account.
The API contract (``/api/v1/door/{key}/``), the director's side (replace-door-link,
``door_key`` / ``door_url``), a closed night, the rate limit. Which phone sees which
seat: tests/play/test_door_phones.py."""

import datetime

import pytest
from rest_framework.test import APIClient

from play.checkins import night_check_in
from play.door_checkin import DoorActor, door_check_in
from play.hands import hand_record
from play.models import CheckIn
from play.night_closing import night_close
from play.night_opening import night_open
from play.night_seating import night_seat
from rookclub.clubs.models import Player
from rookclub.core.errors import NotAllowed
from tests.factories import ClubFactory, director_of, member_of, players_of, scorer_of
from tests.play.conftest import made_hand

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_door_cache")]
TODAY = datetime.date(2025, 3, 6)


@pytest.fixture
def roster(club):
    return players_of(club, 8)


@pytest.fixture
def night(club, director, roster):
    return night_open(club=club, date=TODAY, opened_by=director)


@pytest.fixture
def anon():
    return APIClient()


def door(night):
    return f"/api/v1/door/{night.door_key}/"


def check_in(client, night, **body):
    return client.post(door(night) + "check-in/", body, format="json")


def seat_of(client, night, player):
    response = client.get(door(night) + f"players/{player.pk}/")
    assert response.status_code == 200, response.content
    return response.json()


# ---- the list ------------------------------------------------------------------------------


def test_the_door_lists_the_clubs_players_names_and_not_who_is_in(
    anon, night, club, roster, director
):
    night_check_in(night=night, players=roster[:1], by=director)

    response = anon.get(door(night))

    assert response.status_code == 200
    body = response.json()
    assert body["night"] == night.pk and body["club"] == club.name and body["open"] is True
    listed = {p["id"]: p for p in body["players"]}
    assert set(listed) == {p.pk for p in roster}
    assert listed[roster[0].pk] == {"id": roster[0].pk, "name": roster[0].name}


def test_an_unknown_key_answers_404(anon, night):
    assert anon.get("/api/v1/door/not-a-key/").status_code == 404
    assert anon.post("/api/v1/door/not-a-key/check-in/", {}, format="json").status_code == 404


# ---- checking in ---------------------------------------------------------------------------


def test_a_tap_checks_the_player_in_then_again_is_200(anon, night, roster):
    first = check_in(anon, night, player=roster[2].pk)
    again = check_in(anon, night, player=roster[2].pk)

    assert first.status_code == 201
    assert first.json() == {
        "player": {"id": roster[2].pk, "name": roster[2].name},
        "checked_in": True,
    }
    assert again.status_code == 200
    assert CheckIn.objects.get(night=night, player=roster[2]).by_door is True


def test_a_form_checks_the_player_in_by_the_ids_text(anon, night, roster):
    # A form sends player=12 as the text "12": the same id as JSON's 12 (the API fuzz
    # found the form refused as "must be a player id").
    response = anon.post(
        door(night) + "check-in/", {"player": str(roster[2].pk)}, format="multipart"
    )
    assert response.status_code == 201, response.content
    assert CheckIn.objects.filter(night=night, player=roster[2]).exists()
    refused = anon.post(door(night) + "check-in/", {"player": "twelve"}, format="multipart")
    assert refused.status_code == 400
    assert refused.json()["player"] == ["must be a player id"]


def test_a_player_who_went_home_is_brought_back_by_their_phone(anon, night, roster, director):
    from play.checkins import night_leave

    assert check_in(anon, night, player=roster[0].pk).status_code == 201
    night_leave(night=night, player=roster[0], by=director)

    response = check_in(anon, night, player=roster[0].pk)

    assert response.status_code == 201
    assert CheckIn.objects.get(night=night, player=roster[0]).left_at is None


def test_another_clubs_player_is_404_and_nothing_is_stored(anon, night):
    stranger = players_of(ClubFactory(name="Far Away", slug="far-away"), 1)[0]

    response = check_in(anon, night, player=stranger.pk)

    assert response.status_code == 404
    assert not CheckIn.objects.exists()


@pytest.mark.parametrize("body", [{}, {"player": "3"}, {"player": True}, {"player": -1}])
def test_a_body_without_a_player_or_a_name_is_400(anon, night, body):
    response = check_in(anon, night, **body)

    assert response.status_code == 400
    assert "player" in response.json()


def test_im_new_here_is_refused_unless_the_director_allows_it(anon, night, club):
    response = check_in(anon, night, name="Newcomer Nell")

    assert response.status_code == 403
    assert not Player.objects.filter(club=club, name="Newcomer Nell").exists()


def test_im_new_here_adds_a_player_and_checks_them_in(anon, club, director):
    night = night_open(club=club, date=TODAY, opened_by=director, door_new_players=True)

    response = check_in(anon, night, name="  Newcomer Nell ")
    taken = check_in(anon, night, name="Newcomer Nell")

    assert response.status_code == 201
    nell = Player.objects.get(club=club, name="Newcomer Nell")
    assert response.json()["player"] == {"id": nell.pk, "name": "Newcomer Nell"}
    assert CheckIn.objects.filter(night=night, player=nell, by_door=True).exists()
    assert taken.status_code == 409  # the name plays here already: tap it in the list


def test_a_closed_night_refuses_with_its_sentence(anon, night, roster, director):
    night_close(night=night, by=director)

    listed = anon.get(door(night))
    response = check_in(anon, night, player=roster[0].pk)

    assert listed.json()["open"] is False
    assert response.status_code == 409
    assert response.json()["detail"][0].startswith("This club night was closed")
    assert not CheckIn.objects.exists()


@pytest.mark.usefixtures("still_clock")
def test_check_ins_beyond_the_limit_answer_429(anon, night, roster, settings):
    settings.DOOR_LINK_POSTS_PER_MINUTE = 3

    answers = [check_in(APIClient(), night, player=p.pk).status_code for p in roster[:4]]

    assert answers == [201, 201, 201, 429]
    assert CheckIn.objects.count() == 3


@pytest.mark.usefixtures("still_clock")
def test_the_limit_counts_per_door_link(anon, night, club, director, roster, settings):
    settings.DOOR_LINK_POSTS_PER_MINUTE = 1
    other = night_open(club=club, date=TODAY, opened_by=director)

    assert check_in(anon, night, player=roster[0].pk).status_code == 201
    assert check_in(anon, other, player=roster[0].pk).status_code == 201


def test_a_door_actor_checks_in_to_its_own_night_only(club, director, night, roster):
    other = night_open(club=club, date=TODAY, opened_by=director)

    with pytest.raises(NotAllowed):
        door_check_in(night=other, by=DoorActor(night.pk), phone="p", player=roster[0])
    with pytest.raises(NotAllowed):
        door_check_in(night=night, by=None, phone="p", player=roster[0])


# ---- where a player sits -------------------------------------------------------------------


def test_a_player_not_checked_in_is_404_to_every_phone(anon, night, roster):
    response = anon.get(door(night) + f"players/{roster[0].pk}/")

    assert response.status_code == 404
    assert response.json()["detail"] == ["This phone has not checked this player in tonight."]


def test_checked_in_and_waiting_to_be_seated(anon, night, roster):
    check_in(anon, night, player=roster[0].pk)

    body = seat_of(anon, night, roster[0])

    assert body["checked_in"] is True and body["table"] is None and body["sitting_out"] is False


def test_once_seated_the_player_sees_table_seat_partner_opponents_and_link(
    anon, night, roster, director, settings
):
    phones = {p.pk: APIClient() for p in roster[:5]}
    for p in roster[:5]:
        assert check_in(phones[p.pk], night, player=p.pk).status_code == 201
    night_seat(night=night, by=director, seed=3)
    tables = APIClient()
    tables.force_authenticate(director)
    row = tables.get(f"/api/v1/sessions/{night.pk}/tables/").json()[0]
    seats = {seat: p["id"] for seat, p in row["players"].items()}
    north = Player.objects.get(pk=seats["north"])

    body = seat_of(phones[north.pk], night, north)
    out = next(p for p in roster[:5] if p.pk not in seats.values())
    sitting = seat_of(phones[out.pk], night, out)

    assert body["table"] == 1 and body["seat"] == "north"
    assert body["partner"]["id"] == seats["south"]
    assert {p["id"] for p in body["opponents"]} == {seats["east"], seats["west"]}
    assert body["table_url"] == row["url"]
    assert sitting["sitting_out"] is True and sitting["table"] is None


def test_the_seat_follows_an_exchange_of_partners(anon, club, director, roster):
    rotating = {"partner_rotation": "individual"}
    night = night_open(club=club, date=TODAY, opened_by=director, options=rotating)
    phones = {p.pk: APIClient() for p in roster[:4]}
    for p in roster[:4]:
        check_in(phones[p.pk], night, player=p.pk)
    night_seat(night=night, by=director, seed=1)
    game = night.games.get()
    before = {s.seat: s.player_id for s in game.seats.all()}
    for _ in range(4):  # partners change every four hands (docs/rules.md §6)
        hand_record(game=game, data=made_hand(), entered_by=director)
    game.refresh_from_db()
    now = game.state["seats"]
    moved = next(pid for seat, pid in now.items() if before[seat] != pid)
    seat = next(s for s, pid in now.items() if pid == moved)

    body = seat_of(phones[moved], night, Player.objects.get(pk=moved))

    assert body["seat"] == seat


def test_another_nights_player_is_404(anon, night):
    stranger = players_of(ClubFactory(name="Far Away", slug="far-away"), 1)[0]

    assert anon.get(door(night) + f"players/{stranger.pk}/").status_code == 404
    assert anon.get(door(night) + "players/99999999999999999999/").status_code == 404


# ---- the director's side -------------------------------------------------------------------


def test_its_directors_see_the_door_key_and_url_on_the_night(night, club, director_api):
    scorer = APIClient()
    scorer.force_authenticate(scorer_of(club, username="skip"))
    member = APIClient()
    member.force_authenticate(member_of(club, username="mem"))

    body = director_api.get(f"/api/v1/sessions/{night.pk}/").json()

    assert body["door_key"] == night.door_key
    assert body["door_url"] == f"https://rook.example.org/n/{night.door_key}/"
    for client in (scorer, member):
        assert "door_key" not in client.get(f"/api/v1/sessions/{night.pk}/").json()


def test_a_replaced_key_answers_404_and_the_new_one_works(anon, night, roster, director_api):
    old = night.door_key

    response = director_api.post(f"/api/v1/sessions/{night.pk}/replace-door-link/")

    assert response.status_code == 201
    new = response.json()["key"]
    assert new != old
    assert response.json()["url"] == f"https://rook.example.org/n/{new}/"
    assert anon.get(f"/api/v1/door/{old}/").status_code == 404
    assert (
        anon.post(
            f"/api/v1/door/{old}/check-in/", {"player": roster[0].pk}, format="json"
        ).status_code
        == 404
    )
    assert anon.get(f"/api/v1/door/{new}/").status_code == 200


def test_only_a_director_replaces_the_door_link(night, club):
    scorer = APIClient()
    scorer.force_authenticate(scorer_of(club, username="skip"))
    old = night.door_key

    response = scorer.post(f"/api/v1/sessions/{night.pk}/replace-door-link/")

    night.refresh_from_db()
    assert response.status_code == 403 and night.door_key == old


def test_a_night_opened_before_door_links_gets_a_key_when_asked(night, director_api):
    type(night).objects.filter(pk=night.pk).update(door_key=None)

    body = director_api.get(f"/api/v1/sessions/{night.pk}/").json()

    night.refresh_from_db()
    assert night.door_key and body["door_key"] == night.door_key


@pytest.fixture
def director_api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


def test_nights_get_different_keys(club, director):
    keys = {night_open(club=club, date=TODAY, opened_by=director).door_key for _ in range(3)}

    assert len(keys) == 3 and all(len(k) == 33 for k in keys)


def test_a_door_key_has_no_look_alike_characters(club, director):
    # Read off the poster and typed: no 0/O, 1/l/I to mistake for one another.
    keys = "".join(
        night_open(club=club, date=TODAY, opened_by=director).door_key for _ in range(30)
    )

    assert not set(keys) & set("0O1lI-_")


def test_a_door_key_made_before_keeps_working(anon, night, roster):
    type(night).objects.filter(pk=night.pk).update(door_key="T1lU2DdGq-O0_before-the-change")
    night.refresh_from_db()

    assert anon.get(door(night)).status_code == 200
    assert check_in(anon, night, player=roster[0].pk).status_code == 201


def test_another_clubs_director_cannot_replace_the_door_link(night):
    far = APIClient()
    far.force_authenticate(director_of(ClubFactory(name="Far", slug="far"), username="far"))

    assert far.post(f"/api/v1/sessions/{night.pk}/replace-door-link/").status_code == 404
