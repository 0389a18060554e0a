"""How a seat, a side and a table are named, for tables of two to six seats: a compass
only for the four compass seats, "Seat 5" and "the other players" elsewhere. Every page,
print and export asks here."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from .rulesets import DECLARERS, DEFENDERS, EAST_WEST, FOUR_SEATS, NORTH_SOUTH

if TYPE_CHECKING:
    from .rulesets import Ruleset

_NUMBERED = tuple(f"seat{n}" for n in range(1, 7))
#: Each seat as a page says it: the compass, or seat1 ... seat6 in the games for two,
#: three, five and six (docs/rules.md §9 to §12), and the dummy of the games for two.
SEAT_NAMES: dict[str, str] = {
    **{seat: seat.capitalize() for seat in FOUR_SEATS},
    **{seat: f"Seat {seat[4:]}" for seat in _NUMBERED},
    "dummy": "Dummy",
}
#: A seat where room is short (a sheet column at 390 px, a printed box): "N", "S3".
SEAT_SHORT: dict[str, str] = {
    **{seat: seat[0].upper() for seat in FOUR_SEATS},
    **{seat: f"S{seat[4:]}" for seat in _NUMBERED},
    "dummy": "D",
}
#: Each side as a page says it. A game scored by player has one "side" per seat.
SIDE_NAMES: dict[str, str] = {
    "north_south": "North-South",
    "east_west": "East-West",
    "seats_135": "Seats 1, 3, 5",
    "seats_246": "Seats 2, 4, 6",
    DECLARERS: "Declarer's side",
    DEFENDERS: "Defenders",
    **SEAT_NAMES,
}

#: A table link's two parties, as stored (hands' ``entered_side`` / ``confirmed_side``).
LINK_PARTIES = (NORTH_SOUTH, EAST_WEST)


def seat_name(seat: str) -> str:
    return SEAT_NAMES.get(seat, seat)


def side_name(side: str) -> str:
    return SIDE_NAMES.get(side, side)


@dataclass(frozen=True)
class TableNames:
    """The words for one table, from its game's ruleset."""

    ruleset: Ruleset

    @cached_property
    def seats(self) -> tuple[str, ...]:
        """The seats players hold, clockwise (a dummy is nobody's seat)."""
        return self.ruleset.player_seats

    @cached_property
    def has_compass(self) -> bool:
        return set(self.ruleset.seats) == set(FOUR_SEATS)

    @cached_property
    def has_sides(self) -> bool:
        """Whether partnerships are fixed for the whole game (four at a table of four,
        two partnerships of three at a table of six)."""
        return self.ruleset.partnership == "fixed" and bool(self.ruleset.sides)

    @cached_property
    def side_of(self) -> dict[str, str]:
        """Seat -> its fixed side; empty where partners are found hand by hand or
        every player scores apart."""
        if not self.has_sides:
            return {}
        return {seat: side for side, members in self.ruleset.sides for seat in members}

    seat_name = staticmethod(seat_name)
    side_name = staticmethod(side_name)

    def partners(self, seat: str) -> tuple[str, ...]:
        """The seats of ``seat``'s partners for the whole game: its own fixed side, without
        it. Empty where partners change hand by hand (a called partner) or there are none."""
        side = self.side_of.get(seat)
        if side is None:
            return ()
        return tuple(s for s in self.seats if s != seat and self.side_of.get(s) == side)

    def opponents(self, seat: str) -> tuple[str, ...]:
        """The seats ``seat`` plays against: the other sides' seats where sides are fixed,
        else every other player's seat. Never ``seat`` itself."""
        side = self.side_of.get(seat)
        if side is None:
            return tuple(s for s in self.seats if s != seat)
        return tuple(s for s in self.seats if self.side_of.get(s, side) != side)

    @cached_property
    def others(self) -> str:
        """Who the phone goes to at a table without two named sides."""
        return "the other player" if len(self.seats) == 2 else "the other players"

    @cached_property
    def other_side(self) -> str:
        """Who confirms a hand someone at the table entered: "the other side" where
        the table has two sides, else the other players."""
        return "the other side" if self.parties_chosen else self.others

    @cached_property
    def party_names(self) -> dict[str, str]:
        """A table link's two parties in the table's words: the compass sides at a table
        of four (whatever its game); the two partnerships at a table of six that has
        them; elsewhere the scorer who entered the hand and the other players."""
        if self.has_compass:
            return {p: side_name(p) for p in LINK_PARTIES}
        sides = [name for name, _ in self.ruleset.sides] if self.has_sides else []
        if len(sides) == 2:
            return dict(zip(LINK_PARTIES, map(side_name, sides), strict=True))
        return {NORTH_SOUTH: "the scorer", EAST_WEST: self.others}

    @cached_property
    def parties_chosen(self) -> bool:
        """Whether the table says which party it is ("We are North-South"): at a compass
        table, and where the parties are the table's two partnerships."""
        return self.has_compass or (self.has_sides and len(self.ruleset.sides) == 2)

    def party_name(self, party: str) -> str:
        return self.party_names.get(party, party)


def names_for(ruleset: Ruleset) -> TableNames:
    return TableNames(ruleset)
