"""Reads for games: the engine state and the score sheet, in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Exists, OuterRef, Prefetch

from rookclub.models import Player
from scoring.models import Game, GameSeat, Hand, HandCorrection
from scoring.services import recording_refusal, replay_records

SIDE_OF = {"north": "north_south", "south": "north_south", "east": "east_west", "west": "east_west"}


def game_state(*, game: Game) -> Any:
    """The engine's ``GameState`` rebuilt from the stored hands (two queries)."""
    records = list(game.hands.order_by("number").values_list("record", flat=True))
    return replay_records(game, records)


@dataclass
class SheetRow:
    hand: Hand
    number: int
    dealer: str
    declarer: str | None
    declarer_player: Player | None
    bid: int | None
    trump: str
    counters: dict[str, int]
    score: dict[str, int]
    totals: dict[str, int]
    made: bool | None
    void: bool
    reasons: list[str]
    confirmed: bool
    corrected: bool
    irregularities: list[Any]


@dataclass
class GameSheet:
    game: Game
    rows: list[SheetRow]
    players: dict[int, Player]
    seats: dict[str, Player]  # who sits where for the next hand
    dealer: str  # deals the next hand
    next_number: int
    seat_message: str | None
    status: str
    winner: str | None
    totals: dict[str, int]
    player_totals: dict[int, int] = field(default_factory=dict)
    #: Why no more hands can be recorded (the game is over, or its club night is
    #: closed), exactly as ``hand_record`` would refuse; None while the next can be.
    refusal: str | None = None
    refusal_code: str | None = None

    @property
    def night_closed(self) -> bool:
        """The game is not over, but its club night is closed: it stays unfinished."""
        return self.refusal_code == "session_closed"


def game_sheet(*, game: Game) -> GameSheet:
    """Rows of the score sheet plus what the table needs next (four queries)."""
    game = (
        Game.objects.select_related("club", "session")
        .prefetch_related(Prefetch("seats", GameSeat.objects.select_related("player")))
        .get(pk=game.pk)
    )
    players = {s.player_id: s.player for s in game.seats.all()}
    hands = list(
        game.hands.order_by("number")
        .select_related("confirmed_by", "entered_by")
        .annotate(corrected=Exists(HandCorrection.objects.filter(hand=OuterRef("pk"))))
        .prefetch_related("irregularities")
    )
    state = replay_records(game, [h.record for h in hands])
    refusal = recording_refusal(game)
    rows = [
        SheetRow(
            hand=h,
            number=h.number,
            dealer=h.dealer,
            declarer=h.bidder,
            declarer_player=players.get(h.declarer_id),
            bid=h.bid,
            trump=h.trump,
            counters=dict(h.record.get("counters") or {}),
            score={"north_south": h.score_ns, "east_west": h.score_ew},
            totals={"north_south": h.total_ns, "east_west": h.total_ew},
            made=h.made,
            void=h.void,
            reasons=list(h.score.get("reasons", [])),
            confirmed=h.confirmed_by_id is not None,
            corrected=h.corrected,
            irregularities=list(h.irregularities.all()),
        )
        for h in hands
    ]
    return GameSheet(
        game=game,
        rows=rows,
        players=players,
        seats={seat: players[pid] for seat, pid in state.seats.items()},
        dealer=state.dealer,
        next_number=len(hands) + 1,
        seat_message=state.seat_message,
        status=state.status,
        winner=state.winner,
        totals=dict(state.totals),
        player_totals=dict(state.player_totals),
        refusal=refusal.message if refusal else None,
        refusal_code=refusal.code if refusal else None,
    )
