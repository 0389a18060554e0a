"""REST API for club nights: thin views over the night's services (:mod:`play.night_opening`,
:mod:`play.checkins`, :mod:`play.night_seating`, :mod:`play.night_rounds`,
:mod:`play.table_games`, :mod:`play.night_closing`; their standings, and clubs' and
players' figures, are added by :mod:`standings.api.views`)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_view, inline_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from play import (
    checkins,
    csv_exports,
    door,
    night_closing,
    night_opening,
    night_progress,
    night_rounds,
    night_seating,
    table_games,
    table_links,
)
from play.api.night_serializers import (
    CLUB,
    CSV,
    FORMAT,
    HANDS,
    OVERVIEW,
    CheckInIn,
    LeaveIn,
    NewGameIn,
    PartnersIn,
    SessionSerializer,
    UndoCheckInIn,
)
from play.api.schema import ERRORS, house_rules_refusal
from play.api.tables import LINK_ERRORS, NEW_LINK, NIGHT_TABLE_ROW, replaced_out, table_row
from play.door_checkin import door_key, door_link_replace
from play.models import Night, TableLink
from play.night_reads import night_history, night_overview
from rookclub.core.api import body, query_int, valid, visible_to, whole
from rookclub.core.csv_out import JSON_OR_CSV, csv_api_response, wants_csv
from rookclub.core.errors import Invalid
from rookclub.core.limits import (
    PLAYERS_MAX,
    REASON_MAX,
    SEED_MAX,
    validate_text,
    whole_number,
)
from rookclub.core.parsers import JSON_ONLY
from rookclub.core.roles import (
    DIRECTOR,
    has_role,
    require_director,
    require_scorer,
)
from rookclub.core.schema import json_or_multipart

SEE_LINKS = "Only a director or scorer of the club can see the table links."


@extend_schema_view(
    list=extend_schema(parameters=[CLUB]),
    create=extend_schema(
        request=json_or_multipart(SessionSerializer),
        responses={201: SessionSerializer, 400: house_rules_refusal()},
    ),
)
class NightViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Club nights: open, check in, seat, move on (progressive), close, standings."""

    queryset = Night.objects.none()  # for the schema; get_queryset scopes it

    serializer_class = SessionSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        nights = visible_to(Night.objects.all(), self.request)
        club = query_int(self.request, "club")
        if club is not None:
            nights = nights.filter(club_id=club)
        return nights.order_by("-date", "-id")

    def perform_create(self, serializer: SessionSerializer) -> None:
        data = serializer.validated_data
        serializer.instance = night_opening.night_open(
            club=data["club"],
            date=data["date"],
            opened_by=self.request.user,
            seating_method=data.get("seating_method", Night.Seating.RANDOM),
            ruleset=data.get("ruleset_slug", "tournament"),
            options=data.get("ruleset_options"),
            tables_of_five_or_six=data.get("tables_of_five_or_six", False),
            game_for_five=data.get("game_for_five", "five-player"),
            game_for_six=data.get("game_for_six", "six-player"),
            door_new_players=data.get("door_new_players", False),
        )

    @extend_schema(responses=OVERVIEW)
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        night = self.get_object()
        out = self._overview(night)
        if has_role(request.user, night.club, (DIRECTOR,)):
            # The door link is a credential: its directors only (as table links are).
            out["door_key"] = door_key(night)
            out["door_url"] = door.door_url(night, request)
        return Response(out)

    @extend_schema(
        request=None,
        responses={201: NEW_LINK, 403: ERRORS},
        description="A director replaces the night's door link: the old key answers 404 "
        "from now on. Print the door poster again.",
    )
    @action(detail=True, methods=["post"], url_path="replace-door-link")
    def replace_door_link(self, request: Request, pk: str | None = None) -> Response:
        night = door_link_replace(night=self.get_object(), by=request.user)
        return Response(
            {"key": night.door_key, "url": door.door_url(night, request)},
            status=status.HTTP_201_CREATED,
        )

    def _overview(self, night: Night) -> dict[str, Any]:
        o = night_overview(night=night)
        return {
            **SessionSerializer(o.night).data,
            "players": [p.pk for p in o.players],
            "gone": [p.pk for p in o.gone],
            "waiting": [p.pk for p in o.waiting],
            "tables": [
                {
                    "table": t.seating.table,
                    "round": t.seating.round.number,
                    "seats": {seat: p.pk for seat, p in t.seats.items()},
                    "game": t.game.pk if t.game else None,
                }
                for t in o.current_tables
            ],
            "rounds": [
                {
                    "number": r.round.number,
                    "sit_outs": [p.pk for p in r.sit_outs],
                    "tables": [
                        {
                            "table": t.seating.table,
                            "seats": {seat: p.pk for seat, p in t.seats.items()},
                            "game": t.game.pk if t.game else None,
                            "games": [g.pk for g in t.games],
                        }
                        for t in r.tables
                    ],
                }
                for r in o.rounds
            ],
            "history": [
                {
                    "action": e.action,
                    "by": e.by.get_username() if e.by else None,
                    "at": e.at.isoformat(),
                    "reason": e.reason,
                    "unfinished_games": e.details.get("unfinished_games", []),
                }
                for e in night_history(night=night)
            ],
        }

    @extend_schema(request=CheckInIn)
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str | None = None) -> Response:
        night = self.get_object()
        players = valid(CheckInIn, body(request), request=request, night=night)["players"]
        checkins.night_check_in(night=night, players=players, by=request.user)
        return Response(self._overview(night))

    @extend_schema(
        request=UndoCheckInIn,
        responses={200: OVERVIEW, 400: ERRORS, 403: ERRORS, 409: ERRORS},
        description="Undo a check-in made by mistake: only before the player has sat at a "
        "table tonight (409 `has_played` after; mark them gone instead).",
    )
    @action(detail=True, methods=["post"], url_path="undo-check-in")
    def undo_check_in(self, request: Request, pk: str | None = None) -> Response:
        night = self.get_object()
        player = valid(UndoCheckInIn, body(request), request=request, night=night)["player"]
        checkins.night_check_in_undo(night=night, player=player, by=request.user)
        return Response(self._overview(night))

    @extend_schema(
        request=LeaveIn,
        responses={200: OVERVIEW, 400: ERRORS, 403: ERRORS, 409: ERRORS},
        description="The player went home: kept in the night's history and standings, out "
        "of later rounds and tables' next games. Checking them in again brings them back.",
    )
    @action(detail=True, methods=["post"])
    def leave(self, request: Request, pk: str | None = None) -> Response:
        night = self.get_object()
        player = valid(LeaveIn, body(request), request=request, night=night)["player"]
        checkins.night_leave(night=night, player=player, by=request.user)
        return Response(self._overview(night))

    @extend_schema(
        request=inline_serializer(
            "SeatIn",
            {
                "method": serializers.ChoiceField(Night.Seating.values, required=False),
                "partnerships": serializers.ListField(
                    child=serializers.ListField(child=whole(), min_length=2, max_length=2),
                    max_length=PLAYERS_MAX // 2,
                    required=False,
                ),
                "seed": whole(0, SEED_MAX, required=False),
            },
        ),
        responses={201: OVERVIEW, 400: ERRORS, 403: ERRORS, 409: ERRORS},
        description="Seat the checked-in players at tables (a new round): 201 with the "
        "night, its tables and sit-outs. 409 when the night is closed.",
    )
    @action(detail=True, methods=["post"], parser_classes=JSON_ONLY)
    def seat(self, request: Request, pk: str | None = None) -> Response:
        night = self.get_object()
        data = body(request)
        pairs = None
        if data.get("partnerships") is not None:
            raw = data["partnerships"]
            if not isinstance(raw, list) or not all(isinstance(x, list) for x in raw):
                raise Invalid("Bad partnerships.", errors={"partnerships": ["a list of pairs"]})
            flat = {"partnerships": [i for pair in raw for i in pair]}
            found = valid(PartnersIn, flat, request=request, night=night)["partnerships"]
            by_id = {p.pk: p for p in found}
            pairs = [tuple(by_id[i] for i in pair) for pair in raw]
        seed = data.get("seed")
        if seed is not None and not whole_number(seed, minimum=0, maximum=SEED_MAX):
            raise Invalid("Bad seed.", errors={"seed": [f"a whole number from 0 to {SEED_MAX}"]})
        night_seating.night_seat(
            night=night,
            by=request.user,
            method=data.get("method"),
            partnerships=pairs,
            seed=seed,
        )
        return Response(self._overview(night), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses={201: OVERVIEW, 403: ERRORS, 409: ERRORS},
        description="Reseat the whole room once every table's game is over (409 "
        "`round_in_progress` before): sit-outs rotate so nobody sits out twice before "
        "everyone here has sat out once, late arrivals come in, partners (or, on a fixed "
        "night, opponents) repeat as little as possible.",
    )
    @action(detail=True, methods=["post"], url_path="next-round")
    def next_round(self, request: Request, pk: str | None = None) -> Response:
        night = self.get_object()
        night_rounds.night_next_round(night=night, by=request.user)
        return Response(self._overview(night), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses={200: OVERVIEW, 403: ERRORS, 409: ERRORS},
        description="Close the night: no more hands, games or check-ins (409 "
        "`session_closed`) until a director reopens it. Games still in progress stay "
        "unfinished; hands can still be confirmed and corrected.",
    )
    @action(detail=True, methods=["post"])
    def close(self, request: Request, pk: str | None = None) -> Response:
        night = night_closing.night_close(night=self.get_object(), by=request.user)
        return Response(self._overview(night))

    @extend_schema(
        request=inline_serializer(
            "ReopenIn",
            {
                "reason": serializers.CharField(
                    required=False,
                    max_length=REASON_MAX,
                    validators=[validate_text],
                    help_text="why (kept in history)",
                )
            },
        ),
        responses={200: OVERVIEW, 400: ERRORS, 403: ERRORS, 409: ERRORS},
        description="A director reopens a closed night: hands can be recorded and games "
        "started again. 409 when the night is open already.",
    )
    @action(detail=True, methods=["post"])
    def reopen(self, request: Request, pk: str | None = None) -> Response:
        data = body(request, ("reason",)) if request.data else {}
        night = checkins.night_reopen(
            night=self.get_object(), by=request.user, reason=data.get("reason", "")
        )
        return Response(self._overview(night))

    @extend_schema(
        parameters=[FORMAT],
        responses={(200, "application/json"): HANDS, (200, "text/csv"): CSV},
        description="Every hand of every game of the night (voided games too), by table, "
        "game and hand number: dealer, bidder, bid, trump, counters and points per side, "
        "penalties, who entered and confirmed it. `?format=csv` for a spreadsheet.",
    )
    @action(detail=True, methods=["get"], renderer_classes=JSON_OR_CSV)
    def hands(self, request: Request, pk: str | None = None) -> Response:
        night = self.get_object()
        if wants_csv(request):
            return csv_api_response(csv_exports.night_hands_table(night=night))
        return Response(csv_exports.night_hands_rows(night=night))

    @extend_schema(
        responses={200: NIGHT_TABLE_ROW, 403: ERRORS},
        description="The tables of the night's current round, each with its current game, "
        "players, and table link (`key`, and `url`: the page its card's QR code opens); "
        "live: the game's `status`, `hands` recorded, running `totals`, `unconfirmed` "
        "hands, the `seats` as they are now (after every exchange), and the night's "
        "`sitting_out` (the same list on every row). A director or scorer of the club.",
    )
    @action(detail=True, methods=["get"])
    def tables(self, request: Request, pk: str | None = None) -> Response:
        night = self.get_object()
        require_scorer(request.user, night.club, SEE_LINKS)
        rows = table_links.night_tables(night=night)
        progress = night_progress.tables_progress(night=night, rows=rows)
        return Response([{**table_row(r, request), **progress.row(r)} for r in rows])

    @extend_schema(
        request=NewGameIn,
        responses={
            201: inline_serializer(
                "NewGameOut",
                {
                    "game": serializers.IntegerField(),
                    "table": serializers.IntegerField(),
                    "came_in": serializers.ListField(child=serializers.IntegerField()),
                    "went_out": serializers.ListField(child=serializers.IntegerField()),
                },
            ),
            400: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
        },
        description="Random or fixed night: table `number`'s game is over, so it starts "
        "another. Players waiting to play come in and some of the table sit out, fairly "
        "(`came_in`, `went_out`); with nobody waiting the same four play on.",
    )
    @action(detail=True, methods=["post"], url_path=r"tables/(?P<number>[0-9]+)/new-game")
    def new_game(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        night = self.get_object()
        table = night_seating.current_table(night, int(number))
        dealer = valid(NewGameIn, body(request)).get("dealer", "north")
        new = table_games.table_next_game(table=table, by=request.user, dealer=dealer)
        return Response(
            {
                "game": new.game.pk,
                "table": table.table,
                "came_in": [p.pk for p in new.came_in],
                "went_out": [p.pk for p in new.went_out],
            },
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        request=None,
        responses={201: NEW_LINK, 403: ERRORS, 404: LINK_ERRORS[404]},
        description="A director replaces table `number`'s link: the old key answers 404 "
        "from now on. Print the table's card again.",
    )
    @action(detail=True, methods=["post"], url_path=r"tables/(?P<number>[0-9]+)/replace-link")
    def replace_link(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        night = self.get_object()
        require_director(
            request.user, night.club, "Only a director of the club can replace a table's link."
        )
        if int(number) not in table_links.night_table_numbers(night):
            raise table_links.LinkNotFound(f"This night's current round has no table {number}.")
        link = table_links.link_replace(
            club=night.club,
            kind=TableLink.Kind.NIGHT,
            night=night,
            number=int(number),
            by=request.user,
        )
        return replaced_out(link, request)
