"""A refused hand's 400 says which kind of refusal it is (issue 27): ``hand_malformed``
(a shape the schema states), ``not_in_game`` (a seat or side the game's ruleset lacks),
``hand_impossible`` (the rules), each in the body beside the messages; nothing is
stored. The schema states the shapes: a hand's objects are closed and a side's count
is a whole number from 0."""

import pytest
from drf_spectacular.generators import SchemaGenerator

from scoring.models import Hand
from tests.factories import ClubFactory, game_for, scorer_of, token_client

pytestmark = pytest.mark.django_db

HAND = {"bidder": "north", "bid": 80, "trump": "red", "number": 1,
        "counters": {"north_south": 85, "east_west": 35}}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"bidder": "seat5"}, "not_in_game", "bidder"),  # the tournament game has four
        ({"counters": {"north_south": 85, "dummy": 35}}, "not_in_game", "counters"),
        ({"counters": {"north_south": 85, "east_west": 30}}, "hand_impossible", "counters"),
        ({"bid": 125}, "hand_impossible", "bid"),
        ({"colour": "red"}, "hand_malformed", "colour"),
        ({"bidder": "seat5", "bid": "ninety"}, "hand_malformed", "bid"),
    ],
)
def test_a_refused_hand_names_its_kind(change, code, field):
    club = ClubFactory()
    game = game_for(club)
    answer = token_client(scorer_of(club)).post(
        f"/api/v1/games/{game.pk}/hands/", {**HAND, **change}, format="json"
    )
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] == code and field in answer.json()
    assert not Hand.objects.filter(game=game).exists()


def test_the_schema_closes_a_hands_objects_and_bounds_every_side():
    components = SchemaGenerator().get_schema(request=None, public=True)["components"]
    schemas = components["schemas"]
    for name in ("HandIn", "TableHandIn", "CorrectedHandIn", "Penalty", "Renege", "Misdeal",
                 "Redeal"):  # fmt: skip
        assert schemas[name]["additionalProperties"] is False, name
    hand = schemas["HandIn"]["properties"]
    assert {"partner", "last_trick", "made"} <= set(hand)  # the engine reads them too
    sides = schemas["SidesIn"]
    assert sides["additionalProperties"] == {"type": "integer", "minimum": 0, "maximum": 99_999}
    assert "required" not in sides  # a game for two or six has other sides
    for side in ("north_south", "east_west"):
        assert sides["properties"][side]["minimum"] == 0


def test_the_schema_says_a_hand_card_by_card_comes_alone():
    import jsonschema

    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    alone = {"anyOf": schemas["HandIn"]["anyOf"]}
    card = {"hands": {}}
    assert jsonschema.Draft4Validator(alone).is_valid({"number": 3, "card_hand": card})
    assert jsonschema.Draft4Validator(alone).is_valid({"number": 3, "bidder": "north"})
    # The server refuses this ("a hand given card by card comes alone"): so does the schema.
    assert not jsonschema.Draft4Validator(alone).is_valid(
        {"number": 3, "card_hand": card, "bidder": "north"}
    )


def test_a_corrections_hand_has_no_number_of_its_own():
    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    corrected = schemas["CorrectedHandIn"]["properties"]
    # The engine refuses "number: unknown field" in a correction: the hand keeps its own.
    assert "number" not in corrected and "card_hand" not in corrected
    assert "bidder" in corrected
