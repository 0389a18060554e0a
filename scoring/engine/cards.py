"""Cards, colours and a card's JSON spelling (docs/rules.md §1). The Bird is
``Card("bird", 0)``. Cards are interned (one object per colour and rank), so they hash
and compare by identity, which keeps card-level play cheap."""

from __future__ import annotations

from typing import Any

BLACK, RED, YELLOW, GREEN = "black", "red", "yellow", "green"
COLOURS: tuple[str, ...] = (BLACK, RED, YELLOW, GREEN)
#: Trump named "no trump" (a house variant in the encyclopedia article, option ``no_trump``).
NO_TRUMP = "no_trump"
BIRD_COLOUR = "bird"


class Card:
    """One card; immutable and interned (one object per colour and rank)."""

    __slots__ = ("colour", "rank")
    colour: str
    rank: int
    _interned: dict[tuple[str, int], Card] = {}

    def __new__(cls, colour: str, rank: int) -> Card:
        card = cls._interned.get((colour, rank))
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "colour", colour)
            object.__setattr__(card, "rank", rank)
            cls._interned[(colour, rank)] = card
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.colour, self.rank))  # copies and pickles stay interned

    def __lt__(self, other: Card) -> bool:
        return (self.colour, self.rank) < (other.colour, other.rank)

    def __repr__(self) -> str:
        return f"Card({self.colour!r}, {self.rank})"

    def __str__(self) -> str:
        return card_code(self)


BIRD = Card(BIRD_COLOUR, 0)
#: The Red 1 variant's extra top trump (docs/rules.md §1).
RED_ONE = Card(RED, 1)


def card_code(card: Card) -> str:
    """JSON spelling: ``"red-14"``, ``"green-5"``, ``"bird"``."""
    if card.colour == BIRD_COLOUR:
        return "bird"
    return f"{card.colour}-{card.rank}"


def card_words(card: Card | str) -> str:
    """A card as a sentence says it: "the red 5", "the Rook Bird" (a code the deck
    does not know is said as given)."""
    if isinstance(card, str):
        try:
            card = parse_card(card)
        except ValueError:
            return card
    return "the Rook Bird" if card == BIRD else f"the {card.colour} {card.rank}"


_BY_CODE = {"bird": BIRD, **{f"{c}-{r}": Card(c, r) for c in COLOURS for r in range(1, 15)}}
#: Every card's JSON spelling, the Bird first: what a card hand may name (the API schema's enum).
CARD_CODES: tuple[str, ...] = tuple(_BY_CODE)


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
