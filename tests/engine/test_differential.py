"""The engine against an independent reference (``reference.py``) over many random
deals for every ruleset that has card-level records.

Each hand is dealt and played at random by ``simulate_hand``; now and then a
player plays any card they hold, so reneges occur too.  The engine
(``check_card_hand`` + ``score_hand``) and the reference must agree on who took
each trick, who reneged and where, what each seat captured and what each side
and seat scores.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import PRESETS, check_card_hand, ruleset_from, score_hand, simulate_hand
from tests.engine import reference

HOUSE_RULES = {
    "tournament+bird-low": ("tournament", {"bird_rank": "low"}, {}),
    "tournament+bird-ten-and-a-half": ("tournament", {"bird_rank": "ten_and_a_half"}, {}),
    "tournament+low-card": ("tournament", {"low_card": True}, {"low": True}),
    "tournament+circus": ("tournament", {"circus": True}, {"circus": True}),
    "tournament+circus-low": (
        "tournament",
        {"circus": True, "low_card": True},
        {"circus": True, "low": True},
    ),
    "buckeye+low-card": ("buckeye", {"low_card": True}, {"low": True}),
    "red-one+low-card": ("red-one", {"low_card": True}, {"low": True}),
    "tournament+automatic-set": ("tournament", {"improper_discard": "automatic_set"}, {}),
    "tournament+dealer-forced": ("tournament", {"all_pass": "dealer_forced"}, {}),
    "two-player+dummy-seen": ("two-player", {"dummy_blind": False}, {}),
    "tournament+renege-points": ("tournament", {"renege_points": 100}, {}),
    "high-card-partner+renege-points": ("high-card-partner", {"renege_points": 50}, {}),
    "six-player+renege-points": ("six-player", {"renege_points": 25}, {}),
}
CASES = {
    **{slug: (r, {}) for slug, r in PRESETS.items() if not r.draw_pile},
    **{
        name: (ruleset_from(slug, options), calls)
        for name, (slug, options, calls) in HOUSE_RULES.items()
    },
}
MANY = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def sloppy(rng, rate):
    """Random play that, now and then, plays any card held (a renege if it could follow)."""

    def choose(seat, hand, legal, led):
        return rng.choice(hand if rng.random() < rate else legal)

    return choose


@pytest.mark.parametrize("name", sorted(CASES))
@MANY
@given(seed=st.integers(0, 2**32 - 1), renege_rate=st.sampled_from([0.0, 0.03, 0.15]))
def test_the_engine_agrees_with_the_reference_on_every_random_deal(name, seed, renege_rate):
    ruleset, calls = CASES[name]
    dealer = ruleset.player_seats[seed % len(ruleset.player_seats)]
    rng = random.Random(seed)
    hand = simulate_hand(ruleset, rng, dealer=dealer, choose=sloppy(rng, renege_rate), **calls)
    if not hand.tricks:
        return  # everyone passed: a redeal, nothing played

    result = check_card_hand(ruleset, hand, dealer=dealer)
    score = score_hand(ruleset, result.record, dealer=dealer)
    expected = reference.replay(ruleset, hand, dealer)

    assert [t.winner for t in result.tricks] == expected.winners
    assert [(r.trick, r.seat) for r in result.reneges] == expected.reneges
    assert result.counters_by_seat == expected.by_seat
    assert dict(score.sides) == expected.side_scores
    assert dict(score.seats) == expected.seat_scores
    assert (result.declarer, result.trump) == (expected.declarer, expected.trump)
