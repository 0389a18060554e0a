"""A game's ruleset, read from the snapshot its row keeps (``Game.ruleset``): the
rules every hand of the game is scored by, whatever the presets say later."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from play.models import Game
from scoring.engine import Ruleset


def rules_of(game: Game) -> Ruleset:
    """The game's ruleset snapshot, built once per process and snapshot (keyed by its
    JSON text; ``Ruleset`` is frozen, so one is shared).

    PostgreSQL's jsonb does not keep the order of an object's keys, and the order of
    ``sides`` decides which partners exchange seats first (docs/rules.md §6): every
    preset lists its sides by their first seat, so that order is restored here.
    """
    try:
        text = json.dumps(game.ruleset)
    except (TypeError, ValueError):  # not JSON as stored: built afresh, as before
        return _rules_from(game.ruleset)
    return _rules_of_text(text)


def rules_of_snapshot(text: str) -> Ruleset:
    """:func:`rules_of` for a game's ruleset snapshot read as its stored JSON text (the
    table page's post reads it with the link: ``TableState.ruleset``)."""
    return _rules_of_text(text)


@functools.lru_cache(maxsize=256)
def _rules_of_text(text: str) -> Ruleset:
    return _rules_from(json.loads(text))


def _rules_from(snapshot: Mapping[str, Any]) -> Ruleset:
    data = dict(snapshot)
    sides, seats = data.get("sides"), data.get("seats")
    if isinstance(sides, dict) and isinstance(seats, list):

        def first_seat(item: tuple[str, Any]) -> int:
            members = [seats.index(s) for s in item[1] if s in seats]
            return min(members, default=len(seats))

        data["sides"] = dict(sorted(sides.items(), key=first_seat))
    return Ruleset.from_dict(data)
