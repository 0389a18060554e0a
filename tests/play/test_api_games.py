"""The games and hands API: POST /api/v1/games/, GET /games/{id}/, POST /games/{id}/hands/."""

import json

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from play.models import Game, Hand, Irregularity
from tests.factories import ClubFactory, game_for, member_of, players_of, redeal_in, renege_later_in
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db


def hands_url(game):
    return f"/api/v1/games/{game.pk}/hands/"


def finish(api, game, hands=3):
    """North-south bid and take all 120 three times: 360 wins the game."""
    for number in range(1, hands + 1):
        body = made_hand(bid=120, ns=120, number=number)
        response = api.post(hands_url(game), body, format="json")
    return response


def test_the_rulesets_list_the_presets_by_slug(api):
    response = api.get("/api/v1/rulesets/")

    assert response.status_code == 200
    slugs = [r["slug"] for r in response.json()]
    assert "tournament" in slugs
    tournament = next(r for r in response.json() if r["slug"] == "tournament")
    assert tournament["ruleset"]["bird"] is True


def test_a_scorer_starts_a_game_with_four_seats(api, players):
    seats = dict(zip(["north", "east", "south", "west"], [p.pk for p in players], strict=True))

    response = api.post(
        "/api/v1/games/",
        {"ruleset": "tournament", "seats": seats, "dealer": "east"},
        format="json",
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "in_progress"
    assert body["winner"] is None
    assert body["totals"] == {"north_south": 0, "east_west": 0}
    assert body["seats"] == seats
    assert body["dealer"] == "east"
    game = Game.objects.get(pk=body["id"])
    assert game.ruleset["slug"] == "tournament"


def test_a_game_cannot_seat_players_of_another_club(api, players):
    stranger = players_of(ClubFactory(), 1)[0]
    seats = {
        "north": players[0].pk,
        "east": players[1].pk,
        "south": players[2].pk,
        "west": stranger.pk,
    }

    response = api.post("/api/v1/games/", {"seats": seats}, format="json")

    assert response.status_code == 400
    assert "seats" in response.json()
    assert not Game.objects.exists()


def test_a_game_with_unknown_house_rules_is_refused(api, players):
    seats = dict(zip(["north", "east", "south", "west"], [p.pk for p in players], strict=True))

    response = api.post(
        "/api/v1/games/", {"seats": seats, "options": {"no_such_rule": 1}}, format="json"
    )

    assert response.status_code == 400
    assert "options" in response.json()


def test_recording_a_hand_answers_its_score_and_the_new_totals(api, game):
    response = api.post(hands_url(game), {**made_hand(bid=95, ns=75), "number": 1}, format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    # docs/rules.md §3: bid 95, declarer's side captures 75 -> -95, opponents +45.
    assert body["score"] == {"north_south": -95, "east_west": 45}
    assert body["made"] is False
    assert body["reasons"]
    assert body["totals"] == {"north_south": -95, "east_west": 45}
    assert body["status"] == "in_progress"
    assert body["winner"] is None
    assert body["next_dealer"] == "east"


def test_the_game_shows_totals_per_player_the_next_dealer_and_the_hands(api, game, players):
    api.post(hands_url(game), made_hand(bid=80, ns=85, number=1), format="json")

    body = api.get(f"/api/v1/games/{game.pk}/").json()

    assert body["totals"] == {"north_south": 85, "east_west": 35}
    assert body["player_totals"][str(players[0].pk)] == 85
    assert body["player_totals"][str(players[1].pk)] == 35
    assert body["dealer"] == "east"
    assert [h["number"] for h in body["hands"]] == [1]
    assert body["hands"][0]["confirmed"] is False


def test_the_game_is_won_by_the_first_side_to_300(api, game):
    response = finish(api, game)

    assert response.status_code == 201
    assert response.json()["status"] == "finished"
    assert response.json()["winner"] == "north_south"
    game.refresh_from_db()
    assert game.is_finished and game.finished_at is not None


def test_a_hand_for_a_finished_game_answers_409_and_is_not_stored(api, game):
    finish(api, game)

    response = api.post(hands_url(game), made_hand(number=4), format="json")

    assert response.status_code == 409
    assert Hand.objects.filter(game=game).count() == 3


def test_a_hand_number_already_taken_answers_409_so_a_retry_stores_once(api, game):
    """A different hand under a taken number; the same hand again: test_exactly_once."""
    first = api.post(hands_url(game), {**made_hand(), "number": 1}, format="json")
    retry = api.post(hands_url(game), {**made_hand(ns=90), "number": 1}, format="json")

    assert first.status_code == 201
    assert retry.status_code == 409
    assert "number" in retry.json()
    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_number_ahead_of_the_sheet_answers_409(api, game):
    response = api.post(hands_url(game), {**made_hand(), "number": 3}, format="json")

    assert response.status_code == 409
    assert not Hand.objects.exists()


def test_a_hand_without_its_number_answers_400_with_the_next_number_and_stores_nothing(api, game):
    api.post(hands_url(game), made_hand(number=1), format="json")

    response = api.post(hands_url(game), made_hand(), format="json")

    assert response.status_code == 400
    assert response.json() == {
        "number": ["Send the hand's number (the next is 2) so a retry cannot record it twice."]
    }
    assert Hand.objects.filter(game=game).count() == 1


def test_a_retry_of_a_hand_without_its_number_never_records_it_twice(api, game):
    """Without ``number`` a post appended: an API client's retry doubled the hand."""
    first = api.post(hands_url(game), made_hand(), format="json")
    retry = api.post(hands_url(game), made_hand(), format="json")

    assert (first.status_code, retry.status_code) == (400, 400)
    assert not Hand.objects.exists()


def test_the_schema_says_a_hand_needs_its_number(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    schemas = schema["components"]["schemas"]
    for shape in schemas["HandIn"]["oneOf"]:  # each shape of hand: played, a redeal…
        assert "number" in schemas[shape["$ref"].rsplit("/", 1)[1]]["required"]


BAD_HANDS = {
    "bid as text": ({**made_hand(), "bid": "eighty"}, "bid"),
    "unknown seat": ({**made_hand(), "bidder": "northwest"}, "bidder"),
    "missing counters": ({"bidder": "north", "bid": 80, "trump": "red"}, "counters"),
    "counters not adding up": (
        made_hand() | {"counters": {"north_south": 80, "east_west": 30}},
        "counters",
    ),
    "bid too low": (made_hand(bid=65), "bid"),
    "bid too high": (made_hand(bid=125), "bid"),
    "bid not a multiple of 5": (made_hand(bid=83), "bid"),
    "unknown trump": (made_hand(trump="purple"), "trump"),
    "unknown penalty": (
        {**made_hand(), "penalties": [{"seat": "north", "kind": "rude"}]},
        "penalties",
    ),
    "number as text": ({**made_hand(), "number": "one"}, "number"),
}


@pytest.mark.parametrize("body, field", BAD_HANDS.values(), ids=BAD_HANDS.keys())
def test_a_hand_the_rules_refuse_answers_400_per_field_and_stores_nothing(api, game, body, field):
    response = api.post(hands_url(game), {"number": 1, **body}, format="json")

    assert response.status_code == 400
    assert field in response.json(), response.json()
    assert all(isinstance(m, str) for m in response.json()[field])
    assert not Hand.objects.exists()
    game.refresh_from_db()
    assert game.totals == {"north_south": 0, "east_west": 0}


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", '"a hand"', "null"])
def test_a_body_that_is_not_a_json_object_answers_400(api, game, raw):
    response = api.post(hands_url(game), raw, content_type="application/json")

    assert response.status_code == 400
    assert not Hand.objects.exists()


def test_a_redeal_needs_no_bidding_and_scores_nothing(api, game):
    body = {**redeal_in("all_passed"), "number": 1}

    response = api.post(hands_url(game), body, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["score"] == {"north_south": 0, "east_west": 0}
    assert Irregularity.objects.get().kind == "redeal"


def test_a_renege_found_later_sets_the_reneging_side_the_full_bid(api, game):
    body = renege_later_in("east", "north", 90, counters={"north_south": 40, "east_west": 20})
    body["number"] = 1

    response = api.post(hands_url(game), body, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["score"] == {"north_south": 40, "east_west": -90}
    irregularity = Irregularity.objects.get()
    assert (irregularity.kind, irregularity.seat, irregularity.points) == ("renege", "east", 90)


def test_table_talk_costs_the_offending_side_40_and_is_kept_as_a_record(api, game):
    body = {
        **made_hand(bid=80, ns=85, number=1),
        "penalties": [{"seat": "west", "kind": "table_talk"}],
    }

    response = api.post(hands_url(game), body, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["score"] == {"north_south": 85, "east_west": -5}
    assert Irregularity.objects.get().points == 40


def test_a_member_who_is_not_a_scorer_cannot_record_hands(club, game):
    client = APIClient()
    client.force_authenticate(member_of(club))

    response = client.post(hands_url(game), made_hand(number=1), format="json")

    assert response.status_code == 403
    assert not Hand.objects.exists()


def test_anyone_not_logged_in_cannot_record_hands(game):
    response = APIClient().post(hands_url(game), made_hand(number=1), format="json")

    assert response.status_code in (401, 403)
    assert not Hand.objects.exists()


def test_a_game_of_another_club_is_not_found(api):
    other = game_for(ClubFactory())

    assert api.get(f"/api/v1/games/{other.pk}/").status_code == 404
    assert api.post(hands_url(other), made_hand(number=1), format="json").status_code == 404


def test_a_token_made_by_drf_create_token_authenticates(scorer, game):
    from django.core.management import call_command

    call_command("drf_create_token", scorer.username)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user=scorer).key}")

    response = client.post(hands_url(game), made_hand(number=1), format="json")

    assert response.status_code == 201


def test_the_schema_documents_the_hands_endpoint(api):
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    schema = json.loads(response.content)
    post = schema["paths"]["/api/v1/games/{id}/hands/"]["post"]
    assert "409" in post["responses"]
    assert "requestBody" in post


def test_the_ruleset_snapshot_keeps_its_side_order_whatever_order_the_database_keeps(game):
    # PostgreSQL's jsonb sorts object keys; the first side listed exchanges seats first.
    from play.rulesets import rules_of

    game.ruleset = {
        **game.ruleset,
        "sides": {"east_west": ["east", "west"], "north_south": ["north", "south"]},
    }

    assert [name for name, _ in rules_of(game).sides] == ["north_south", "east_west"]
