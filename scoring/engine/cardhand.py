"""A card-level record of one hand, and its JSON shape (docs/hand-format.md): the deal,
the auction (or the declarer and bid), discards, trump, a called card, every trick as
``(seat, card)`` pairs in play order, and penalties cards cannot show. ``low`` and
``circus`` (with its ``passes``) are the encyclopedia article's house rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import Card, card_code, parse_card
from .errors import Problems
from .options import is_int
from .records import PENALTY_KINDS, Penalty, read_int, read_text

Play = tuple[str, Card]
Trick = tuple[Play, ...]


class Deal(NamedTuple):
    hands: Mapping[str, tuple[Card, ...]]
    nest: tuple[Card, ...]
    draw_pile: tuple[Card, ...] = ()
    out_of_play: tuple[Card, ...] = ()  # set aside unseen (``Ruleset.cards_out``)


@dataclass(frozen=True, slots=True)
class CardHand:
    hands: Mapping[str, tuple[Card, ...]]
    nest: tuple[Card, ...] = ()
    dealer: str | None = None
    calls: tuple[int | None, ...] | None = None
    bidder: str | None = None
    bid: int | None = None
    discards: tuple[Card, ...] = ()
    trump: str | None = None
    called_card: Card | None = None
    tricks: tuple[Trick, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    low: bool = False
    circus: bool = False
    passes: Mapping[str, Card] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape: keys with nothing to say are left out."""
        passes = self.passes
        out: dict[str, Any] = {
            "hands": {seat: _codes(cards) for seat, cards in self.hands.items()},
            "nest": _codes(self.nest),
            "dealer": self.dealer,
            "calls": None if self.calls is None else list(self.calls),
            "bidder": self.bidder,
            "bid": self.bid,
            "discards": _codes(self.discards),
            "trump": self.trump,
            "called_card": None if self.called_card is None else card_code(self.called_card),
            "tricks": [[[seat, card_code(c)] for seat, c in trick] for trick in self.tricks],
            "penalties": [p.to_dict() for p in self.penalties] or None,
            "low": self.low or None,
            "circus": self.circus or None,
            "passes": None if passes is None else {s: card_code(c) for s, c in passes.items()},
        }
        return {key: value for key, value in out.items() if value is not None}

    @classmethod
    def from_dict(cls, data: Any) -> CardHand:
        """Read the JSON shape; raises ``HandRefused`` (``hand_malformed``) naming every
        problem.  Whether the deal and play are legal is ``check_card_hand``'s job."""
        p = Problems()
        if not isinstance(data, Mapping):
            p.add("card_hand", "must be a JSON object")
            p.raise_if_any(code="hand_malformed")
        for key in data:
            if key not in cls.__slots__:
                p.add(str(key), "unknown field")
        hands = {}
        raw_hands = data.get("hands")
        if not isinstance(raw_hands, Mapping):
            p.add("hands", "must map each seat to its list of cards")
        else:
            for seat, cards in raw_hands.items():
                hands[str(seat)] = _cards(p, f"hands.{seat}", cards)
        calls = data.get("calls")
        if calls is not None:
            if not isinstance(calls, list) or not all(c is None or is_int(c) for c in calls):
                p.add("calls", "must be a list of bids (whole numbers) and passes (null)")
                calls = None
            else:
                calls = tuple(calls)
        hand = cls(
            hands=hands,
            nest=_cards(p, "nest", data.get("nest", [])),
            dealer=read_text(p, "dealer", data.get("dealer")),
            calls=calls,
            bidder=read_text(p, "bidder", data.get("bidder")),
            bid=read_int(p, "bid", data.get("bid")),
            discards=_cards(p, "discards", data.get("discards", [])),
            trump=read_text(p, "trump", data.get("trump")),
            called_card=_card(p, "called_card", data.get("called_card")),
            tricks=_tricks(p, data.get("tricks", [])),
            penalties=_penalties(p, data.get("penalties", [])),
            low=_flag(p, "low", data.get("low", False)),
            circus=_flag(p, "circus", data.get("circus", False)),
            passes=_passes(p, data.get("passes")),
        )
        p.raise_if_any(code="hand_malformed")
        return hand


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [card_code(c) for c in cards]


def _flag(p: Problems, field: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    p.add(field, "must be true or false")
    return False


def _passes(p: Problems, value: Any) -> Mapping[str, Card] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        p.add("passes", "must map each seat to the card it passes to the left")
        return None
    out = {}
    for seat, code in value.items():
        card = _card(p, f"passes.{seat}", code)
        if card is not None:
            out[str(seat)] = card
    return out


def _card(p: Problems, field: str, value: Any) -> Card | None:
    if value is None:
        return None
    try:
        return parse_card(value)
    except ValueError as exc:
        p.add(field, str(exc))
        return None


def _cards(p: Problems, field: str, value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list | tuple):
        p.add(field, "must be a list of cards")
        return ()
    cards = []
    for code in value:
        card = _card(p, field, code)
        if card is not None:
            cards.append(card)
    return tuple(cards)


def _tricks(p: Problems, value: Any) -> tuple[Trick, ...]:
    if not isinstance(value, list | tuple):
        p.add("tricks", "must be a list of tricks")
        return ()
    tricks = []
    for n, trick in enumerate(value, start=1):
        plays = []
        if not isinstance(trick, list | tuple):
            p.add("tricks", f"trick {n}: must be a list of [seat, card] pairs")
            continue
        for play in trick:
            if not (isinstance(play, list | tuple) and len(play) == 2 and isinstance(play[0], str)):
                p.add("tricks", f"trick {n}: each play must be [seat, card]")
                continue
            card = _card(p, "tricks", play[1])
            if card is not None:
                plays.append((play[0], card))
        tricks.append(tuple(plays))
    return tuple(tricks)


def _penalties(p: Problems, value: Any) -> tuple[Penalty, ...]:
    if not isinstance(value, list | tuple):
        p.add("penalties", "must be a list of {seat, kind}")
        return ()
    out = []
    for item in value:
        if (
            isinstance(item, Mapping)
            and set(item) == {"seat", "kind"}
            and isinstance(item["seat"], str)
            and item["kind"] in PENALTY_KINDS
        ):
            out.append(Penalty(item["seat"], item["kind"]))
        else:
            p.add("penalties", f"each penalty is {{seat, kind: {' or '.join(PENALTY_KINDS)}}}")
    return tuple(out)
