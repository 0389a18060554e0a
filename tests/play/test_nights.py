"""Running a club night: open, check in, seat, play, move on, close (services and API)."""

import datetime

import pytest
from rest_framework.test import APIClient

from play.checkins import night_check_in
from play.models import CheckIn, Game, Night, SitOut
from play.night_closing import night_close
from play.night_opening import night_open
from play.night_rounds import night_next_round
from play.night_seating import night_seat
from play.table_games import table_new_game
from rookclub.clubs.models import Club, Membership, Player
from rookclub.core.errors import Conflict, Invalid, NotAllowed
from tests.factories import hand_in, players_of
from tests.play.conftest import play_out

pytestmark = pytest.mark.django_db
TODAY = datetime.date(2025, 3, 6)


def open_night(club, director, count, method="random"):
    night = night_open(club=club, date=TODAY, opened_by=director, seating_method=method)
    night_check_in(night=night, players=players_of(club, count), by=director)
    return night


def test_only_a_director_opens_a_club_night(club, scorer):
    with pytest.raises(NotAllowed):
        night_open(club=club, date=TODAY, opened_by=scorer)

    assert not Night.objects.exists()


def test_checking_a_player_in_twice_checks_them_in_once(club, director):
    night = night_open(club=club, date=TODAY, opened_by=director)
    player = players_of(club, 1)[0]

    night_check_in(night=night, players=[player], by=director)
    night_check_in(night=night, players=[player], by=director)

    assert CheckIn.objects.filter(night=night).count() == 1


def test_a_random_draw_seats_three_tables_and_starts_a_game_at_each(club, director):
    night = open_night(club, director, 13)

    round_ = night_seat(night=night, by=director, seed=42)

    assert round_.tables.count() == 3
    assert SitOut.objects.filter(round=round_).count() == 1
    assert Game.objects.filter(night=night, status="in_progress").count() == 3


def test_seating_a_night_twice_is_a_conflict(club, director):
    night = open_night(club, director, 8)
    night_seat(night=night, by=director, seed=1)

    with pytest.raises(Conflict) as conflict:
        night_seat(night=night, by=director, seed=1)

    assert conflict.value.code == "already_seated"


def test_a_night_needs_four_players(club, director):
    night = open_night(club, director, 3)

    with pytest.raises(Invalid):
        night_seat(night=night, by=director)


def test_fixed_partnerships_play_together_opposite_each_other(club, director):
    night = open_night(club, director, 8, method="fixed")
    p = list(Player.objects.filter(club=club).order_by("pk"))
    pairs = [(p[0], p[1]), (p[2], p[3]), (p[4], p[5]), (p[6], p[7])]

    round_ = night_seat(night=night, by=director, partnerships=pairs, seed=5)

    seated = {frozenset((t.north_id, t.south_id)) for t in round_.tables.all()} | {
        frozenset((t.east_id, t.west_id)) for t in round_.tables.all()
    }
    assert seated == {frozenset((a.pk, b.pk)) for a, b in pairs}


def test_a_progressive_night_moves_on_when_every_table_has_played_four_hands(
    club, director, scorer
):
    night = open_night(club, director, 9, method="progressive")
    first = night_seat(night=night, by=director, seed=3)
    games = list(Game.objects.filter(table_seating__round=first))
    assert all(g.ruleset["fixed_hands"] == 4 for g in games)

    with pytest.raises(Conflict) as early:
        night_next_round(night=night, by=director)
    for game in games:
        play_out(game, scorer)
    second = night_next_round(night=night, by=director)

    assert early.value.code == "round_in_progress"
    assert second.number == 2
    assert all(game.hands.count() == 4 for game in games)
    # The player who sat out the first round plays the second.
    first_out = set(first.sit_outs.values_list("player", flat=True))
    second_out = set(second.sit_outs.values_list("player", flat=True))
    assert not first_out & second_out


def test_a_table_starts_a_new_game_once_its_game_is_over(club, director, scorer):
    night = open_night(club, director, 4)
    table = night_seat(night=night, by=director, seed=1).tables.get()

    with pytest.raises(Conflict):
        table_new_game(table=table, by=director)
    play_out(Game.objects.get(table_seating=table), scorer)
    table_new_game(table=table, by=director)

    assert Game.objects.filter(table_seating=table).count() == 2


