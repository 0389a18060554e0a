"""A player's season figures through the API:
``GET /api/v1/players/{id}/stats/?year=`` (JSON, or CSV with ``?format=csv``), a thin
view over :func:`standings.player_stats.player_stats`. Mixed into the players viewset
(:mod:`play.api.nights`), so a player of another club is a 404 as everywhere."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import renderers, serializers
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from rookclub.core.api import query_int
from rookclub.core.csv_out import CSVRenderer
from rookclub.core.limits import YEAR_MAX, YEAR_MIN
from standings.player_stats import PlayerStats, player_stats, seasons_of, stats_csv


def _int(**kw: Any) -> serializers.IntegerField:
    return serializers.IntegerField(**kw)


def _avg(help_text: str, **kw: Any) -> serializers.FloatField:
    return serializers.FloatField(allow_null=True, help_text=help_text, **kw)


class PlayerRecordSerializer(serializers.Serializer):
    player = _int(source="player.pk")
    name = serializers.CharField(source="player.name")
    games = _int()
    won = _int()
    lost = _int()
    unfinished = _int(help_text="not played to the end")
    win_percent = _int(allow_null=True, help_text="of the finished games")


class PlayerStatsSerializer(serializers.Serializer):
    id = _int(source="player.pk")
    name = serializers.CharField(source="player.name")
    season = _int(
        source="year",
        help_text="the calendar year of the nights (a tournament's game: the day it started)",
    )
    seasons = serializers.ListField(child=_int(), help_text="years with games, newest first")
    games = _int(help_text="void games left out")
    won = _int()
    lost = _int()
    unfinished = _int(help_text="still playing, or left when the night closed")
    win_percent = _int(allow_null=True)
    points = _int(help_text="every hand's points")
    bids_taken = _int(source="hands_declared", help_text="hands declared and played out")
    bids_made = _int()
    bids_made_percent = _int(allow_null=True)
    sets = _int()
    average_bid = _avg("of the bids taken")
    average_counters_as_bidder = _avg(
        "counters the declaring side took, when declaring", source="average_counters_bidding"
    )
    hands_defended = _int(help_text="played-out hands on a side against the bidder")
    average_counters_as_defender = _avg(
        "counters the player's side took, when defending", source="average_counters_defending"
    )
    penalties = _int(
        help_text="table talk, improper discards, reneges and misdeals charged to the player's seat"
    )
    penalty_points = _int()
    partners = PlayerRecordSerializer(many=True)
    opponents = PlayerRecordSerializer(many=True)


STATS_YEAR = OpenApiParameter(
    "year",
    {"type": "integer", "minimum": YEAR_MIN, "maximum": YEAR_MAX},
    required=False,
    description="the season (calendar year); this year without it",
)
FORMAT = OpenApiParameter(
    "format",
    str,
    enum=["json", "csv"],
    required=False,
    description="csv: the same figures and tables as a spreadsheet (UTF-8 with BOM)",
)


def csv_filename(stats: PlayerStats) -> str:
    season = stats.year if stats.year is not None else "all"
    return f"player-{stats.player.pk}-stats-{season}.csv"


class PlayerStatsMixin:
    """The ``stats`` action of the players viewset."""

    @extend_schema(
        parameters=[STATS_YEAR, FORMAT],
        responses={
            (200, "application/json"): PlayerStatsSerializer,
            (200, "text/csv"): OpenApiTypes.STR,
            400: OpenApiResponse(description="{'year': [sentence]}: not a season"),
            404: OpenApiResponse(description="no such player among your clubs'"),
        },
        description="A player's figures for one season: games, wins, bids taken and made, "
        "average bid, sets, average counters as bidder and as defender, penalties, and "
        "the record with each partner and against each opponent (docs/players.md).",
    )
    @action(
        detail=True,
        methods=["get"],
        renderer_classes=[renderers.JSONRenderer, renderers.BrowsableAPIRenderer, CSVRenderer],
    )
    def stats(self, request: Request, pk: str | None = None) -> Response:
        player = self.get_object()  # type: ignore[attr-defined]
        year = query_int(request, "year", minimum=YEAR_MIN, maximum=YEAR_MAX)
        stats = player_stats(player=player, year=year or timezone.localdate().year)
        if isinstance(request.accepted_renderer, CSVRenderer):
            name = csv_filename(stats)
            return Response(
                stats_csv(stats), headers={"Content-Disposition": f'attachment; filename="{name}"'}
            )
        stats = replace(stats, seasons=seasons_of(player=player))
        return Response(PlayerStatsSerializer(stats).data)
