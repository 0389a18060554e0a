"""The engine's running state of a game, kept on its row, so a hand is scored without
replaying the hands before it (docs/performance.md).

``Game.state`` holds what the cached columns do not. ``state_of`` resumes the engine
from the row (no query); ``store_state`` writes a state back and names the columns that
changed. A row without a usable state (stored before this existed, or imported) is
replayed once and healed.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from play.models import Game
from scoring.engine import GameError, GameState, HandRecord, Ruleset, replay, resume, snapshot

#: The Game columns a hand can change (``store_state``); the ruleset never does.
STATE_FIELDS = (
    "totals",
    "player_totals",
    "next_dealer",
    "status",
    "winner",
    "winners",
    "finished_at",
    "state",
)


def state_json(state: GameState) -> dict[str, Any]:
    """``Game.state``: the engine's snapshot plus the starting seats."""
    return {**snapshot(state), "start": dict(state.initial_seats)}


def store_state(game: Game, state: GameState) -> list[str]:
    """Set ``game``'s cached columns from ``state``; the names of those that changed."""
    values: dict[str, Any] = {
        "totals": dict(state.totals),
        "player_totals": {str(pid): total for pid, total in state.player_totals.items()},
        "next_dealer": state.dealer,
        "status": state.status,
        "winner": state.winner,
        "winners": list(state.winners),
        "state": state_json(state),
    }
    if state.status == Game.Status.FINISHED:
        values["finished_at"] = game.finished_at or timezone.now()
    else:
        values["finished_at"] = None
    changed = []
    for name, value in values.items():
        if getattr(game, name) != value:
            setattr(game, name, value)
            changed.append(name)
    return changed


def _resumed(game: Game, rules: Ruleset) -> GameState | None:
    saved = game.state if isinstance(game.state, dict) else {}
    start = saved.get("start")
    if not isinstance(start, dict) or not isinstance(game.player_totals, dict):
        return None
    try:
        players = {pid: game.player_totals[str(pid)] for pid in start.values()}
        return resume(
            rules,
            start,
            game.first_dealer,
            saved=saved,
            next_dealer=game.next_dealer,
            totals=game.totals,
            player_totals=players,
            status=game.status,
            winner=game.winner,
            winners=game.winners or (),
        )
    except (GameError, KeyError, TypeError, ValueError):
        return None


def state_of(game: Game, rules: Ruleset) -> GameState:
    """The engine's state after ``game``'s recorded hands: resumed from the row, or
    (no usable state stored) replayed from its hands and starting seats, two queries.
    The replay's ``GameError``/``HandRefused`` propagate, as every replay's do."""
    resumed = _resumed(game, rules)
    if resumed is not None:
        return resumed
    records = game.hands.order_by("number").values_list("record", flat=True)
    seats = {s.seat: s.player_id for s in game.seats.all()}
    parsed = [HandRecord.from_dict(r, rules) for r in records]
    return replay(rules, seats, game.first_dealer, parsed)
