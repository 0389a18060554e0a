"""REST API for games: list, start and read them, record their hands, void them; thin
views over the services (:mod:`play.services`, :mod:`play.hands`, :mod:`play.voiding`).
One hand's own actions (confirm, correct) are :mod:`play.api.hands`."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from play import services, voiding
from play.api.game_serializers import GameIn, GameOut, VoidIn, game_out
from play.api.hand_serializers import (
    ERRORS,
    HAND_REFUSAL,
    TOTALS,
    WINNERS,
    HandIn,
    HandOut,
    HandRecorded,
    hand_out,
    recording_out,
)
from play.api.schema import house_rules_refusal
from play.hands import hand_recording, number_required
from play.models import Game
from play.score_sheets import game_sheet
from rookclub.core.api import body, query_int, visible_to
from rookclub.core.errors import DomainError
from rookclub.core.limits import ID_MAX
from rookclub.core.parsers import JSON_ONLY
from rookclub.core.schema import json_or_multipart

SESSION = OpenApiParameter(
    "session",
    {"type": "integer", "minimum": 1, "maximum": ID_MAX},
    required=False,
    description="only this club night's games",
)


class GameViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Games: start one, read its sheet, record its hands."""

    queryset = Game.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self):  # type: ignore[no-untyped-def]
        games = visible_to(Game.objects.all(), self.request)
        night = query_int(self.request, "session")
        if night is not None:
            games = games.filter(night_id=night)
        return games.order_by("-created_at", "-id")

    def get_serializer_class(self):  # type: ignore[no-untyped-def]
        return GameIn if self.action == "create" else GameOut

    @extend_schema(
        parameters=[SESSION],
        responses=inline_serializer(
            "GameSummary",
            {
                "id": serializers.IntegerField(),
                "status": serializers.CharField(),
                "winner": serializers.CharField(allow_null=True),
                "winners": WINNERS,
                "totals": TOTALS,
                "session": serializers.IntegerField(allow_null=True),
                "voided": serializers.BooleanField(),
            },
            many=True,
        ),
    )
    def list(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        rows = [
            {
                "id": g.pk,
                "status": g.status,
                "winner": g.winner,
                "winners": g.winners,
                "totals": g.totals,
                "session": g.night_id,
                "voided": g.is_void,
            }
            for g in page
        ]
        return self.get_paginated_response(rows)

    @extend_schema(responses=GameOut)
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        return Response(game_out(game_sheet(game=self.get_object())))

    @extend_schema(
        request=json_or_multipart(GameIn),
        responses={201: GameOut, 400: house_rules_refusal(), 403: ERRORS, 409: ERRORS},
        description="Start a game. 409 when its club night is closed.",
    )
    def create(self, request: Request) -> Response:
        # Only the user's clubs' players and nights: another club's id reads as unknown.
        serializer = GameIn(data=body(request), context={"request": request})
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        game = services.game_start(
            ruleset=data["ruleset"],
            options=data.get("options"),
            seats=data["seats"],
            dealer=data.get("dealer"),
            night=data.get("session"),
            created_by=request.user,
        )
        return Response(game_out(game_sheet(game=game)), status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["POST"],
        request=HandIn,
        responses={
            201: HandRecorded,
            200: HandRecorded,
            400: HAND_REFUSAL,
            403: ERRORS,
            409: ERRORS,
        },
        description="Record the next hand under its `number` (required: 400 "
        "`number_required` without it), as the score sheet holds it or card by card "
        '(`{"number": 5, "card_hand": {...}}`: the engine checks every card, derives the '
        "score-sheet hand and scores it; the answer's `renege` names a renege it found: "
        "who, at which trick, which card). A refused hand answers 400 per field "
        "(`card_hand.<field>` for a card-by-card hand) and stores nothing; a finished game, "
        "a closed club night (`session_closed`) or a hand number "
        "already taken answers 409. Posting the same hand again under the same `number` "
        "(by the same user: a retry whose answer was lost) answers 200 with the hand "
        "already stored, and stores nothing.",
    )
    @extend_schema(methods=["GET"], responses=HandOut(many=True))
    @action(detail=True, methods=["get", "post"], parser_classes=JSON_ONLY)
    def hands(self, request: Request, pk: str | None = None) -> Response:
        if request.method == "GET":
            return Response([hand_out(r) for r in game_sheet(game=self.get_object()).rows])
        try:
            # The game is read once, locked, in hand_record: whether this user may see it
            # is asked there too (their role in its club), not by a get_object() first.
            game_id = int(pk) if pk is not None and pk.isascii() and pk.isdigit() else None
            data = body(request)
            number = data.pop("number", None)
            if game_id is None or number is None:
                raise number_required(self.get_object())
            recording = hand_recording(
                game_id=game_id, data=data, entered_by=request.user, number=number
            )
        except (DomainError, Game.DoesNotExist):
            # As before: a game this user cannot see is a 404 whatever else is wrong.
            self.get_object()
            raise
        # A retry of the same hand under its number (its answer was lost): 200, not 201.
        done = status.HTTP_200_OK if recording.replayed else status.HTTP_201_CREATED
        return Response(recording_out(recording), status=done)

    @extend_schema(
        request=VoidIn,
        responses={200: GameOut, 400: ERRORS, 403: ERRORS, 409: ERRORS},
        description="A director voids the game instead of deleting it (games and hands are "
        "never deleted): it keeps its hands and corrections, takes no more hands or "
        "corrections, and counts in no standings; `voided`, `void_reason`, `voided_by` and "
        "`voided_at` say so. 400 without a reason; 409 (`game_void`) when it is void "
        "already, (`tournament_game`) for a tournament match's game.",
    )
    @action(detail=True, methods=["post"])
    def void(self, request: Request, pk: str | None = None) -> Response:
        game = voiding.game_void(
            game=self.get_object(), by=request.user, reason=body(request, ("reason",)).get("reason")
        )
        return Response(game_out(game_sheet(game=game)))
