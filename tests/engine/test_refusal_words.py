"""What an auction or a hand given card by card is refused with names seats as the
table does ("Seat 2", "North") and cards as players say them ("the red 5"), never as
they are stored ("seat2", "red-5")."""

import dataclasses
import random
import re

import pytest

from play import card_entry
from scoring.engine import PRESETS, AuctionError, Call, HandRefused, check_card_hand, run_auction
from scoring.engine.simulate import simulate_hand

FIVE = PRESETS["five-player"]
RAW = re.compile(r"\b(seat\d|north|east|south|west|(black|red|yellow|green)-\d+)\b")


def raw(text: str) -> list[str]:
    return [m.group(0) for m in RAW.finditer(text)]


def refused(ruleset, hand, dealer) -> list[str]:
    with pytest.raises(HandRefused) as error:
        check_card_hand(ruleset, hand, dealer=dealer)
    return [str(m) for messages in error.value.errors.values() for m in messages]


def test_a_call_out_of_turn_at_a_table_of_five_names_the_seats():
    with pytest.raises(AuctionError) as error:
        run_auction(FIVE, "seat1", [Call("seat3", 100)])
    said = " ".join(error.value.messages)
    assert "it is Seat 2's turn, not Seat 3's" in said
    assert raw(said) == []


def test_an_auction_left_open_says_who_is_to_call():
    with pytest.raises(AuctionError) as error:
        run_auction(PRESETS["tournament"], "west", [70, 80])
    assert "South is to call" in " ".join(error.value.messages)


def test_a_card_played_that_the_player_does_not_hold_is_said_in_words():
    hand = simulate_hand(FIVE, random.Random(3), dealer="seat1")
    while not hand.tricks:
        hand = simulate_hand(FIVE, random.Random(4), dealer="seat1")
    first = [list(play) for play in hand.tricks[0]]
    seat = first[1][0]
    nest_card = next(iter(hand.discards)) if hand.discards else None
    other = nest_card or next(c for s, c in first if s != seat)
    first[1] = [seat, other]
    bad = dataclasses.replace(hand, tricks=[first, *hand.tricks[1:]])

    said = " ".join(refused(FIVE, bad, "seat1"))

    assert "a card they do not hold" in said, said
    assert re.search(r"Seat \d plays the (black|red|yellow|green) \d+|the Rook Bird", said), said
    assert raw(said) == [], said


def test_a_hand_dealt_short_names_the_seat():
    hand = simulate_hand(FIVE, random.Random(5), dealer="seat1")
    hands = {**hand.hands, "seat2": hand.hands["seat2"][:-1]}
    said = " ".join(refused(FIVE, dataclasses.replace(hand, hands=hands), "seat1"))
    assert "Seat 2 holds" in said
    assert raw(said) == [], said


def test_the_card_by_card_page_refuses_a_card_outside_the_deck_in_words():
    rules = PRESETS["tournament"]  # no Red 1 in this deck
    draft = card_entry.new_draft(rules, "north")
    _, said = card_entry.tap(rules, draft, "red-1")
    assert said == "The red 1 is not a card of this deck."
