"""How far each table of a night has got, for its director: the game's status, hands
recorded, running totals, hands waiting for the other side's confirmation, and who
sits where now (after every exchange of partners); and who sits out. Read for every
table at once in a fixed number of queries (the tables API, the night page's live part).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q

from play.models import CheckIn, Game, Hand, Night
from rookclub.clubs.models import Player


@dataclass
class Counts:
    hands: int = 0
    unconfirmed: int = 0


@dataclass
class Progress:
    """Each current game's hand counts, and the night's players sitting out."""

    counts: dict[int, Counts] = field(default_factory=dict)
    sitting_out: list[Player] = field(default_factory=list)

    def of(self, game: Game | None) -> Counts:
        return self.counts.get(game.pk, Counts()) if game is not None else Counts()

    def row(self, row: Any) -> dict[str, Any]:
        """The live fields of one tables-API row (``row``: a ``TableRow``)."""
        game = row.game
        counts = self.of(game)
        return {
            "status": game_status(game),
            "hands": counts.hands,
            "totals": game_totals(game),
            "unconfirmed": counts.unconfirmed,
            "seats": {
                seat: {"id": p.pk, "name": p.name}
                for seat, p in seats_now(game, row.players).items()
            },
            "sitting_out": [{"id": p.pk, "name": p.name} for p in self.sitting_out],
        }


def game_status(game: Game | None) -> str | None:
    if game is None:
        return None
    return "void" if game.is_void else game.status


def game_totals(game: Game | None) -> dict[str, int]:
    """Side -> total; for a game scored by player, player id -> total."""
    if game is None:
        return {}
    if game.scores_players:
        return {str(k): int(v) for k, v in (game.player_totals or {}).items()}
    totals = game.totals or {}
    return {side: int(totals.get(side) or 0) for side in ("north_south", "east_west")}


def seats_now(game: Game | None, seated: dict[str, Player]) -> dict[str, Player]:
    """Who sits where for the game's next hand (the engine's state, kept on the game's
    row, after every exchange); the seating's seats until a hand has moved them."""
    now = (game.state or {}).get("seats") if game is not None else None
    if not isinstance(now, dict) or not now:
        return dict(seated)
    players = {p.pk: p for p in seated.values()}
    out = {seat: players.get(pid) for seat, pid in now.items()}
    if any(p is None for p in out.values()):
        return dict(seated)
    return out


def hand_counts(games: Iterable[Game | None]) -> dict[int, Counts]:
    """Game id -> hands recorded and unconfirmed (one query for every game)."""
    ids = [g.pk for g in games if g is not None]
    if not ids:
        return {}
    rows = (
        Hand.objects.filter(game_id__in=ids)
        .order_by()
        .values("game_id")
        .annotate(n=Count("id"), waiting=Count("id", filter=Q(confirmed_at__isnull=True)))
    )
    return {r["game_id"]: Counts(r["n"], r["waiting"]) for r in rows}


def sitting_out(*, night: Night, seated: Iterable[Player]) -> list[Player]:
    """Players here tonight at no current table (none before the night is seated): one
    query."""
    seated_ids = {p.pk for p in seated}
    if not seated_ids:
        return []
    here = (
        CheckIn.objects.filter(night=night, left_at__isnull=True)
        .select_related("player")
        .order_by("player__name")
    )
    return [c.player for c in here if c.player_id not in seated_ids]


def tables_progress(*, night: Night, rows: list[Any]) -> Progress:
    """The live part of every ``rows`` (``TableRow``: number, game, players): two queries."""
    seated = [p for r in rows for p in r.players.values()]
    return Progress(hand_counts(r.game for r in rows), sitting_out(night=night, seated=seated))
