"""Reads for a game's score sheet: its rows (``SheetRow``) and what the table needs
next (``GameSheet``), replayed in a fixed number of queries; and what printed sheets
read, for one game or for every game of a club night."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import (
    Exists,
    F,
    OuterRef,
    Prefetch,
    QuerySet,
    Subquery,
    prefetch_related_objects,
)

from play import provenance
from play.confirmations import confirmer_name
from play.hand_scores import replay_records
from play.hands import recording_refusal
from play.models import Game, GameSeat, Hand, HandCorrection, Irregularity
from rookclub.clubs.models import Player
from scoring.engine.rotation import upcoming
from scoring.engine.seat_names import SEAT_SHORT, names_for, seat_name, side_name


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
    #: Who confirmed the hand, as a player of the game's club (else the user's full
    #: name, else username); None while it awaits confirmation.
    confirmed_by_name: str | None = None
    #: "via table link (North-South)" / "by Ann Lee" (play.provenance), for every view.
    entered_how: str | None = None
    confirmed_how: str | None = None
    #: Player id -> what they scored this hand, and their running total after it.
    player_scores: dict[int, int] = field(default_factory=dict)
    player_totals: dict[int, int] = field(default_factory=dict)
    #: (player, points, total) in the sheet's player order, for templates.
    player_cells: list[tuple[Player, int, int]] = field(default_factory=list)
    #: The game is scored by player: the row shows a column per player, not per side.
    scores_players: bool = False

    @classmethod
    def of(cls, hand: Hand, *, corrected: bool | None = None, **more: Any) -> SheetRow:
        """The row of a stored ``hand``: its own columns, and ``more`` (who declared,
        its irregularities, who entered and confirmed it...). ``corrected``: whether it
        has been corrected, when the hand was not read with that annotation (a hand
        just stored has not)."""
        return cls(
            hand=hand,
            number=hand.number,
            dealer=hand.dealer,
            declarer=hand.bidder,
            bid=hand.bid,
            trump=hand.trump,
            counters=dict((hand.record or {}).get("counters") or {}),
            score={"north_south": hand.score_ns, "east_west": hand.score_ew},
            totals={"north_south": hand.total_ns, "east_west": hand.total_ew},
            made=hand.made,
            void=hand.void,
            reasons=list(hand.score.get("reasons", [])),
            confirmed=hand.confirmed_at is not None,
            corrected=hand.corrected if corrected is None else corrected,
            **more,
        )

    @property
    def declarer_name(self) -> str:
        """ "Seat 1", "North": the declarer's seat as the page says it."""
        return seat_name(self.declarer or "")

    @property
    def declarer_short(self) -> str:
        """ "S1", "N": the declarer's seat where a phone's line has no room for the name."""
        return SEAT_SHORT.get(self.declarer or "", "")

    @property
    def dealer_name(self) -> str:
        return seat_name(self.dealer or "")

    @property
    def counters_named(self) -> list[tuple[str, int]]:
        """Each side's (or player's seat's) counters, named: ("Seat 1", 50)."""
        return [(side_name(side), n) for side, n in self.counters.items()]

    @property
    def card_by_card(self) -> bool:
        """The hand was entered card by card: a director can replay it trick by trick."""
        return self.hand.card_hand is not None


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
    #: The winning players' ids, in every game (empty until it is won).
    winners: tuple[int, ...] = ()
    #: The game is won by a player, not by a fixed partnership (Beginner, individual
    #: scoring): the sheet shows a column per player.
    scores_players: bool = False
    #: Who sat where for the first hand (seat -> player).
    first_seats: dict[str, Player] = field(default_factory=dict)
    #: The players in the order of their starting seats: the sheet's player columns.
    player_order: list[Player] = field(default_factory=list)
    #: Why no more hands can be recorded (the game is over, or its club night is
    #: closed), exactly as ``hand_record`` would refuse; None while the next can be.
    refusal: str | None = None
    refusal_code: str | None = None
    #: The game's player seats clockwise: the compass, or seat1 … seat3 (two and three).
    seat_order: tuple[str, ...] = ("north", "east", "south", "west")
    #: (dealer, seat -> player, seat-change message) for each of the next few hands
    #: (``engine.rotation.upcoming``): a phone keeping hands offline shows who deals next.
    upcoming: list[tuple[str, dict[str, Player], Any]] = field(default_factory=list)

    @property
    def night_closed(self) -> bool:
        """The game is not over, but its club night is closed: it stays unfinished."""
        return self.refusal_code == "session_closed"


