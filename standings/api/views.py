"""REST API of standings: a club's season standings and a night's standings (actions
added to the clubs' and nights' viewsets), a player's profile and season figures
(:mod:`standings.api.players`). Thin views over :mod:`standings.standings`,
:mod:`standings.players` and :mod:`standings.ratings`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from play.api import nights as night_api
from play.api.night_serializers import CLUB, CSV, FORMAT
from play.api.schema import ERRORS
from rookclub.clubs import api as clubs_api
from rookclub.core.api import query_int
from rookclub.core.csv_out import JSON_OR_CSV, csv_api_response, wants_csv
from rookclub.core.errors import Invalid
from rookclub.core.limits import YEAR_MAX, YEAR_MIN
from standings import csv_exports, ratings
from standings.api.players import PlayerStatsMixin
from standings.players import player_profile
from standings.standings import StandingRow, Standings, night_standings, season_standings


def _standing_fields() -> dict[str, Any]:
    return {
        "players": serializers.ListField(child=serializers.IntegerField()),
        "name": serializers.CharField(),
        "games": serializers.IntegerField(),
        "won": serializers.IntegerField(),
        "points": serializers.IntegerField(),
        "unfinished": serializers.IntegerField(
            help_text="games not played to the end (still playing, or the night closed first); "
            "their points count, nobody won them"
        ),
        "hands_declared": serializers.IntegerField(),
        "made": serializers.IntegerField(),
        "sets": serializers.IntegerField(),
        "nights": serializers.IntegerField(),
        "rating": serializers.IntegerField(
            allow_null=True,
            required=False,
            help_text=(
                "season standings only: the player's rating in the club (a partnership's: its "
                "players' mean), null before a first rated game; docs/ratings.md"
            ),
        ),
    }


#: One row of a standings answer (a player, or a partnership).
STANDING_ROW = type(inline_serializer("Standing", _standing_fields()))
# A list of its own for each name: one field object given to two names is bound to the
# last, and the schema had lost ``players``.
STANDINGS = inline_serializer(
    "Standings", {"players": STANDING_ROW(many=True), "partnerships": STANDING_ROW(many=True)}
)

RATING = inline_serializer(
    "Rating",
    {
        "mu": serializers.FloatField(help_text="OpenSkill's skill estimate"),
        "sigma": serializers.FloatField(help_text="its uncertainty (one standard deviation)"),
        "display": serializers.IntegerField(
            help_text="the rating shown: round(1000 + 40 * (mu - 3 * sigma)); docs/ratings.md"
        ),
    },
    allow_null=True,
    help_text="in the player's club; null before their first rated game",
)
RATING_POINT = inline_serializer(
    "RatingPoint",
    {
        "game": serializers.IntegerField(),
        "at": serializers.DateTimeField(help_text="when the game finished"),
        "mu": serializers.FloatField(),
        "sigma": serializers.FloatField(),
        "display": serializers.IntegerField(),
    },
    many=True,
    help_text="the rating after each finished game, oldest first",
)
YEAR = OpenApiParameter(
    "year",
    {"type": "integer", "minimum": YEAR_MIN, "maximum": YEAR_MAX},
    required=False,
    description="one season; every season without it",
)
SORT = OpenApiParameter(
    "sort",
    {"type": "string", "enum": ["standing", "rating"]},
    required=False,
    description="standing (games won, then points: the default) or rating (best first; "
    "players not yet rated last, in standing order)",
)


def standings_out(standings: Standings, rated: bool = False) -> dict[str, Any]:
    def rows(items: list[StandingRow]) -> list[dict[str, Any]]:
        return [
            {
                "players": [p.pk for p in r.players],
                "name": r.name,
                "games": r.games,
                "won": r.won,
                "points": r.points,
                "unfinished": r.unfinished,
                "hands_declared": r.hands_declared,
                "made": r.made,
                "sets": r.sets,
                "nights": r.night_count,
                **({"rating": r.rating} if rated else {}),
            }
            for r in items
        ]

    return {"players": rows(standings.players), "partnerships": rows(standings.partnerships)}


class ClubViewSet(clubs_api.ClubViewSet):
    """Clubs you belong to. Whoever creates a club is its director."""

    @extend_schema(
        parameters=[YEAR, SORT, FORMAT],
        responses={(200, "application/json"): STANDINGS, (200, "text/csv"): CSV, 400: ERRORS},
    )
    @action(detail=True, methods=["get"], renderer_classes=JSON_OR_CSV)
    def standings(self, request: Request, pk: str | None = None) -> Response:
        club = self.get_object()
        year = query_int(request, "year", minimum=YEAR_MIN, maximum=YEAR_MAX)
        sort = request.query_params.get("sort")
        if sort not in (None, *ratings.SORTS):
            raise Invalid("Unknown sort.", errors={"sort": [f"one of {', '.join(ratings.SORTS)}"]})
        standings = season_standings(club=club, year=year)
        if wants_csv(request):
            table = csv_exports.season_standings_table(standings, club=club, year=year)
            return csv_api_response(table)
        rated = ratings.with_ratings(standings, club=club, sort=sort or "standing")
        return Response(standings_out(rated, rated=True))


@extend_schema_view(list=extend_schema(parameters=[CLUB]))
class PlayerViewSet(PlayerStatsMixin, clubs_api.PlayerViewSet):
    """Players of your clubs (``?club=id`` for one club). A director adds players."""

    @extend_schema(
        responses=inline_serializer(
            "PlayerProfile",
            {
                "id": serializers.IntegerField(),
                "name": serializers.CharField(),
                "games": serializers.IntegerField(),
                "won": serializers.IntegerField(),
                "hands_declared": serializers.IntegerField(),
                "bids_made": serializers.IntegerField(),
                "bids_made_percent": serializers.IntegerField(allow_null=True),
                "sets": serializers.IntegerField(),
                "average_bid": serializers.FloatField(allow_null=True),
                "partners": serializers.ListField(child=serializers.DictField()),
                "history": serializers.ListField(child=serializers.DictField()),
                "rating": RATING,
                "rating_history": RATING_POINT,
            },
        )
    )
    @action(detail=True, methods=["get"])
    def profile(self, request: Request, pk: str | None = None) -> Response:
        player = self.get_object()
        p = player_profile(player=player)
        rated = ratings.player_rating(club=player.club_id, player=player)
        return Response(
            {
                "id": p.player.pk,
                "name": p.player.name,
                "games": p.games,
                "won": p.won,
                "hands_declared": p.hands_declared,
                "bids_made": p.bids_made,
                "bids_made_percent": p.bids_made_percent,
                "sets": p.sets,
                "average_bid": p.average_bid,
                "partners": [{"player": q.pk, "name": q.name, "games": n} for q, n in p.partners],
                "history": [
                    {
                        "game": h.game.pk,
                        "date": h.game.night.date if h.game.night else None,
                        "seat": h.seat,
                        "partner": h.partner.pk if h.partner else None,
                        "points": h.points,
                        "our_total": h.our_total,
                        "their_total": h.their_total,
                        "won": h.won,
                    }
                    for h in p.history
                ],
                "rating": ratings.rating_out(rated.current),
                "rating_history": [
                    {"game": r.game, "at": r.at, **ratings.rating_out(r)} for r in rated.history
                ],
            }
        )


class NightViewSet(night_api.NightViewSet):
    """Club nights: open, check in, seat, move on (progressive), close, standings."""

    @extend_schema(
        parameters=[FORMAT],
        responses={(200, "application/json"): STANDINGS, (200, "text/csv"): CSV},
    )
    @action(detail=True, methods=["get"], renderer_classes=JSON_OR_CSV)
    def standings(self, request: Request, pk: str | None = None) -> Response:
        night = self.get_object()
        standings = night_standings(night=night)
        if wants_csv(request):
            table = csv_exports.night_standings_table(standings, night=night)
            return csv_api_response(table)
        return Response(standings_out(standings))
