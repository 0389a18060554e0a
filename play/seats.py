"""The four seats of a compass table and their partnerships, in the engine's names, and
the words for any game's table (``table_names``; the names themselves are in
``scoring/engine/seat_names.py``)."""

from __future__ import annotations

from collections.abc import Iterable

from play.models import Game
from play.rulesets import rules_of
from scoring.engine import (
    DEFAULT_SLUG,
    EAST,
    EAST_WEST,
    NORTH,
    NORTH_SOUTH,
    PRESETS,
    SEATS,
    SOUTH,
    WEST,
)
from scoring.engine.seat_names import TableNames, names_for

__all__ = ["OTHER_SIDE", "PARTNER", "SEATS", "SIDE_OF", "sides_of", "table_names"]

#: Partners sit opposite: north with south, east with west.
SIDE_OF = {NORTH: NORTH_SOUTH, SOUTH: NORTH_SOUTH, EAST: EAST_WEST, WEST: EAST_WEST}
PARTNER = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}
OTHER_SIDE = {NORTH_SOUTH: EAST_WEST, EAST_WEST: NORTH_SOUTH}


def table_names(game: Game | None, seats: Iterable[str] = ()) -> TableNames:
    """The words for ``game``'s table, from its ruleset snapshot. A table without a game
    yet: the first named game for its ``seats`` (the default game at a compass table)."""
    if game is None:
        held = set(seats)
        rules = next((r for r in PRESETS.values() if set(r.player_seats) == held), None)
        return names_for(rules or PRESETS[DEFAULT_SLUG])
    return names_for(rules_of(game))


def sides_of(names: TableNames) -> dict[str, str]:
    """Seat -> its side, as confirmations and the page's side colours take it: the compass
    partnerships at any compass table (whatever its game), the partnerships of three at a
    table of six that has them; a seat not listed is a side of its own."""
    return SIDE_OF if names.has_compass else names.side_of
