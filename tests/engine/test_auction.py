"""The auction, docs/rules.md §2."""

import pytest

from scoring.engine import PRESETS, AuctionError, Call, ruleset_from, run_auction

from .helpers import TOURNAMENT


def calls_error(calls, ruleset=TOURNAMENT, dealer="west"):
    with pytest.raises(AuctionError) as exc:
        run_auction(ruleset, dealer, calls)
    return " ".join(exc.value.messages)


def test_bidding_starts_left_of_the_dealer():
    result = run_auction(TOURNAMENT, "north", [75, None, None, None])
    assert (result.declarer, result.contract) == ("east", 75)


def test_the_opening_bid_must_be_at_least_70():
    assert "opening bid must be at least 70" in calls_error([65])


def test_bids_go_in_steps_of_5():
    assert "steps of 5" in calls_error([70, 72])


def test_each_bid_must_be_higher_than_the_last():
    assert "higher than the last bid, 80" in calls_error([70, 80, 80])


def test_a_bid_above_the_maximum_is_refused():
    assert "maximum bid is 120" in calls_error([125])


def test_a_player_who_passed_is_skipped_for_the_rest_of_the_auction():
    result = run_auction(TOURNAMENT, "west", [70, None, 75, 80, 85, None, None])
    assert [c.seat for c in result.calls] == [
        "north",
        "east",
        "south",
        "west",
        "north",
        "south",
        "west",
    ]
    assert result.declarer == "north"


def test_the_auction_ends_when_three_players_have_passed():
    assert "already over" in calls_error([70, None, None, None, 75])


def test_an_unfinished_auction_is_refused_unless_partial():
    assert "South is to call" in calls_error([70, 80])
    partial = run_auction(TOURNAMENT, "west", [70, 80], partial=True)
    assert (partial.finished, partial.next_to_call, partial.contract) == (False, "south", 80)


def test_if_all_pass_the_default_is_a_redeal():
    result = run_auction(TOURNAMENT, "west", [None] * 4)
    assert (result.all_passed, result.declarer, result.forced_dealer) == (True, None, False)


def test_under_the_forced_dealer_option_the_dealer_takes_the_minimum_bid():
    r = ruleset_from("tournament", {"all_pass": "dealer_forced"})
    result = run_auction(r, "west", [None] * 4)
    assert (result.declarer, result.contract, result.forced_dealer) == ("west", 70, True)


def test_three_passes_then_a_bid_from_the_last_player_ends_the_auction():
    result = run_auction(TOURNAMENT, "west", [None, None, None, 70])
    assert (result.declarer, result.contract) == ("west", 70)


def test_calls_with_seats_must_come_in_turn():
    assert "North's turn, not East's" in calls_error([Call("east", 70)])


def test_partnership_rook_opens_at_any_multiple_of_5():
    result = run_auction(PRESETS["partnership"], "west", [5, None, None, None])
    assert result.contract == 5


def test_two_player_bidding_skips_the_dummy():
    r = PRESETS["two-player"]
    result = run_auction(r, "seat1", [30, 35, None])
    assert [c.seat for c in result.calls] == ["seat2", "seat1", "seat2"]
    assert result.declarer == "seat1"
