"""How a trick is played and won (docs/rules.md §2): the one place that knows the Bird's
privileges. ``bird_rank`` "high" (default): the highest trump, playable at any time even
by a player who could follow (when trump is led a player whose only trump is the Bird
must play it); "low": the lowest trump; "ten_and_a_half": between the 10 and 11 of trump,
both under the ordinary rules. The red 1 is the top trump; Buckeye's 1s outrank the 14s.
Under "no trump" the Bird is the 10½ of red; under "low card" every suit ranks upside
down and the Bird is the 10½ of trump (both the encyclopedia article's calls)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import BIRD, NO_TRUMP, RED, RED_ONE, Card
from .rulesets import Ruleset


@dataclass(frozen=True, slots=True)
class TrickRules:
    """Per ruleset and trump: each card's suit in play and its power within it."""

    trump: str | None  # a colour, or None under no trump
    suit: dict[Card, str]
    power: dict[Card, float]
    privileged: Card | None  # the card that may be played at any time
    strength: dict[Card, float]  # power, with 100 added for trumps: one number to compare

    def may_play(self, card: Card, hand: Iterable[Card], led: str | None) -> bool:
        """Whether ``card`` from ``hand`` follows the rules when ``led`` suit was led."""
        if led is None or card == self.privileged:
            return True
        suit = self.suit
        if suit[card] == led:
            return True
        return all(suit[c] != led for c in hand)

    def legal_plays(self, hand: Sequence[Card], led: str | None) -> list[Card]:
        if led is None:
            return list(hand)
        suit = self.suit
        following = [c for c in hand if suit[c] == led]
        if not following:
            return list(hand)
        if self.privileged in hand and self.privileged not in following:
            following.append(self.privileged)
        return following

    def winner(self, cards: Sequence[Card]) -> int:
        """Index of the card that takes the trick: highest trump, else highest of the
        suit led."""
        suit, strength, trump = self.suit, self.strength, self.trump
        led = suit[cards[0]]
        best, best_strength = 0, -1.0
        for i, card in enumerate(cards):
            s = suit[card]
            # Only trumps and the colour led can take a trick; any trump beats the rest.
            if s in (led, trump) and strength[card] > best_strength:
                best, best_strength = i, strength[card]
        return best


def trick_rules(ruleset: Ruleset, trump: str, low: bool = False) -> TrickRules:
    """The (cached) trick rules for ``trump`` under ``ruleset`` (``low``: low card called)."""
    cache = ruleset.derived_cache
    key = ("trick_rules", trump, low)
    rules = cache.get(key)
    if rules is None:
        rules = cache[key] = _build(ruleset, trump, low)
    return rules


_BIRD_POWER = {"high": 16.0, "low": 0.0, "ten_and_a_half": 10.5}


def _build(r: Ruleset, trump: str, low: bool = False) -> TrickRules:
    no_trump = trump == NO_TRUMP
    colour = None if no_trump else trump
    suit: dict[Card, str] = {}
    power: dict[Card, float] = {}
    for card in r.deck:
        suit[card] = card.colour
        power[card] = 15.0 if (card.rank == 1 and r.ones_high) else float(card.rank)
    privileged = None
    if r.bird:
        # With a trump the Bird belongs to it; with no trump it is the 10½ of red.
        suit[BIRD] = RED if no_trump else colour
        power[BIRD] = 10.5 if (no_trump or low) else _BIRD_POWER[r.bird_rank]
        if r.bird_rank == "high" and not no_trump and not low:
            privileged = BIRD
    if r.red_one and not no_trump:
        suit[RED_ONE] = colour
        power[RED_ONE] = 17.0  # above the Bird
    if low:  # upside down; kept positive so that any card beats "nothing yet" (-1)
        power = {card: 20.0 - p for card, p in power.items()}
    strength = {card: power[card] + (100 if suit[card] == colour else 0) for card in r.deck}
    return TrickRules(colour, suit, power, privileged, strength)