def test_a_closed_night_takes_no_more_check_ins(club, director):
    night = open_night(club, director, 4)
    night_close(night=night, by=director)

    with pytest.raises(Conflict):
        night_check_in(night=night, players=players_of(club, 1), by=director)

    night.refresh_from_db()
    assert night.status == "closed" and night.closed_at is not None


# ---- the API ------------------------------------------------------------------------------


def test_creating_a_club_makes_the_creator_its_director(django_user_model):
    user = django_user_model.objects.create_user("casey")
    client = APIClient()
    client.force_authenticate(user)

    response = client.post("/api/v1/clubs/", {"name": "Elm Street Rook"}, format="json")

    assert response.status_code == 201
    club = Club.objects.get(pk=response.json()["id"])
    assert club.slug == "elm-street-rook"
    assert Membership.objects.get(club=club, user=user).role == "director"


def test_a_club_night_runs_start_to_finish_through_the_api(director_api, club):
    player_ids = [
        director_api.post(
            "/api/v1/players/", {"name": f"P{i}", "club": club.pk}, format="json"
        ).json()["id"]
        for i in range(8)
    ]
    night = director_api.post(
        "/api/v1/sessions/", {"club": club.pk, "date": "2025-03-06"}, format="json"
    ).json()

    checked = director_api.post(
        f"/api/v1/sessions/{night['id']}/check-in/", {"players": player_ids}, format="json"
    )
    seated = director_api.post(f"/api/v1/sessions/{night['id']}/seat/", {"seed": 9}, format="json")
    game_id = seated.json()["rounds"][0]["tables"][0]["game"]
    for number in (1, 2, 3):
        recorded = director_api.post(
            f"/api/v1/games/{game_id}/hands/",
            hand_in("north", 120, "black", 120, number=number),
            format="json",
        )
    closed = director_api.post(f"/api/v1/sessions/{night['id']}/close/")
    standings = director_api.get(f"/api/v1/sessions/{night['id']}/standings/")

    assert checked.status_code == 200 and len(checked.json()["players"]) == 8
    assert seated.status_code == 201 and len(seated.json()["rounds"][0]["tables"]) == 2
    assert recorded.json()["winner"] == "north_south"
    assert closed.json()["status"] == "closed"
    top = standings.json()["players"][0]
    assert top["won"] == 1 and top["points"] == 360


def test_a_player_name_already_in_the_club_answers_409(director_api, club):
    director_api.post("/api/v1/players/", {"name": "Ada", "club": club.pk}, format="json")

    response = director_api.post(
        "/api/v1/players/", {"name": "Ada", "club": club.pk}, format="json"
    )

    assert response.status_code == 409
    assert Player.objects.filter(name="Ada").count() == 1


def test_a_scorer_cannot_open_a_club_night(api, club):
    response = api.post("/api/v1/sessions/", {"club": club.pk, "date": "2025-03-06"}, format="json")

    assert response.status_code == 403
    assert not Night.objects.exists()


def test_checking_in_a_player_of_another_club_answers_400(director_api, club, director):
    night = night_open(club=club, date=TODAY, opened_by=director)
    stranger = players_of(Club.objects.create(name="Other", slug="other"), 1)[0]

    response = director_api.post(
        f"/api/v1/sessions/{night.pk}/check-in/", {"players": [stranger.pk]}, format="json"
    )

    assert response.status_code == 400
    assert "players" in response.json()
    assert not CheckIn.objects.exists()


def test_a_check_in_of_nobody_is_refused_as_json_and_as_a_form(director_api, club, director):
    # A form sends an empty list as no field: refused as JSON's [] is (the schema asks
    # for one player at least).
    night = night_open(club=club, date=TODAY, opened_by=director)
    address = f"/api/v1/sessions/{night.pk}/check-in/"
    as_json = director_api.post(address, {"players": []}, format="json")
    as_form = director_api.post(address, {}, format="multipart")
    assert as_json.status_code == as_form.status_code == 400, as_form.content
    assert as_form.json() == as_json.json()
    assert as_json.json()["players"] == ["name at least one player"]
    assert not CheckIn.objects.exists()
    # A form's ids are text; a text that is no id is still refused.
    refused = director_api.post(address, {"players": ["x"]}, format="multipart")
    assert refused.status_code == 400 and refused.json() == {
        "players": ["must be a list of player ids"]
    }
