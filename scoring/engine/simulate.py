"""A seeded dealer (docs/rules.md §2) and a random-legal-play simulator, for tests and
benchmarks. Cards beyond the hands complete the nest, then go out of play, then form
the draw pile; a dummy is dealt at the dealer's right."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import partial

from .cardhand import CardHand, Deal
from .cards import COLOURS, Card
from .rulesets import Ruleset
from .tricks import trick_rules


def _start(ruleset: Ruleset, dealer: str | None) -> str:
    return ruleset.player_seats[-1] if dealer is None else dealer


def deal(ruleset: Ruleset, seed: int, *, dealer: str | None = None) -> Deal:
    """The same seed always deals the same cards (``dealer`` defaults to the last seat)."""
    r = ruleset
    dealer = _start(r, dealer)
    cards = list(r.deck)
    random.Random(seed).shuffle(cards)
    seats = r.table_order(dealer)
    i = seats.index(dealer)
    order = seats[i + 1 :] + seats[: i + 1]
    hands: dict[str, list] = {seat: [] for seat in r.seats}
    nest: list = []
    it = iter(cards)
    for _ in range(r.cards_per_hand):
        for seat in order:
            hands[seat].append(next(it))
        if len(nest) < r.nest_size:
            nest.append(next(it))
    rest = list(it)
    short = r.nest_size - len(nest)
    nest.extend(rest[:short])
    rest = rest[short:]
    out = tuple(rest[: r.cards_out])
    return Deal({s: tuple(hands[s]) for s in r.seats}, tuple(nest), tuple(rest[r.cards_out :]), out)


Chooser = Callable[[str, list[Card], list[Card], "str | None"], Card]
Discarder = Callable[[list[Card], str], tuple[Card, ...]]


def simulate_hand(
    ruleset: Ruleset,
    rng: random.Random | int,
    *,
    dealer: str | None = None,
    choose: Chooser | None = None,
    discard: Discarder | None = None,
    low: bool = False,
    circus: bool = False,
) -> CardHand:
    """A complete, legal card-level hand chosen at random (seeded). ``choose(seat, hand,
    legal_cards, led_suit)`` may steer each card (an illegal one makes a renege),
    ``discard(pool, trump)`` the discards; ``low`` and ``circus`` the declarer's calls."""
    r = ruleset
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    dealer = _start(r, dealer)
    dealt = deal(r, rng.getrandbits(32), dealer=dealer)
    hands = {seat: list(cards) for seat, cards in dealt.hands.items()}
    calls, declarer, _bid = _auction(r, rng, dealer)
    if r.bidding and declarer is None:  # everyone passed: the hand is redealt
        return CardHand(hands=dealt.hands, nest=dealt.nest, dealer=dealer, calls=calls)
    discards: tuple = ()
    trump = None
    if declarer is not None:
        pool = hands[declarer] + list(dealt.nest)
        trump = Counter(c.colour for c in pool if c.colour in COLOURS).most_common(1)[0][0]
        if r.nest_size:
            chooser = discard or partial(_discards, r, rng, dealt.nest)
            discards = chooser(pool, trump)
            hands[declarer] = [c for c in pool if c not in discards]
    else:
        trump = next(c.colour for c in dealt.nest if c.colour != "bird")
    called = None
    if r.partnership == "called_partner":
        called = rng.choice([c for c in r.deck if c not in hands[declarer]])
    low, circus = low and declarer is not None, circus and declarer is not None
    rules = trick_rules(r, trump, low)
    passes = _circus(r, rules, hands, declarer) if circus else None
    blind = r.dummy_seats if r.dummy_blind else ()
    choose = choose or (lambda seat, hand, legal, led: rng.choice(hand if seat in blind else legal))
    leader = r.left_of[declarer] if circus else r.first_leader(dealer, declarer)
    tricks = _play(r, choose, rules, hands, dealer, leader)
    return CardHand(
        hands=dealt.hands,
        nest=dealt.nest,
        dealer=dealer,
        calls=calls,
        discards=discards,
        trump=trump if r.bidding else None,
        called_card=called,
        tricks=tricks,
        low=low,
        circus=circus,
        passes=passes,
    )


def _auction(r: Ruleset, rng: random.Random, dealer: str):
    if not r.bidding:
        return None, None, None
    players = len(r.player_seats)
    seat, high, high_seat, passed, calls = r.left_of[dealer], None, None, set(), []
    while not (len(passed) == players or (high is not None and len(passed) == players - 1)):
        lowest = r.min_bid if high is None else high + r.bid_step
        if lowest > r.highest_bid or rng.random() < 0.45:
            calls.append(None)
            passed.add(seat)
        else:
            steps = (min(r.highest_bid, lowest + 4 * r.bid_step) - lowest) // r.bid_step
            high, high_seat = lowest + r.bid_step * rng.randint(0, steps), seat
            calls.append(high)
        if not (len(passed) == players or (high is not None and len(passed) == players - 1)):
            seat = r.left_of[seat]
            while seat in passed:
                seat = r.left_of[seat]
    if high_seat is None and r.all_pass == "dealer_forced":
        return tuple(calls), dealer, r.min_bid
    return tuple(calls), high_seat, high


def _discards(r: Ruleset, rng: random.Random, nest: tuple, pool: list, trump: str) -> tuple:
    """Random discards, kept within the rules (no counters where barred, trump last,
    at most ``nest_exchange`` cards of the hand)."""
    points = r.card_points
    rules = trick_rules(r, trump)
    preferred = [
        c for c in pool if rules.suit[c] != trump and not (not r.counters_in_nest and points[c])
    ]
    others = [c for c in pool if c not in preferred]
    rng.shuffle(preferred)
    rng.shuffle(others)
    chosen = (preferred + others)[: r.nest_size]
    if r.nest_exchange is not None:
        from_hand = [c for c in chosen if c not in nest][: r.nest_exchange]
        kept = [c for c in nest if c in chosen]
        rest = [c for c in nest if c not in chosen]
        chosen = from_hand + kept + rest[: r.nest_size - len(from_hand) - len(kept)]
    return tuple(chosen)


def _circus(r: Ruleset, rules, hands: dict, declarer: str) -> dict:
    """Circus Rook passes (the encyclopedia article): trump's side passes its best, then the
    declarer's side its worst, each to the left."""
    strength, ours, passes = rules.strength, r.side_of(declarer), {}
    for declarers, pick in ((False, max), (True, min)):
        movers = [s for s in r.seats if (r.side_of(s) == ours) == declarers]
        for seat in movers:
            passes[seat] = pick(hands[seat], key=strength.__getitem__)
        for seat in movers:
            hands[seat].remove(passes[seat])
        for seat in movers:
            hands[r.left_of[seat]].append(passes[seat])
    return passes


def _play(r: Ruleset, choose: Chooser, rules, hands: dict, dealer: str, leader: str) -> tuple:
    orders = r.play_orders_for(dealer)
    tricks = []
    for _ in range(r.tricks_played):
        trick, led = [], None
        for seat in orders[leader]:
            card = choose(seat, hands[seat], rules.legal_plays(hands[seat], led), led)
            hands[seat].remove(card)
            if led is None:
                led = rules.suit[card]
            trick.append((seat, card))
        leader = trick[rules.winner([c for _, c in trick])][0]
        tricks.append(tuple(trick))
    return tuple(tricks)
