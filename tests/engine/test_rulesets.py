"""Rulesets are data: presets for every game of the rulebooks, options, JSON (docs/rules.md
§1, §2, §7 to §15)."""

import json

import pytest

from scoring.engine import BIRD, PRESETS, RED_ONE, Card, Ruleset, RulesetError, ruleset_from

CONTRACT_SLUGS = [
    "tournament",
    "tournament-45",
    "tournament-57",
    "tournament-no-bird",
    "partnership",
    "dixie",
    "dixie-6",
    "two-player",
    "three-player",
    "five-player",
    "six-player",
    "high-card-partner",
    "partnership-for-six",
    "tennessee",
    "beginner",
    "buckeye",
    "red-one",
]


@pytest.mark.parametrize("slug", CONTRACT_SLUGS)
def test_every_ruleset_the_django_layer_names_is_a_preset(slug):
    assert PRESETS[slug].slug == slug


@pytest.mark.parametrize(
    ("slug", "cards", "per_hand", "nest", "counters"),
    [
        ("tournament", 41, 9, 5, 120),  # docs/rules.md §2: 1s-4s out, Bird in
        ("tournament-45", 45, 10, 5, 120),  # the encyclopedia article
        ("tournament-57", 57, 13, 5, 120),  # a club's Kentucky Discard write-up
        ("tournament-no-bird", 40, 9, 4, 100),
        ("partnership", 56, 14, 0, 100),
        ("dixie", 56, 13, 4, 100),
        ("dixie-6", 56, 9, 2, 100),
        ("two-player", 44, 13, 5, 100),
        ("five-player", 56, 10, 6, 100),
        ("six-player", 56, 9, 2, 100),
        ("high-card-partner", 41, 7, 6, 120),
        ("partnership-for-six", 57, 8, 9, 120),
        ("tennessee", 45, 11, 5, 120),
        ("beginner", 41, 9, 5, 24),  # 5=1, 10=2, 14=2, Bird=4
        ("buckeye", 45, 10, 5, 180),  # the encyclopedia article's maximum bid 180
        ("red-one", 42, 9, 6, 150),
    ],
)
def test_each_preset_has_the_deck_hands_nest_and_counters_of_its_rule_text(
    slug, cards, per_hand, nest, counters
):
    r = PRESETS[slug]
    assert (len(r.deck), r.cards_per_hand, r.nest_size, r.total_counters) == (
        cards,
        per_hand,
        nest,
        counters,
    )


def test_counters_are_5s_10s_14s_and_the_bird_at_20():
    points = PRESETS["tournament"].card_points
    assert points[Card("red", 5)] == 5
    assert points[Card("red", 10)] == 10
    assert points[Card("green", 14)] == 10
    assert points[BIRD] == 20
    assert points[Card("red", 13)] == 0


def test_dixie_counts_the_13s_and_not_the_14s():
    points = PRESETS["dixie"].card_points
    assert points[Card("black", 13)] == 10
    assert points[Card("black", 14)] == 0


def test_buckeye_ones_are_15_point_counters_and_red_one_is_a_30_point_card():
    assert PRESETS["buckeye"].card_points[Card("yellow", 1)] == 15
    assert PRESETS["red-one"].card_points[RED_ONE] == 30


def test_maximum_bid_is_the_points_at_stake():
    assert PRESETS["tournament"].highest_bid == 120
    assert PRESETS["tournament-no-bird"].highest_bid == 100
    assert PRESETS["buckeye"].highest_bid == 180
    assert PRESETS["tennessee"].highest_bid == 160  # counters + 2 a trick
    assert PRESETS["two-player"].points_at_stake == 126


def test_tennessee_deals_11_each_and_leaves_a_draw_pile():
    assert PRESETS["tennessee"].draw_pile == 45 - 22 - 5


@pytest.mark.parametrize("slug", list(PRESETS))
def test_every_preset_round_trips_through_json(slug):
    ruleset = PRESETS[slug]
    data = json.loads(json.dumps(ruleset.to_dict()))
    assert Ruleset.from_dict(data) == ruleset


def test_options_apply_over_a_preset_and_are_listed_as_house_rules():
    r = ruleset_from("tournament", {"target": 500, "table_talk_penalty": 20})
    assert (r.target, r.table_talk_penalty, r.slug) == (500, 20, "tournament")
    assert r.options() == {"target": 500, "table_talk_penalty": 20}


def test_a_fixed_number_of_hands_replaces_the_target():
    r = ruleset_from("tournament", {"fixed_hands": 8})
    assert (r.fixed_hands, r.target) == (8, None)


def test_bird_options_are_parameters():
    for rank in ("high", "low", "ten_and_a_half"):
        assert ruleset_from("tournament", {"bird_rank": rank}).bird_rank == rank


def test_an_unknown_slug_is_refused_by_name():
    with pytest.raises(RulesetError) as exc:
        ruleset_from("canasta")
    assert "canasta" in exc.value.errors["slug"][0]
    assert isinstance(exc.value, ValueError)


def test_every_bad_option_is_named_at_once():
    with pytest.raises(RulesetError) as exc:
        ruleset_from("tournament", {"colour": "blue", "target": "lots", "bird_rank": "middle"})
    assert set(exc.value.errors) == {"colour", "target", "bird_rank"}
    assert exc.value.code == "ruleset_invalid"


def test_a_deck_that_does_not_deal_evenly_is_refused():
    with pytest.raises(RulesetError) as exc:
        ruleset_from("tournament", {"bird": False})  # 40 cards, nest 5: 35 for 4 seats
    assert "nest_size" in exc.value.errors


def test_a_minimum_bid_above_the_maximum_is_refused():
    with pytest.raises(RulesetError) as exc:
        ruleset_from("tournament", {"min_bid": 130})
    assert "max_bid" in exc.value.errors


def test_a_game_needs_a_target_or_a_number_of_hands():
    with pytest.raises(RulesetError) as exc:
        ruleset_from("tournament", {"target": None})
    assert "target" in exc.value.errors


def test_individual_rotation_needs_four_players_in_two_partnerships():
    with pytest.raises(RulesetError) as exc:
        ruleset_from("five-player", {"partner_rotation": "individual"})
    assert "partner_rotation" in exc.value.errors


def test_four_player_presets_know_partners_sit_opposite():
    r = PRESETS["tournament"]
    assert r.seats == ("north", "east", "south", "west")
    assert dict(r.sides) == {"north_south": ("north", "south"), "east_west": ("east", "west")}


def test_six_player_partnerships_alternate_round_the_table():
    sides = dict(PRESETS["partnership-for-six"].sides)
    assert sides == {
        "seats_135": ("seat1", "seat3", "seat5"),
        "seats_246": ("seat2", "seat4", "seat6"),
    }


def test_a_ruleset_read_back_with_its_keys_reordered_is_the_same_ruleset():
    # PostgreSQL's jsonb keeps no key order.
    for ruleset in (PRESETS["tournament"], PRESETS["partnership-for-six"]):
        data = ruleset.to_dict()
        data["sides"] = dict(reversed(data["sides"].items()))
        data = dict(reversed(data.items()))
        assert Ruleset.from_dict(data) == ruleset
