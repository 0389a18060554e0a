"""Every worked example of the rulebooks, as docs/rules.md §2 and §3 restate them."""

from scoring.engine import PRESETS, new_game, play_hand, run_auction

from .helpers import PLAYERS, TOURNAMENT, contract, score, sheet


def test_bid_95_with_75_captured_is_set_minus_95_and_the_opponents_score_45():
    result = score(contract("east", 95, ns=45, ew=75))
    assert result.sides == {"north_south": 45, "east_west": -95}
    assert result.made is False
    assert result.reasons[0].startswith("Set: 75 counters < bid 95, scores \u221295")


def test_first_hand_bid_80_with_75_captured_leaves_the_partnership_at_minus_80():
    game = new_game(TOURNAMENT, PLAYERS, "west")
    game = play_hand(game, contract("north", 80, ns=75, ew=45))
    assert game.totals["north_south"] == -80


def test_a_partnership_at_140_set_at_80_drops_to_60():
    game = new_game(TOURNAMENT, PLAYERS, "west")
    game = play_hand(game, contract("north", 70, ns=70, ew=50))
    game = play_hand(game, contract("south", 70, ns=70, ew=50))
    assert game.totals["north_south"] == 140
    game = play_hand(game, contract("north", 80, ns=75, ew=45))
    assert game.totals["north_south"] == 60


def test_the_bidding_example_gives_the_second_bidder_the_hand_at_95():
    # Both booklets: A (left of dealer) 70, B 80, C pass, D 85, A 90, B 95, D pass, A pass.
    result = run_auction(TOURNAMENT, "west", [70, 80, None, 85, 90, 95, None, None])
    assert (result.declarer, result.contract) == ("east", 95)
    assert [c.seat for c in result.calls] == [
        "north",
        "east",
        "south",
        "west",
        "north",
        "east",
        "west",
        "north",
    ]


def test_partnership_rook_example_set_at_90_and_opponents_score_25_plus_20_for_most_tricks():
    # The Deluxe Rook booklet: took the bid at 90, 75 in counters, fewer tricks: -90; opponents 25 +
    # 20.
    record = sheet(
        bidder="north",
        bid=90,
        trump="green",
        counters={"north_south": 75, "east_west": 25},
        tricks={"north_south": 6, "east_west": 8},
    )
    result = score(record, PRESETS["partnership"])
    assert result.sides == {"north_south": -90, "east_west": 45}


def test_a_made_bid_scores_every_counter_taken_not_just_the_bid():
    result = score(contract("north", 100, ns=115, ew=5))
    assert result.made is True
    assert result.sides == {"north_south": 115, "east_west": 5}


def test_the_opponents_always_score_their_counters_even_when_the_bid_is_made():
    assert score(contract("east", 70, ns=40, ew=80)).sides["north_south"] == 40
