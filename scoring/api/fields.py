"""Request fields naming a ruleset: the schema lists the slugs the server knows.

The engine refuses an unknown slug with its own message ("unknown ruleset 'x';
known: …"), so these stay text fields; only the OpenAPI schema gains the ``enum``
(issue 27: every bound the server keeps is in the schema).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.engine import PRESETS


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
