"""Reads for games: the engine state and the score sheet, in a fixed number of queries."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from django.db.models import (
    Count,
    Exists,
    F,
    Func,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    prefetch_related_objects,
)

from play import provenance
from play.confirmations import confirmer_name
from play.hand_scores import replay_records
from play.hands import HandRecording, recording_refusal
from play.models import (
    Game,
    GameSeat,
    Hand,
    HandCorrection,
    Irregularity,
    Night,
    NightEvent,
    NightRound,
    SitOut,
    TableLink,
    TableSeating,
)
from play.rulesets import rules_of
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
    def of(cls, hand: Hand, **more: Any) -> SheetRow:
        """The row of a stored ``hand``: its own columns, and ``more`` (who declared,
        its irregularities, who entered and confirmed it...)."""
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
            corrected=hand.corrected,
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


def row_confirmed(game: Game, row: SheetRow) -> None:
    """``row`` (of ``game``'s sheet) says what its hand now says of its confirmation (the
    hand confirmed in memory, through a table link: the row is not read again). A hand a
    person confirmed gets their player's name from the row's own query only."""
    hand = row.hand
    parties = names_for(rules_of(game)).party_names
    row.confirmed = hand.confirmed_at is not None
    row.confirmed_by_name = confirmer_name(hand.confirmed_by if hand.confirmed_by_id else None)
    row.confirmed_how = provenance.confirmed_how(hand, None, parties)


#: The keys of a hand's record that make its irregularities (penalties, a renege, a
#: misdeal, a redeal: ``play.hand_scores.hand_irregularities``).
IRREGULAR_KEYS = ("penalties", "renege", "misdeal", "redeal")


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


def recorded_row(recording: HandRecording) -> SheetRow:
    """The score sheet's row of a hand ``hand_recording`` has just stored (not a
    retry's), from the engine state it was scored with, without a query: unconfirmed
    and uncorrected, its irregularities the ones just stored."""
    hand, state, irregularities = recording.hand, recording.state, recording.irregularities
    played = state.hands[-1]
    return SheetRow(
        hand=hand,
        number=hand.number,
        dealer=hand.dealer,
        declarer=hand.bidder,
        declarer_player=None,
        bid=hand.bid,
        trump=hand.trump,
        counters=dict((hand.record or {}).get("counters") or {}),
        score={"north_south": hand.score_ns, "east_west": hand.score_ew},
        totals={"north_south": hand.total_ns, "east_west": hand.total_ew},
        made=hand.made,
        void=hand.void,
        reasons=list(hand.score.get("reasons", [])),
        confirmed=False,
        corrected=False,
        irregularities=list(irregularities),
        entered_how=provenance.entered_how(hand, names_for(state.ruleset).party_names),
        player_scores={pid: played.score.seats[seat] for seat, pid in played.seats.items()},
        player_totals={pid: played.player_totals[pid] for pid in played.seats.values()},
    )


@functools.cache
def _hand_rows() -> QuerySet:
    """The hands as :func:`hand_row` reads one, built once per process and filtered for
    each Confirm: with its game, its declarer and who entered it, whether it was
    corrected and how many hands of its game wait for a confirmation."""
    # COUNT over the game's unconfirmed hands, one value without a GROUP BY.
    waiting = (
        Hand.objects.filter(game_id=OuterRef("game_id"), confirmed_at__isnull=True)
        .order_by()
        .annotate(n=Func(F("pk"), function="COUNT"))
        .values("n")
    )
    # No ORDER BY: a game's hand number is unique, and the model's ordering (by the
    # game's own ordering, then the number) would join and sort for nothing.
    hands = Hand.objects.select_related("game", "declarer", "entered_by").order_by()
    return hands.annotate(
        corrected=Exists(HandCorrection.objects.filter(hand=OuterRef("pk"))),
        waiting=Subquery(waiting, output_field=IntegerField()),
    )


def hand_row(*, game_id: int, number: int) -> tuple[SheetRow, int] | None:
    """Hand ``number`` of game ``game_id`` as its row of the score sheet, read alone (a
    Confirm's answer: a confirmation changes no total, so the sheet is not replayed),
    and how many hands of the game wait for a confirmation, this one included while it
    waits: ``(row, waiting)``; None if the game has no such hand.

    One query, one more for irregularities when its record has any, two more where each
    player scores apart. Who confirmed it through a link is :func:`row_confirmed`'s."""
    hand = next(iter(_hand_rows().filter(game_id=game_id, number=number)[:1]), None)
    if hand is None:
        return None
    game = hand.game
    rules = rules_of(game)
    parties = names_for(rules).party_names
    record = hand.record or {}
    # A hand's irregularities are its record's: none to read for a hand without them.
    irregular = any(record.get(key) for key in IRREGULAR_KEYS)
    irregularities = list(hand.irregularities.all()) if irregular else []
    row = SheetRow.of(
        hand,
        declarer_player=hand.declarer,
        irregularities=irregularities,
        entered_how=provenance.entered_how(hand, parties),
        scores_players=game.scores_players,
    )
    if row.scores_players:
        # Each player's points and total as stored (HandResult), by starting seat.
        seats = sorted(
            GameSeat.objects.filter(game_id=game.pk).select_related("player"),
            key=lambda s: rules.seats.index(s.seat),
        )
        results = {
            pid: (points, total)
            for pid, points, total in hand.results.values_list("player_id", "points", "total")
        }
        row.player_scores = {pid: points for pid, (points, _) in results.items()}
        row.player_totals = {pid: total for pid, (_, total) in results.items()}
        row.player_cells = [(s.player, *results.get(s.player_id, (0, 0))) for s in seats]
    return row, hand.waiting


@dataclass
class TableView:
    seating: TableSeating
    seats: dict[str, Player]
    games: list[Game]

    @property
    def game(self) -> Game | None:
        """The table's current game: the latest one started."""
        return self.games[-1] if self.games else None


@dataclass
class RoundView:
    round: NightRound
    tables: list[TableView]
    sit_outs: list[Player]


@dataclass
class NightOverview:
    night: Night
    players: list[Player]  # checked in and still here
    rounds: list[RoundView]
    gone: list[Player] = field(default_factory=list)  # checked in, then went home

    @property
    def current_round(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def current_tables(self) -> list[TableView]:
        """Each table's latest seating: a reseated table's replaces its earlier one."""
        tables: dict[int, TableView] = {}
        for r in self.rounds:
            for t in r.tables:
                tables[t.seating.table] = t
        return [tables[n] for n in sorted(tables)]

    @property
    def waiting(self) -> list[Player]:
        """Here but at no table now: sitting out, or arrived after the seating."""
        seated = {p.pk for t in self.current_tables for p in t.seats.values()}
        return [p for p in self.players if p.pk not in seated]

    @property
    def played(self) -> set[int]:
        """Players who have sat at a table tonight (their check-in cannot be undone)."""
        return {p.pk for r in self.rounds for t in r.tables for p in t.seats.values()}

    @property
    def seated(self) -> bool:
        return bool(self.rounds)


def night_overview(*, night: Night) -> NightOverview:
    """Check-ins, rounds, tables by seat with their games, and sit-outs (five queries)."""
    night = Night.objects.select_related("club").get(pk=night.pk)
    # The players themselves, each with when they left: one object a player, not two.
    checked_in = list(
        Player.objects.filter(check_ins__night=night)
        .annotate(left_at=F("check_ins__left_at"))
        .order_by("name")
    )
    # Into plain lists (to_attr): ``t.games.all()`` would build a queryset per table.
    rounds = list(
        night.rounds.order_by("number").prefetch_related(
            Prefetch(
                "tables",
                TableSeating.objects.prefetch_related(
                    Prefetch("games", Game.objects.order_by("created_at", "id"), to_attr="by_start")
                ),
                to_attr="table_list",
            ),
            Prefetch("sit_outs", SitOut.objects.select_related("player"), to_attr="sit_out_list"),
        )
    )
    _seat_players([t for r in rounds for t in r.table_list], {p.pk: p for p in checked_in})
    return NightOverview(
        night=night,
        players=[p for p in checked_in if p.left_at is None],
        gone=[p for p in checked_in if p.left_at is not None],
        rounds=[
            RoundView(
                round=r,
                tables=[TableView(t, t.seats(), t.by_start) for t in r.table_list],
                sit_outs=[s.player for s in r.sit_out_list],
            )
            for r in rounds
        ],
    )


def night_tables(*, night_id: int) -> NightOverview:
    """What the night page's tables show, and only that: the night with its club, the
    players here, each table's current seating (with its live link's key, as
    ``link_key``) and its games (each with ``hands_recorded`` and ``hands_unconfirmed``),
    in four queries whatever the night's size; five when the night's last round seats
    no table. Its one round is the night's last; no one is ``gone`` and no round lists
    its sit-outs. Raises ``Night.DoesNotExist``."""
    last_round = NightRound.objects.filter(night=OuterRef("pk")).order_by("-number")
    night = (
        Night.objects.select_related("club")
        .annotate(last_round=Subquery(last_round.values("number")[:1]))
        .get(pk=night_id)
    )
    # Those gone home too: one may still be seated at a table whose game is over.
    checked_in = list(
        Player.objects.filter(check_ins__night=night)
        .annotate(left_at=F("check_ins__left_at"))
        .order_by("name")
    )
    # Each table number's latest seating: no later round seats that table again.
    later = TableSeating.objects.filter(
        round__night=night, table=OuterRef("table"), round__number__gt=OuterRef("round__number")
    )
    live_link = TableLink.objects.filter(
        night=night,
        kind=TableLink.Kind.NIGHT,
        number=OuterRef("table"),
        replaced_at__isnull=True,
    )
    tables = list(
        TableSeating.objects.filter(round__night=night)
        .exclude(Exists(later))
        .select_related("round")
        .annotate(link_key=Subquery(live_link.values("key")[:1]))
        .order_by("table")
    )
    # The tables' games, each with its hands counted; a table's current game is its
    # latest by start (as night_overview orders them).
    games: dict[int, list[Game]] = {}
    if tables:
        for game in (
            Game.objects.filter(table_seating__in=[t.pk for t in tables])
            .annotate(
                hands_recorded=Count("hands"),
                hands_unconfirmed=Count("hands", filter=Q(hands__confirmed_at__isnull=True)),
            )
            .order_by("created_at", "id")
        ):
            games.setdefault(game.table_seating_id, []).append(game)
    _seat_players(tables, {p.pk: p for p in checked_in})
    round_ = None
    if tables:
        round_ = max((t.round for t in tables), key=lambda r: r.number)
        if round_.number != night.last_round:  # a last round that seats no table
            round_ = night.rounds.get(number=night.last_round)
    elif night.last_round is not None:
        round_ = night.rounds.get(number=night.last_round)
    views = [TableView(t, t.seats(), games.get(t.pk, [])) for t in tables]
    return NightOverview(
        night=night,
        players=[p for p in checked_in if p.left_at is None],
        rounds=[RoundView(round=round_, tables=views, sit_outs=[])] if round_ else [],
    )


_SEATS = ("north", "east", "south", "west", "fifth", "sixth")  # a table of five or six too
_TABLE_MAX = 2**31 - 1  # a table number is a PositiveIntegerField


def _other_rounds(night_id: int, round_id: int) -> Exists:
    return Exists(NightRound.objects.filter(night_id=night_id).exclude(pk=round_id))


def round_table(*, night_round: NightRound, table: int) -> tuple[TableView, bool] | None:
    """One table of ``night_round``, its players by seat and its current game (the
    ``games`` of the view: that one alone), and whether the night has another round; or
    None when the round has no such table.

    What one table's sheet or card prints, in two queries (three for a table with no
    game), without reading the whole night as ``night_overview`` does."""
    if not 0 <= int(table) <= _TABLE_MAX:  # no such table; the database would refuse it
        return None
    # Its latest game with the seating, else the seating alone; then its players by id,
    # not joined: six joins of the players' table cost PostgreSQL more to plan than to run.
    others = _other_rounds(night_round.night_id, night_round.pk)
    game = (
        Game.objects.filter(table_seating__round=night_round, table_seating__table=int(table))
        .select_related("table_seating")
        .annotate(other_rounds=others)
        .order_by("-created_at", "-id")
        .first()
    )
    if game is not None:
        seating, games = game.table_seating, [game]
        other_rounds = game.other_rounds
    else:
        seatings = TableSeating.objects.filter(round=night_round, table=int(table))
        seating = seatings.annotate(other_rounds=others).first()
        if seating is None:
            return None
        games, other_rounds = [], seating.other_rounds
    ids = [getattr(seating, f"{seat}_id") for seat in _SEATS]
    players = Player.objects.in_bulk([pid for pid in ids if pid is not None])
    for seat, pid in zip(_SEATS, ids, strict=True):
        if pid is not None:
            setattr(seating, seat, players[pid])
    return TableView(seating, seating.seats(), games), bool(other_rounds)


def _seat_players(tables: list[TableSeating], known: dict[int, Player]) -> None:
    """Give each table its players from the night's check-ins, already read, rather
    than reading them again per table. A seated player no longer checked in (not
    expected) is read in one more query."""
    seats = _SEATS
    missing = {getattr(t, f"{s}_id") for t in tables for s in seats} - known.keys() - {None}
    if missing:
        known = {**known, **Player.objects.in_bulk(missing)}
    for t in tables:
        for seat in seats:
            pid = getattr(t, f"{seat}_id")
            if pid is not None:
                setattr(t, seat, known[pid])


def night_history(*, night: Night) -> list[NightEvent]:
    """When the night was closed and reopened, by whom and why, oldest first (one query)."""
    return list(night.events.select_related("by").order_by("at", "id"))
