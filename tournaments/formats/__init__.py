"""Tournament formats as plain Python: pairings, brackets, movements, standings. No
Django; entries are opaque ids (docs/tournament-formats.md)."""

from .base import FormatError, Pairing
from .bracket import Bracket, Correction, MatchState, correct_result, placements, resolve
from .double_elim import double_elimination
from .movements import individual_movement, two_tier_round, validate_movement
from .round_robin import round_robin_schedule
from .single_elim import single_elimination
from .standings import MatchResult, StandingRow, standings
from .swiss import SwissEntry, pair_swiss_round
from .tiers import tiers_round

__all__ = [
    "Bracket",
    "Correction",
    "FormatError",
    "MatchResult",
    "MatchState",
    "Pairing",
    "StandingRow",
    "SwissEntry",
    "correct_result",
    "double_elimination",
    "individual_movement",
    "pair_swiss_round",
    "placements",
    "resolve",
    "round_robin_schedule",
    "single_elimination",
    "standings",
    "tiers_round",
    "two_tier_round",
    "validate_movement",
]
