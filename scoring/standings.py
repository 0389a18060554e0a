"""Reads for the club domain. Each selector runs a fixed number of queries,
whatever the size of the club: it fetches rows in bulk and sums in Python."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet

from rookclub.clubs.models import (
    Club,
    ClubSession,
    Player,
)
from scoring.models import Game, GameSeat, Hand
from scoring.seats import SIDE_OF

# ---- a night at a glance ---------------------------------------------------------------


# ---- standings -----------------------------------------------------------------------------


@dataclass
class StandingRow:
    """One player (or partnership) in a table of standings."""

    players: tuple[Player, ...]
    games: int = 0  # every game played, unfinished ones included
    won: int = 0
    #: Games not played to the end: still being played, or left when the night closed.
    #: Their points count; nobody won them.
    unfinished: int = 0
    points: int = 0
    hands_declared: int = 0
    made: int = 0
    sets: int = 0
    nights: set[int] = field(default_factory=set)

    @property
    def name(self) -> str:
        return " & ".join(p.name for p in self.players)

    @property
    def night_count(self) -> int:
        return len(self.nights)

    @property
    def made_percent(self) -> int | None:
        return round(100 * self.made / self.hands_declared) if self.hands_declared else None

    # Templates read ``row.set``; defined last so it cannot shadow the builtin above.
    @property
    def set(self) -> int:
        return self.sets


@dataclass
class Standings:
    players: list[StandingRow]
    partnerships: list[StandingRow]
    games: int
    unfinished: int = 0


def _games(queryset: QuerySet[Game]) -> list[Game]:
    return list(
        queryset.prefetch_related(Prefetch("seats", GameSeat.objects.select_related("player")))
    )


def _standings(games: list[Game], hands: list[dict[str, Any]]) -> Standings:
    individual: dict[int, StandingRow] = {}
    pairs: dict[frozenset, StandingRow] = {}
    side_key: dict[tuple[int, str], frozenset] = {}
    seat_player: dict[tuple[int, int], Player] = {}
    for game in games:
        seats = {s.seat: s.player for s in game.seats.all()}
        for player in seats.values():
            seat_player[(game.pk, player.pk)] = player
            row = individual.setdefault(player.pk, StandingRow((player,)))
            row.games += 1
            row.points += int(game.player_totals.get(str(player.pk), 0))
            # By player id: in a game scored by player (Beginner, individual scoring) the
            # winner is one player, and partners may have changed seats since the start.
            row.won += int(player.pk in (game.winners or ()))
            row.unfinished += int(not game.is_finished)
            if game.session_id:
                row.nights.add(game.session_id)
        if game.scores_players:
            continue  # no fixed partnerships: partners change, or everyone plays alone
        for side, (a, b) in (("north_south", ("north", "south")), ("east_west", ("east", "west"))):
            key = frozenset((seats[a].pk, seats[b].pk))
            side_key[(game.pk, side)] = key
            row = pairs.setdefault(key, StandingRow(tuple(sorted((seats[a], seats[b]), key=str))))
            row.games += 1
            row.points += int(game.totals.get(side, 0))
            row.won += int(game.winner == side)
            row.unfinished += int(not game.is_finished)
    for hand in hands:
        if hand["declarer_id"] is None or hand["made"] is None:
            continue
        made = bool(hand["made"])
        player_row = individual.get(hand["declarer_id"])
        pair_row = pairs.get(side_key.get((hand["game_id"], SIDE_OF.get(hand["bidder"], ""))))
        for row in (player_row, pair_row):
            if row is not None:
                row.hands_declared += 1
                row.made += made
                row.sets += not made

    def ranked(rows: Any) -> list[StandingRow]:
        return sorted(rows, key=lambda r: (-r.won, -r.points, r.name))

    unfinished = sum(1 for game in games if not game.is_finished)
    return Standings(ranked(individual.values()), ranked(pairs.values()), len(games), unfinished)


def _hands_of(games: QuerySet[Game]) -> list[dict[str, Any]]:
    return list(
        Hand.objects.filter(game__in=games).values("game_id", "bidder", "declarer_id", "made")
    )


def session_standings(*, session: ClubSession) -> Standings:
    """The night: players and partnerships by games won, then points (three queries).
    Partnerships in a progressive night are the pairs that sat together. A game not
    finished when the night closed counts as played and unfinished: its points count,
    nobody won it. A game a director voided counts for nothing."""
    games = Game.objects.filter(session=session, voided_at__isnull=True)
    return _standings(_games(games), _hands_of(games))


def season_standings(*, club: Club, year: int | None = None) -> Standings:
    """The club's leaderboard across its nights of ``year`` (all years when None);
    void games left out."""
    games = Game.objects.filter(club=club, session__isnull=False, voided_at__isnull=True)
    if year is not None:
        games = games.filter(session__date__year=year)
    return _standings(_games(games), _hands_of(games))
