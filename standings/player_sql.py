"""SQL pieces the player selectors share (:mod:`standings.players`,
:mod:`standings.player_stats`): which games count for a season, whether a player won a
game, and how many counters a seat's side took in a hand, each as an expression the
database evaluates, so a player's figures are sums in SQL whatever the history's size.
"""

from __future__ import annotations

import json
from typing import Any

from django.db.models import BooleanField, Case, Expression, F, IntegerField, Q, Value, When
from django.db.models.fields.json import KeyTextTransform, KeyTransform
from django.db.models.functions import Cast

from play.seats import PARTNER

#: A season is a calendar year: of the night's date, else (a tournament's game, a game
#: outside any night) of the day the game started, as the season standings count nights.
COMPASS = ("north", "east", "south", "west")
#: Every seat name a stored hand can have, and every side name its counters can use.
SEAT_NAMES = (*COMPASS, "seat1", "seat2", "seat3", "seat4", "seat5", "seat6")
#: Partnerships of three (Dixie for six, Partnership for Six): partners never side by side.
TRIOS = {"seats_135": ("seat1", "seat3", "seat5"), "seats_246": ("seat2", "seat4", "seat6")}
SIDE_KEYS = ("north_south", "east_west", "declarers", "defenders", *TRIOS, *SEAT_NAMES)


def season_q(year: int | None, prefix: str = "") -> Q:
    """The games of season ``year`` (every season when None): ``prefix`` leads from the
    rows to their game ("" when the rows are games, "game__" from a seat or a hand)."""
    if year is None:
        return Q()
    return Q(**{f"{prefix}night__date__year": year}) | Q(
        **{f"{prefix}night__isnull": True, f"{prefix}created_at__year": year}
    )


def counted_q(year: int | None, prefix: str = "") -> Q:
    """Games that count: not void, in the season."""
    return Q(**{f"{prefix}voided_at__isnull": True}) & season_q(year, prefix)


def partnership_q(prefix: str = "") -> Q:
    """Games played by two fixed partnerships at the compass seats: the only games where
    a player has a partner. A snapshot without the keys (older games) is fixed, as
    ``Game.scores_players`` reads it."""
    rules = f"{prefix}ruleset__"
    fixed = Q(**{f"{rules}partnership": "fixed"}) | ~Q(**{f"{rules}has_key": "partnership"})
    kept = Q(**{f"{rules}partner_rotation": "fixed"}) | ~Q(
        **{f"{rules}has_key": "partner_rotation"}
    )
    return fixed & kept


def partner_pairs_q(mine: str, theirs: str) -> Q:
    """``theirs`` sits opposite ``mine`` (two seat fields of the same game)."""
    return Q(*(Q(**{mine: a, theirs: b}) for a, b in PARTNER.items()), _connector=Q.OR)


def opposed_q(mine: str, theirs: str) -> Q:
    """``theirs`` played against ``mine`` at the start of the game: the other
    partnership in a compass game, everyone else in the others."""
    ns, ew = ("north", "south"), ("east", "west")
    return Q(**{f"{mine}__in": ns, f"{theirs}__in": ew}) | Q(
        **{f"{mine}__in": ew, f"{theirs}__in": ns}
    )


def others_q(mine: str, theirs: str) -> Q:
    """``theirs`` is another seat than ``mine`` (said positively: a negated condition
    on a joined seat would become a subquery over every seat of the game)."""
    return Q(
        *(Q(**{mine: s, f"{theirs}__in": [o for o in SEAT_NAMES if o != s]}) for s in SEAT_NAMES),
        _connector=Q.OR,
    )


class WinnersInclude(Expression):
    """True when the JSON list ``winners`` (a game's winning player ids) holds
    ``player_id``. PostgreSQL asks ``@>``; SQLite has no JSON containment, so it looks
    through ``json_each``. Unfinished games have no winners: never true."""

    output_field = BooleanField()
    conditional = True

    def __init__(self, winners: str, player_id: int) -> None:
        super().__init__()
        self.winners = F(winners)
        self.player_id = int(player_id)

    def get_source_expressions(self) -> list[Any]:
        return [self.winners]

    def set_source_expressions(self, exprs: list[Any]) -> None:
        (self.winners,) = exprs

    def resolve_expression(self, *args: Any, **kwargs: Any) -> WinnersInclude:
        clone = self.copy()
        clone.winners = self.winners.resolve_expression(*args, **kwargs)
        return clone

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        sql, params = compiler.compile(self.winners)
        return (
            f"EXISTS (SELECT 1 FROM json_each({sql}) WHERE json_each.value = %s)",
            [*params, self.player_id],
        )

    def as_postgresql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        sql, params = compiler.compile(self.winners)
        return f"({sql} @> %s::jsonb)", [*params, json.dumps([self.player_id])]


def side_key(seat: str, bidder: str, counters: str) -> Case:
    """The key of ``counters`` (a hand's ``record.counters``) that holds what the side of
    the player at ``seat`` took: the seat itself when each seat plays for itself, the
    compass partnership or a partnership of three, or declarers/defenders where the
    declarer plays alone or with a called partner: the partner called in that hand (its
    record's ``partner``) is on the declarers' side for that hand."""
    partner = KeyTextTransform("partner", counters.rsplit("__", 1)[0])
    whens = [When(Q(**{seat: s, f"{counters}__has_key": s}), then=Value(s)) for s in SEAT_NAMES]
    whens += [
        When(Q(**{f"{seat}__in": members, f"{counters}__has_key": side}), then=Value(side))
        for side, members in TRIOS.items()
    ]
    whens += [
        When(Q(**{seat: partner, f"{counters}__has_key": "declarers"}), then=Value("declarers")),
        When(
            Q(**{f"{seat}__in": ("north", "south"), f"{counters}__has_key": "north_south"}),
            then=Value("north_south"),
        ),
        When(
            Q(**{f"{seat}__in": ("east", "west"), f"{counters}__has_key": "east_west"}),
            then=Value("east_west"),
        ),
        When(Q(**{seat: F(bidder), f"{counters}__has_key": "declarers"}), then=Value("declarers")),
        When(Q(**{f"{counters}__has_key": "defenders"}), then=Value("defenders")),
    ]
    return Case(*whens, default=Value(""))


def counters_at(key: str, record: str) -> Case:
    """The counters the side named by the annotation ``key`` took, from ``record`` (a
    hand's ``record`` field, through relations if need be; None: not recorded).
    Transforms by hand: ``KT`` reads the first part of its path as the JSON field."""

    def taken(side: str) -> Cast:
        return Cast(KeyTextTransform(side, KeyTransform("counters", record)), IntegerField())

    return Case(
        *(When(Q(**{key: k}), then=taken(k)) for k in SIDE_KEYS),
        default=None,
        output_field=IntegerField(),
    )
