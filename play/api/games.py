"""REST API for rulesets, games and hands: thin views over the services
(:mod:`play.services`, :mod:`play.hands`, :mod:`play.confirmations`,
:mod:`play.corrections`)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from play import services, voiding
from play.api.fields import GameOptionsField, RulesetSlugField
from play.api.hand_schema import SEAT_HELP, ScoreSheetHand
from play.api.schema import house_rules_refusal
from play.confirmations import hand_confirm
from play.corrections import hand_correct
from play.hands import HandRecording, hand_recording, number_required
from play.models import Game, Hand, Night
from play.selectors import GameSheet, SheetRow, game_sheet, recorded_row
from rookclub.clubs.models import Player
from rookclub.core.api import (
    OptionsField,
    VisibleRelatedField,
    body,
    query_int,
    visible_to,
    whole,
)
from rookclub.core.errors import DomainError, Invalid
from rookclub.core.limits import (
    ID_MAX,
    REASON_MAX,
    REQUIRED_TEXT_PATTERN,
    SOMETHING_PATTERN,
    validate_text,
)
from rookclub.core.parsers import JSON_ONLY
from rookclub.core.schema import json_or_multipart
from scoring.engine import PRESETS
from scoring.engine.hand_fields import SEAT_LENGTH_MAX

HAND_NUMBER_MAX = 9999  # documented; a number past the game's next hand is a 409 anyway
#: Points by side (a serializer class: each field that uses it makes its own, since one
#: field object given to two names is bound to the last and the schema loses the first).
SIDES = type(
    inline_serializer(
        "Sides",
        {"north_south": serializers.IntegerField(), "east_west": serializers.IntegerField()},
    )
)
#: A game's running totals by its sides: north_south and east_west in the partnership
#: games of four, seats_135 and seats_246 at six, each seat where players score apart
#: (the games for two, three and five: seat1 …); a hand row's totals are SIDES.
TOTALS = serializers.DictField(
    child=serializers.IntegerField(),
    help_text="side -> points: north_south and east_west in the partnership games of four; "
    "seats_135 and seats_246 in the games for six in partnerships; each seat (seat1 …) "
    "where players score apart",
)
ERRORS = OpenApiResponse(description="Field -> list of messages; nothing was stored.")
#: A hand's 400: the engine's refusals carry their ``code`` (play.hands.refused).
HAND_REFUSAL = OpenApiResponse(
    description="Field -> list of messages; nothing was stored. A hand the rules engine "
    "refuses also carries a `code`: `hand_malformed` (a shape the schema states: an "
    "unknown field, a count that is no whole number), `not_in_game` (a seat or side the "
    "game's ruleset does not have), `hand_impossible` (the hand breaks the rules: "
    "counters that do not add up, a bid off the ruleset's steps…), `card_hand_illegal` "
    "(a card-by-card hand that is no legal deal or play)."
)
SESSION = OpenApiParameter(
    "session",
    {"type": "integer", "minimum": 1, "maximum": ID_MAX},
    required=False,
    description="only this club night's games",
)


# ---- shapes ---------------------------------------------------------------------------------


def _seat(help_text: str) -> VisibleRelatedField:
    """A seat's player, among the user's clubs' players only (another club's id is
    refused as an unknown one)."""
    return VisibleRelatedField(queryset=Player.objects.all(), required=False, help_text=help_text)


class SeatsIn(serializers.Serializer):
    """A player for each of the ruleset's player seats (its `seats` less its
    `dummy_seats`): the four compass seats, or seat1 … seat6 for two, three, five and six."""

    north = _seat("player id; the compass seats for games of four")
    east = _seat("player id")
    south = _seat("player id")
    west = _seat("player id")
    seat1 = _seat("player id; the numbered seats for the games for two, three, five and six")
    seat2 = _seat("player id")
    seat3 = _seat("player id; not in the game for two (it deals a dummy)")
    seat4 = _seat("player id; the games for five and six")
    seat5 = _seat("player id; the games for five and six")
    seat6 = _seat("player id; the games for six")


class GameIn(serializers.Serializer):
    ruleset = RulesetSlugField(default="tournament", max_length=40)
    options = GameOptionsField(required=False, allow_null=True)
    seats = SeatsIn()
    dealer = serializers.CharField(
        required=False,
        max_length=SEAT_LENGTH_MAX,
        help_text=f"{SEAT_HELP}; the first player seat (north, seat1) when not given",
    )
    # The API's public name stays "session" for clients; the code says night.
    session = VisibleRelatedField(queryset=Night.objects.all(), required=False, allow_null=True)


class HandIn(ScoreSheetHand):
    """The hand as the score sheet holds it (documentation only: the rules engine
    checks the body and answers every problem per field), and its number."""

    number = whole(
        1,
        HAND_NUMBER_MAX,
        help_text="The number of the hand being recorded: the game's `next_number`. Required, "
        "so a retry records nothing twice (400 `number_required` without it; 409 if taken).",
    )
    card_hand = OptionsField(
        required=False,
        help_text="Instead of the score-sheet fields: the hand card by card (the deal, the "
        "auction, nest and discards, every trick; docs/hand-format.md section 2). The engine "
        "checks it card by card, derives the score-sheet hand and scores it; give it alone "
        "(with `number`).",
    )


@extend_schema_field({"type": "string", "maxLength": REASON_MAX, "pattern": REQUIRED_TEXT_PATTERN})
class CorrectionReason(serializers.CharField):
    """check_reason's rules (no control characters but line breaks and tabs), and
    hand_correct's: something in it once trimmed."""