#: How many hands ahead the sheet works out dealers and seats (hands kept offline).
UPCOMING = 8


#: What ``game_sheet`` reads with a game: pass them to a lookup of your own, with
#: ``read=False``, to spare it reading the game again.
SHEET_RELATED = ("club", "night", "table_seating", "voided_by")


#: A printed sheet's reads: the game's seats with their players, then its hands (each
#: with whether it was corrected) with their irregularities joined, a row per
#: irregularity (a hand has none or one, seldom more).
_IRREGULARITY = ("id", "kind", "seat", "details", "points")


def _with_irregularities(hands: QuerySet) -> QuerySet:
    """``hands``, each with whether it was corrected and a row per irregularity."""
    return hands.annotate(
        corrected=Exists(HandCorrection.objects.filter(hand=OuterRef("pk"))),
        **{f"irregularity_{name}": F(f"irregularities__{name}") for name in _IRREGULARITY},
    )


def _print_seats(**where: Any) -> list[GameSeat]:
    return list(GameSeat.objects.select_related("player").filter(**where).order_by("game_id", "id"))


def _print_hands(**where: Any) -> list[Hand]:
    rows = _with_irregularities(Hand.objects.filter(**where))
    return list(rows.order_by("game_id", "number", "irregularities__id"))


#: A printed sheet's seats, hands and irregularities (by hand id).
PrintedReads = tuple[list[GameSeat], list[Hand], dict[int, list[Any]]]


def _grouped(seat_rows: list[GameSeat], hand_rows: list[Hand]) -> dict[int, PrintedReads]:
    """The rows of ``_print_seats``/``_print_hands`` (of one game, or of a night's games
    in the games' order) as each game's seats, hands and irregularities, by game id."""
    found: dict[int, PrintedReads] = {}
    for seat in seat_rows:
        found.setdefault(seat.game_id, ([], [], {}))[0].append(seat)
    for row in hand_rows:
        _, hands, irregularities = found.setdefault(row.game_id, ([], [], {}))
        if not hands or hands[-1].pk != row.pk:
            hands.append(row)
        if row.irregularity_id is not None:
            fields = {name: getattr(row, f"irregularity_{name}") for name in _IRREGULARITY}
            irregularities.setdefault(row.pk, []).append(Irregularity(hand_id=row.pk, **fields))
    return found


def _printed_hands(game: Game) -> PrintedReads:
    """A printed sheet's seats, hands and irregularities (by hand id): two queries,
    none of what only the table's page shows (who entered and confirmed)."""
    found = _grouped(_print_seats(game_id=game.pk), _print_hands(game_id=game.pk))
    return found.get(game.pk, ([], [], {}))


def night_printed_reads(*, night_id: int) -> dict[int, PrintedReads]:
    """What the printed sheets of every game of a club night read, by game id: two
    queries, whatever the number of games. A game with no seat and no hand is not in it."""
    where = {"game__night_id": night_id}
    return _grouped(_print_seats(**where), _print_hands(**where))


