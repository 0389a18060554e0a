"""Playoffs for entries still tied after every tie-breaker: two play one game; three
draw cards (a seeded Rook deck), the high card has a bye and meets the winner of the
other two; four or more play a single-elimination bracket in standings order.

Every playoff ends in a strict order: the last winner first, then by the round lost in,
ties in playoff seed order."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .base import EntryId, FormatError
from .bracket import DECIDED, READY, WAITING, WALKOVER, Bracket, Match, resolve, seat, winner_of
from .single_elim import single_elimination

COLOURS = ("red", "yellow", "green", "black")
RANKS = range(1, 15)


@dataclass(frozen=True)
class CardDrawn:
    """One card drawn for the bye: ``turn`` 1, then 2 for those who tied for high."""

    turn: int
    entry: EntryId
    rank: int
    colour: str

    @property
    def card(self) -> str:
        return f"{self.rank} {self.colour}"


@dataclass(frozen=True)
class Playoff:
    entries: tuple[EntryId, ...]  # the tied entries, in the standings' order
    bracket: Bracket
    draw: tuple[CardDrawn, ...] = ()  # three tied: the cards drawn for the bye
    bye: EntryId | None = None


def card_draw(entries: Sequence[EntryId], *, rng_seed: int | str) -> tuple[CardDrawn, ...]:
    """Each entry draws a card from a shuffled deck (1-14 in four colours), in the
    order given; those tied for the highest rank draw again, until one is high."""
    deck = [(rank, colour) for colour in COLOURS for rank in RANKS]
    random.Random(rng_seed).shuffle(deck)
    drawn: list[CardDrawn] = []
    drawing, turn = list(entries), 1
    while len(drawing) > 1:
        if len(deck) < len(drawing):  # never with three entries: 56 cards
            raise FormatError("deck_empty", "the deck ran out before a high card")
        cards = [CardDrawn(turn, entry, *deck.pop()) for entry in drawing]
        drawn += cards
        high = max(c.rank for c in cards)
        drawing, turn = [c.entry for c in cards if c.rank == high], turn + 1
    return tuple(drawn)


def playoff_plan(entries: Sequence[EntryId], *, rng_seed: int | str) -> Playoff:
    """The playoff for ``entries`` (tied, in the standings' order). ``rng_seed`` is
    the stored seed of the card draw (used only when three are tied)."""
    entries = tuple(entries)
    if len(entries) < 2 or len(set(entries)) != len(entries):
        raise FormatError("no_tie", "a playoff needs two or more different tied entries")
    if len(entries) == 2:
        final = Match(
            "F",
            "playoff",
            1,
            1,
            (seat(entries[0]), seat(entries[1])),
            winner_place=1,
            loser_place=2,
        )
        return Playoff(entries, Bracket({"F": final}))
    if len(entries) == 3:
        draw = card_draw(entries, rng_seed=rng_seed)
        bye = max(draw, key=lambda c: (c.turn, c.rank)).entry
        first, second = (e for e in entries if e != bye)
        semi = Match("S", "playoff", 1, 1, (seat(first), seat(second)), loser_place=3)
        final = Match(
            "F", "playoff", 2, 1, (seat(bye), winner_of("S")), winner_place=1, loser_place=2
        )
        return Playoff(entries, Bracket({"S": semi, "F": final}), draw, bye)
    return Playoff(entries, single_elimination(entries))


def playoff_order(playoff: Playoff, results: Mapping[str, EntryId]) -> list[EntryId] | None:
    """The tied entries in their final order once every playoff game is decided
    (``results``: match id -> winner); None while one is still to play."""
    states = resolve(playoff.bracket, results)
    out_in: dict[EntryId, int] = {}
    for state in states.values():
        if state.status in (READY, WAITING):
            return None  # a game still to play
        if state.status in (DECIDED, WALKOVER) and state.loser is not None:
            out_in[state.loser] = state.round
    seed = {entry: i for i, entry in enumerate(playoff.entries)}
    last = max(out_in.values(), default=0) + 1
    return sorted(playoff.entries, key=lambda e: (-out_in.get(e, last), seed[e]))
