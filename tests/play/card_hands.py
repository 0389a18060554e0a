"""Card-by-card hands for API and page tests, dealt and played by the engine's seeded
simulator (the same seed always gives the same hand)."""

from __future__ import annotations

import random

from scoring.engine import PRESETS, CardHand, simulate_hand, trick_rules

TOURNAMENT = PRESETS["tournament"]


def played_hand(dealer: str = "north", seed: int = 1) -> CardHand:
    """A legal hand, played to the end (not redealt after four passes)."""
    rng = random.Random(seed)
    while True:
        hand = simulate_hand(TOURNAMENT, rng, dealer=dealer)
        if hand.tricks:
            return hand


class _Reneger:
    """Random legal play, except that the first player able to fail to follow the
    colour led (with an ordinary card) does so, once."""

    def __init__(self, trump: str, seed: int) -> None:
        self.rules, self.rng = trick_rules(TOURNAMENT, trump), random.Random(seed)
        self.trick, self.done = 0, None

    def __call__(self, seat, hand, legal, led):
        if led is None:
            self.trick += 1
        elif self.done is None and len(legal) < len(hand):
            off = [c for c in hand if c not in legal and c != self.rules.privileged]
            if off:
                self.done = (self.trick, seat, off[0])
                return off[0]
        return self.rng.choice(legal)


def reneging_hand(dealer: str = "north"):
    """A hand in which one player fails to follow suit: (hand, trick, seat, card)."""
    for seed in range(200):
        probe = simulate_hand(TOURNAMENT, seed, dealer=dealer)  # same seed: same deal, trump
        if probe.tricks:
            policy = _Reneger(probe.trump, seed)
            hand = simulate_hand(TOURNAMENT, seed, dealer=dealer, choose=policy)
            if policy.done:
                return (hand, *policy.done)
    raise AssertionError("no hand gave a chance to renege")
