"""Rookclub's rules engine: Rook scoring as plain Python (no Django); docs/rules.md is
the specification. A ruleset is data (``rulesets.py``, ``presets.py``); ``score_hand``
(``scorer.py``) scores a score-sheet hand (``records.py``) once ``checks.py`` finds it
possible; ``play.py`` checks a card-level hand (``cardhand.py``) and derives its line;
``game.py`` and ``rotation.py`` carry a game from first deal to winner."""

from .auction import AuctionResult, Call, run_auction
from .cardhand import CardHand, Deal
from .cards import (
    BIRD,
    BLACK,
    COLOURS,
    GREEN,
    NO_TRUMP,
    RED,
    RED_ONE,
    YELLOW,
    Card,
    card_code,
    parse_card,
)
from .errors import AuctionError, GameError, GameOver, HandRefused, RulesetError
from .game import GameState, PlayedHand, new_game, play_hand, replay, resume, snapshot
from .gameformat import game_from_dict, game_to_dict
from .messages import Message, cite, plain
from .play import CardHandResult, RenegeFound, TrickResult, check_card_hand
from .presets import DEFAULT_SLUG, PRESETS, ruleset_from
from .records import HandRecord, Misdeal, Penalty, Redeal, Renege
from .rulesets import (
    DECLARERS,
    DEFENDERS,
    EAST,
    EAST_WEST,
    FOUR_SEATS,
    NORTH,
    NORTH_SOUTH,
    SOUTH,
    WEST,
    Ruleset,
)
from .scorer import HandScore, score_hand
from .simulate import deal, simulate_hand
from .tricks import TrickRules, trick_rules

SEATS = FOUR_SEATS
SIDES = (NORTH_SOUTH, EAST_WEST)

__all__ = [
    "BIRD",
    "BLACK",
    "COLOURS",
    "DECLARERS",
    "DEFAULT_SLUG",
    "DEFENDERS",
    "EAST",
    "EAST_WEST",
    "GREEN",
    "NORTH",
    "NORTH_SOUTH",
    "NO_TRUMP",
    "PRESETS",
    "RED",
    "RED_ONE",
    "SEATS",
    "SIDES",
    "SOUTH",
    "WEST",
    "YELLOW",
    "AuctionError",
    "AuctionResult",
    "Call",
    "Card",
    "CardHand",
    "CardHandResult",
    "Deal",
    "GameError",
    "GameOver",
    "GameState",
    "HandRecord",
    "HandRefused",
    "HandScore",
    "Message",
    "Misdeal",
    "Penalty",
    "PlayedHand",
    "Redeal",
    "Renege",
    "RenegeFound",
    "Ruleset",
    "RulesetError",
    "TrickResult",
    "TrickRules",
    "card_code",
    "check_card_hand",
    "cite",
    "deal",
    "game_from_dict",
    "game_to_dict",
    "new_game",
    "parse_card",
    "plain",
    "play_hand",
    "replay",
    "resume",
    "ruleset_from",
    "run_auction",
    "score_hand",
    "simulate_hand",
    "snapshot",
    "trick_rules",
]
