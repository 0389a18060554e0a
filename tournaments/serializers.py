"""Request and response shapes of the tournament API (also its OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from play.api.fields import RulesetOptionsField, RulesetSlugField
from rookclub.clubs.models import Club
from rookclub.core.api import OptionsField, VisibleRelatedField, whole
from rookclub.core.limits import OPTIONS_MAX, REASON_MAX, SCORE_MAX, validate_name, validate_text
from tournaments import standings_data
from tournaments.entries import ENTRY_SEED_MAX
from tournaments.formats.standings import TIE_BREAKERS
from tournaments.models import AuditEntry, Entry, Match, Round, Tournament
from tournaments.services import (
    CLOCK_MAX,
    ENTRY_FEE_MAX,
    MOVEMENTS,
    OPTION_MAXIMA,
    PLAYOFF_PLACES_MAX,
    PLAYOFF_TARGET_MAX,
)
from tournaments.tie_breakers import ORDER as TIE_BREAKER_KEYS

# ---- requests -------------------------------------------------------------------------------

PINS_MAX = 100
PARTNER_PINS_MAX = 500


@extend_schema_field(
    {
        "type": "array",
        "minItems": 1,
        "maxItems": 9,
        "items": {
            "type": "array",
            "minItems": 2,
            "maxItems": 2,
            "items": {"type": "integer", "minimum": -SCORE_MAX, "maximum": SCORE_MAX},
        },
    }
)
class ScoresField(serializers.JSONField):
    """A match's games, checked by the service (one message per game)."""


def _event_options() -> dict[str, Any]:
    """The ``options`` ``tournaments.services.tournament_create`` takes, option by option;
    the house rules (``ruleset_options``) as a night's ``options``."""
    flag = {"type": "boolean"}
    clock = {"type": "integer", "minimum": 1, "maximum": CLOCK_MAX}
    return {
        "type": "object",
        "properties": {
            "tie_breakers": {
                "type": "array",
                "nullable": True,
                "minItems": 1,
                "maxItems": len(TIE_BREAKERS),
                "items": {"type": "string", "enum": list(TIE_BREAKERS)},
            },
            "round_clock": {
                "type": "object",
                "nullable": True,
                "additionalProperties": False,
                "properties": {"hands": clock, "minutes": clock},
            },
            **{key: flag for key in ("third_place", "reset", "check_in_required", "start_games")},
            **{
                key: {"type": "integer", "minimum": 0, "maximum": most}
                for key, (most, _) in OPTION_MAXIMA.items()
            },
            "movement": {"type": "string", "enum": list(MOVEMENTS)},
            "partners": {"type": "string", "enum": ["fixed", "drawn"]},
            "playoff_target": {
                "type": "integer",
                "minimum": 5,
                "maximum": PLAYOFF_TARGET_MAX,
                "multipleOf": 5,
            },
            "playoff_places": {"type": "integer", "minimum": 1, "maximum": PLAYOFF_PLACES_MAX},
            "ruleset_options": {**RulesetOptionsField.schema(), "nullable": True},
        },
        "additionalProperties": False,
        "maxProperties": OPTIONS_MAX,
    }


@extend_schema_field(_event_options())
class EventOptionsField(OptionsField):
    """An event's ``options``; its ``ruleset_options`` are house rules (400
    ``house_rules`` when they cannot be played together)."""


@extend_schema_field(
    {"type": "integer", "enum": [1, 3, 5, 7, 9], "minimum": 1, "maximum": 9, "default": 1}
)
class GamesPerMatchField(serializers.IntegerField):
    """An odd number of games: one game, or best of 3, 5, 7 or 9."""


FEE_TEXT = (
    "What each entry pays to play (a partnership, or a player signing up alone where "
    "partners are drawn), in the club's money: 0 to 9999.99, at most two decimals "
    "(a JSON number such as 12.5 is taken too); null: no fee (shown only: Rookclub "
    "takes no payments)"
)