class CorrectedHandIn(HandIn):
    """A correction's hand: the score-sheet fields alone (no number: the hand keeps its
    own; no card-by-card hand)."""

    number = None
    card_hand = None


class CorrectionIn(serializers.Serializer):
    reason = CorrectionReason(max_length=REASON_MAX, validators=[validate_text])
    hand = CorrectedHandIn()


RENEGE_OUT = inline_serializer(
    "RenegeFound",
    {
        "seat": serializers.CharField(),
        "found": serializers.CharField(help_text="in_time or later"),
        "trick": serializers.IntegerField(
            allow_null=True, help_text="the trick it happened in (1-based); card-by-card hands"
        ),
        "card": serializers.CharField(
            allow_null=True, help_text="the card played instead of following, e.g. red-5"
        ),
    },
    allow_null=True,
    help_text="the hand's renege (who, and for a hand given card by card at which trick "
    "with which card); null when nobody reneged",
)
WINNERS = serializers.ListField(
    child=serializers.IntegerField(),
    help_text="the winning players' ids in every game (a partnership's two, or the one "
    "player of a game scored by player); empty until the game is won",
)


class HandOut(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    bidder = serializers.CharField(allow_null=True)
    declarer = serializers.IntegerField(allow_null=True, help_text="player id")
    bid = serializers.IntegerField(allow_null=True)
    trump = serializers.CharField()
    record = serializers.DictField(help_text="the hand as entered")
    score = SIDES()
    made = serializers.BooleanField(allow_null=True)
    void = serializers.BooleanField()
    reasons = serializers.ListField(child=serializers.CharField())
    totals = SIDES()
    seats = serializers.DictField(child=serializers.IntegerField(), help_text="seat -> player id")
    confirmed = serializers.BooleanField()
    corrected = serializers.BooleanField(
        help_text="a director corrected this hand; a corrected hand needs confirming again"
    )
    confirmed_by_name = serializers.CharField(
        allow_null=True,
        help_text="who confirmed the hand: their player name in the game's club, else their "
        'full name, else "a club member" (never a username); null while unconfirmed '
        "(also after a correction)",
    )
    entered_how = serializers.CharField(
        allow_null=True,
        read_only=True,
        help_text='how the hand came in: "via table link (North-South)", "by Ann Lee" (full '
        'name, else "by a club member"; never a username), "by Rookclub" (trusted work)',
    )
    entered_side = serializers.CharField(
        allow_null=True,
        read_only=True,
        help_text="north_south or east_west when entered through a table link; else null",
    )
    entered_at = serializers.DateTimeField(read_only=True)
    confirmed_how = serializers.CharField(
        allow_null=True,
        read_only=True,
        help_text='how the hand was confirmed: "via table link (East-West)", "by Ann Lee"; '
        "null while unconfirmed (also after a correction)",
    )
    confirmed_side = serializers.CharField(
        allow_null=True,
        read_only=True,
        help_text="the side that confirmed through a table link; else null",
    )
    confirmed_at = serializers.DateTimeField(allow_null=True, read_only=True)
    irregularities = serializers.ListField(child=serializers.DictField())
    player_scores = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="player id -> points this hand (every game; in games scored by player, "
        "Beginner and individual scoring, this is the hand's score)",
    )
    player_totals = serializers.DictField(
        child=serializers.IntegerField(), help_text="player id -> running total after this hand"
    )
    renege = RENEGE_OUT
    card_hand = serializers.DictField(
        allow_null=True,
        help_text="the hand card by card when it was entered that way (docs/hand-format.md "
        "section 2); `record` is then the score-sheet hand the engine derived from it",
    )


