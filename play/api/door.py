"""/api/v1/door/{key}/: a night's door link, no login needed. The key lets a phone
find a name and check that player in; the signed cookie the check-in sets is what
shows the phone its own seat (and no one else's).

Thin: :mod:`play.door_checkin` finds the night and checks in with a
:class:`~play.door_checkin.DoorActor`; :mod:`play.door` says where a player sits.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from play import door, table_links
from play import door_checkin as club_door
from play.api.fields import PlayerIdField, player_component, player_out
from play.api.schema import ERRORS
from rookclub.clubs.models import Player
from rookclub.core.api import body
from rookclub.core.errors import Invalid, NotFound
from rookclub.core.limits import ID_MAX, NAME_MAX

DOOR = inline_serializer(
    "Door",
    {
        "night": serializers.IntegerField(help_text="the club night's id"),
        "club": serializers.CharField(help_text="the club's name"),
        "open": serializers.BooleanField(help_text="false: the night is closed"),
        "players": serializers.ListField(
            child=player_component("DoorListed")(),
            help_text="the club's active players, by name; empty once the night is closed",
        ),
    },
)
CHECK_IN = inline_serializer(
    "DoorCheckInIn",
    {
        "player": serializers.IntegerField(
            required=False, min_value=1, max_value=ID_MAX, help_text="a listed player's id"
        ),
        "name": serializers.CharField(
            required=False,
            max_length=NAME_MAX,
            help_text="I'm new here: adds a player (when the director allows it)",
        ),
    },
)
DOOR_PLAYER = player_component("DoorPlayer")
CHECKED_IN = inline_serializer(
    "DoorCheckedIn", {"player": DOOR_PLAYER(), "checked_in": serializers.BooleanField()}
)
SEAT = inline_serializer(
    "DoorSeat",
    {
        "player": DOOR_PLAYER(),
        "checked_in": serializers.BooleanField(),
        "table": serializers.IntegerField(allow_null=True),
        "seat": serializers.CharField(allow_null=True, help_text="north, east, south or west"),
        "partner": DOOR_PLAYER(allow_null=True),
        "opponents": serializers.ListField(child=DOOR_PLAYER()),
        "table_url": serializers.URLField(
            allow_null=True, help_text="the table's link: its score page"
        ),
        "sitting_out": serializers.BooleanField(
            help_text="here, the night is seated, and at no table now"
        ),
    },
)
DOOR_ERRORS = {
    400: ERRORS,
    403: ERRORS,
    404: OpenApiResponse(
        description="Unknown or replaced key, a player not listed here, or (a seat) a "
        "player this phone did not check in."
    ),
    409: OpenApiResponse(
        description="{detail, code}: the night is closed (`session_closed`), another phone "
        "or the director's desk holds the player (`claimed`), or this phone holds another "
        "player (`one_player_per_phone`)."
    ),
    429: OpenApiResponse(
        description="{detail, code: `rate_limited`}, with Retry-After: too many check-ins "
        "through this link this minute, too many players claimed by this phone tonight "
        "(`DOOR_CLAIMS_PER_PHONE`), or from this address in 10 minutes "
        "(`DOOR_CLAIMS_PER_ADDRESS`)."
    ),
}


def seat_out(seat: door.DoorSeat, request: Any) -> dict[str, Any]:
    return {
        "player": player_out(seat.player),
        "checked_in": seat.checked_in,
        "table": seat.table,
        "seat": seat.seat,
        "partner": player_out(seat.partner),
        "opponents": [player_out(p) for p in seat.opponents],
        "table_url": table_links.link_url(seat.link, request) if seat.link else None,
        "sitting_out": seat.sitting_out,
    }


def _night(key: Any) -> Any:
    try:
        return club_door.door_find(key)
    except club_door.DoorNotFound as error:
        raise NotFound(error.message) from None


class DoorPlayerIn(serializers.Serializer):
    player = PlayerIdField()

    def validate_player(self, pid: int) -> int:
        if not 1 <= pid <= ID_MAX:  # refused as the schema says, not looked up
            raise serializers.ValidationError("must be a player id")
        return pid


class DoorViewSet(viewsets.GenericViewSet):
    """A night's door link: its players, checking in, where a player sits. Unknown or
    replaced keys answer 404; check-ins are limited per link (429)."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []  # the key is the credential; no session, no CSRF
    # A phone tells "another phone holds this player" from "the night is closed".
    code_in_body = True
    lookup_field = "key"
    lookup_value_regex = "[A-Za-z0-9_-]+"
    serializer_class = serializers.Serializer

    @extend_schema(responses={200: DOOR, 404: DOOR_ERRORS[404]})
    def retrieve(self, request: Request, key: str | None = None) -> Response:
        night = _night(key)
        players = door.door_players(night=night)
        return Response(
            {
                "night": night.pk,
                "club": night.club.name,
                "open": night.is_open,
                "players": [{"id": pk, "name": name} for pk, name in players],
            }
        )

    @extend_schema(
        request=CHECK_IN,
        responses={201: CHECKED_IN, 200: CHECKED_IN, **DOOR_ERRORS},
        description="Check a listed player in (`player`), or, when the director allows "
        "it, add a newcomer by `name` and check them in. The answer sets this phone's "
        "signed cookie for the night: send it back to see the player's seat. 201; 200 "
        "when this phone had checked them in already. 409 with the sentence and a code "
        "when the night is closed, when another phone (or the director's desk) holds the "
        "player, or when this phone holds another player tonight.",
    )
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, key: str | None = None) -> Response:
        night = _night(key)
        door.throttle_door(request, night)
        data = body(request)
        actor = club_door.DoorActor(night.pk)
        phone = door.phone_of(request, night) or club_door.new_phone()

        def claim() -> None:
            door.throttle_claim(request, night, phone)

        if "player" in data:
            checked = DoorPlayerIn(data=data, context={"request": request})
            if not checked.is_valid():  # a DomainError: answered with its code, as the door's
                raise Invalid("Bad player.", errors=checked.errors)
            pid = checked.validated_data["player"]
            player = Player.objects.filter(club=night.club_id, pk=pid).first()
            if player is None:
                raise NotFound("This player is not known here.")
            done = club_door.door_check_in(
                night=night, by=actor, phone=phone, player=player, on_claim=claim
            )
        elif "name" in data:
            done = club_door.door_check_in(
                night=night, by=actor, phone=phone, name=data["name"], on_claim=claim
            )
        else:
            raise Invalid("Say who you are.", errors={"player": ["give a player id or a name"]})
        response = Response(
            {"player": player_out(done.player), "checked_in": True},
            status=status.HTTP_201_CREATED if done.created else status.HTTP_200_OK,
        )
        door.phone_keep(request, response, night, phone)
        return response

    @extend_schema(
        responses={200: SEAT, 404: DOOR_ERRORS[404]},
        description="Where a player sits now, for the phone that checked them in (its "
        "cookie from check-in): 404 for any other. `table_url` only while the night is "
        "open.",
    )
    @action(detail=True, methods=["get"], url_path=r"players/(?P<player>[0-9]+)")
    def player(self, request: Request, key: str | None = None, player: str = "") -> Response:
        night = _night(key)
        if len(player) > 18 or int(player) > ID_MAX:
            raise NotFound("This player is not known here.")
        seat = door.door_seat(
            night=night, player_id=int(player), phone=door.phone_of(request, night)
        )
        return Response(seat_out(seat, request))