@extend_schema_field(
    {
        "type": "string",
        "pattern": r"^\d{1,4}(?:\.\d{1,2})?$",
        "format": "decimal",
        "maxLength": 7,
        "examples": ["10", "12.50"],
    }
)
class EntryFeeField(serializers.DecimalField):
    """An event's entry fee: an amount of at most two decimals, never below 0."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            max_digits=7, decimal_places=2, min_value=0, max_value=ENTRY_FEE_MAX, **kwargs
        )


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, validators=[validate_name])
    club = VisibleRelatedField(queryset=Club.objects.all(), club_path="")
    ruleset = RulesetSlugField(max_length=40, default="tournament")
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    rounds = serializers.IntegerField(min_value=1, max_value=99, required=False, allow_null=True)
    games_per_match = GamesPerMatchField(min_value=1, max_value=9, default=1)
    options = EventOptionsField(
        required=False,
        default=dict,
        help_text="tie_breakers (a list of keys in order, from GET "
        "/api/v1/tournaments/tie-breakers/: " + ", ".join(TIE_BREAKER_KEYS) + "), "
        "round_clock {hands, minutes} (1-600), bye_points, cycles "
        "(0-9), final_best_of (0-9), third_place, reset, movement, check_in_required, "
        "partners ('drawn': players sign up alone and are paired at the start), "
        "playoff_target (a playoff game's points, 500), playoff_places (1: first only), "
        "ruleset_options",
    )
    entry_fee = EntryFeeField(required=False, allow_null=True, default=None, help_text=FEE_TEXT)


class TieBreakerSerializer(serializers.Serializer):
    """One tie-breaker of ``tournaments.tie_breakers.REGISTRY``."""

    key = serializers.ChoiceField(
        choices=list(TIE_BREAKER_KEYS), help_text="As stored in options.tie_breakers."
    )
    name = serializers.CharField()
    abbr = serializers.CharField(help_text="The standings column's heading.")
    description = serializers.CharField(help_text="What it counts, in one line.")


class EntryCreateSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=160, required=False, allow_blank=True, validators=[validate_name]
    )
    players = serializers.ListField(child=whole(), min_length=1, max_length=2)
    seed = whole(1, ENTRY_SEED_MAX, required=False, allow_null=True)


class StartSerializer(serializers.Serializer):
    draw_seed = serializers.CharField(max_length=40, required=False, allow_blank=True)


def _pairs(**kwargs: Any) -> serializers.ListField:
    """A list of pairs of entry ids."""
    return serializers.ListField(
        child=serializers.ListField(child=whole(), min_length=2, max_length=2), **kwargs
    )


class PartnerPinsSerializer(serializers.Serializer):
    pins = _pairs(
        max_length=PARTNER_PINS_MAX,
        help_text="every pair to keep together in the draw, as two sign-up entry ids; "
        "replaces the pins set before ([] clears them)",
    )


class PairSerializer(serializers.Serializer):
    pins = _pairs(required=False, default=list, max_length=PINS_MAX)
    forced_bye = whole(required=False, allow_null=True)


class ResultSerializer(serializers.Serializer):
    games = ScoresField(help_text="[[score_a, score_b], ...] in playing order")
    confirm = serializers.BooleanField(
        default=False, help_text="correcting: reset later matches that depend on this result"
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=REASON_MAX,
        validators=[validate_text],
        help_text="correcting a match that has a result: why (required; 400 without it). "
        "Kept in the tournament's history",
    )
    tie = serializers.BooleanField(
        default=False,
        help_text="a game of a fixed number of hands ended tied: yes, record the tie "
        "(without it a tie is refused; a game to a target can never end tied)",
    )


class OverrideSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["swap", "pin", "force_bye", "repair"])
    a = whole(required=False, allow_null=True)
    b = whole(required=False, allow_null=True)


class WithdrawSerializer(serializers.Serializer):
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=REASON_MAX,
        validators=[validate_text],
    )


# ---- responses ------------------------------------------------------------------------------


class EntryRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)


PARTNER_DRAW = (
    "Drawn partners: `pins` (sign-up entry ids a director keeps together); once started "
    "also `pool` (the sign-ups drawn, in order) and `pairs`, drawn with `draw_seed`. "
    "Empty for fixed partners."
)


@extend_schema_field(
    {
        "type": "object",
        "properties": {
            key: {
                "type": "array",
                "items": {"type": "integer"}
                if key == "pool"
                else {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
            }
            for key in ("pins", "pool", "pairs")
        },
    }
)
class PartnerDrawField(serializers.JSONField):
    """``Tournament.partner_draw``."""


class TournamentSerializer(serializers.ModelSerializer):
    partner_draw = PartnerDrawField(read_only=True, help_text=PARTNER_DRAW)
    ruleset = serializers.CharField(source="ruleset_slug")
    entry_fee = EntryFeeField(read_only=True, allow_null=True, help_text=FEE_TEXT)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "club",
            "name",
            "ruleset",
            "format",
            "rounds",
            "games_per_match",
            "options",
            "entry_fee",
            "status",
            "seeding",
            "draw_seed",
            "partner_draw",
            "created_at",
        ]


class EntrySerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = ["id", "name", "players", "seed", "status", "checked_in", "late", "history"]

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_players(self, entry: Entry) -> list[int]:
        return [p.pk for p in entry.players.all()]


class MatchGameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    score_a = serializers.IntegerField(allow_null=True)
    score_b = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField(source="game_id", allow_null=True)


def _ref(entry: Entry | None) -> dict[str, Any] | None:
    return None if entry is None else {"id": entry.pk, "name": entry.name, "seed": entry.seed}


class MatchSerializer(serializers.ModelSerializer):
    """``entries`` in the order ``result`` scores them (one entry for a bye)."""

    entries = serializers.SerializerMethodField()
    partners = serializers.SerializerMethodField()
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    games = MatchGameSerializer(many=True)
    score = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id",
            "table",
            "entries",
            "partners",
            "bye",
            "status",
            "winner",
            "games",
            "score",
            "flags",
            "bracket_key",
            "section",
            "bracket_round",
            "position",
        ]

    @extend_schema_field(EntryRefSerializer(many=True))
    def get_entries(self, match: Match) -> list[dict[str, Any]]:
        return [_ref(e) for e in (match.entry_a, match.entry_b) if e is not None]

    @extend_schema_field(EntryRefSerializer(many=True))
    def get_partners(self, match: Match) -> list[dict[str, Any]]:
        """Individual events: the partners of ``entries``, in the same order."""
        return [_ref(e) for e in (match.partner_a, match.partner_b) if e is not None]

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_score(self, match: Match) -> list[int]:
        return list(standings_data.points(match))


class RoundSerializer(serializers.ModelSerializer):
    matches = MatchSerializer(many=True)

    class Meta:
        model = Round
        fields = ["id", "number", "status", "started_at", "flags", "matches"]


def _goes_to(match_id: int | None, slot: int) -> dict[str, int] | None:
    return None if match_id is None else {"match": match_id, "slot": slot}


class BracketMatchSerializer(MatchSerializer):
    """Entries by slot (``null`` while unknown); where the winner and loser go."""

    round = serializers.IntegerField(source="bracket_round")
    play_round = serializers.IntegerField(source="round.number")
    winner_to = serializers.SerializerMethodField()
    loser_to = serializers.SerializerMethodField()

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "round", "play_round", "winner_to", "loser_to"]

    @extend_schema_field(EntryRefSerializer(many=True, allow_null=True))
    def get_entries(self, match: Match) -> list[dict[str, Any] | None]:
        return [_ref(match.entry_a), _ref(match.entry_b)]

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_winner_to(self, match: Match) -> dict[str, int] | None:
        return _goes_to(match.winner_to_id, match.winner_to_slot)

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_loser_to(self, match: Match) -> dict[str, int] | None:
        return _goes_to(match.loser_to_id, match.loser_to_slot)


class PlacementSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    place = serializers.IntegerField()


class BracketSerializer(serializers.Serializer):
    format = serializers.CharField()
    matches = BracketMatchSerializer(many=True)
    placements = PlacementSerializer(many=True)


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    entry = EntryRefSerializer()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    match_points = serializers.FloatField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    spread = serializers.IntegerField()
    buchholz = serializers.FloatField()
    sonneborn_berger = serializers.FloatField()
    tie_breakers = serializers.DictField()
    decided_by = serializers.CharField(allow_null=True)
    playoff_needed = serializers.BooleanField()
    tied_with = serializers.ListField(child=serializers.IntegerField())
    place = serializers.IntegerField(allow_null=True)
    played_off = serializers.BooleanField(
        help_text="the entry shared this place after every tie-breaker and a playoff "
        "decided it (`decided_by` is then `playoff` below the playoff's winner)"
    )


class AuditEntrySerializer(serializers.ModelSerializer):
    class Meta:
        model = AuditEntry
        fields = ["id", "when", "who", "what", "match", "before", "after", "reason"]


class GameStartedSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="the scoring game (hands: /api/v1/games/)")


class PlayoffStartSerializer(serializers.Serializer):
    draw_seed = serializers.CharField(
        max_length=40,
        required=False,
        allow_blank=True,
        help_text="shuffles the deck of a three-way card draw for the bye (stored and "
        "shown; random when not given)",
    )


class CardDrawnSerializer(serializers.Serializer):
    turn = serializers.IntegerField(help_text="1; 2 for those who tied for the high card")
    entry = serializers.IntegerField()
    card = serializers.CharField(help_text='e.g. "12 green"')


class PlayoffSerializer(serializers.Serializer):
    place = serializers.IntegerField(source="playoff.place", help_text="the place shared")
    entries = serializers.ListField(
        source="playoff.entries",
        child=serializers.IntegerField(),
        help_text="the tied entries in the standings' order (the playoff's seeds)",
    )
    draw_seed = serializers.CharField(source="playoff.draw_seed")
    draw = CardDrawnSerializer(many=True, help_text="three tied: the cards drawn for the bye")
    bye = serializers.IntegerField(allow_null=True)
    matches = MatchSerializer(many=True)
    order = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="the tied entries in their final order; null until decided",
    )