class GameOut(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField()
    session = serializers.IntegerField(allow_null=True)
    ruleset = serializers.CharField()
    status = serializers.CharField(help_text="in_progress or finished")
    winner = serializers.CharField(
        allow_null=True, help_text="the winning side in partnership games; null otherwise"
    )
    winners = WINNERS
    totals = TOTALS
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
    voided = serializers.BooleanField(
        help_text="a director voided the game: it keeps its hands, takes no more and counts "
        "in no standings"
    )
    void_reason = serializers.CharField(allow_null=True, help_text="why; null unless voided")
    voided_by = serializers.CharField(allow_null=True, help_text="the director's username")
    voided_at = serializers.DateTimeField(allow_null=True)
    hands = HandOut(many=True)


@extend_schema_field({"type": "string", "maxLength": REASON_MAX, "pattern": SOMETHING_PATTERN})
class VoidReason(serializers.CharField):
    """Trimmed by the service (play.voiding), then required: the schema's pattern
    asks for something besides white space."""


class VoidIn(serializers.Serializer):
    reason = VoidReason(max_length=REASON_MAX, help_text="why the game is void (kept with it)")


class HandRecorded(HandOut):
    totals = TOTALS  # the game's, after this hand (its sides)
    status = serializers.CharField(help_text="the game's status after this hand")
    winner = serializers.CharField(allow_null=True)
    winners = WINNERS
    next_dealer = serializers.CharField()
    next_seats = serializers.DictField(child=serializers.IntegerField())
    seat_message = serializers.CharField(allow_null=True)


class HandWithCorrections(HandRecorded):
    """One hand read on its own (``hands/{id}/``): with its corrections."""

    corrections = serializers.ListField(
        child=inline_serializer(
            "HandCorrectionOut",
            {
                "before": serializers.DictField(help_text="the hand as it was"),
                "after": serializers.DictField(help_text="the hand as corrected"),
                "reason": serializers.CharField(),
                "by": serializers.CharField(allow_null=True, help_text="the director's username"),
                "at": serializers.DateTimeField(),
            },
        ),
        help_text="every correction of the hand, oldest first",
    )


def hand_out(row: SheetRow) -> dict[str, Any]:
    h = row.hand
    return {
        "id": h.pk,
        "number": h.number,
        "dealer": h.dealer,
        "bidder": h.bidder,
        "declarer": h.declarer_id,
        "bid": h.bid,
        "trump": h.trump,
        "record": h.record,
        "score": row.score,
        "made": h.made,
        "void": h.void,
        "reasons": row.reasons,
        "totals": row.totals,
        "seats": h.seats,
        "confirmed": row.confirmed,
        "corrected": row.corrected,
        "confirmed_by_name": row.confirmed_by_name,
        **provenance_out(h, row.entered_how, row.confirmed_how),
        "irregularities": [
            {"kind": i.kind, "seat": i.seat, "points": i.points} for i in row.irregularities
        ],
        "player_scores": {str(k): v for k, v in row.player_scores.items()},
        "player_totals": {str(k): v for k, v in row.player_totals.items()},
        "renege": renege_out(row),
        "card_hand": h.card_hand,
    }


def provenance_out(h: Hand, entered: str | None, confirmed: str | None) -> dict[str, Any]:
    """The read-only fields saying how a hand came in and how it was confirmed."""
    return {
        "entered_how": entered,
        "entered_side": h.entered_side or None,
        "entered_at": h.entered_at.isoformat().replace("+00:00", "Z") if h.entered_at else None,
        "confirmed_how": confirmed,
        "confirmed_side": h.confirmed_side or None,
        "confirmed_at": h.confirmed_at.isoformat().replace("+00:00", "Z")
        if h.confirmed_at
        else None,
    }


def renege_out(row: SheetRow) -> dict[str, Any] | None:
    """Who reneged in the hand; a card-by-card hand also says at which trick, with which card."""
    return _renege(row.irregularities)


def _renege(irregularities: list[Any]) -> dict[str, Any] | None:
    for i in irregularities:
        if i.kind == "renege":
            details = i.details or {}
            return {
                "seat": i.seat,
                "found": details.get("found"),
                "trick": details.get("trick"),
                "card": details.get("card"),
            }
    return None


def game_out(sheet: GameSheet) -> dict[str, Any]:
    g = sheet.game
    return {
        "id": g.pk,
        "club": g.club_id,
        "session": g.night_id,
        "ruleset": g.ruleset_slug,
        "status": sheet.status,
        "winner": sheet.winner,
        "winners": list(sheet.winners),
        "totals": sheet.totals,
        "player_totals": {str(k): v for k, v in sheet.player_totals.items()},
        "seats": {seat: p.pk for seat, p in sheet.seats.items()},
        "players": {str(pid): p.name for pid, p in sheet.players.items()},
        "dealer": sheet.dealer,
        "next_number": sheet.next_number,
        "seat_message": sheet.seat_message,
        "recording_refused": sheet.refusal,
        **void_out(g),
        "hands": [hand_out(r) for r in sheet.rows],
    }


def void_out(game: Game) -> dict[str, Any]:
    voided = game.is_void
    return {
        "voided": voided,
        "void_reason": game.void_reason if voided else None,
        "voided_by": game.voided_by.get_username() if voided and game.voided_by else None,
        "voided_at": game.voided_at,
    }


def recording_out(recording: HandRecording) -> dict[str, Any]:
    """The answer to a hand posted (``HandRecorded``): a hand just stored is answered
    from the state it was scored with (its row built without reading the sheet back);
    a retry's hand, already stored, as :func:`recorded_out`."""
    if recording.replayed:
        return recorded_out(recording.hand)
    state = recording.state
    after = {
        "totals": dict(state.totals),
        "status": state.status,
        "winner": state.winner,
        "winners": list(state.winners),
        "next_dealer": state.dealer,
        "next_seats": dict(state.seats),
        "seat_message": state.seat_message,
    }
    return {**hand_out(recorded_row(recording)), **after}


def recorded_out(hand: Hand) -> dict[str, Any]:
    """A stored hand and the game after it (``HandRecorded``), read from the score sheet."""
    sheet = game_sheet(game=hand.game)
    row = next(r for r in sheet.rows if r.hand.pk == hand.pk)
    after = {
        "totals": sheet.totals if row.number == len(sheet.rows) else row.totals,
        "status": sheet.status,
        "winner": sheet.winner,
        "winners": list(sheet.winners),
        "next_dealer": sheet.dealer,
        "next_seats": {seat: p.pk for seat, p in sheet.seats.items()},
        "seat_message": sheet.seat_message,
    }
    return {**hand_out(row), **after}


# ---- views ------------------------------------------------------------------------------------


class RulesetViewSet(viewsets.ViewSet):
    """The presets a game can start from; ``tournament`` is Tournament Rook with the Bird."""

    permission_classes = [AllowAny]
    lookup_field = "slug"
    lookup_value_regex = "[a-z0-9-]+"

    def _out(self, ruleset: Any) -> dict[str, Any]:
        return {"slug": ruleset.slug, "name": ruleset.name, "ruleset": ruleset.to_dict()}

    @extend_schema(
        responses=inline_serializer(
            "Ruleset",
            {
                "slug": serializers.CharField(),
                "name": serializers.CharField(),
                "ruleset": serializers.DictField(),
            },
            many=True,
        )
    )
    def list(self, request: Request) -> Response:
        return Response([self._out(r) for r in PRESETS.values()])

    @extend_schema(
        responses=inline_serializer(
            "RulesetDetail",
            {
                "slug": serializers.CharField(),
                "name": serializers.CharField(),
                "ruleset": serializers.DictField(),
            },
        )
    )
    def retrieve(self, request: Request, slug: str) -> Response:
        if slug not in PRESETS:
            return Response({"detail": [f"unknown ruleset {slug!r}"]}, status=404)
        return Response(self._out(PRESETS[slug]))


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


class HandViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """One recorded hand: confirm it (the other side) or correct it (a director)."""

    queryset = Hand.objects.none()  # for the schema; get_queryset scopes it

    serializer_class = HandOut

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return visible_to(
            Hand.objects.select_related("game", "game__club"), self.request, "game__club"
        )

    def _out(self, hand: Hand) -> dict[str, Any]:
        out = recorded_out(hand)
        out["corrections"] = [
            {
                "before": c.before,
                "after": c.after,
                "reason": c.reason,
                "by": c.corrected_by.get_username() if c.corrected_by else None,
                "at": c.corrected_at.isoformat(),
            }
            for c in hand.corrections.select_related("corrected_by")
        ]
        return out

    @extend_schema(responses=HandWithCorrections)
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        return Response(self._out(self.get_object()))

    @extend_schema(
        request=None,
        responses={200: HandWithCorrections, 403: ERRORS},
        description="A player of the side that did not enter the hand (either side when "
        "a scorer who was not seated entered it), or a director, confirms it; never the "
        "person who entered it (403). Allowed after the club night closed.",
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: str | None = None) -> Response:
        hand = hand_confirm(hand=self.get_object(), by=request.user)
        return Response(self._out(hand))

    @extend_schema(
        request=CorrectionIn,
        responses={200: HandWithCorrections, 400: HAND_REFUSAL, 403: ERRORS},
        description="A director corrects a hand, also after its club night closed; every "
        "later total and the game's result are replayed. The corrected hand is unconfirmed "
        "again (`confirmed` false, `corrected` true) until the other side or a director "
        "confirms it; each correction's `before` keeps who had confirmed it.",
    )
    @action(detail=True, methods=["post"], parser_classes=JSON_ONLY)
    def correct(self, request: Request, pk: str | None = None) -> Response:
        hand = self.get_object()  # another club's hand is 404 before the body is read
        data = body(request, ("reason",))
        record = data.get("hand")
        if not isinstance(record, dict):
            raise Invalid("Send the corrected hand.", errors={"hand": ["must be a JSON object"]})
        hand = hand_correct(hand=hand, data=record, by=request.user, reason=data.get("reason", ""))
        return Response(self._out(hand))
