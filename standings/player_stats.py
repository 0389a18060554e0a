"""A player's season in figures: games, wins, bids, counters, penalties, and their
record with each partner and against each opponent.

Every figure is an aggregate the database computes, in the same handful of queries for
three games or three thousand (tests/standings/test_player_stats.py counts them). Void
games count for nothing; unfinished games count as played, neither won nor lost.
"""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass, field

from django.db.models import Avg, Case, Count, F, Q, Sum, Value, When
from django.db.models.functions import Coalesce, ExtractYear, TruncDate

from play.models import GameSeat, HandResult, Irregularity
from rookclub.clubs.models import Player
from rookclub.core.csv_out import write_csv
from standings.player_sql import (
    WinnersInclude,
    counted_q,
    counters_at,
    opposed_q,
    others_q,
    partner_pairs_q,
    partnership_q,
    side_key,
)


@dataclass
class Record:
    """Games played and won with (or against) one other player."""

    player: Player
    games: int
    won: int
    unfinished: int = 0

    @property
    def lost(self) -> int:
        return self.games - self.won - self.unfinished

    @property
    def win_percent(self) -> int | None:
        finished = self.games - self.unfinished
        return round(100 * self.won / finished) if finished else None


@dataclass
class PlayerStats:
    player: Player
    year: int | None
    games: int = 0
    won: int = 0
    unfinished: int = 0
    points: int = 0
    hands_declared: int = 0
    bids_made: int = 0
    average_bid: float | None = None
    average_counters_bidding: float | None = None
    hands_defended: int = 0
    average_counters_defending: float | None = None
    penalties: int = 0
    penalty_points: int = 0
    partners: list[Record] = field(default_factory=list)
    opponents: list[Record] = field(default_factory=list)
    seasons: list[int] = field(default_factory=list)  # years with games, newest first

    @property
    def lost(self) -> int:
        return self.games - self.won - self.unfinished

    @property
    def sets(self) -> int:
        return self.hands_declared - self.bids_made

    @property
    def bids_made_percent(self) -> int | None:
        if not self.hands_declared:
            return None
        return round(100 * self.bids_made / self.hands_declared)

    @property
    def win_percent(self) -> int | None:
        finished = self.games - self.unfinished
        return round(100 * self.won / finished) if finished else None


def _one(value: float | None) -> float | None:
    return None if value is None else round(float(value), 1)


def _seats(player: Player, year: int | None):  # type: ignore[no-untyped-def]
    """The player's seats in the games that count."""
    return GameSeat.objects.filter(counted_q(year, "game__"), player=player)


def _won(player: Player) -> Q:
    """The seat's game is over and ``player`` won it (inside the condition, not as an
    annotation: an aggregate would name the annotation without selecting it)."""
    return Q(WinnersInclude("game__winners", player.pk), game__status="finished")


def _records(rows: list[dict], kind: str) -> list[Record]:
    out = [
        # Only the id and name are read: a Player built from the row, not fetched again.
        Record(Player(pk=r["other"], name=r["name"]), r["games"], r["won"], r["unfinished"])
        for r in rows
        if r["kind"] == kind
    ]
    return sorted(out, key=lambda r: (-r.games, -r.won, r.player.name, r.player.pk))


def others_rows(player: Player, year: int | None) -> list[dict]:
    """Per other player at the player's games (a self-join of the game's seats: ``seat``
    is mine, ``game__seats__seat`` theirs), as ``partner`` (fixed partnerships only) or
    ``opponent`` (the other side; everyone else where each plays for themselves):
    games together and games the player won. One query."""
    fixed = partnership_q("game__")
    partner = fixed & partner_pairs_q("seat", "game__seats__seat")
    opponent = (fixed & opposed_q("seat", "game__seats__seat")) | (
        ~fixed & others_q("seat", "game__seats__seat")
    )
    kind = Case(When(partner, then=Value("partner")), default=Value("opponent"))
    return list(
        _seats(player, year)
        .filter(partner | opponent)
        .values(other=F("game__seats__player"), name=F("game__seats__player__name"), kind=kind)
        .annotate(
            games=Count("game", distinct=True),
            won=Count("game", filter=_won(player), distinct=True),
            unfinished=Count("game", filter=Q(game__status="in_progress"), distinct=True),
        )
        .order_by()
    )


