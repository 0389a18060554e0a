"""/api/v1/table/{key}/: a table's link, no login needed; and the shapes the tables
listings (``/sessions/{id}/tables/``, ``/rounds/{id}/tables/``) share.

Thin: :mod:`play.table_links` finds the table and its game, the services record
and confirm with a :class:`~play.permissions.TableActor`.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from play import table_links
from play.api.fields import player_component, player_out
from play.api.game_serializers import GameOut, game_out
from play.api.hand_serializers import (
    ERRORS,
    HAND_REFUSAL,
    HandIn,
    HandRecorded,
    recorded_out,
    recording_out,
)
from play.confirmations import hand_confirm
from play.hands import hand_recording, number_required
from play.models import Game, Hand
from play.permissions import SIDES, TableActor
from play.score_sheets import game_sheet
from rookclub.core.api import body, valid
from rookclub.core.parsers import JSON_ONLY


class TableGameOut(GameOut):
    table = serializers.IntegerField(help_text="the table's number")


class TableHandIn(HandIn):
    side = serializers.ChoiceField(
        choices=list(SIDES),
        required=False,
        help_text="the side entering the hand (default north_south); the other side confirms",
    )


class ConfirmIn(serializers.Serializer):
    side = serializers.ChoiceField(
        choices=list(SIDES),
        help_text="the side confirming",
        error_messages=dict.fromkeys(
            ("required", "null", "invalid_choice"), "must be north_south or east_west"
        ),
    )


TABLE_ROW = inline_serializer(
    "TableLinkRow",
    {
        "number": serializers.IntegerField(help_text="the table's number"),
        "game": serializers.IntegerField(allow_null=True, help_text="the current game's id"),
        "players": serializers.DictField(
            child=player_component("TablePlayer")(),
            help_text="seat -> player",
        ),
        "key": serializers.CharField(help_text="the table link's secret key"),
        "url": serializers.URLField(help_text="the table's page (absolute), the card's QR code"),
    },
    many=True,
)


NIGHT_PLAYER = player_component("NightTablePlayer")
NIGHT_TABLE_ROW = inline_serializer(
    "NightTableRow",
    {
        "number": serializers.IntegerField(help_text="the table's number"),
        "game": serializers.IntegerField(allow_null=True, help_text="the current game's id"),
        "players": serializers.DictField(
            child=NIGHT_PLAYER(), help_text="seat -> player, as seated"
        ),
        "key": serializers.CharField(help_text="the table link's secret key"),
        "url": serializers.URLField(help_text="the table's page (absolute), the card's QR code"),
        "status": serializers.CharField(
            allow_null=True, help_text="in_progress, finished or void; null: no game"
        ),
        "hands": serializers.IntegerField(help_text="hands recorded in the current game"),
        "totals": serializers.DictField(
            child=serializers.IntegerField(), help_text="side (or player id) -> running total"
        ),
        "unconfirmed": serializers.IntegerField(
            help_text="hands waiting for the other side's confirmation"
        ),
        "seats": serializers.DictField(
            child=NIGHT_PLAYER(), help_text="seat -> player now, after every exchange of partners"
        ),
        "sitting_out": serializers.ListField(
            child=NIGHT_PLAYER(),
            help_text="the night's players at no table now (same on every row)",
        ),
    },
    many=True,
)


NEW_LINK = inline_serializer(
    "TableLinkReplaced", {"key": serializers.CharField(), "url": serializers.URLField()}
)
LINK_ERRORS = {
    400: ERRORS,
    404: OpenApiResponse(description="Unknown or replaced key; nothing stored."),
    409: ERRORS,
    429: OpenApiResponse(description="Too many posts through this link this minute."),
}


def table_row(row: Any, request: Request) -> dict[str, Any]:
    """One table of a listing: ``row`` has number, game, players (seat -> Player), link."""
    return {
        "number": row.number,
        "game": row.game.pk if row.game else None,
        "players": {seat: player_out(p) for seat, p in row.players.items()},
        "key": row.link.key,
        "url": table_links.link_url(row.link, request),
    }


def replaced_out(link: Any, request: Request) -> Response:
    return Response(
        {"key": link.key, "url": table_links.link_url(link, request)},
        status=status.HTTP_201_CREATED,
    )


class TableLinkViewSet(viewsets.GenericViewSet):
    """A table's link: its current game, recording and confirming without an account.
    Unknown or replaced keys answer 404; posts are limited per link (429)."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []  # the key is the credential; no session, no CSRF
    lookup_field = "key"
    lookup_value_regex = "[A-Za-z0-9_-]+"
    serializer_class = TableGameOut

    def _state(self, key: str, *, post: bool) -> table_links.TableState:
        if not post:
            return table_links.resolve(key)
        # A post needs the link and its game's id only: one query for a night's link.
        state = table_links.resolve_for_post(key)
        table_links.throttle_posts(self.request, state.link)
        if state.refusal is not None:
            raise state.refusal
        if state.game_id is None:
            raise state.no_game()
        return state

    @extend_schema(
        responses={200: TableGameOut, 404: LINK_ERRORS[404], 409: ERRORS},
        description="The game now at the table, as `GET /api/v1/games/{id}/` plus `table`. "
        "When the club night is closed or the round is over, `recording_refused` says so; "
        "409 (`no_game`) while no game has started at the table.",
    )
    def retrieve(self, request: Request, key: str | None = None) -> Response:
        state = self._state(key, post=False)
        if state.game is None:
            raise state.no_game()
        out = game_out(game_sheet(game=state.game))
        if state.refusal is not None:
            out["recording_refused"] = state.refusal.message
        return Response({**out, "table": state.number})

    @extend_schema(
        request=TableHandIn,
        responses={201: HandRecorded, 200: HandRecorded, **LINK_ERRORS, 400: HAND_REFUSAL},
        description="Record the next hand of the table's game: the body and answers of "
        "`POST /api/v1/games/{id}/hands/`, plus an optional `side` (who enters it; "
        "default north_south). 409 with the sentence when the night is closed or the "
        "round is over.",
    )
    @action(detail=True, methods=["post"], parser_classes=JSON_ONLY)
    def hands(self, request: Request, key: str | None = None) -> Response:
        state = self._state(key, post=True)
        data = body(request)
        number = data.pop("number", None)
        if number is None:
            raise number_required(Game(pk=state.game_id))
        side = valid(ConfirmIn, {"side": data.pop("side", None) or SIDES[0]})["side"]
        actor = TableActor(state.link, state.game_id, side)
        # The game's id: hand_record reads it once, locked (no read of it before).
        recording = hand_recording(
            game_id=state.game_id, data=data, entered_by=actor, number=number
        )
        # As the games API: the same hand again under its number (its answer was lost,
        # the phone's outbox sends it again) is 200 with that hand, not a second one.
        done = status.HTTP_200_OK if recording.replayed else status.HTTP_201_CREATED
        return Response(recording_out(recording), status=done)

    @extend_schema(
        request=ConfirmIn,
        responses={200: HandRecorded, **LINK_ERRORS},
        description="Confirm, for `side`, hand `number` of the table's game, entered by the "
        "other side. 409 (`own_side`) when it was entered for that side.",
    )
    @action(detail=True, methods=["post"], url_path=r"hands/(?P<number>[0-9]+)/confirm")
    def confirm(self, request: Request, key: str | None = None, number: str = "") -> Response:
        state = self._state(key, post=True)
        side = valid(ConfirmIn, body(request))["side"]
        hand = (
            Hand.objects.select_related("game__club")
            .filter(game_id=state.game_id, number=int(number))
            .first()
        )
        if hand is None:
            raise table_links.LinkNotFound(f"Hand {number} is not recorded at this table.")
        hand = hand_confirm(hand=hand, by=TableActor(state.link, state.game_id, side))
        return Response(recorded_out(hand))
