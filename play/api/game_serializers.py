"""What the API reads and answers for a game: a game started (its ruleset, options,
seats), a void's reason, and the game's sheet (``GameOut``, with its hands)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from play.api.fields import GameOptionsField, RulesetSlugField
from play.api.hand_schema import SEAT_HELP
from play.api.hand_serializers import TOTALS, WINNERS, HandOut, hand_out
from play.models import Game, Night
from play.score_sheets import GameSheet
from rookclub.clubs.models import Player
from rookclub.core.api import VisibleRelatedField
from rookclub.core.limits import REASON_MAX, SOMETHING_PATTERN
from scoring.engine.hand_fields import SEAT_LENGTH_MAX


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
