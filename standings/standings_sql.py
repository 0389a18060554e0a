"""Standings added up by the database: three queries whatever the size of the club.

1. the players seated in the counted games, each with their games, unfinished games
   and nights (``game_seats`` joined and grouped), and the counted games' totals;
2. each player's points and games won (``HandResult``, written in each hand's
   transaction) and hands declared, made and set (``Hand``): one UNION ALL;
3. partnerships (fixed-partnership games only): games, won, unfinished, points and
   nights per side (the game row, its starting seats joined), and hands declared by the side
   (``Hand``): one UNION ALL of four grouped selects.

Only aggregated rows come back (one per player, one or two per partnership); Python
merges them into :class:`standings.standings.StandingRow`. No game, seat or hand is
loaded as an object, and no list of ids is sent.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import (
    Aggregate,
    Case,
    CharField,
    Count,
    F,
    FilteredRelation,
    Func,
    IntegerField,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce

from play.models import Game, Hand, HandResult
from rookclub.clubs.models import Player

FINISHED = Game.Status.FINISHED
#: side -> (its first seat, its second seat): the partnership games' sides.
SIDES = {"north_south": ("north", "south"), "east_west": ("east", "west")}


class IdList(Aggregate):
    """The distinct values of a column, comma-separated (a player's nights)."""

    function = "GROUP_CONCAT"
    template = "%(function)s(DISTINCT %(expressions)s)"
    output_field = CharField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        template = "STRING_AGG(DISTINCT (%(expressions)s)::text, ',')"
        return self.as_sql(compiler, connection, template=template, **extra)


#: Lookups on Game choosing the games of a table of standings (a season, a night).
Where = dict[str, Any]


def counted(where: Where) -> QuerySet[Game]:
    """The games that count: ``where`` (a club's season, a night), void games left out."""
    return Game.objects.filter(**where, voided_at__isnull=True).order_by()


def _prefixed(where: Where, prefix: str) -> Q:
    """``where`` (on Game) as seen from a row that reaches the game through ``prefix``."""
    lookups = {**where, "voided_at__isnull": True}
    return Q(**{f"{prefix}{key}": value for key, value in lookups.items()})


def _unfinished(status: str) -> Case:
    return Case(When(**{status: FINISHED}, then=Value(0)), default=Value(1))


def player_rows(where: Where) -> list[Player]:
    """Query 1: each seated player, annotated ``st_games``, ``st_unfinished``,
    ``st_nights`` (ids, comma-separated), and the counted games' ``st_all_games`` and
    ``st_all_unfinished`` (the same on every row: scalar subqueries run once)."""
    games = counted(where)
    all_games = games.annotate(n=Func(F("pk"), function="COUNT")).values("n")
    all_unfinished = games.annotate(n=Func(_unfinished("status"), function="SUM")).values("n")
    return list(
        Player.objects.filter(_prefixed(where, "game_seats__game__"))
        .annotate(
            st_games=Count("game_seats"),
            st_unfinished=Sum(_unfinished("game_seats__game__status")),
            st_nights=IdList("game_seats__game__session_id"),
            st_all_games=Subquery(all_games, output_field=IntegerField()),
            st_all_unfinished=Subquery(all_unfinished, output_field=IntegerField()),
        )
        .order_by()
    )


def result_rows(where: Where) -> Iterable[tuple[int, int, int, int]]:
    """Query 2: ``(kind, player, a, b)``; kind 1: points and games won, from each
    player's hand results; kind 2: hands declared and made, by declarer."""
    results = (
        HandResult.objects.filter(_prefixed(where, "game__"))
        .order_by()
        .values("player_id")
        .annotate(kind=Value(1), a=Sum("points"), b=Count("id", filter=Q(won=True)))
        .values_list("kind", "player_id", "a", "b")
    )
    declared = (
        Hand.objects.filter(_prefixed(where, "game__"), declarer__isnull=False, made__isnull=False)
        .order_by()
        .values("declarer_id")
        .annotate(kind=Value(2), a=Count("id"), b=Count("id", filter=Q(made=True)))
        .values_list("kind", "declarer_id", "a", "b")
    )
    return results.union(declared, all=True)


def _partnership_games(where: Where) -> QuerySet[Game]:
    """The counted games won by fixed partnerships (``Game.scored_by_player`` false):
    individual games have no partnerships."""
    return counted(where).filter(scored_by_player=False)


def _side_games(where: Where, side: str) -> QuerySet:
    first, second = SIDES[side]
    qs = _partnership_games(where).alias(
        st_a=FilteredRelation("seats", condition=Q(seats__seat=first)),
        st_b=FilteredRelation("seats", condition=Q(seats__seat=second)),
    )
    points = Coalesce(Cast(KT(f"totals__{side}"), IntegerField()), Value(0))
    return (
        qs.values(pa=F("st_a__player_id"), pb=F("st_b__player_id"))
        .annotate(
            kind=Value(1),
            x1=Count("id"),
            x2=Count("id", filter=Q(winner=side)),
            x3=Sum(_unfinished("status")),
            x4=Sum(points),
            x5=IdList("session_id"),
        )
        .values_list("kind", "pa", "pb", "x1", "x2", "x3", "x4", "x5")
    )


def _side_hands(where: Where, side: str) -> QuerySet:
    first, second = SIDES[side]
    hands = Hand.objects.filter(
        _prefixed({**where, "scored_by_player": False}, "game__"),
        declarer__isnull=False,
        made__isnull=False,
        bidder__in=SIDES[side],
    ).order_by()
    qs = hands.alias(
        st_a=FilteredRelation("game__seats", condition=Q(game__seats__seat=first)),
        st_b=FilteredRelation("game__seats", condition=Q(game__seats__seat=second)),
    )
    return (
        qs.values(pa=F("st_a__player_id"), pb=F("st_b__player_id"))
        .annotate(
            kind=Value(2),
            x1=Count("id"),
            x2=Count("id", filter=Q(made=True)),
            x3=Value(0),
            x4=Value(0),
            x5=Value(""),
        )
        .values_list("kind", "pa", "pb", "x1", "x2", "x3", "x4", "x5")
    )


def pair_rows(where: Where) -> Iterable[tuple[int, ...]]:
    """Query 3: ``(kind, a, b, x1, x2, x3, x4, x5)`` with ``a``, ``b`` a side's starting
    seats; kind 1: games, won, unfinished, points, nights (ids, comma-separated);
    kind 2: hands declared, made."""
    parts = [_side_games(where, side) for side in SIDES]
    parts += [_side_hands(where, side) for side in SIDES]
    return parts[0].union(*parts[1:], all=True)


def id_set(text: str | None) -> set[int]:
    return {int(n) for n in text.split(",")} if text else set()


def season_where(club: Any, year: int | None) -> Where:
    where: Where = {"club": club, "session__isnull": False}
    if year is not None:
        where["session__date__year"] = year
    return where


def night_where(session: Any) -> Where:
    return {"session": session}
