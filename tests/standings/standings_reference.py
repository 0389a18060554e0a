"""The standings as Rookclub computed them before the database added them up: every
game, its seats and hands loaded and summed in Python. Kept only here, as the
reference the SQL standings must equal (tests/standings/test_standings_sql.py)."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch

from play.models import Game, GameSeat, Hand
from play.seats import SIDE_OF
from rookclub.clubs.models import Player
from standings.standings import StandingRow, Standings


def _games(queryset):
    return list(
        queryset.prefetch_related(Prefetch("seats", GameSeat.objects.select_related("player")))
    )


def _hands_of(games):
    return list(
        Hand.objects.filter(game__in=games).values("game_id", "bidder", "declarer_id", "made")
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
            row.won += int(player.pk in (game.winners or ()))
            row.unfinished += int(not game.is_finished)
            if game.night_id:
                row.nights.add(game.night_id)
        if game.scores_players:
            continue
        for side, (a, b) in (("north_south", ("north", "south")), ("east_west", ("east", "west"))):
            key = frozenset((seats[a].pk, seats[b].pk))
            side_key[(game.pk, side)] = key
            row = pairs.setdefault(key, StandingRow(tuple(sorted((seats[a], seats[b]), key=str))))
            row.games += 1
            row.points += int(game.totals.get(side, 0))
            row.won += int(game.winner == side)
            row.unfinished += int(not game.is_finished)
            if game.night_id:
                row.nights.add(game.night_id)
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


def night_standings(*, night) -> Standings:
    games = Game.objects.filter(night=night, voided_at__isnull=True)
    return _standings(_games(games), _hands_of(games))


def season_standings(*, club, year=None) -> Standings:
    games = Game.objects.filter(club=club, night__isnull=False, voided_at__isnull=True)
    if year is not None:
        games = games.filter(night__date__year=year)
    return _standings(_games(games), _hands_of(games))