def game_sheet(
    *, game: Game, read: bool = True, printed: bool = False, reads: PrintedReads | None = None
) -> GameSheet:
    """Rows of the score sheet plus what the table needs next (four queries; three with
    ``read=False``, for a ``game`` just read with ``select_related(*SHEET_RELATED)``).

    ``printed``: what a printed sheet shows only, in two queries (``read=False``): the
    rows without who entered or confirmed each hand (the ``*_name``/``*_how`` fields
    stay None), no refusal and no upcoming dealers.
    ``reads``: the game's part of ``night_printed_reads`` (printed only): no query."""
    seats = Prefetch("seats", GameSeat.objects.select_related("player"))
    if read:
        rows = Game.objects.select_related(*SHEET_RELATED)
        game = (rows if printed else rows.prefetch_related(seats)).get(pk=game.pk)
    elif not printed:
        prefetch_related_objects([game], seats)
    if printed:
        seat_rows, hands, irregular = reads if reads is not None else _printed_hands(game)
    else:
        seat_rows = list(game.seats.all())
        # The confirmer's player of this club comes in the same query as the hands.
        confirmer_player = Player.objects.filter(
            club_id=game.club_id, user_id=OuterRef("confirmed_by_id")
        ).order_by("pk")
        hands = list(
            game.hands.order_by("number")
            .select_related("confirmed_by", "entered_by")
            .annotate(
                corrected=Exists(HandCorrection.objects.filter(hand=OuterRef("pk"))),
                confirmer_player=Subquery(confirmer_player.values("name")[:1]),
            )
            .prefetch_related("irregularities")
        )
        irregular = {h.pk: list(h.irregularities.all()) for h in hands}
    players = {s.player_id: s.player for s in seat_rows}
    first_seats = {s.seat: s.player_id for s in seat_rows}
    state = replay_records(game, [h.record for h in hands], seats=first_seats)
    seat_order = state.ruleset.seats  # compass, or seat1 … seat3 for the games for two and three
    order = [s.player for s in sorted(seat_rows, key=lambda s: seat_order.index(s.seat))]
    refusal = None if printed else recording_refusal(game)
    parties = names_for(state.ruleset).party_names  # "via table link (the other players)"
    rows = [
        SheetRow.of(
            h,
            declarer_player=players.get(h.declarer_id),
            irregularities=irregular.get(h.pk, []),
            confirmed_by_name=None
            if printed
            else confirmer_name(h.confirmed_by, h.confirmer_player),
            entered_how=None if printed else provenance.entered_how(h, parties),
            confirmed_how=None
            if printed
            else provenance.confirmed_how(h, h.confirmer_player, parties),
            # Each player's points from the replay the sheet already runs: the same engine
            # state the hand's HandResult rows were written from, without another query.
            player_scores={pid: played.score.seats[seat] for seat, pid in played.seats.items()},
            player_totals={pid: played.player_totals[pid] for pid in played.seats.values()},
        )
        for h, played in zip(hands, state.hands, strict=True)
    ]
    for row in rows:
        row.scores_players = game.scores_players
        row.player_cells = [
            (p, row.player_scores.get(p.pk, 0), row.player_totals.get(p.pk, 0)) for p in order
        ]
    return GameSheet(
        game=game,
        rows=rows,
        players=players,
        first_seats={s.seat: s.player for s in seat_rows},
        seats={seat: players[pid] for seat, pid in state.seats.items()},
        dealer=state.dealer,
        next_number=len(hands) + 1,
        seat_message=state.seat_message,
        status=state.status,
        winner=state.winner,
        totals=dict(state.totals),
        player_totals=dict(state.player_totals),
        winners=tuple(state.winners),
        scores_players=game.scores_players,
        player_order=order,
        refusal=refusal.message if refusal else None,
        refusal_code=refusal.code if refusal else None,
        seat_order=tuple(state.ruleset.player_seats),
        upcoming=[
            (dealer, {seat: players[pid] for seat, pid in seats.items()}, message)
            for dealer, seats, message in upcoming(
                state.ruleset,
                state.initial_seats,
                state.dealer,
                state.seats,
                state.scored_hands,
                UPCOMING,
            )
        ]
        if not state.finished and not printed
        else [],
    )
