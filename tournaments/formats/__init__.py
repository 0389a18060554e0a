"""Tournament formats as plain Python: pairings, brackets, movements, standings. No
Django; entries are opaque ids (docs/tournament-formats.md)."""

from .base import EntryId, FormatError, Pairing
from .bracket import Bracket, Correction, MatchState, correct_result, placements, resolve
from .double_elim import double_elimination
from .movements import (
    Movement,
    MovementReport,
    individual_movement,
    single_table_rotation,
    two_tier_round,
    validate_movement,
)
from .overrides import force_bye, mark_repaired, pin_pairing, swap_entries
from .round_robin import berger_table, round_robin_schedule
from .seeding import draw_by_lot, first_round_slots, seed_order
from .single_elim import single_elimination
from .standings import MatchResult, StandingRow, standings
from .swiss import SwissEntry, SwissRound, pair_swiss_round
from .tiers import tiers_ranking, tiers_round

__all__ = [
    "Bracket",
    "Correction",
    "EntryId",
    "FormatError",
    "MatchResult",
    "MatchState",
    "Movement",
    "MovementReport",
    "Pairing",
    "StandingRow",
    "SwissEntry",
    "SwissRound",
    "berger_table",
    "correct_result",
    "double_elimination",
    "draw_by_lot",
    "first_round_slots",
    "force_bye",
    "individual_movement",
    "mark_repaired",
    "pair_swiss_round",
    "pin_pairing",
    "placements",
    "resolve",
    "round_robin_schedule",
    "seed_order",
    "single_elimination",
    "single_table_rotation",
    "standings",
    "swap_entries",
    "tiers_ranking",
    "tiers_round",
    "two_tier_round",
    "validate_movement",
]
