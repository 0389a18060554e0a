"""Beginner Rook: a renege found later.

The Hasbro 2011 booklet gives the Beginner game ("Play ROOK without bidding for trump or using
the nest") no penalty of its own, so the Partnership Game's applies: "If the
error is not discovered until later, the hand is ended, and the side that made
the error is set back the full amount of the bid, regardless of who made the bid
for that hand. The opponents score all the Counters they captured before the
error was discovered."  Without bidding there is no bid: the reneging player is
set back nothing and scores 0; every other player scores what they had captured.
"""

import random

from scoring.engine import PRESETS, check_card_hand, score_hand, simulate_hand
from tests.engine.helpers import sheet

BEGINNER = PRESETS["beginner"]


def test_a_renege_found_later_gives_the_reneger_nothing_and_the_others_their_counters():
    """ "the hand is ended ... The opponents score all the Counters they captured
    before the error was discovered" (the Hasbro 2011 booklet); there is no bid to set back."""
    record = sheet(
        renege={
            "seat": "east",
            "found": "later",
            "counters": {"north": 4, "east": 5, "south": 6, "west": 2},
        }
    )

    result = score_hand(BEGINNER, record, dealer="north")

    assert result.sides == {"north": 4, "east": 0, "south": 6, "west": 2}
    assert result.seats == {"north": 4, "east": 0, "south": 6, "west": 2}
    assert result.made is None
    assert "no bid to set back" in result.reasons[0].text and result.reasons[0].rule == "§5"


def test_a_renege_corrected_in_time_costs_nothing_in_beginner_rook():
    """ "the error may be corrected if discovered before the next trick is taken"
    (the Hasbro 2011 booklet): the hand is scored as played."""
    record = sheet(
        trump="red",
        counters={"north": 6, "east": 4, "south": 8, "west": 6},
        renege={"seat": "west", "found": "in_time"},
    )

    assert score_hand(BEGINNER, record, dealer="north").sides == {
        "north": 6,
        "east": 4,
        "south": 8,
        "west": 6,
    }


class _RenegeOnce:
    """Random legal play, except that the first player able to renege does so."""

    def __init__(self, seed):
        self.rng, self.done = random.Random(seed), None

    def __call__(self, seat, hand, legal, led):
        if self.done is None and led is not None and len(legal) < len(hand):
            self.done = seat
            return next(c for c in hand if c not in legal)
        return self.rng.choice(legal)


def test_a_card_level_beginner_hand_with_a_renege_is_scored_not_crashed():
    """The card-level record shows play went on, so the renege was found later:
    the reneging player scores 0 and the others what they captured (the Hasbro 2011 booklet)."""
    for seed in range(50):
        policy = _RenegeOnce(seed)
        hand = simulate_hand(BEGINNER, seed, dealer="north", choose=policy)
        if policy.done:
            break
    assert policy.done is not None

    result = check_card_hand(BEGINNER, hand, dealer="north")
    score = score_hand(BEGINNER, result.record, dealer="north")

    assert result.reneges[0].seat == policy.done
    captured = result.counters_by_seat
    assert score.sides == {s: (0 if s == policy.done else captured[s]) for s in BEGINNER.seats}
