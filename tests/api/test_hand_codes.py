"""A refused hand's 400 says which kind of refusal it is: ``hand_malformed``
(a shape the schema states), ``not_in_game`` (a seat or side the game's ruleset lacks),
``hand_impossible`` (the rules), each in the body beside the messages; nothing is
stored. The schema states the shapes: a hand's objects are closed and a side's count
is a whole number from 0."""

import pytest
from drf_spectacular.generators import SchemaGenerator

from play.models import Hand
from tests.factories import ClubFactory, game_for, scorer_of, token_client

pytestmark = pytest.mark.django_db

HAND = {
    "bidder": "north",
    "bid": 80,
    "trump": "red",
    "number": 1,
    "counters": {"north_south": 85, "east_west": 35},
}


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


def _hand_schema(name: str):
    """A validator of the component ``name`` with the schema's other components."""
    import jsonschema

    schema = SchemaGenerator().get_schema(request=None, public=True)
    root = {**schema["components"]["schemas"][name], "components": schema["components"]}
    return jsonschema.Draft202012Validator(root), schema["components"]["schemas"]


def test_the_schema_closes_a_hands_objects_and_bounds_every_side():
    _, schemas = _hand_schema("HandIn")
    shapes = [ref["$ref"].rsplit("/", 1)[1] for ref in schemas["HandIn"]["oneOf"]]
    assert shapes == [
        "PlayedHandIn",
        "RenegeFoundLaterHandIn",
        "MisdealFoundEarlyHandIn",
        "MisdealFoundLaterHandIn",
        "RedealHandIn",
        "CardHandIn",
    ]
    for name in (
        *shapes,
        "Penalty",
        "RenegeFoundInTime",
        "RenegeFoundLater",
        "MisdealFoundEarly",
        "Redeal",
        "CardHand",
    ):
        assert schemas[name]["additionalProperties"] is False, name
    assert {"partner", "last_trick", "made"} <= set(schemas["PlayedHandIn"]["properties"])
    for name in ("Counters", "Tricks"):  # two fields, each its own
        sides = schemas[name]
        assert sides["additionalProperties"]["maximum"] == 99_999
        assert sides["additionalProperties"]["minimum"] == 0
        assert "required" not in sides  # a game for two or six has other sides


@pytest.mark.parametrize(
    ("hand", "valid"),
    [
        # docs/hand-format.md section 1, its example as written there.
        (
            {
                "bidder": "east",
                "bid": 95,
                "trump": "green",
                "counters": {"north_south": 45, "east_west": 75},
                "penalties": [{"seat": "south", "kind": "table_talk"}],
            },
            True,
        ),
        (
            {
                "bidder": "seat1",
                "partner": "seat3",
                "bid": 70,
                "trump": "red",
                "counters": {"declarers": 80, "defenders": 40},
                "tricks": {"declarers": 4, "defenders": 3},
            },
            True,
        ),
        ({"redeal": {"reason": "all_passed"}}, True),
        ({"misdeal": {"found": "before_three_tricks"}}, True),
        ({"misdeal": {"found": "later"}, "bidder": "north", "bid": 90}, True),
        (
            {
                "bidder": "north",
                "bid": 85,
                "renege": {"seat": "east", "found": "later", "counters": {"north_south": 55}},
            },
            True,
        ),
        ({"trump": "red", "counters": {"north": 10, "east": 50, "south": 30, "west": 30}}, True),
        # Refused by the engine as shapes: the schema refuses them too.
        ({"bidder": "north", "bid": 80, "trump": "red"}, False),  # played: no counters
        ({"redeal": {"reason": "all_passed"}, "bidder": "north"}, False),
        ({"misdeal": {"found": "before_three_tricks"}, "bid": 80}, False),
        (
            {
                "renege": {"seat": "east", "found": "later"},
                "trump": "red",
                "counters": {"north_south": 60, "east_west": 60},
            },
            False,
        ),
        (
            {
                "bidder": "north",
                "bid": 80,
                "trump": "red",
                "colour": "red",
                "counters": {"north_south": 60, "east_west": 60},
            },
            False,
        ),
    ],
)
def test_every_shape_of_hand_the_docs_teach_validates(hand, valid):
    validator, _ = _hand_schema("HandIn")
    assert validator.is_valid({"number": 3, **hand}) is valid
    corrected, _ = _hand_schema("CorrectedHandIn")
    assert corrected.is_valid(hand) is valid


def test_the_schema_says_a_hand_card_by_card_comes_alone():
    validator, _ = _hand_schema("HandIn")
    card = {
        "hands": {"north": ["bird", "red-14"]},
        "tricks": [[["north", "red-14"], ["east", "red-5"]]],
    }
    assert validator.is_valid({"number": 3, "card_hand": card})
    # The server refuses this ("a hand given card by card comes alone"): so does the schema.
    assert not validator.is_valid({"number": 3, "card_hand": card, "bidder": "north"})
    # A play is [seat, card] by position (prefixItems, OpenAPI 3.1).
    for play in (["red-14", "north"], ["north"], ["north", "red-14", "east"], ["north", "red-15"]):
        assert not validator.is_valid({"number": 3, "card_hand": {**card, "tricks": [[play]]}})


def test_a_corrections_hand_has_no_number_of_its_own():
    validator, schemas = _hand_schema("CorrectedHandIn")
    # The engine refuses "number: unknown field" in a correction: the hand keeps its own.
    for ref in schemas["CorrectedHandIn"]["oneOf"]:
        shape = schemas[ref["$ref"].rsplit("/", 1)[1]]["properties"]
        assert "number" not in shape and "card_hand" not in shape
    assert not validator.is_valid({"number": 1, "redeal": {"reason": "all_passed"}})


def test_the_schemas_hand_fields_are_the_one_descriptions():
    from scoring.engine.hand_fields import FIELDS, member

    _, schemas = _hand_schema("HandIn")
    shapes = [ref["$ref"].rsplit("/", 1)[1] for ref in schemas["HandIn"]["oneOf"]]
    named = {name for shape in shapes[:-1] for name in schemas[shape]["properties"]}
    assert named == {f.name for f in FIELDS} | {"number"}
    penalty = schemas["Penalty"]["properties"]
    assert penalty["kind"]["$ref"].endswith("/PenaltyKindEnum")
    assert schemas["PenaltyKindEnum"]["enum"] == list(member("penalties.kind").choices)
    # The objects a shape narrows (a renege found in time or later, a misdeal found
    # early or later) hold the description's members.
    renege = member("renege").members
    assert list(schemas["RenegeFoundLater"]["properties"]) == [m.name for m in renege]
    in_time = [m.name for m in renege if not m.optional]
    assert list(schemas["RenegeFoundInTime"]["properties"]) == in_time
    for name in ("MisdealFoundEarly", "MisdealFoundLater"):
        assert list(schemas[name]["properties"]) == [m.name for m in member("misdeal").members]