def player_stats(*, player: Player, year: int | None) -> PlayerStats:
    """The player's figures for season ``year`` (every season when None): four queries."""
    stats = PlayerStats(player=player, year=year)
    games = _seats(player, year).aggregate(
        games=Count("pk"),
        won=Count("pk", filter=_won(player)),
        unfinished=Count("pk", filter=Q(game__status="in_progress")),
    )
    stats.games, stats.won, stats.unfinished = games["games"], games["won"], games["unfinished"]

    # Every hand the player sat in (HandResult: their seat in that very hand, as seats
    # rotate). Bids taken: hands they declared that were played out (a redeal or a void
    # hand has no result: made is None). Defending: on a side other than the bidder's.
    counters = "hand__record__counters"
    results = (
        HandResult.objects.filter(counted_q(year, "game__"), player=player)
        .annotate(mine=side_key("seat", "hand__bidder", counters))
        .annotate(theirs=side_key("hand__bidder", "hand__bidder", counters))
        .annotate(taken=counters_at("mine", "hand__record"))
    )
    played = Q(hand__made__isnull=False)
    declared = played & Q(hand__declarer=player)
    defending = played & ~Q(mine=F("theirs")) & ~Q(mine="")
    sums = results.aggregate(
        points=Coalesce(Sum("points"), 0),
        declared=Count("pk", filter=declared),
        made=Count("pk", filter=declared & Q(hand__made=True)),
        bid=Avg("hand__bid", filter=declared),
        bidding=Avg("taken", filter=declared),
        defended=Count("pk", filter=defending),
        defending=Avg("taken", filter=defending),
    )
    stats.points = sums["points"]
    stats.hands_declared, stats.bids_made = sums["declared"], sums["made"]
    stats.average_bid = _one(sums["bid"])
    stats.average_counters_bidding = _one(sums["bidding"])
    stats.hands_defended = sums["defended"]
    stats.average_counters_defending = _one(sums["defending"])

    # Penalties charged to the seat this player held in that hand (a redeal is nobody's).
    penalties = Irregularity.objects.filter(
        counted_q(year, "hand__game__"),
        hand__results__player=player,
        hand__results__seat=F("seat"),
    ).aggregate(count=Count("pk"), points=Coalesce(Sum("points"), 0))
    stats.penalties, stats.penalty_points = penalties["count"], penalties["points"]

    others = others_rows(player, year)
    stats.partners = _records(others, "partner")
    stats.opponents = _records(others, "opponent")
    return stats


def player_days(*, player: Player) -> list[tuple[datetime.date, int]]:
    """(day, points scored that day) for every day the player played a game that
    counts, in date order: a night's date, else the day a tournament's or a lone game
    started (a game without a hand yet scores 0). One query: the page's seasons and its
    chart both read it."""
    day = Coalesce("game__night__date", TruncDate("game__created_at"))
    mine = Q(game__hand_results__player=player)
    rows = (
        GameSeat.objects.filter(player=player, game__voided_at__isnull=True)
        .annotate(day=day)
        .values("day")
        .annotate(points=Coalesce(Sum("game__hand_results__points", filter=mine), 0))
        .order_by("day")
    )
    return [(r["day"], r["points"]) for r in rows]


def seasons_in(days: list[tuple[datetime.date, int]]) -> list[int]:
    """The years of ``days``, newest first."""
    return sorted({day.year for day, _ in days}, reverse=True)


def seasons_of(*, player: Player) -> list[int]:
    """The years the player played a game that counts, newest first. One query."""
    day = Coalesce("game__night__date", TruncDate("game__created_at"))
    rows = (
        GameSeat.objects.filter(player=player, game__voided_at__isnull=True)
        .annotate(year=ExtractYear(day))
        .values_list("year", flat=True)
        .distinct()
    )
    return sorted({int(y) for y in rows if y is not None}, reverse=True)


# ---- CSV ----------------------------------------------------------------------------


def stats_csv(stats: PlayerStats) -> str:
    """The figures, then the partner and opponent tables, as CSV written the way every
    Rookclub CSV is (rookclub/core/csv_out.py: byte-order mark, formulas escaped)."""
    rows: list[list[object]] = []
    season = stats.year if stats.year is not None else "all"
    rows.append(["player", "season", "stat", "value"])
    figures = [
        ("games", stats.games),
        ("won", stats.won),
        ("lost", stats.lost),
        ("unfinished", stats.unfinished),
        ("points", stats.points),
        ("bids_taken", stats.hands_declared),
        ("bids_made", stats.bids_made),
        ("bids_made_percent", stats.bids_made_percent),
        ("sets", stats.sets),
        ("average_bid", stats.average_bid),
        ("average_counters_as_bidder", stats.average_counters_bidding),
        ("hands_defended", stats.hands_defended),
        ("average_counters_as_defender", stats.average_counters_defending),
        ("penalties", stats.penalties),
        ("penalty_points", stats.penalty_points),
    ]
    for name, value in figures:
        rows.append([stats.player.name, season, name, value])
    rows.append([])
    rows.append(["table", "other_player", "games", "won", "lost", "unfinished"])
    for table, others in (("partner", stats.partners), ("opponent", stats.opponents)):
        for r in others:
            rows.append([table, r.player.name, r.games, r.won, r.lost, r.unfinished])
    out = io.StringIO()
    write_csv(out, rows)
    return out.getvalue()
