"""REST API for rulesets, games and hands: thin views over scoring.services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from rookclub.clubs.models import ClubSession, Player
from rookclub.core.api import DomainErrorsMixin, VisibleRelatedField, body, visible_to
from rookclub.core.errors import Invalid
from scoring import services
from scoring.engine import PRESETS
from scoring.models import Game, Hand
from scoring.selectors import GameSheet, SheetRow, game_sheet

SEAT_HELP = "a seat: north, east, south or west"
SEAT = serializers.CharField(help_text=SEAT_HELP)
SIDES = inline_serializer(
    "Sides", {"north_south": serializers.IntegerField(), "east_west": serializers.IntegerField()}
)
ERRORS = OpenApiResponse(description="Field -> list of messages; nothing was stored.")


# ---- shapes ---------------------------------------------------------------------------------


class SeatsIn(serializers.Serializer):
    north = VisibleRelatedField(queryset=Player.objects.all())
    east = VisibleRelatedField(queryset=Player.objects.all())
    south = VisibleRelatedField(queryset=Player.objects.all())
    west = VisibleRelatedField(queryset=Player.objects.all())


class GameIn(serializers.Serializer):
    ruleset = serializers.CharField(default="tournament")
    options = serializers.DictField(required=False, allow_null=True)
    seats = SeatsIn()
    dealer = serializers.CharField(default="north", help_text=SEAT_HELP)
    session = VisibleRelatedField(
        queryset=ClubSession.objects.all(), required=False, allow_null=True
    )


class HandIn(serializers.Serializer):
    """The hand as the score sheet holds it (documentation only: the rules engine
    checks the body and answers every problem per field)."""

    bidder = SEAT
    bid = serializers.IntegerField()
    trump = serializers.ChoiceField(choices=["black", "red", "yellow", "green"])
    counters = SIDES
    tricks = SIDES
    penalties = serializers.ListField(
        child=inline_serializer(
            "Penalty",
            {"seat": SEAT, "kind": serializers.ChoiceField(["table_talk", "improper_discard"])},
        ),
        required=False,
    )
    renege = inline_serializer(
        "Renege",
        {"seat": SEAT, "found": serializers.ChoiceField(["in_time", "later"]), "counters": SIDES},
        required=False,
    )
    misdeal = inline_serializer(
        "Misdeal", {"found": serializers.ChoiceField(["before_three_tricks", "later"])},
        required=False,
    )  # fmt: skip
    redeal = inline_serializer(
        "Redeal",
        {"reason": serializers.ChoiceField(["exposed_card", "no_card_above_nine", "all_passed"])},
        required=False,
    )
    number = serializers.IntegerField(
        required=False, help_text="The hand number the client believes it records (409 if taken)."
    )


class CorrectionIn(serializers.Serializer):
    reason = serializers.CharField()
    hand = HandIn()


class HandOut(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    bidder = serializers.CharField(allow_null=True)
    declarer = serializers.IntegerField(allow_null=True, help_text="player id")
    bid = serializers.IntegerField(allow_null=True)
    trump = serializers.CharField()
    record = serializers.DictField(help_text="the hand as entered")
    score = SIDES
    made = serializers.BooleanField(allow_null=True)
    void = serializers.BooleanField()
    reasons = serializers.ListField(child=serializers.CharField())
    totals = SIDES
    seats = serializers.DictField(child=serializers.IntegerField(), help_text="seat -> player id")
    confirmed = serializers.BooleanField()
    corrected = serializers.BooleanField(
        help_text="a director corrected this hand; a corrected hand needs confirming again"
    )
    confirmed_by_name = serializers.CharField(
        allow_null=True,
        help_text="who confirmed the hand: their player name in the game's club, else their "
        "full name, else username; null while unconfirmed (also after a correction)",
    )
    irregularities = serializers.ListField(child=serializers.DictField())


class GameOut(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField()
    session = serializers.IntegerField(allow_null=True)
    ruleset = serializers.CharField()
    status = serializers.CharField(help_text="in_progress or finished")
    winner = serializers.CharField(allow_null=True)
    totals = SIDES
    player_totals = serializers.DictField(child=serializers.IntegerField())
    seats = serializers.DictField(
        child=serializers.IntegerField(), help_text="seat -> player id for the next hand"
    )
    players = serializers.DictField(child=serializers.CharField(), help_text="player id -> name")
    dealer = serializers.CharField(help_text="the seat that deals next")
    next_number = serializers.IntegerField()
    seat_message = serializers.CharField(allow_null=True)
    recording_refused = serializers.CharField(
        allow_null=True,
        help_text="null while the next hand can be recorded; otherwise why not (the game is "
        "over, or its club night is closed), as a POST to hands/ would answer with 409",
    )
    hands = HandOut(many=True)


class HandRecorded(HandOut):
    status = serializers.CharField(help_text="the game's status after this hand")
    winner = serializers.CharField(allow_null=True)
    next_dealer = serializers.CharField()
    next_seats = serializers.DictField(child=serializers.IntegerField())
    seat_message = serializers.CharField(allow_null=True)


def hand_out(row: SheetRow) -> dict[str, Any]:
    h = row.hand
    return {
        "id": h.pk, "number": h.number, "dealer": h.dealer, "bidder": h.bidder,
        "declarer": h.declarer_id, "bid": h.bid, "trump": h.trump, "record": h.record,
        "score": row.score, "made": h.made, "void": h.void, "reasons": row.reasons,
        "totals": row.totals, "seats": h.seats, "confirmed": row.confirmed,
        "corrected": row.corrected, "confirmed_by_name": row.confirmed_by_name,
        "irregularities": [
            {"kind": i.kind, "seat": i.seat, "points": i.points} for i in row.irregularities
        ],
    }  # fmt: skip


def game_out(sheet: GameSheet) -> dict[str, Any]:
    g = sheet.game
    return {
        "id": g.pk, "club": g.club_id, "session": g.session_id, "ruleset": g.ruleset_slug,
        "status": sheet.status, "winner": sheet.winner, "totals": sheet.totals,
        "player_totals": {str(k): v for k, v in sheet.player_totals.items()},
        "seats": {seat: p.pk for seat, p in sheet.seats.items()},
        "players": {str(pid): p.name for pid, p in sheet.players.items()},
        "dealer": sheet.dealer, "next_number": sheet.next_number,
        "seat_message": sheet.seat_message, "recording_refused": sheet.refusal,
        "hands": [hand_out(r) for r in sheet.rows],
    }  # fmt: skip


def recorded_out(hand: Hand) -> dict[str, Any]:
    sheet = game_sheet(game=hand.game)
    row = next(r for r in sheet.rows if r.hand.pk == hand.pk)
    return {
        **hand_out(row), "totals": sheet.totals if row.number == len(sheet.rows) else row.totals,
        "status": sheet.status, "winner": sheet.winner, "next_dealer": sheet.dealer,
        "next_seats": {seat: p.pk for seat, p in sheet.seats.items()},
        "seat_message": sheet.seat_message,
    }  # fmt: skip


# ---- views ------------------------------------------------------------------------------------


class RulesetViewSet(DomainErrorsMixin, viewsets.ViewSet):
    """The presets a game can start from; ``tournament`` is Tournament Rook with the Bird."""

    permission_classes = [AllowAny]
    lookup_field = "slug"
    lookup_value_regex = "[a-z0-9-]+"

    def _out(self, ruleset: Any) -> dict[str, Any]:
        return {"slug": ruleset.slug, "name": ruleset.name, "ruleset": ruleset.to_dict()}

    @extend_schema(responses=inline_serializer("Ruleset", {
        "slug": serializers.CharField(), "name": serializers.CharField(),
        "ruleset": serializers.DictField()}, many=True))  # fmt: skip
    def list(self, request: Request) -> Response:
        return Response([self._out(r) for r in PRESETS.values()])

    @extend_schema(responses=inline_serializer("RulesetDetail", {
        "slug": serializers.CharField(), "name": serializers.CharField(),
        "ruleset": serializers.DictField()}))  # fmt: skip
    def retrieve(self, request: Request, slug: str) -> Response:
        if slug not in PRESETS:
            return Response({"detail": [f"unknown ruleset {slug!r}"]}, status=404)
        return Response(self._out(PRESETS[slug]))


class GameViewSet(
    DomainErrorsMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Games: start one, read its sheet, record its hands."""

    queryset = Game.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self):  # type: ignore[no-untyped-def]
        games = visible_to(Game.objects.all(), self.request)
        session = self.request.query_params.get("session")
        if session and session.isdigit():
            games = games.filter(session_id=int(session))
        return games.order_by("-created_at", "-id")

    def get_serializer_class(self):  # type: ignore[no-untyped-def]
        return GameIn if self.action == "create" else GameOut

    @extend_schema(responses=inline_serializer("GameSummary", {
        "id": serializers.IntegerField(), "status": serializers.CharField(),
        "winner": serializers.CharField(allow_null=True), "totals": SIDES,
        "session": serializers.IntegerField(allow_null=True)}, many=True))  # fmt: skip
    def list(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        rows = [
            {"id": g.pk, "status": g.status, "winner": g.winner, "totals": g.totals,
             "session": g.session_id}
            for g in page
        ]  # fmt: skip
        return self.get_paginated_response(rows)

    @extend_schema(responses=GameOut)
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        return Response(game_out(game_sheet(game=self.get_object())))

    @extend_schema(
        request=GameIn,
        responses={201: GameOut, 400: ERRORS, 403: ERRORS, 409: ERRORS},
        description="Start a game. 409 when its club night is closed.",
    )
    def create(self, request: Request) -> Response:
        # Only the user's clubs' players and nights: another club's id reads as unknown.
        serializer = GameIn(data=body(request), context={"request": request})
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        game = services.game_start(
            ruleset=data["ruleset"], options=data.get("options"), seats=data["seats"],
            dealer=data["dealer"], session=data.get("session"), created_by=request.user,
        )  # fmt: skip
        return Response(game_out(game_sheet(game=game)), status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["POST"],
        request=HandIn,
        responses={201: HandRecorded, 200: HandRecorded, 400: ERRORS, 403: ERRORS, 409: ERRORS},
        description="Record the next hand. A refused hand answers 400 per field and stores "
        "nothing; a finished game, a closed club night (`session_closed`) or a hand number "
        "already taken answers 409. Posting the same hand again under the same `number` "
        "(by the same user: a retry whose answer was lost) answers 200 with the hand "
        "already stored, and stores nothing.",
    )
    @extend_schema(methods=["GET"], responses=HandOut(many=True))
    @action(detail=True, methods=["get", "post"])
    def hands(self, request: Request, pk: str | None = None) -> Response:
        game = self.get_object()
        if request.method == "GET":
            return Response([hand_out(r) for r in game_sheet(game=game).rows])
        data = body(request)
        number = data.pop("number", None)
        hand = services.hand_record(game=game, data=data, entered_by=request.user, number=number)
        # A retry of the same hand under its number (its answer was lost): 200, not 201.
        done = status.HTTP_200_OK if hand.replayed else status.HTTP_201_CREATED
        return Response(recorded_out(hand), status=done)


class HandViewSet(DomainErrorsMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """One recorded hand: confirm it (the other side) or correct it (a director)."""

    queryset = Hand.objects.none()  # for the schema; get_queryset scopes it

    serializer_class = HandOut

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return visible_to(Hand.objects.select_related("game", "game__club"), self.request,
                          "game__club")  # fmt: skip

    def _out(self, hand: Hand) -> dict[str, Any]:
        out = recorded_out(hand)
        out["corrections"] = [
            {"before": c.before, "after": c.after, "reason": c.reason,
             "by": c.corrected_by.get_username() if c.corrected_by else None,
             "at": c.corrected_at.isoformat()}
            for c in hand.corrections.select_related("corrected_by")
        ]  # fmt: skip
        return out

    @extend_schema(responses=HandRecorded)
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        return Response(self._out(self.get_object()))

    @extend_schema(
        request=None,
        responses={200: HandRecorded, 403: ERRORS},
        description="A player of the side that did not enter the hand (either side when "
        "a scorer who was not seated entered it), or a director, confirms it; never the "
        "person who entered it (403). Allowed after the club night closed.",
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: str | None = None) -> Response:
        hand = services.hand_confirm(hand=self.get_object(), by=request.user)
        return Response(self._out(hand))

    @extend_schema(
        request=CorrectionIn,
        responses={200: HandRecorded, 400: ERRORS, 403: ERRORS},
        description="A director corrects a hand, also after its club night closed; every "
        "later total and the game's result are replayed. The corrected hand is unconfirmed "
        "again (`confirmed` false, `corrected` true) until the other side or a director "
        "confirms it; each correction's `before` keeps who had confirmed it.",
    )
    @action(detail=True, methods=["post"])
    def correct(self, request: Request, pk: str | None = None) -> Response:
        hand = self.get_object()  # another club's hand is 404 before the body is read
        data = body(request)
        record = data.get("hand")
        if not isinstance(record, dict):
            raise Invalid("Send the corrected hand.", errors={"hand": ["must be a JSON object"]})
        hand = services.hand_correct(
            hand=hand, data=record, by=request.user, reason=data.get("reason", "")
        )
        return Response(self._out(hand))
