"""The whole-game JSON document (docs/hand-format.md): what was decided at the table and
what follows from it, so a reader needs no engine. Reading replays the hands and refuses
a document whose stored results differ; the round trip is lossless."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cardhand import CardHand
from .errors import GameError, HandRefused, RulesetError
from .game import GameState, PlayedHand, new_game, play_hand
from .messages import cite
from .records import HandRecord
from .rulesets import Ruleset

FORMAT = "rookclub.game/1"


def _player_totals(totals: Mapping[Any, int]) -> list[dict[str, Any]]:
    # A list, not an object: player ids may be numbers, and JSON keys are text.
    return [{"player": player, "total": total} for player, total in totals.items()]


def _hand_to_dict(hand: PlayedHand) -> dict[str, Any]:
    out: dict[str, Any] = {
        "number": hand.number,
        "dealer": hand.dealer,
        "seats": dict(hand.seats),
        "record": hand.record.to_dict(),
    }
    if hand.card_hand is not None:
        out["card_hand"] = hand.card_hand.to_dict()
    s = hand.score
    out["score"] = {
        "sides": dict(s.sides),
        "made": s.made,
        "reasons": list(s.reasons),
        "void": s.void,
        "counts_for_rotation": s.counts_for_rotation,
        "deal_passes": s.deal_passes,
    }
    out["totals"] = dict(hand.totals)
    out["player_totals"] = _player_totals(hand.player_totals)
    return out


def game_to_dict(game: GameState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "ruleset": game.ruleset.to_dict(),
        "seats": dict(game.initial_seats),
        "dealer": game.first_dealer,
        "hands": [_hand_to_dict(h) for h in game.hands],
        "totals": dict(game.totals),
        "player_totals": _player_totals(game.player_totals),
        "status": game.status,
        "winner": game.winner,
        "winners": list(game.winners),
        "next_dealer": game.dealer,
        "next_seats": dict(game.seats),
        "seat_message": game.seat_message,
    }


def game_from_dict(data: Any) -> GameState:
    """Replay a game document.  Raises ``GameError`` naming what is wrong: bad shape,
    a refused hand (by number), or stored results that differ from the replay."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise GameError({"format": [cite(f"not a {FORMAT} document")]})
    try:
        ruleset = Ruleset.from_dict(data.get("ruleset", {}))
    except RulesetError as exc:
        raise GameError({f"ruleset.{k}": v for k, v in exc.errors.items()}) from None
    seats, dealer, hands = data.get("seats"), data.get("dealer"), data.get("hands", [])
    if not isinstance(hands, list):
        raise GameError({"hands": [cite("must be a list")]})
    state = new_game(ruleset, seats if isinstance(seats, Mapping) else {}, dealer)
    for i, entry in enumerate(hands, start=1):
        if not isinstance(entry, Mapping):
            raise GameError({f"hands.{i}": [cite("must be an object")]})
        try:
            if "card_hand" in entry:
                record: HandRecord | CardHand = CardHand.from_dict(entry["card_hand"])
            else:
                record = HandRecord.from_dict(entry.get("record"), ruleset)
            state = play_hand(state, record)
        except HandRefused as exc:
            raise GameError({f"hands.{i}.{k}": v for k, v in exc.errors.items()}) from None
        stored = {k: v for k, v in entry.items() if k != "card_hand"}
        mine = {k: v for k, v in _hand_to_dict(state.hands[-1]).items() if k in stored}
        if mine != stored:
            raise GameError({f"hands.{i}": [cite("stored score or seats differ from the replay")]})
    summary = {k: v for k, v in game_to_dict(state).items() if k in data and k != "hands"}
    if summary != {k: data[k] for k in summary}:
        wrong = [k for k in summary if summary[k] != data[k]]
        raise GameError({k: [cite("differs from the replay")] for k in wrong})
    return state
