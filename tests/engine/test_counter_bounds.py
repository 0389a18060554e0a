"""What the cards allow: a score sheet's counters within what the cards can hold.

Counters add up to the deck's total unless cards leave play (the cards set aside, a
nest nobody takes); where tricks are recorded, a side holds at most the counters of
the richest cards its tricks (and the nest, with the last trick) can be. In Dixie the
nest counts as one more trick for the side that takes the last trick, so a side's
recorded tricks include it: "The player who takes the last trick also takes the nest,
counting it as an additional trick" (the Deluxe Rook booklet).
"""

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    PRESETS,
    HandRefused,
    check_card_hand,
    ruleset_from,
    score_hand,
    simulate_hand,
)
from tests.engine.helpers import contract, sheet

DIXIE = PRESETS["dixie"]


def refused(ruleset, dealer="seat1", **fields):
    with pytest.raises(HandRefused) as exc:
        score_hand(ruleset, sheet(**fields), dealer=dealer)
    return " ".join(str(m) for ms in exc.value.errors.values() for m in ms)


def dixie_hand(ns, ew, ns_tricks):
    return sheet(
        bidder="north",
        bid=70,
        trump="red",
        counters={"north_south": ns, "east_west": ew},
        tricks={"north_south": ns_tricks, "east_west": 14 - ns_tricks},
    )


# ---- counter totals bounded below where the nest or cards leave play ------------------


@pytest.mark.parametrize("slug", ["two-player", "three-player"])
def test_1950s_games_at_least_50_counters_stay_in_play(slug):
    """The declarer "may exchange any two of the cards in his hand for any two in the
    nest", and the nest is then set aside (the Deluxe Rook booklet): five cards hold at
    most 50 of the 100 points, so at least 50 are played."""
    r = PRESETS[slug]
    sides = r.side_names
    low = {sides[0]: 40, sides[1]: 0, **dict.fromkeys(sides[2:], 0)}
    fifty = {sides[0]: 30, sides[1]: 20, **dict.fromkeys(sides[2:], 0)}
    tricks = {s: 0 for s in sides} | {sides[0]: 6, sides[1]: r.tricks_counted - 6}

    message = refused(r, bidder="seat1", bid=30, trump="red", counters=low, tricks=tricks)
    score_hand(
        r, sheet(bidder="seat1", bid=30, trump="red", counters=fifty, tricks=tricks), dealer="seat1"
    )

    assert "at least 50 stay in play" in message


def test_beginner_five_nest_cards_hold_at_most_12_of_the_24_points():
    """ "You don't use the nest in the Beginner game" (the Hasbro 2011 booklet): five
    cards (the Bird, four 2-point cards) hold 12 of the 24 points, so at least 12 are
    taken in tricks."""
    r = PRESETS["beginner"]
    eleven = {"north": 11, "east": 0, "south": 0, "west": 0}
    twelve = {"north": 6, "east": 6, "south": 0, "west": 0}

    message = refused(r, dealer="west", trump="red", counters=eleven)
    ok = score_hand(r, sheet(trump="red", counters=twelve), dealer="west")

    assert "at least 12 stay in play" in message
    assert ok.seats["north"] == 6


def test_the_2011_game_for_three_still_counts_70_to_100():
    """ "The score could be as low as 70 or as high as 100." (the Hasbro 2011 booklet)"""
    r = PRESETS["three-player-2011"]

    message = refused(
        r, bidder="seat1", bid=50, trump="red", counters={"declarers": 65, "defenders": 0}
    )

    assert "at least 70 stay in play" in message


# ---- counters consistent with the tricks taken ---------------------------------------


def test_partnership_one_trick_of_four_cards_cannot_hold_50_counters():
    """Each side scores the counters in the tricks it took: one trick is four cards,
    and four cards of Partnership Rook's deck hold at most 40 (four 10s)."""
    r = PRESETS["partnership"]
    tricks = {"north_south": 13, "east_west": 1}

    message = refused(
        r,
        dealer="west",
        bidder="north",
        bid=50,
        trump="red",
        counters={"north_south": 50, "east_west": 50},
        tricks=tricks,
    )
    forty = score_hand(
        r,
        sheet(
            bidder="north",
            bid=50,
            trump="red",
            counters={"north_south": 60, "east_west": 40},
            tricks=tricks,
        ),
        dealer="west",
    )

    assert "east_west took 1 trick (4 cards), which hold at most 40 counters, not 50" in message
    assert forty.sides["east_west"] == 40


def test_a_side_with_the_last_trick_may_hold_the_nests_counters_too():
    """Whoever takes the last trick captures the nest: one trick and the nest of
    Tournament Rook are 4 + 5 cards, at most the Bird and eight 10-point cards."""
    r = ruleset_from("tournament", {"points_per_trick": 1})
    hand = contract("north", 70, 20, 100, tricks={"north_south": 8, "east_west": 1})

    assert score_hand(r, hand, dealer="west").sides["east_west"] == 101


