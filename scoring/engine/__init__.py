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

# The public names, grouped roughly as imported above.
__all__ = ["AuctionResult", "Call", "CardHand", "Deal", "run_auction"]
__all__ += ["BIRD", "BLACK", "COLOURS", "GREEN", "NO_TRUMP", "RED", "RED_ONE", "YELLOW"]
__all__ += ["Card", "card_code", "parse_card"]
__all__ += ["AuctionError", "GameError", "GameOver", "HandRefused", "RulesetError"]
__all__ += ["GameState", "PlayedHand", "new_game", "play_hand", "replay", "resume", "snapshot"]
__all__ += ["Message", "cite", "game_from_dict", "game_to_dict", "plain"]
__all__ += ["CardHandResult", "RenegeFound", "TrickResult", "check_card_hand"]
__all__ += ["DEFAULT_SLUG", "PRESETS", "ruleset_from"]
__all__ += ["HandRecord", "Misdeal", "Penalty", "Redeal", "Renege"]
__all__ += ["DECLARERS", "DEFENDERS", "EAST", "EAST_WEST", "NORTH", "NORTH_SOUTH", "SOUTH"]
__all__ += ["SEATS", "SIDES", "WEST", "Ruleset"]
__all__ += ["HandScore", "TrickRules", "deal", "score_hand", "simulate_hand", "trick_rules"]
