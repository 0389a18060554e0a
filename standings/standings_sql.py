"""Standings added up by the database: three statements whatever the size of the club,
written out in SQL (the one module of this app that holds raw SQL; why is in
docs/performance.md).

Only aggregated rows come back (one per player, one or two per partnership); Python
merges them into :class:`standings.standings.StandingRow`. Table and column names come
from the models' ``_meta``; the SQL runs on PostgreSQL and SQLite alike, save the two
functions each spells its own way (:func:`_id_list`, :func:`_side_points`).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from django.db import connection

from play.models import Game, GameSeat, Hand, HandResult, Night
from rookclub.clubs.models import Player

FINISHED = Game.Status.FINISHED
#: side -> (its first seat, its second seat): the partnership games' sides.
SIDES = {"north_south": ("north", "south"), "east_west": ("east", "west")}

#: Which games a table of standings counts (a season, a night): SQL on the games'
#: alias ``g``, and its parameters.
Where = tuple[str, list[Any]]

GAMES = Game._meta.db_table
SEATS = GameSeat._meta.db_table
HANDS = Hand._meta.db_table
RESULTS = HandResult._meta.db_table
PLAYERS = Player._meta.db_table
NIGHTS = Night._meta.db_table


def _counted(where: Where) -> str:
    """The games that count: ``where``, void games left out."""
    return f"({where[0]}) AND g.voided_at IS NULL"


def _id_list(column: str) -> str:
    """The distinct values of ``column``, comma-separated (a player's nights)."""
    if connection.vendor == "postgresql":
        return f"STRING_AGG(DISTINCT ({column})::text, ',')"
    return f"GROUP_CONCAT(DISTINCT {column})"


def _side_points(side: str) -> str:
    """The points of ``side`` in a game's ``totals`` (JSON), 0 when it has none."""
    if connection.vendor == "postgresql":
        taken = f"(g.totals ->> '{side}')::integer"
    else:
        taken = f"CAST(json_extract(g.totals, '$.{side}') AS integer)"
    return f"COALESCE({taken}, 0)"


def _unfinished(status: str) -> str:
    return f"CASE WHEN {status} = %s THEN 0 ELSE 1 END"


def _rows(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def player_rows(where: Where) -> list[Player]:
    """Query 1: each seated player, annotated ``st_games``, ``st_unfinished``,
    ``st_nights`` (ids, comma-separated), and the counted games' ``st_all_games`` and
    ``st_all_unfinished`` (the same on every row: scalar subqueries run once)."""
    columns = ", ".join(f"p.{f.column}" for f in Player._meta.concrete_fields)
    counted, params = _counted(where), where[1]
    sql = (
        f"SELECT {columns}, COUNT(s.id) AS st_games,"
        f" SUM({_unfinished('g.status')}) AS st_unfinished,"
        f" {_id_list('g.session_id')} AS st_nights,"
        f" (SELECT COUNT(*) FROM {GAMES} g WHERE {counted}) AS st_all_games,"
        f" (SELECT SUM({_unfinished('g.status')}) FROM {GAMES} g WHERE {counted})"
        " AS st_all_unfinished"
        f" FROM {PLAYERS} p"
        f" JOIN {SEATS} s ON s.player_id = p.id"
        f" JOIN {GAMES} g ON g.id = s.game_id"
        f" WHERE {counted} GROUP BY {columns}"
    )
    # The placeholders in the order they appear: the select list's, then the WHERE's.
    return list(Player.objects.raw(sql, [FINISHED, *params, FINISHED, *params, *params]))


def result_rows(where: Where) -> Iterable[tuple[int, int, int, int]]:
    """Query 2: ``(kind, player, a, b)``; kind 1: points and games won, from each
    player's hand results; kind 2: hands declared and made, by declarer."""
    counted, params = _counted(where), where[1]
    sql = (
        "SELECT 1, r.player_id, SUM(r.points), COUNT(CASE WHEN r.won THEN 1 END)"
        f" FROM {RESULTS} r JOIN {GAMES} g ON g.id = r.game_id"
        f" WHERE {counted} GROUP BY r.player_id"
        " UNION ALL "
        "SELECT 2, h.declarer_id, COUNT(h.id), COUNT(CASE WHEN h.made THEN 1 END)"
        f" FROM {HANDS} h JOIN {GAMES} g ON g.id = h.game_id"
        f" WHERE {counted} AND h.declarer_id IS NOT NULL AND h.made IS NOT NULL"
        " GROUP BY h.declarer_id"
    )
    return _rows(sql, [*params, *params])


def _side_games(counted: str, side: str) -> str:
    return (
        f"SELECT 1, a.player_id, b.player_id, COUNT(g.id),"
        f" COUNT(CASE WHEN g.winner = '{side}' THEN 1 END),"
        f" SUM({_unfinished('g.status')}), SUM({_side_points(side)}),"
        f" {_id_list('g.session_id')}"
        f" FROM {GAMES} g"
        f" JOIN {SEATS} a ON a.game_id = g.id AND a.seat = '{SIDES[side][0]}'"
        f" JOIN {SEATS} b ON b.game_id = g.id AND b.seat = '{SIDES[side][1]}'"
        f" WHERE {counted} AND NOT g.scored_by_player"
        " GROUP BY a.player_id, b.player_id"
    )


def _side_hands(counted: str, side: str) -> str:
    first, second = SIDES[side]
    return (
        "SELECT 2, a.player_id, b.player_id, COUNT(h.id),"
        " COUNT(CASE WHEN h.made THEN 1 END), 0, 0, ''"
        f" FROM {HANDS} h JOIN {GAMES} g ON g.id = h.game_id"
        f" JOIN {SEATS} a ON a.game_id = g.id AND a.seat = '{first}'"
        f" JOIN {SEATS} b ON b.game_id = g.id AND b.seat = '{second}'"
        f" WHERE {counted} AND NOT g.scored_by_player"
        " AND h.declarer_id IS NOT NULL AND h.made IS NOT NULL"
        f" AND h.bidder IN ('{first}', '{second}')"
        " GROUP BY a.player_id, b.player_id"
    )


def pair_rows(where: Where) -> Iterable[tuple[int, ...]]:
    """Query 3: ``(kind, a, b, x1, x2, x3, x4, x5)`` with ``a``, ``b`` a side's starting
    seats; kind 1: games, won, unfinished, points, nights (ids, comma-separated);
    kind 2: hands declared, made. (Sides and seats are the module's own names, written
    into the SQL; what comes from outside is a parameter.)"""
    counted, params = _counted(where), where[1]
    parts = [_side_games(counted, side) for side in SIDES]
    parts += [_side_hands(counted, side) for side in SIDES]
    # Each games part has one placeholder (the finished status) before its WHERE's.
    return _rows(" UNION ALL ".join(parts), [FINISHED, *params] * 2 + [*params] * 2)


def id_set(text: str | None) -> set[int]:
    return {int(n) for n in text.split(",")} if text else set()


def season_where(club: Any, year: int | None) -> Where:
    """A club's season: its games of the nights of ``year`` (every night when None)."""
    sql, params = "g.club_id = %s AND g.session_id IS NOT NULL", [club.pk]
    if year is not None:
        sql += f" AND g.session_id IN (SELECT id FROM {NIGHTS} WHERE date BETWEEN %s AND %s)"
        params += [datetime.date(year, 1, 1), datetime.date(year, 12, 31)]
    return sql, params


def night_where(night: Any) -> Where:
    """A night's games (``night``: the night or its id)."""
    return "g.session_id = %s", [getattr(night, "pk", night)]
