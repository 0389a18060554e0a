"""Impossible hands are refused whole, with every problem named (docs/rules.md §3)."""

import pytest

from scoring.engine import PRESETS, HandRecord, HandRefused

from .helpers import TOURNAMENT, contract, score, sheet


def refusal(record, ruleset=TOURNAMENT, dealer="west"):
    with pytest.raises(HandRefused) as exc:
        score(record, ruleset, dealer)
    assert exc.value.code == "hand_impossible"
    return exc.value.errors


def test_a_bid_below_the_minimum_is_refused_citing_the_rule():
    errors = refusal(contract("north", 65, 70, 50))
    assert errors["bid"] == ["bid 65 is below the minimum bid 70 (docs/rules.md §2)"]


def test_a_bid_off_the_5_point_step_is_refused():
    assert "not a multiple of 5" in refusal(contract("north", 72, 70, 50))["bid"][0]


def test_a_bid_above_the_points_in_the_deck_is_refused():
    assert "above the maximum bid 120" in refusal(contract("north", 125, 70, 50))["bid"][0]


def test_counters_that_are_not_multiples_of_5_are_refused():
    errors = refusal(contract("north", 70, 72, 48))
    assert len(errors["counters"]) == 2


def test_counters_that_do_not_add_up_to_the_deck_are_refused():
    errors = refusal(contract("north", 70, 70, 45))
    assert errors["counters"] == ["counters add up to 115, not the deck's 120 (docs/rules.md §3)"]


def test_every_problem_is_named_at_once_not_just_the_first():
    errors = refusal(sheet(bidder="north", bid=67, counters={"north_south": 70}))
    assert set(errors) == {"bid", "trump", "counters"}
    assert any("east_west: missing" in m for m in errors["counters"])


def test_fields_the_ruleset_needs_are_asked_for():
    errors = refusal(sheet(trump="red"))
    assert set(errors) == {"bidder", "bid", "counters"}


def test_partnership_rook_needs_each_sides_tricks_for_the_most_tricks_bonus():
    errors = refusal(contract("north", 70, 70, 30), PRESETS["partnership"])
    assert "tricks" in errors


def test_tricks_must_add_up_to_the_tricks_in_a_hand():
    record = sheet(
        bidder="north",
        bid=70,
        trump="red",
        counters={"north_south": 70, "east_west": 30},
        tricks={"north_south": 7, "east_west": 8},
    )
    assert "not the 14 in a hand" in refusal(record, PRESETS["partnership"])["tricks"][0]


def test_a_side_that_took_no_tricks_cannot_have_counters():
    record = sheet(
        bidder="north",
        bid=70,
        trump="red",
        counters={"north_south": 70, "east_west": 30},
        tricks={"north_south": 14, "east_west": 0},
    )
    assert "took no tricks" in refusal(record, PRESETS["partnership"])["counters"][0]


def test_a_made_mark_that_the_counters_contradict_is_refused():
    errors = refusal(contract("north", 95, 75, 45, made=True))
    assert "marked made, but the counters say set" in errors["made"][0]


def test_a_matching_made_mark_is_accepted():
    assert score(contract("north", 95, 75, 45, made=False)).made is False


def test_an_unknown_seat_or_trump_is_refused():
    errors = refusal(contract("northeast", 70, 70, 50, trump="blue"))
    assert set(errors) == {"bidder", "trump"}


def test_an_unknown_dealer_is_refused():
    assert "dealer" in refusal(contract("north", 70, 70, 50), dealer="nobody")


def test_a_redeal_with_a_bid_recorded_is_refused_as_ambiguous():
    errors = refusal(sheet(redeal={"reason": "exposed_card"}, bid=80))
    assert "bid" in errors


class TestReadingTheRestBody:
    def test_a_well_formed_body_round_trips(self):
        body = {
            "bidder": "north",
            "bid": 95,
            "trump": "red",
            "counters": {"north_south": 75, "east_west": 45},
            "penalties": [{"seat": "east", "kind": "table_talk"}],
            "renege": {"seat": "west", "found": "in_time"},
        }
        assert HandRecord.from_dict(body).to_dict() == body

    def test_wrong_types_are_named_per_field_never_a_type_error(self):
        with pytest.raises(HandRefused) as exc:
            HandRecord.from_dict(
                {
                    "bid": "ninety",
                    "counters": [75, 45],
                    "made": "yes",
                    "penalties": "none",
                    "renege": 3,
                    "redeal": {"why": 1},
                }
            )
        assert exc.value.code == "hand_malformed"
        assert set(exc.value.errors) == {"bid", "counters", "made", "penalties", "renege", "redeal"}

    def test_unknown_fields_and_kinds_are_named(self):
        with pytest.raises(HandRefused) as exc:
            HandRecord.from_dict(
                {
                    "bidder": "north",
                    "colour": "red",
                    "penalties": [{"seat": "east", "kind": "cheating"}],
                }
            )
        assert set(exc.value.errors) == {"colour", "penalties"}

    def test_with_a_ruleset_unknown_seats_and_sides_are_named(self):
        with pytest.raises(HandRefused) as exc:
            HandRecord.from_dict({"bidder": "seat9", "counters": {"ns": 120}}, TOURNAMENT)
        assert set(exc.value.errors) == {"bidder", "counters"}
        # Names the game lacks, and nothing else wrong: the game decides, not the shape.
        assert exc.value.code == "not_in_game"

    def test_a_seat_the_game_lacks_beside_a_wrong_shape_is_malformed(self):
        with pytest.raises(HandRefused) as exc:
            HandRecord.from_dict({"bidder": "seat5", "bid": "ninety"}, TOURNAMENT)
        assert set(exc.value.errors) == {"bidder", "bid"}
        assert exc.value.code == "hand_malformed"

    def test_a_body_that_is_not_an_object_is_refused(self):
        with pytest.raises(HandRefused) as exc:
            HandRecord.from_dict(["north", 95])
        assert exc.value.errors == {"hand": ["must be a JSON object"]}

    @pytest.mark.parametrize(
        "body",
        [
            None,
            1,
            "x",
            {"counters": {"north_south": None}},
            {"renege": {"seat": 1, "found": "later"}},
            {"penalties": [None]},
            {"misdeal": "later"},
        ],
    )
    def test_garbage_never_escapes_as_anything_but_hand_refused(self, body):
        with pytest.raises(HandRefused):
            HandRecord.from_dict(body, TOURNAMENT)
