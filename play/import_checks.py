"""An imported club's hands are scored again by the engine, and its nights' seating
checked: an import cannot forge a result (docs/club-export.md).

Registered with ``rookclub.clubs.export.register_import_check`` from
``PlayConfig.ready()``; run inside the import's transaction. The first disagreement
with the replay refuses the whole file, naming the game and the hand as the file
numbers them.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from play.game_state import store_state
from play.hand_scores import hand_fields, replay_records
from play.models import Game, HandResult, TableSeating
from play.rulesets import rules_of
from rookclub.clubs.export import Ids
from rookclub.clubs.models import Club
from rookclub.core.errors import Invalid
from scoring.engine import GameOver, HandRefused
from scoring.engine.errors import GameError

#: The columns of a hand the engine works out (the rest is what was entered).
SCORED = ("made", "void", "score_ns", "score_ew", "total_ns", "total_ew", "declarer_id")
#: The game's columns that follow from its hands.
RESULT = ("totals", "player_totals", "status", "winner", "winners")


def _refuse(message: str) -> Invalid:
    return Invalid(message, errors={"file": [message]}, code="forged_result")


def _where(game: Game, number: int | None, ids: Ids) -> str:
    where = f"game {ids.old('games', game.pk)}"
    return f"{where}, hand {number}" if number is not None else where


def _game_check(game: Game, ids: Ids) -> None:
    hands = list(game.hands.order_by("number"))
    if not hands:
        return
    rules = rules_of(game)
    try:
        state = replay_records(game, [h.record for h in hands])
    except (HandRefused, GameOver, GameError, KeyError, TypeError, ValueError) as exc:
        raise _refuse(
            f"{_where(game, None, ids)}: the engine cannot score its hands as recorded ({exc}); "
            "nothing was imported."
        ) from None
    stored: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
    for hand_id, player, points, total in HandResult.objects.filter(game=game).values_list(
        "hand_id", "player_id", "points", "total"
    ):
        stored[hand_id][player] = (points, total)
    for played, hand in zip(state.hands, hands, strict=True):
        fields = hand_fields(played, rules)
        expected = {
            seat_player: (played.score.seats[seat], played.player_totals[seat_player])
            for seat, seat_player in played.seats.items()
        }
        wrong = [name for name in SCORED if getattr(hand, name) != fields[name]]
        if wrong or stored[hand.pk] != expected:
            what = ", ".join(wrong) or "the players' points"
            raise _refuse(
                f"{_where(game, hand.number, ids)}: the file's {what} disagree with the "
                "hand's record scored by the rules; nothing was imported. An edited result "
                "cannot be imported."
            )
    replayed = Game(pk=game.pk)
    store_state(replayed, state)
    wrong = [
        name for name in RESULT if _plain(getattr(game, name)) != _plain(getattr(replayed, name))
    ]
    if wrong:
        raise _refuse(
            f"{_where(game, None, ids)}: the file's {', '.join(wrong)} disagree with its "
            "hands scored by the rules; nothing was imported."
        )
    game.state = replayed.state  # the engine's running state, rebuilt (not in the file)
    game.save(update_fields=["state"])


def _plain(value: Any) -> Any:
    """Lists and mappings compared by content (JSON keys are strings)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


SEATING = ("north_id", "east_id", "south_id", "west_id", "fifth_id", "sixth_id")


def imported_seating_check(club: Club, ids: Ids) -> None:
    """No player sits at two tables of one round of a night, and a night's game is
    played by the players seated at its table: a file cannot move a player into a
    game he did not play."""
    rounds: dict[int, dict[int, int]] = defaultdict(dict)  # round -> player -> table
    seated: dict[int, set[int]] = {}  # table seating -> its players
    tables = TableSeating.objects.filter(round__night__club=club).order_by("pk")
    for row in tables.values("pk", "round_id", "table", *SEATING):
        players = {row[column] for column in SEATING if row[column] is not None}
        seated[row["pk"]] = players
        for player in players:
            other = rounds[row["round_id"]].setdefault(player, row["table"])
            if other != row["table"]:
                raise _refuse(
                    f"round {ids.old('night_rounds', row['round_id'])}: player "
                    f"{ids.old('players', player)} sits at tables {other} and {row['table']}; "
                    "nothing was imported. A player sits at one table a round."
                )
    games = Game.objects.filter(club=club, table_seating__isnull=False).order_by("pk")
    for game in games.prefetch_related("seats"):
        strangers = {seat.player_id for seat in game.seats.all()} - seated[game.table_seating_id]
        if strangers:
            raise _refuse(
                f"{_where(game, None, ids)}: player {ids.old('players', min(strangers))} plays "
                "it but is not seated at its table; nothing was imported."
            )


def imported_hands_check(club: Club, ids: Ids) -> None:
    """Re-score every game of the imported ``club``; ``Invalid`` at the first that
    disagrees with its file (see the module)."""
    games = Game.objects.filter(club=club).prefetch_related("seats").order_by("pk")
    for game in games:
        _game_check(game, ids)
