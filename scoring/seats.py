"""The four seats of a club table and their partnerships, in the engine's names."""

from scoring.engine import EAST, EAST_WEST, NORTH, NORTH_SOUTH, SEATS, SOUTH, WEST

__all__ = ["OTHER_SIDE", "PARTNER", "SEATS", "SIDE_OF"]

#: Partners sit opposite: north with south, east with west.
SIDE_OF = {NORTH: NORTH_SOUTH, SOUTH: NORTH_SOUTH, EAST: EAST_WEST, WEST: EAST_WEST}
PARTNER = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}
OTHER_SIDE = {NORTH_SOUTH: EAST_WEST, EAST_WEST: NORTH_SOUTH}
