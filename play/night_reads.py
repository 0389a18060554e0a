"""Reads for a club night: its check-ins, rounds and tables with their games (the
director's overview, the night page's tables), one table of a round, and the night's
history; each in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, Subquery

from play.models import Game, Night, NightEvent, NightRound, SitOut, TableLink, TableSeating
from rookclub.clubs.models import Player


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
