"""Between the auction and the first trick (docs/rules.md §2, §5, §14): ``exchange``
takes the nest into the declarer's hand and lays away the discards, finding improper
ones; ``circus_passes`` moves circus Rook's passed cards. Problems go to ``Problems``."""

from __future__ import annotations

from .cardhand import CardHand
from .cards import Card, card_words
from .checks import check_house_calls
from .errors import Problems
from .records import Penalty
from .rulesets import Ruleset
from .seat_names import seat_name
from .tricks import TrickRules


def check_calls(r: Ruleset, ch: CardHand, declarer: str | None, p: Problems) -> None:
    """Low card and circus are the declarer's calls, where the house rules allow them."""
    check_house_calls(r, ch.low, ch.circus, p)
    if ch.passes is not None and not ch.circus:
        p.add("passes", "cards are passed to the left only in circus Rook", "§14")
    if ch.circus and declarer is None:
        p.add("circus", "only a declarer calls circus Rook")


def circus_passes(
    r: Ruleset,
    ch: CardHand,
    hands: dict[str, set[Card]],
    declarer: str,
    rules: TrickRules,
    p: Problems,
) -> None:
    """The encyclopedia article: the side that named trump each "give their best card to the player
    to their left"; then the declarer "and his partner ... pass their worst card to their left".
    Best and worst are by strength in play under the trump named (ties allowed)."""
    passes = ch.passes or {}
    if set(passes) != set(r.seats):
        p.add(
            "passes",
            f"every player passes one card to the left: {', '.join(map(seat_name, r.seats))}",
            "§14",
        )
        return
    strength, left = rules.strength, r.left_of
    ours = r.side_of(declarer)
    for declarers, pick, word in ((False, max, "best"), (True, min, "worst")):
        movers = [s for s in r.seats if (r.side_of(s) == ours) == declarers]
        for seat in movers:
            card, hand = passes[seat], hands[seat]
            if card not in hand:
                p.add(
                    "passes",
                    f"{seat_name(seat)} passes {card_words(card)}, a card they do not hold",
                    "§14",
                )
            elif strength[card] != pick(strength[c] for c in hand):
                p.add(
                    "passes",
                    f"{seat_name(seat)} must pass their {word} card, not {card_words(card)}",
                    "§14",
                )
        if p:
            return
        for seat in movers:
            hands[seat].discard(passes[seat])
        for seat in movers:
            hands[left[seat]].add(passes[seat])


def exchange(
    r: Ruleset,
    ch: CardHand,
    hand: set[Card],
    declarer: str,
    rules: TrickRules,
    penalties: list[Penalty],
    p: Problems,
) -> tuple[Card, ...]:
    """The declarer takes the nest and discards as many cards (docs/rules.md §2)."""
    pool = hand | set(ch.nest)
    discards = ch.discards
    if len(discards) != r.nest_size or len(set(discards)) != len(discards):
        p.add(
            "discards",
            f"the declarer discards exactly {r.nest_size} different cards; "
            "an improper discard is recorded on the score sheet",
            "§5",
        )
        return ch.nest
    gone = set(discards)
    if not gone <= pool:
        p.add("discards", "the declarer can only discard cards from the hand and the nest")
        return ch.nest
    swapped = len(gone - set(ch.nest))  # cards of the hand that went into the nest
    if r.nest_exchange is not None and swapped > r.nest_exchange:
        p.add(
            "discards",
            f"the declarer may exchange at most {r.nest_exchange} cards with the nest, "
            f"not {swapped}",
            "§9",
        )
        return ch.nest
    # Tennessee: no counters left or placed in the nest.
    improper = not r.counters_in_nest and any(r.card_points[c] for c in discards)
    suit, trump = rules.suit, rules.trump
    if r.improper_discard == "automatic_set" and not ch.circus and trump is not None:
        # A club's Kentucky Discard write-up: discarding trump when not forced to is improper.
        forced = sum(suit[c] != trump for c in pool) < len(discards)
        improper = improper or (any(suit[c] == trump for c in discards) and not forced)
    if improper:
        penalties.append(Penalty(declarer, "improper_discard"))
    hand.clear()
    hand.update(pool - gone)
    return tuple(discards)
