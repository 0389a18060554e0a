"""A posted hand's shape in the API schema (issue 27: every bound the server keeps is
in the schema).

The engine reads a score-sheet hand strictly (``scoring.engine.records``): a field it
does not know is refused, a penalty is exactly ``{seat, kind}``, a renege
``{seat, found, counters?}``, a misdeal and a redeal one member each, and every count
of a side is a whole number. Those are shapes, so the schema says them: the objects
are closed (``additionalProperties: false``) and a side's count is bounded whatever
the side's name. Which seats and sides a hand may name is the game's ruleset's (house
rules may name seats anything): that 400 carries its code, ``not_in_game``
(``scoring.services.GAME_DECIDES``).
"""

from __future__ import annotations

from typing import Any

from rookclub.core.limits import SCORE_MAX
from scoring.engine.option_schema import SEATS_MAX

#: The hand's request components whose objects the engine reads closed.
CLOSED = ("HandIn", "TableHandIn", "CorrectedHandIn", "Penalty", "Renege", "Misdeal", "Redeal")


def hand_shapes(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """Close :data:`CLOSED`'s objects; bound every side's count in ``SidesIn``."""
    components = result.get("components", {}).get("schemas", {})
    for name in CLOSED:
        if name in components:
            components[name]["additionalProperties"] = False
    for name, beside in (("HandIn", ["number"]), ("TableHandIn", ["number", "side"])):
        if name in components:
            # A hand card by card comes alone under card_hand (with its number; at a
            # table, the side entering it): a score-sheet hand is one without it.
            alone = {key: {} for key in (*beside, "card_hand")}
            components[name]["anyOf"] = [
                {"not": {"required": ["card_hand"]}},
                {"properties": alone, "additionalProperties": False},
            ]
    sides = components.get("SidesIn")
    if sides is not None:
        count = {"type": "integer", "minimum": 0, "maximum": SCORE_MAX}  # never below 0
        sides["additionalProperties"] = count
        sides["maxProperties"] = SEATS_MAX  # a table has at most eight seats, so sides
        sides["description"] = (
            "side -> a whole number: north_south and east_west in the partnership games of "
            "four, else the game's own sides (seat1 …, seats_135 …)"
        )
    return result
