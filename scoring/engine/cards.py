"""Cards, colours and the JSON spelling of a card (RULES.md §1).

A card is a ``(colour, rank)`` pair.  The Rook Bird is ``Card("bird", 0)``: it
has no colour of its own, and which suit it belongs to in play is decided by
the trick rules (``tricks.py``) from the trump and the ruleset's Bird option.
Cards are plain named tuples so that hands and tricks stay cheap to build,
compare and hash in the card-level hot path.
"""

from __future__ import annotations

from typing import NamedTuple

BLACK, RED, YELLOW, GREEN = "black", "red", "yellow", "green"
COLOURS: tuple[str, ...] = (BLACK, RED, YELLOW, GREEN)
#: Trump named "no trump" (seed 004 house variant, ruleset option ``no_trump``).
NO_TRUMP = "no_trump"
BIRD_COLOUR = "bird"


class Card(NamedTuple):
    colour: str
    rank: int

    def __str__(self) -> str:
        return card_code(self)


BIRD = Card(BIRD_COLOUR, 0)
#: The Red 1 variant's extra top trump (RULES.md §1).
RED_ONE = Card(RED, 1)


def card_code(card: Card) -> str:
    """JSON spelling: ``"red-14"``, ``"green-5"``, ``"bird"``."""
    if card.colour == BIRD_COLOUR:
        return "bird"
    return f"{card.colour}-{card.rank}"


def _all_codes() -> dict[str, Card]:
    codes = {"bird": BIRD}
    for colour in COLOURS:
        for rank in range(1, 15):
            codes[f"{colour}-{rank}"] = Card(colour, rank)
    return codes


_BY_CODE = _all_codes()


def parse_card(code: object) -> Card:
    """Read a card's JSON spelling; raises ``ValueError`` naming the bad text."""
    card = _BY_CODE.get(code) if isinstance(code, str) else None
    if card is None:
        raise ValueError(f"{code!r} is not a card (write e.g. 'red-14', 'green-5' or 'bird')")
    return card


def build_deck(ranks: tuple[int, ...], bird: bool, red_one: bool) -> tuple[Card, ...]:
    """The cards in play: every colour in ``ranks``, plus the Bird and Red 1 if used."""
    deck = [Card(colour, rank) for colour in COLOURS for rank in ranks]
    if red_one and RED_ONE not in deck:
        deck.append(RED_ONE)
    if bird:
        deck.append(BIRD)
    return tuple(deck)
