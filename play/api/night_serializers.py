"""What the nights API reads and answers: a night, check-in and seating bodies, the overview."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, inline_serializer
from rest_framework import serializers

from play import csv_exports
from play.api.fields import (
    GameForFiveField,
    GameForSixField,
    PlayerIdField,
    PlayerIdsField,
    RulesetOptionsField,
    RulesetSlugField,
)
from play.models import Night
from rookclub.clubs.models import Club, Player
from rookclub.core.api import VisibleRelatedField, whole
from rookclub.core.limits import ID_MAX, PLAYERS_MAX


# Named for the schema's component ("Session"): the API's public name for a night.
class SessionSerializer(serializers.ModelSerializer):
    club = VisibleRelatedField(queryset=Club.objects.all(), club_path="")  # only yours
    ruleset = RulesetSlugField(source="ruleset_slug", default="tournament", max_length=40)
    options = RulesetOptionsField(source="ruleset_options", required=False)
    status = serializers.CharField(read_only=True, help_text="open or closed")
    tables_of_five_or_six = serializers.BooleanField(
        required=False,
        default=False,
        help_text="seat those who would sit out at tables of five or six instead "
        "(random or progressive seating)",
    )
    game_for_five = GameForFiveField(
        required=False,
        allow_blank=True,
        max_length=40,
        default="five-player",
        help_text="the ruleset tables of five play (a game for five; blank: none)",
    )
    game_for_six = GameForSixField(
        required=False,
        allow_blank=True,
        max_length=40,
        default="six-player",
        help_text="the ruleset tables of six play (a game for six; blank: none)",
    )

    door_new_players = serializers.BooleanField(
        required=False, help_text='the door link offers "I\'m new here" (adds a player)'
    )

    class Meta:
        model = Night
        fields = [
            "id",
            "club",
            "date",
            "status",
            "seating_method",
            "ruleset",
            "options",
            "tables_of_five_or_six",
            "game_for_five",
            "game_for_six",
            "closed_at",
            "door_new_players",
        ]
        read_only_fields = ["status", "closed_at"]


def _club_players(night: Night, ids: list[int]) -> list[Player]:
    """The players ``ids`` names, each one of the night's club's; else a field's messages."""
    # An id beyond the database's integers names no player (and SQLite cannot take it).
    known = [i for i in ids if 0 < i <= ID_MAX]
    players = {p.pk: p for p in Player.objects.filter(pk__in=known, club=night.club_id)}
    missing = [i for i in ids if i not in players]
    if missing:
        raise serializers.ValidationError([f"no player {i} in this club" for i in missing])
    return [players[i] for i in ids]


# At least one player, as the schema says: a form's empty list (no field at all) and
# a JSON [] are refused alike.
class CheckInIn(serializers.Serializer):
    players = PlayerIdsField(child=whole(), min_length=1, max_length=PLAYERS_MAX)

    def validate_players(self, ids: list[int]) -> list[Player]:
        return _club_players(self.context["night"], ids)


class UndoCheckInIn(serializers.Serializer):
    player = PlayerIdField()

    def validate_player(self, pid: int) -> Player:
        return _club_players(self.context["night"], [pid])[0]


class LeaveIn(UndoCheckInIn):
    pass


class PartnersIn(serializers.Serializer):
    """A seating's partnerships, their ids in one list (checked as a check-in's are)."""

    partnerships = PlayerIdsField(max_length=PLAYERS_MAX)

    def validate_partnerships(self, ids: list[int]) -> list[Player]:
        return _club_players(self.context["night"], ids)


class NewGameIn(serializers.Serializer):
    dealer = serializers.ChoiceField(
        ["north", "east", "south", "west"],
        required=False,
        error_messages=dict.fromkeys(("null", "invalid_choice"), "north, east, south or west"),
    )


OVERVIEW = inline_serializer(
    "SessionOverview",
    {
        # The night as SessionSerializer answers it ...
        "id": serializers.IntegerField(),
        "club": serializers.IntegerField(),
        "date": serializers.DateField(),
        "status": serializers.CharField(help_text="open or closed"),
        "seating_method": serializers.CharField(),
        "ruleset": serializers.CharField(),
        "options": serializers.DictField(help_text="the night's house rules"),
        "tables_of_five_or_six": serializers.BooleanField(),
        "game_for_five": serializers.CharField(help_text="blank: none"),
        "game_for_six": serializers.CharField(help_text="blank: none"),
        "closed_at": serializers.DateTimeField(allow_null=True),
        "door_new_players": serializers.BooleanField(),
        # ... and who is here, the tables and rounds.
        "players": serializers.ListField(
            child=serializers.IntegerField(), help_text="Checked in and still here."
        ),
        "gone": serializers.ListField(
            child=serializers.IntegerField(), help_text="Checked in, then went home."
        ),
        "waiting": serializers.ListField(
            child=serializers.IntegerField(),
            help_text="Here but at no table now: sitting out, or arrived after the seating.",
        ),
        "tables": serializers.ListField(
            child=serializers.DictField(),
            help_text="Each table's current seating (its latest: a table is reseated when "
            "waiting players come in) with its round number and current game.",
        ),
        "rounds": serializers.ListField(child=serializers.DictField()),
        "history": serializers.ListField(
            child=serializers.DictField(),
            help_text="closing and reopening: action, by, at, reason, unfinished_games",
        ),
        "door_key": serializers.CharField(
            required=False, help_text="its directors only: the door link's key"
        ),
        "door_url": serializers.URLField(
            required=False, help_text="its directors only: the door page (the poster's QR code)"
        ),
    },
)
HANDS = inline_serializer(
    "NightHand",
    {
        key: serializers.JSONField()
        for key in csv_exports.hand_dict(tuple(range(len(csv_exports.HANDS_HEADER))))
    },
    many=True,
)
CLUB = OpenApiParameter(
    "club",
    {"type": "integer", "minimum": 1, "maximum": ID_MAX},
    required=False,
    description="only this club's",
)


CSV = OpenApiTypes.STR  # a text/csv answer (?format=csv), UTF-8 with a byte-order mark
FORMAT = OpenApiParameter(
    "format",
    str,
    enum=["json", "csv"],
    required=False,
    description="csv: the same rows as a spreadsheet file (docs/rosters.md names the columns)",
)
