"""Season and night standings. Each selector runs a fixed number of queries,
whatever the size of the club. Standings are added up by the database
(``standings.standings_sql``); Python only merges the aggregated rows and ranks them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from play.models import Night
from rookclub.clubs.models import Club, Player
from standings import standings_sql as sql

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
    #: 1 for the best; tied rows (same games won and points) share it: 1, 2, 2, 4.
    rank: int = 0

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


def _standings(where: sql.Where) -> Standings:
    """Three queries (``standings.standings_sql``): players with their games and nights,
    their points, wins and declared hands, and the partnerships."""
    individual: dict[int, StandingRow] = {}
    games = unfinished = 0
    for player in sql.player_rows(where):
        individual[player.pk] = StandingRow(
            (player,),
            games=player.st_games,
            unfinished=player.st_unfinished or 0,
            nights=sql.id_set(player.st_nights),
        )
        games, unfinished = player.st_all_games or 0, player.st_all_unfinished or 0
    for kind, pk, a, b in sql.result_rows(where):
        row = individual.get(pk)
        if row is None:
            continue
        if kind == 1:
            row.points, row.won = int(a or 0), b
        else:
            row.hands_declared, row.made, row.sets = a, b, a - b
    pairs: dict[frozenset, StandingRow] = {}
    for kind, a, b, x1, x2, x3, x4, x5 in sql.pair_rows(where):
        if a not in individual or b not in individual:
            continue
        row = pairs.get(frozenset((a, b)))
        if row is None:
            seated = (individual[a].players[0], individual[b].players[0])
            row = pairs[frozenset((a, b))] = StandingRow(tuple(sorted(seated, key=str)))
        if kind == 1:
            row.games += x1
            row.won += x2
            row.unfinished += int(x3 or 0)
            row.points += int(x4 or 0)
            row.nights |= sql.id_set(x5)
        else:
            row.hands_declared += x1
            row.made += x2
            row.sets += x1 - x2

    def ranked(rows: Any) -> list[StandingRow]:
        out = sorted(rows, key=lambda r: (-r.won, -r.points, r.name))
        for i, row in enumerate(out):
            tied = i and (row.won, row.points) == (out[i - 1].won, out[i - 1].points)
            row.rank = out[i - 1].rank if tied else i + 1
        return out

    return Standings(ranked(individual.values()), ranked(pairs.values()), games, unfinished)


def night_standings(*, night: Night | int) -> Standings:
    """The night (``night``, or its id): players and partnerships by games won, then
    points (three queries). Partnerships in a progressive night are the pairs that sat
    together. A game not finished when the night closed counts as played and
    unfinished: its points count, nobody won it. A game a director voided counts for
    nothing."""
    return _standings(sql.night_where(night))


def season_standings(*, club: Club, year: int | None = None) -> Standings:
    """The club's leaderboard across its nights of ``year`` (all years when None);
    void games left out (three queries, added up by the database)."""
    return _standings(sql.season_where(club, year))
