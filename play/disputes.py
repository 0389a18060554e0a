"""A disputed hand replayed trick by trick: the read behind the director's page.

A hand entered card by card keeps its record (``Hand.card_hand``); the engine checks it
again (``check_card_hand``, the check that scored it) and this module lays out what
happened for a person, trick by trick, with the renege marked. Two queries.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from play.models import Hand
from play.rulesets import rules_of
from rookclub.clubs.models import Player
from scoring.engine import BIRD, Card, CardHand, Ruleset, check_card_hand, plain, trick_rules

COLOUR_NAMES = {"black": "Black", "red": "Red", "yellow": "Yellow", "green": "Green"}


def card_name(card: Card) -> str:
    """A card as players say it: "Red 14", "Rook Bird"."""
    if card == BIRD:
        return "Rook Bird"
    return f"{COLOUR_NAMES.get(card.colour, card.colour)} {card.rank}"


@dataclass
class PlayView:
    seat: str
    player: Player | None
    card: str
    colour: str  # for the card's colour mark ("" for the Bird)
    led: bool = False
    took: bool = False
    renege: bool = False


@dataclass
class TrickView:
    number: int
    led_colour: str
    plays: list[PlayView]
    winner: str
    winner_player: Player | None
    counters: int
    renege: bool = False


@dataclass
class RenegeView:
    trick: int
    seat: str
    player: Player | None
    card: str
    led_colour: str
    scored: bool  # the first renege ends the hand: the one the score applies (docs/rules.md §5)


@dataclass
class DisputedHand:
    hand: Hand
    dealer: str
    players: dict[str, Player | None]  # seat -> who sat there for this hand
    dealt: dict[str, list[str]]  # seat -> the cards dealt to it, as named
    nest: list[str]
    discards: list[str]
    declarer: str | None
    bid: int | None
    trump: str | None
    tricks: list[TrickView]
    reneges: list[RenegeView] = field(default_factory=list)
    nest_side: str | None = None
    nest_counters: int = 0
    #: What the renege that ended the hand scores, in words (``renege_words``).
    renege_rule: str = ""
    #: The hand's score reasons as a page shows them (no citations).
    reasons: list[str] = field(default_factory=list)


def renege_words(ruleset: Ruleset) -> str:
    """What a renege found later scores under ``ruleset``, as the page says it."""
    points = ruleset.renege_points
    if points is None:
        return "the reneging side is set back the bid"
    return (
        f"the reneging side scores \N{MINUS SIGN}{points} and every other side +{points} "
        "(house rule)"
    )


def _sorted(cards, rules) -> list[str]:
    suit, power = rules.suit, rules.power
    order = sorted(cards, key=lambda c: (suit[c] or "", -power[c]))
    return [card_name(c) for c in order]


def disputed_hand(*, hand: Hand) -> DisputedHand:
    """Replay ``hand`` (entered card by card) trick by trick, reneges marked."""
    hand = Hand.objects.select_related("game__club").get(pk=hand.pk)
    if hand.card_hand is None:
        raise ValueError("this hand was not entered card by card")
    ruleset = rules_of(hand.game)
    card_hand = CardHand.from_dict(hand.card_hand)
    result = check_card_hand(ruleset, card_hand, dealer=hand.dealer)
    ids = {seat: pid for seat, pid in (hand.seats or {}).items()}
    people = Player.objects.in_bulk(list(ids.values()))
    players = {seat: people.get(pid) for seat, pid in ids.items()}
    rules = trick_rules(ruleset, result.trump)
    marked = {(r.trick, r.seat) for r in result.reneges}
    tricks = []
    for number, (plays, outcome) in enumerate(
        zip(card_hand.tricks, result.tricks, strict=True), start=1
    ):
        led = rules.suit[plays[0][1]]
        views = [
            PlayView(
                seat=seat,
                player=players.get(seat),
                card=card_name(card),
                colour="" if card == BIRD else card.colour,
                led=i == 0,
                took=seat == outcome.winner,
                renege=(number, seat) in marked,
            )
            for i, (seat, card) in enumerate(plays)
        ]
        tricks.append(
            TrickView(
                number=number,
                led_colour=COLOUR_NAMES.get(led, led),
                plays=views,
                winner=outcome.winner,
                winner_player=players.get(outcome.winner),
                counters=outcome.counters,
                renege=any(p.renege for p in views),
            )
        )
    reneges = [
        RenegeView(
            trick=r.trick,
            seat=r.seat,
            player=players.get(r.seat),
            card=card_name(r.card),
            led_colour=tricks[r.trick - 1].led_colour,
            scored=i == 0,
        )
        for i, r in enumerate(result.reneges)
    ]
    return DisputedHand(
        hand=hand,
        dealer=hand.dealer,
        players=players,
        dealt={seat: _sorted(cards, rules) for seat, cards in card_hand.hands.items()},
        nest=[card_name(c) for c in card_hand.nest],
        discards=[card_name(c) for c in card_hand.discards],
        declarer=result.declarer,
        bid=result.contract,
        trump=result.trump,
        tricks=tricks,
        reneges=reneges,
        nest_side=result.nest_side,
        nest_counters=result.nest_counters,
        renege_rule=renege_words(ruleset),
        reasons=[plain(reason) for reason in (hand.score or {}).get("reasons", [])],
    )
