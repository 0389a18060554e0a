"""The trump-calling house rules of the encyclopedia article: low card and circus Rook
(docs/rules.md §14)."""

import dataclasses

import pytest

from scoring.engine import (
    BIRD,
    PRESETS,
    Card,
    HandRefused,
    RulesetError,
    check_card_hand,
    ruleset_from,
    score_hand,
    simulate_hand,
    trick_rules,
)
from scoring.engine.seat_names import seat_name
from tests.engine.helpers import contract

LOW = ruleset_from("tournament", {"low_card": True})
CIRCUS = ruleset_from("tournament", {"circus": True})


def winner(ruleset, trump, *cards, low=True):
    return trick_rules(ruleset, trump, low).winner(cards)


def test_low_card_fives_are_best_and_the_number_going_up_makes_a_card_worse():
    """ "fives are the best ... with quality of card descending as the number gets
    higher" (the encyclopedia article, Low Card)."""
    assert winner(LOW, "green", Card("red", 14), Card("red", 5), Card("red", 9)) == 1
    assert winner(LOW, "green", Card("red", 6), Card("red", 7)) == 0


def test_low_card_any_trump_still_beats_the_colour_led():
    """ "It can be called low card with any color being trump." (the encyclopedia article)"""
    assert winner(LOW, "green", Card("red", 5), Card("green", 14)) == 1
    assert winner(LOW, "green", Card("green", 14), Card("green", 5)) == 1


def test_low_card_the_bird_is_the_ten_and_a_half_of_trump_and_must_follow_suit():
    """ "the Rook becomes the 10.5 of trump" (the encyclopedia article): below the 10, above the 11
    when low wins; no longer the card that may be played at any time."""
    rules = trick_rules(LOW, "green", True)
    assert winner(LOW, "green", Card("green", 10), BIRD) == 0
    assert winner(LOW, "green", Card("green", 11), BIRD) == 1
    assert rules.privileged is None
    assert rules.legal_plays([BIRD, Card("red", 9)], "red") == [Card("red", 9)]


def test_low_card_with_ones_high_the_ones_are_the_worst():
    """ "ones are the worst" (the encyclopedia article) where the 1 plays above the 14 (Buckeye)."""
    buckeye = ruleset_from("buckeye", {"low_card": True})
    assert winner(buckeye, "green", Card("red", 1), Card("red", 14)) == 1


def test_low_card_is_a_call_the_ruleset_must_allow():
    record = contract("north", 80, 85, 35, low=True)

    with pytest.raises(HandRefused) as refused:
        score_hand(PRESETS["tournament"], record, dealer="west")

    assert "low_card" in refused.value.errors["low"][0]
    assert score_hand(LOW, record, dealer="west").sides == {"north_south": 85, "east_west": 35}


def test_a_simulated_low_card_hand_checks_out_and_keeps_the_call_in_its_record():
    hand = next(
        h for h in (simulate_hand(LOW, s, dealer="west", low=True) for s in range(20)) if h.tricks
    )

    result = check_card_hand(LOW, hand, dealer="west")

    assert result.reneges == () and result.record.low is True


def circus_hand(seed=0):
    for s in range(seed, seed + 50):
        hand = simulate_hand(CIRCUS, s, dealer="west", circus=True)
        if hand.tricks:
            return hand
    raise AssertionError("every simulated hand was passed out")


def test_circus_the_team_that_called_trump_leads():
    """ "the person to the immediate left would call trump ... The game play then
    continues with the team who called trump leading." (the encyclopedia article, Circus Rook)"""
    hand = circus_hand()
    result = check_card_hand(CIRCUS, hand, dealer="west")

    assert result.tricks[0].leader == CIRCUS.left_of[result.declarer]
    assert result.record.circus is True and result.reneges == ()


def test_circus_the_trump_side_passes_its_best_card_and_the_declarers_their_worst():
    """ "give their best card to the player to their left ... the player who called
    circus rook and his partner would then pass their worst card to their left"."""
    hand = circus_hand()
    result = check_card_hand(CIRCUS, hand, dealer="west")
    rules = trick_rules(CIRCUS, result.trump)
    opponent = CIRCUS.left_of[result.declarer]
    held = hand.hands[opponent]
    worse = min(held, key=rules.strength.__getitem__)
    assert rules.strength[worse] < rules.strength[hand.passes[opponent]]

    bad = dataclasses.replace(hand, passes={**hand.passes, opponent: worse})
    with pytest.raises(HandRefused) as refused:
        check_card_hand(CIRCUS, bad, dealer="west")

    said = refused.value.errors["passes"][0]
    assert f"{seat_name(opponent)} must pass their best card, not the " in said


def test_circus_every_player_passes_and_only_under_circus():
    hand = circus_hand()
    missing = dataclasses.replace(hand, passes={})
    with pytest.raises(HandRefused):
        check_card_hand(CIRCUS, missing, dealer="west")
    with pytest.raises(HandRefused) as refused:
        check_card_hand(PRESETS["tournament"], hand, dealer="west")
    assert "circus" in refused.value.errors


def test_circus_needs_partnerships_and_bidding():
    with pytest.raises(RulesetError) as refused:
        ruleset_from("five-player", {"circus": True})
    assert "circus" in refused.value.errors
