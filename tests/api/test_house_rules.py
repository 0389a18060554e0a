"""House rules in the API: options each well formed that cannot be played
together answer 400 with the code ``house_rules`` beside the messages they had; every
other refusal keeps its body; options past their upper bound are refused one by one."""

from __future__ import annotations

import pytest

from play.models import Game, Irregularity, Night
from tests.factories import players_of, renege_later_in
from tournaments.models import Tournament

#: 70, the lowest bid, is no multiple of 3: each option fine, together unplayable.
TOGETHER = {"bid_step": 3}
TOGETHER_MESSAGE = "must be more than 0 and a multiple of the bid step"
#: A table of three at numbered seats, over Tournament Rook (41 cards, 12 each).
THREE_SEATS = {
    "seats": ["seat1", "seat2", "seat3"],
    "partnership": "individual",
    "sides": {},
    "seat_exchange_interval": 0,
}


@pytest.fixture
def compass(club):
    seats = ("north", "east", "south", "west")
    return dict(zip(seats, (p.pk for p in players_of(club, 4)), strict=True))


def _night(club, options):
    return {"club": club.pk, "date": "2026-04-01", "options": options}


def test_a_night_whose_house_rules_cannot_be_played_together(api, club):
    response = api.post("/api/v1/sessions/", _night(club, TOGETHER), format="json")

    assert response.status_code == 400
    assert response.json() == {"options": [f"min_bid: {TOGETHER_MESSAGE}"], "code": "house_rules"}
    assert not Night.objects.exists()


def test_a_game_whose_house_rules_cannot_be_played_together(api, compass):
    response = api.post("/api/v1/games/", {"seats": compass, "options": TOGETHER}, format="json")

    assert response.status_code == 400
    assert response.json() == {"options": [f"min_bid: {TOGETHER_MESSAGE}"], "code": "house_rules"}
    assert not Game.objects.exists()


def test_a_game_at_seats_its_house_rules_do_not_have(api, club, compass):
    """House rules that change the table: the compass seats miss it (house_rules); the
    table's own seats start the game."""
    missed = api.post("/api/v1/games/", {"seats": compass, "options": THREE_SEATS}, format="json")
    three = dict(zip(("seat1", "seat2", "seat3"), list(compass.values())[:3], strict=True))
    started = api.post("/api/v1/games/", {"seats": three, "options": THREE_SEATS}, format="json")

    assert missed.status_code == 400
    assert missed.json() == {
        "seats": ["give a player for each of seat1, seat2, seat3"],
        "code": "house_rules",
    }
    assert started.status_code == 201, started.content[:300]


@pytest.mark.parametrize(
    ("options", "body"),
    [
        ({"colour": "blue"}, {"options": ["colour: unknown option 'colour'"]}),
        (
            {"bird_rank": "low_ish"},
            {"options": ["bird_rank: must be one of high, low, ten_and_a_half"]},
        ),
        ({"target": 100_000}, {"options": ["target: must be at most 99999"]}),
        ({"name": "x" * 121}, {"options": ["name: must be at most 120 characters"]}),
    ],
)
def test_one_bad_option_keeps_a_body_without_code(api, club, compass, options, body):
    night = api.post("/api/v1/sessions/", _night(club, options), format="json")
    game = api.post("/api/v1/games/", {"seats": compass, "options": options}, format="json")

    assert (night.status_code, game.status_code) == (400, 400)
    assert night.json() == game.json() == body


def test_an_event_whose_house_rules_cannot_be_played_together(api, club):
    event = {
        "club": club.pk,
        "name": "Spring Open",
        "format": "swiss",
        "options": {"ruleset_options": TOGETHER},
    }
    together = api.post("/api/v1/tournaments/", event, format="json")
    too_many = {**event, "options": {"ruleset_options": TOGETHER, "cycles": 10}}
    with_cycles = api.post("/api/v1/tournaments/", too_many, format="json")

    assert together.status_code == with_cycles.status_code == 400
    assert together.json() == {"ruleset": [TOGETHER_MESSAGE], "code": "house_rules"}
    assert with_cycles.json()["code"] == "invalid"  # not the house rules alone
    assert with_cycles.json()["ruleset"] == [TOGETHER_MESSAGE]
    assert not Tournament.objects.exists()


def test_an_event_whose_house_rules_are_past_a_bound(api, club):
    event = {
        "club": club.pk,
        "name": "Spring Open",
        "format": "swiss",
        "options": {"ruleset_options": {"misdeal_penalty": 100_000}},
    }
    response = api.post("/api/v1/tournaments/", event, format="json")

    assert response.status_code == 400
    assert response.json() == {
        "ruleset": ["misdeal_penalty: must be at most 99999"],
        "code": "invalid",
    }


def test_the_schema_documents_house_rules_where_they_are_taken(api):
    schema = api.get("/api/schema/?format=json").json()
    for path in ("/api/v1/sessions/", "/api/v1/games/", "/api/v1/tournaments/"):
        refusal = schema["paths"][path]["post"]["responses"]["400"]
        example = refusal["content"]["application/json"]["examples"]["HouseRules"]["value"]

        assert "`house_rules`" in refusal["description"], path
        assert example["code"] == "house_rules", path


def test_a_game_under_renege_points_records_a_renege_found_later(api, compass):
    """House rule ``renege_points``: the reneging side loses the points and the other
    gains them, whoever bid; the counters captured are not asked for."""
    options = {"renege_points": 100}
    created = api.post("/api/v1/games/", {"seats": compass, "options": options}, format="json")
    hand = renege_later_in("east", "north", 85, number=1)

    response = api.post(f"/api/v1/games/{created.json()['id']}/hands/", hand, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["score"] == {"north_south": 100, "east_west": -100}
    assert response.json()["totals"] == {"north_south": 100, "east_west": -100}
    renege = Irregularity.objects.get(kind="renege")
    assert (renege.seat, renege.points) == ("east", 100)  # the house rule's, not the bid


def _named(node, name):
    """Every schema object a JSON Schema ``node`` gives for the property ``name``."""
    if isinstance(node, dict):
        found = [node["properties"][name]] if name in node.get("properties", {}) else []
        return found + [f for value in node.values() for f in _named(value, name)]
    if isinstance(node, list):
        return [f for value in node for f in _named(value, name)]
    return []


def test_the_schema_bounds_the_house_rule_renege_points_wherever_house_rules_go(api):
    schema = api.get("/api/schema/?format=json").json()

    found = _named(schema, "renege_points")

    assert len(found) >= 3  # a night's, a game's and an event's house rules
    # OpenAPI 3.1: null is one of the types.
    assert all(
        (p["type"], p["minimum"], p["maximum"]) == (["integer", "null"], 1, 99999) for p in found
    ), found
