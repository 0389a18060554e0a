"""Fields the play API shares: rulesets and house rules, players' ids, a player shown.

The engine refuses an unknown ruleset slug with its own message ("unknown ruleset
'x'; known: …"), so those stay text fields; only the OpenAPI schema gains the
``enum`` (every bound the server keeps is in the schema).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import empty
from rest_framework.utils import html

from play.models import SEAT_CHOICES
from rookclub.core.api import OptionsField, form_id, form_ids
from rookclub.core.limits import ID_MAX, OPTIONS_MAX
from scoring.engine import PRESETS
from scoring.engine.option_schema import options_schema


def _slugs(players: int | None = None) -> list[str]:
    return [s for s, r in PRESETS.items() if players is None or len(r.player_seats) == players]


@extend_schema_field({"type": "string", "enum": _slugs()})
class RulesetSlugField(serializers.CharField):
    """A ruleset's slug (``GET /api/v1/rulesets/`` lists them)."""


@extend_schema_field({"type": "string", "enum": ["", *_slugs(5)]})
class GameForFiveField(serializers.CharField):
    """The ruleset tables of five play: a game for five players, or "" for none."""


@extend_schema_field({"type": "string", "enum": ["", *_slugs(6)]})
class GameForSixField(serializers.CharField):
    """The ruleset tables of six play: a game for six players, or "" for none."""


#: The seats a game's rows can hold (``play.services.STORED_SEATS``).
STORED_SEATS = tuple(seat for seat, _ in SEAT_CHOICES)


def _options(seat_names: tuple[str, ...] | None = None) -> dict:
    return {**options_schema(seat_names=seat_names), "maxProperties": OPTIONS_MAX}


@extend_schema_field(_options())
class RulesetOptionsField(OptionsField):
    """A ruleset's ``options`` (house rules): the schema names every option with its
    type and bounds (``scoring.engine.option_schema``); the engine checks them, and
    whether they can be played together (400 ``house_rules`` when not)."""

    @staticmethod
    def schema() -> dict:
        """Its schema, for an object that holds house rules (an event's options)."""
        return options_schema()


@extend_schema_field(_options(STORED_SEATS))
class GameOptionsField(RulesetOptionsField):
    """A game's house rules: as a night's, with seats a game's rows can hold."""


@cache
def player_component(name: str) -> type[serializers.Serializer]:
    """A player in an answer, ``{id, name}``, as the schema's component ``name``: one class
    per name (drf-spectacular takes two classes of one name for a clash)."""
    fields = {"id": serializers.IntegerField(), "name": serializers.CharField()}
    return type(name, (serializers.Serializer,), fields)


def player_out(player: Any) -> dict[str, Any] | None:
    return None if player is None else {"id": player.pk, "name": player.name}


def _from_form(field: serializers.Field) -> bool:
    return html.is_html_input(getattr(field.context.get("request"), "data", None))


class PlayerIdsField(serializers.ListField):
    """Players' ids, in a JSON list or a form (its ids are text, and its empty list is
    no field at all, as a browser's empty select). Only the ids' type is checked here:
    an id out of bounds, as an unknown one, is the view's "no player N in this club"."""

    default_error_messages = {
        **dict.fromkeys(("required", "null", "not_a_list"), "must be a list of player ids"),
        "min_length": "name at least one player",
        "max_length": "{max_length} players at most",
    }

    def get_value(self, dictionary: Any) -> Any:
        value = dictionary.get(self.field_name, empty)
        if not _from_form(self):
            return value
        return [] if value is empty else form_ids(value)

    def to_internal_value(self, data: Any) -> list[int]:
        if not isinstance(data, list) or not all(isinstance(i, int) for i in data):
            self.fail("not_a_list")
        return data


class PlayerIdField(serializers.IntegerField):
    """A player's id: a JSON whole number, or a form's text of one ("12"). As
    :class:`PlayerIdsField`, only its type is checked here."""

    default_error_messages = dict.fromkeys(("required", "null", "invalid"), "must be a player id")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.min_value, self.max_value = 1, ID_MAX  # the schema's bounds (no check)

    def get_value(self, dictionary: Any) -> Any:
        value = dictionary.get(self.field_name, empty)
        return form_id(value) if _from_form(self) else value

    def to_internal_value(self, data: Any) -> int:
        if not isinstance(data, int) or isinstance(data, bool):  # not "12" in JSON, nor true
            self.fail("invalid")
        return data