def test_dixie_a_side_with_one_recorded_trick_holds_four_cards_and_no_nest():
    """Dixie's nest is one of the recorded tricks of the side that took the last trick,
    so a side with one recorded trick won one trick in play and no nest: four cards,
    at most 40 counters (not the 80 of four cards and the nest)."""
    message = refused(DIXIE, dealer="west", **dixie_hand(45, 55, 1).to_dict())

    assert message == (
        "north_south took 1 trick (4 cards), which hold at most 40 counters, not 45 "
        "(docs/rules.md §3)"
    )
    assert score_hand(DIXIE, dixie_hand(40, 60, 1), dealer="west").sides == {
        "north_south": -70,
        "east_west": 80,
    }


def test_dixie_a_side_with_two_recorded_tricks_may_hold_one_trick_and_the_nest():
    """Two recorded tricks are two won in play, or one and the nest: eight cards either
    way, at most 80 counters."""
    ok = score_hand(DIXIE, dixie_hand(80, 20, 2), dealer="west")

    message = refused(DIXIE, dealer="west", **dixie_hand(85, 15, 2).to_dict())

    assert ok.sides["north_south"] == 80
    assert "north_south took 2 tricks (8 cards), which hold at most 80 counters" in message


def test_dixie_for_six_one_recorded_trick_is_six_cards_without_the_two_card_nest():
    r = PRESETS["dixie-6"]
    hand = {
        "bidder": "seat1",
        "bid": 70,
        "trump": "red",
        "tricks": {"seats_135": 1, "seats_246": 9},
    }

    message = refused(r, counters={"seats_135": 65, "seats_246": 35}, **hand)
    ok = score_hand(r, sheet(counters={"seats_135": 60, "seats_246": 40}, **hand), dealer="seat1")

    assert "seats_135 took 1 trick (6 cards), which hold at most 60 counters, not 65" in message
    assert ok.sides["seats_246"] == 60


# ---- the bound against every set of cards a real deal can give a side -----------------


def holdings(r, recorded):
    """Each (cards won in play, nest held) a side with ``recorded`` tricks can have,
    found by trying every number of tricks won in play, with and without the nest."""
    nest_goes = r.nest_capture == "last_trick" and r.nest_size > 0
    ways = []
    for won in range(r.tricks_played + 1):
        for nest in (False, True) if nest_goes else (False,):
            if nest and won == 0:
                continue  # the nest goes with the last trick: its side won a trick
            if nest_goes and won == r.tricks_played and not nest:
                continue  # every trick won in play includes the last one
            as_tricks = won + (1 if nest and r.nest_counts_as_trick else 0)
            if as_tricks == recorded:
                ways.append(won * len(r.seats) + (r.nest_size if nest else 0))
    return ways


def brute_force_most(r, cards, recorded):
    """The most counter points any set of the cards a side with ``recorded`` tricks can
    hold reaches, trying every subset of the deal's counter cards."""
    counters = [r.card_points[c] for c in cards if r.card_points[c]]
    best = 0
    for size in holdings(r, recorded):
        for n in range(min(size, len(counters)) + 1):
            best = max([best, *(sum(combo) for combo in combinations(counters, n))])
    return best


@pytest.mark.parametrize("slug", ["dixie", "dixie-6"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_dixie_bound_is_the_brute_force_bound_of_a_real_deal(slug, seed):
    """For a real deal and play: the engine's bound for every number of recorded tricks
    is the most the deal's cards can give a side with that many, and the hand played
    keeps each side within it and is accepted."""
    r = PRESETS[slug]
    dealer = r.player_seats[seed % len(r.player_seats)]
    hand = simulate_hand(r, seed, dealer=dealer)
    if not hand.tricks:
        return  # everyone passed: a redeal, nothing played
    cards = [c for held in hand.hands.values() for c in held] + list(hand.nest)
    record = check_card_hand(r, hand, dealer=dealer).record

    for recorded in range(r.tricks_counted + 1):
        assert r.most_counters_for_tricks(recorded) == brute_force_most(r, cards, recorded)
    for side, recorded in record.tricks.items():
        assert record.counters[side] <= brute_force_most(r, cards, recorded)
    score_hand(r, record, dealer=dealer)


# ---- every ruleset's random hands keep counters within what their cards can hold -----

CARD_LEVEL = [slug for slug, r in PRESETS.items() if not r.draw_pile]


def richest(points, n):
    return sum(sorted(points, reverse=True)[:n])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slug=st.sampled_from(CARD_LEVEL), seed=st.integers(0, 2**32))
def test_random_hands_keep_counters_within_what_their_cards_can_hold(slug, seed):
    r = PRESETS[slug]
    dealer = r.player_seats[seed % len(r.player_seats)]
    hand = simulate_hand(r, seed, dealer=dealer)
    if not hand.tricks:
        return
    record = check_card_hand(r, hand, dealer=dealer).record
    points = [r.card_points[c] for c in r.deck]
    counters = record.counters
    out = len(r.deck) - len(hand.nest) - sum(len(h) for h in hand.hands.values())
    if r.nest_capture == "nobody" and r.counters_in_nest:
        out += len(hand.nest)
    assert sum(points) - richest(points, out) <= sum(counters.values()) <= sum(points)
    for side, n in (record.tricks or {}).items():
        assert counters[side] <= max(richest(points, size) for size in holdings(r, n))
    score_hand(r, record, dealer=dealer)  # the checks accept every hand cards can make
