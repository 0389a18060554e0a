"""Checking a card-level record card by card and deriving its score-sheet line: the deal,
the auction, the nest exchange, every trick. Reneges are reported, not refused, and the
derived ``HandRecord`` carries them for docs/rules.md §5 (a blind dummy never reneges)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .auction import run_auction
from .cardhand import CardHand
from .cards import BIRD, Card, card_words
from .errors import AuctionError, Problems
from .exchange import check_calls, circus_passes, exchange
from .records import HandRecord, Penalty, Redeal, Renege
from .rulesets import Ruleset
from .seat_names import seat_name
from .tricks import TrickRules, trick_rules

_ILLEGAL = "card_hand_illegal"


class RenegeFound(NamedTuple):
    trick: int  # 1-based
    seat: str
    card: Card


class TrickResult(NamedTuple):
    leader: str
    winner: str
    counters: int


@dataclass(frozen=True, slots=True)
class CardHandResult:
    record: HandRecord  # what a score sheet would hold; score it with score_hand
    declarer: str | None
    contract: int | None
    trump: str | None
    partner: str | None
    tricks: tuple[TrickResult, ...]
    reneges: tuple[RenegeFound, ...]
    nest_side: str | None  # the side that captured the nest, if anyone did
    nest_counters: int
    counters_by_seat: dict[str, int]


def check_card_hand(
    ruleset: Ruleset, card_hand: CardHand, *, dealer: str | None = None
) -> CardHandResult:
    """Check ``card_hand`` and derive its ``HandRecord``.  Raises ``HandRefused``
    (code ``card_hand_illegal``) for a deal or play that cannot have happened."""
    r, ch = ruleset, card_hand
    dealer = dealer if dealer is not None else ch.dealer
    p = Problems()
    if r.draw_pile:
        p.add("ruleset", "card-level records are not available for games with a draw pile")
        p.raise_if_any(code=_ILLEGAL)
    if dealer not in r.player_seats:
        p.add("dealer", f"unknown dealer seat {dealer!r}")
    elif ch.dealer is not None and ch.dealer != dealer:
        p.add("dealer", f"the record says {seat_name(ch.dealer)} dealt, not {seat_name(dealer)}")
    _check_deal(r, ch, p)
    p.raise_if_any(code=_ILLEGAL)

    declarer, bid, all_passed = _contract(r, ch, dealer, p)
    p.raise_if_any(code=_ILLEGAL)
    if all_passed:
        if ch.tricks:
            p.add("tricks", "everyone passed, so the hand is redealt, not played")
        p.raise_if_any(code=_ILLEGAL)
        record = HandRecord(redeal=Redeal("all_passed"))
        return CardHandResult(record, None, None, None, None, (), (), None, 0, {})

    hands = {seat: set(cards) for seat, cards in ch.hands.items()}
    trump = _trump(r, ch, p)
    penalties = list(ch.penalties)
    nest = ch.nest
    check_calls(r, ch, declarer, p)
    p.raise_if_any(code=_ILLEGAL)
    rules = trick_rules(r, trump, ch.low)
    if declarer is not None and r.nest_size:
        nest = exchange(r, ch, hands[declarer], declarer, rules, penalties, p)
    elif ch.discards:
        p.add("discards", "only a declarer with a nest discards")
    partner = _partner(r, ch, declarer, hands, p)
    p.raise_if_any(code=_ILLEGAL)
    if ch.circus:
        circus_passes(r, ch, hands, declarer, rules, p)
        p.raise_if_any(code=_ILLEGAL)

    play = _play(r, ch, rules, hands, dealer, declarer, partner, p)
    p.raise_if_any(code=_ILLEGAL)
    return _result(r, ch, play, nest, declarer, bid, trump, partner, penalties)


def _check_deal(r: Ruleset, ch: CardHand, p: Problems) -> None:
    """Every seat holds a full hand, the nest is full, and together they are the deck
    (less the ruleset's ``cards_out``, set aside unseen)."""
    if set(ch.hands) != set(r.seats):
        p.add("hands", f"need one hand for each seat: {', '.join(map(seat_name, r.seats))}")
        return
    size = r.cards_per_hand
    dealt: list[Card] = list(ch.nest)
    for seat in r.seats:
        cards = ch.hands[seat]
        if len(cards) != size:
            p.add("hands", f"{seat_name(seat)} holds {len(cards)} cards, not {size}")
        dealt.extend(cards)
    if len(ch.nest) != r.nest_size:
        p.add("nest", f"the nest holds {len(ch.nest)} cards, not {r.nest_size}")
    deck = r.deck_set
    seen = set(dealt)
    if len(seen) != len(dealt):
        p.add("hands", "a card was dealt twice")
    if seen != deck:
        missing = [card_words(c) for c in sorted(deck - seen)]
        extra = [card_words(c) for c in sorted(seen - deck)]
        if r.cards_out and not extra and len(missing) == r.cards_out:
            return  # the cards set aside, out of play (the Hasbro 2011 games for 2 and 3)
        if missing and r.cards_out:
            p.add(
                "hands",
                f"{r.cards_out} cards are set aside out of play, not {len(missing)}: "
                f"{', '.join(missing)}",
            )
        elif missing:
            p.add("hands", f"not dealt: {', '.join(missing)}")
        if extra:
            p.add("hands", f"not in this ruleset's deck: {', '.join(extra)}")


def _contract(
    r: Ruleset, ch: CardHand, dealer: str, p: Problems
) -> tuple[str | None, int | None, bool]:
    if not r.bidding:
        if ch.calls or ch.bidder is not None or ch.bid is not None:
            p.add("calls", "this game has no bidding")
        return None, None, False
    if ch.calls is None:
        if ch.bidder is None or ch.bid is None:
            p.add("calls", "give the auction (calls) or the declarer and bid")
        elif ch.bidder not in r.player_seats:
            p.add("bidder", f"unknown seat {ch.bidder!r}")
        return ch.bidder, ch.bid, False
    try:
        auction = run_auction(r, dealer, ch.calls)
    except AuctionError as exc:
        for msg in exc.messages:
            p.add("calls", msg)
        return None, None, False
    for key, derived in (("bidder", auction.declarer), ("bid", auction.contract)):
        given = getattr(ch, key)
        if given is not None and given != derived:
            p.add(key, f"the auction gives {derived}, not {given}")
    return auction.declarer, auction.contract, auction.all_passed and not auction.forced_dealer


def _trump(r: Ruleset, ch: CardHand, p: Problems) -> str:
    if r.trump_from_nest:
        # Beginner: the top nest card's colour; a Bird goes to the bottom (the Hasbro 2011 booklet).
        trump = next((c.colour for c in ch.nest if c != BIRD), None)
        if trump is None:
            p.add("nest", "the nest holds no card to name trump")
            return r.trump_names[0]
        if ch.trump is not None and ch.trump != trump:
            p.add("trump", f"the top nest card makes {trump} trump, not {ch.trump}")
        return trump
    if ch.trump not in r.trump_names:
        p.add("trump", f"trump must be one of {', '.join(r.trump_names)}")
        return r.trump_names[0]
    return ch.trump


def _partner(
    r: Ruleset, ch: CardHand, declarer: str | None, hands: dict[str, set[Card]], p: Problems
) -> str | None:
    if r.partnership != "called_partner":
        if ch.called_card is not None:
            p.add("called_card", "only games with a called partner call a card")
        return None
    if ch.called_card is None:
        p.add("called_card", "the declarer calls a card; its holder is the partner")
        return None
    for seat, cards in hands.items():
        if ch.called_card in cards:
            return None if seat == declarer else seat
    return None  # in the nest: the declarer plays alone


class _Play(NamedTuple):
    tricks: tuple[TrickResult, ...]
    reneges: tuple[RenegeFound, ...]
    by_seat: dict[str, int]
    tricks_by_seat: dict[str, int]


def _play(
    r: Ruleset,
    ch: CardHand,
    rules: TrickRules,
    hands: dict[str, set[Card]],
    dealer: str,
    declarer: str | None,
    partner: str | None,
    p: Problems,
) -> _Play:
    seats = r.seats
    if len(ch.tricks) != r.tricks_played:
        p.add("tricks", f"a hand has {r.tricks_played} tricks, not {len(ch.tricks)}")
        return _Play((), (), {}, {})
    leader = r.first_leader(dealer, declarer)
    if ch.circus:  # "play then continues with the team who called trump leading"
        leader = r.left_of[declarer]
    order = r.play_orders_for(dealer)
    blind = r.dummy_seats if r.dummy_blind else ()
    held = hands  # each seat's cards, emptied as they are played
    suit, points, privileged = rules.suit, r.card_points, rules.privileged
    strength, trump = rules.strength, rules.trump
    by_seat = dict.fromkeys(seats, 0)
    tricks_by_seat = dict.fromkeys(seats, 0)
    results: list[TrickResult] = []
    reneges: list[RenegeFound] = []
    # The hot path of card-level checking (bench/engine.py): one pass over each trick
    # finds reneges, the winner (as TrickRules.winner: highest trump, else highest of
    # the colour led) and the counters, without a call per card.
    for number, trick in enumerate(ch.tricks, start=1):
        expected = order[leader]
        try:
            seats_played, cards = zip(*trick, strict=False)  # a bad pair fails to unpack
        except ValueError:
            seats_played, cards = (), ()
        if seats_played != expected:
            p.add(
                "tricks",
                f"trick {number}: {seat_name(leader)} leads and the others follow "
                f"clockwise ({', '.join(map(seat_name, expected))})",
            )
            break
        led = suit[cards[0]]
        best, win, value = -1.0, leader, 0
        for seat, card in trick:
            hand = held[seat]
            try:
                hand.remove(card)
            except KeyError:
                p.add(
                    "tricks",
                    f"trick {number}: {seat_name(seat)} plays {card_words(card)}, "
                    "a card they do not hold",
                )
                continue
            value += points[card]
            colour = suit[card]
            if colour == led:
                if strength[card] > best:
                    best, win = strength[card], seat
                continue
            if colour == trump and strength[card] > best:
                best, win = strength[card], seat
            if card is not privileged and seat not in blind:
                # Not following: a renege if the player still holds the suit led.
                for other in hand:
                    if suit[other] == led:
                        reneges.append(RenegeFound(number, seat, card))
                        break
        if p:
            break
        by_seat[win] += value
        tricks_by_seat[win] += 1
        results.append(TrickResult(leader, win, value))
        leader = win
    return _Play(tuple(results), tuple(reneges), by_seat, tricks_by_seat)


def _result(
    r: Ruleset,
    ch: CardHand,
    play: _Play,
    nest: tuple[Card, ...],
    declarer: str | None,
    bid: int | None,
    trump: str,
    partner: str | None,
    penalties: list[Penalty],
) -> CardHandResult:
    side_of = r.side_of
    counters, tricks = dict.fromkeys(r.side_names, 0), dict.fromkeys(r.side_names, 0)
    for seat in r.seats:
        side = side_of(seat, declarer, partner)
        counters[side] += play.by_seat[seat]
        tricks[side] += play.tricks_by_seat[seat]
    nest_side, nest_value = None, sum(r.card_points[c] for c in nest)
    by_seat = dict(play.by_seat)
    last_side = side_of(play.tricks[-1].winner, declarer, partner)
    if r.nest_size and r.nest_capture == "last_trick":
        nest_side = last_side
        counters[nest_side] += nest_value
        by_seat[play.tricks[-1].winner] += nest_value
        if r.nest_counts_as_trick:
            tricks[nest_side] += 1
    renege = None
    if play.reneges:
        # A full record means play went on: the renege was not corrected before the
        # next trick, so it is found "later", and everything captured counts (§5).
        renege = Renege(play.reneges[0].seat, "later", counters)
    record = HandRecord(
        bidder=declarer,
        bid=bid,
        trump=trump,
        counters=None if renege else counters,
        tricks=tricks if r.needs_tricks and not renege else None,
        penalties=tuple(penalties),
        renege=renege,
        partner=partner,
        last_trick=last_side if r.nest_bonus and not renege else None,
        low=True if ch.low else None,
        circus=True if ch.circus else None,
    )
    return CardHandResult(
        record,
        declarer,
        bid,
        trump,
        partner,
        play.tricks,
        play.reneges,
        nest_side,
        nest_value,
        by_seat,
    )
