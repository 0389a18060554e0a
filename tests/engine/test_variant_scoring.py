"""Scoring in the other rulesets of docs/rules.md §7 to §14, each driven by ruleset parameters."""

import pytest

from scoring.engine import PRESETS, HandRefused, ruleset_from

from .helpers import score, sheet

DIXIE = PRESETS["dixie"]


def dixie(ns_counters, ns_tricks, bidder="north", bid=70):
    # 13 tricks plus the nest, which counts as one more (the Deluxe Rook booklet).
    return sheet(
        bidder=bidder,
        bid=bid,
        trump="black",
        counters={"north_south": ns_counters, "east_west": 100 - ns_counters},
        tricks={"north_south": ns_tricks, "east_west": 14 - ns_tricks},
    )


def test_dixie_gives_20_to_the_side_with_the_majority_of_tricks():
    assert score(dixie(60, 8), DIXIE).sides == {"north_south": 80, "east_west": 40}


def test_dixie_gives_a_trick_tie_to_the_high_bidders_opponents():
    result = score(dixie(60, 7), DIXIE)
    assert result.sides == {"north_south": -70, "east_west": 60}


def test_partnership_rook_gives_no_bonus_for_a_7_7_split():
    record = sheet(
        bidder="north",
        bid=50,
        trump="red",
        counters={"north_south": 55, "east_west": 45},
        tricks={"north_south": 7, "east_west": 7},
    )
    assert score(record, PRESETS["partnership"]).sides == {"north_south": 55, "east_west": 45}


def test_all_tricks_bonus_option_adds_to_the_side_that_took_every_trick():
    r = ruleset_from("tournament", {"all_tricks_bonus": 100})  # a club's Kentucky Discard write-up
    record = sheet(
        bidder="north",
        bid=120,
        trump="red",
        counters={"north_south": 120, "east_west": 0},
        tricks={"north_south": 9, "east_west": 0},
    )
    assert score(record, r).sides == {"north_south": 220, "east_west": 0}


def test_nest_bonus_option_needs_and_rewards_the_side_that_took_the_last_trick():
    r = ruleset_from("tournament", {"nest_bonus": 20})  # the encyclopedia article
    base = {
        "bidder": "north",
        "bid": 100,
        "trump": "red",
        "counters": {"north_south": 90, "east_west": 30},
    }
    with pytest.raises(HandRefused) as exc:
        score(sheet(**base), r)
    assert "last_trick" in exc.value.errors
    assert score(sheet(**base, last_trick="north_south"), r).sides["north_south"] == 110


def test_two_player_game_adds_2_a_trick_and_a_set_doubles_the_opponent():
    r = PRESETS["two-player"]
    record = sheet(
        bidder="seat1",
        bid=60,
        trump="red",
        counters={"seat1": 40, "seat2": 45, "dummy": 15},
        tricks={"seat1": 5, "seat2": 6, "dummy": 2},
    )
    result = score(record, r, dealer="seat2")
    assert result.made is False  # 40 + 10 < 60
    assert result.sides == {"seat1": 0, "seat2": (45 + 12) * 2, "dummy": (15 + 4) * 2}


def test_tennessee_makes_with_counters_plus_2_a_trick():
    r = PRESETS["tennessee"]
    record = sheet(
        bidder="seat2",
        bid=80,
        trump="green",
        counters={"seat1": 50, "seat2": 70},
        tricks={"seat1": 11, "seat2": 9},
    )
    result = score(record, r, dealer="seat1")
    assert result.made is True
    assert result.sides == {"seat1": 72, "seat2": 88}


def test_five_player_game_scores_each_player_and_sets_only_the_declarer():
    r = PRESETS["five-player"]
    counters = {"seat1": 20, "seat2": 25, "seat3": 0, "seat4": 40, "seat5": 15}
    result = score(sheet(bidder="seat4", bid=45, trump="red", counters=counters), r, dealer="seat1")
    assert result.sides == {"seat1": 20, "seat2": 25, "seat3": 0, "seat4": -45, "seat5": 15}


def test_high_card_partner_scores_the_declarer_and_called_partner_together():
    r = PRESETS["high-card-partner"]
    record = sheet(
        bidder="seat1",
        partner="seat4",
        bid=80,
        trump="red",
        counters={"declarers": 90, "defenders": 30},
        tricks={"declarers": 5, "defenders": 2},
    )
    result = score(record, r, dealer="seat5")
    assert result.sides == {"declarers": 110, "defenders": 30}
    assert result.seats == {"seat1": 110, "seat2": 30, "seat3": 30, "seat4": 110, "seat5": 30}


def test_partnership_for_six_scores_two_sides_of_three():
    r = PRESETS["partnership-for-six"]
    record = sheet(
        bidder="seat3", bid=90, trump="yellow", counters={"seats_135": 95, "seats_246": 25}
    )
    result = score(record, r, dealer="seat6")
    assert result.seats["seat1"] == result.seats["seat5"] == 95


def test_beginner_game_has_no_bid_and_everyone_scores_their_counters():
    r = PRESETS["beginner"]
    counters = {"north": 6, "east": 5, "south": 7, "west": 2}  # the nest holds the rest
    result = score(sheet(trump="green", counters=counters), r)
    assert result.sides == counters
    assert result.made is None


def test_beginner_game_refuses_a_bid():
    with pytest.raises(HandRefused) as exc:
        score(
            sheet(
                bidder="north",
                bid=70,
                trump="green",
                counters={"north": 6, "east": 5, "south": 7, "west": 2},
            ),
            PRESETS["beginner"],
        )
    assert set(exc.value.errors) == {"bidder", "bid"}


def test_buckeye_accepts_bids_up_to_180():
    record = sheet(
        bidder="north", bid=180, trump="red", counters={"north_south": 180, "east_west": 0}
    )
    assert score(record, PRESETS["buckeye"]).sides["north_south"] == 180
