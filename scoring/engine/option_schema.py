"""Ruleset options as JSON Schema: each option's type, values and bounds. Whether options
can be played together is ``rulesets.validate``'s to say (code ``house_rules``).
tests/engine/test_option_schema.py holds this to the engine."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from .options import CHOICES, is_int
from .rulesets import NON_NEGATIVE, Ruleset

#: Options the engine refuses below 1 (a target, a bid step, a hand size…). Where the
#: engine takes 0 or less but ignores it (no bidding: ``min_bid``), 1 is still asked.
_POSITIVE = (
    *("min_bid", "max_bid", "bid_step", "hand_size", "nest_exchange", "target", "fixed_hands"),
    *("set_opponents_multiplier", "renege_points"),
)
#: Not an option: the slug names the preset the options change.
_NOT_OPTIONS = ("slug",)
RANK_MIN, RANK_MAX = 1, 14
#: Upper bounds (every number, text and list a client sends has one). Points,
#: bids and targets as scores are stored (``rookclub.core.limits.SCORE_MAX``); cards
#: within the largest deck (14 ranks of 4 colours and the Bird); hands within the
#: largest hand number a game records; a table of at most eight seats.
POINTS_MAX = 99_999
CARDS_MAX = RANK_MAX * 4 + 1
HANDS_MAX = 9999
MULTIPLIER_MAX = 100
SEATS_MAX = 8
NAME_MAX = 120
SEAT_NAME_MAX = 20
_CARDS = ("nest_size", "hand_size", "cards_out", "nest_exchange")
#: What an option does where its name alone does not say it (the rest: docs/rules.md §15).
_DESCRIPTIONS = {
    "renege_points": "a renege found later scores minus this for the reneging side and plus "
    "this for every other side, nothing else (docs/rules.md §5); null: the reneging side is "
    "set back the bid",
}
_HANDS = ("fixed_hands", "seat_exchange_interval")


def _special(name: str, seat: dict[str, Any]) -> dict[str, Any] | None:
    """The options that are lists or objects."""
    seats = {"type": "array", "items": seat, "maxItems": SEATS_MAX}
    if name == "seats":
        return {
            **seats,
            "minItems": 2,
            "uniqueItems": True,
            "description": "the seats clockwise (at least two, each named once)",
        }
    if name == "dummy_seats":
        return {**seats, "description": "seats dealt a hand nobody holds (among `seats`)"}
    if name == "sides":
        return {
            "type": "object",
            "additionalProperties": seats,
            "maxProperties": SEATS_MAX,
            "description": "side name -> its seats (fixed partnerships: every seat on one side)",
        }
    if name == "ranks":
        return {
            "type": "array",
            "minItems": 1,
            "maxItems": RANK_MAX,
            "uniqueItems": True,
            "items": {"type": "integer", "minimum": RANK_MIN, "maximum": RANK_MAX},
            "description": "the ranks in the deck, each once",
        }
    if name == "counter_values":
        points = {"type": "integer", "minimum": 0, "maximum": POINTS_MAX}
        return {
            "type": "object",
            "properties": {str(rank): points for rank in range(RANK_MIN, RANK_MAX + 1)},
            "additionalProperties": False,
            "description": 'rank -> its points, e.g. {"5": 5, "10": 10, "14": 10}',
        }
    return None


def _option(field: dataclasses.Field, seat: dict[str, Any]) -> dict[str, Any]:
    name, kind = field.name, str(field.type)
    special = _special(name, seat)
    if special is not None:
        return special
    if name in CHOICES:
        return {"type": "string", "enum": list(CHOICES[name])}
    if kind == "bool":
        return {"type": "boolean"}
    if kind == "str":
        return {"type": "string", "maxLength": NAME_MAX}
    schema: dict[str, Any] = {"type": "integer"}
    if name in NON_NEGATIVE:
        schema["minimum"] = 0
    elif name in _POSITIVE:
        schema["minimum"] = 1
    most = {**dict.fromkeys(_CARDS, CARDS_MAX), **dict.fromkeys(_HANDS, HANDS_MAX)}
    schema["maximum"] = most.get(name, MULTIPLIER_MAX if "multiplier" in name else POINTS_MAX)
    if kind == "int | None":
        schema["nullable"] = True
    if name in _DESCRIPTIONS:
        schema["description"] = _DESCRIPTIONS[name]
    return schema


def options_schema(*, seat_names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The JSON Schema of a ruleset's ``options`` object: the options ``Ruleset`` has
    (no other), each with its type, its values and its bounds. ``seat_names``: the
    seat names a caller can store (a game's rows), else any name."""
    seat = (
        {"type": "string", "enum": list(seat_names)}
        if seat_names
        else {"type": "string", "maxLength": SEAT_NAME_MAX}
    )
    return {
        "type": "object",
        "properties": {
            f.name: _option(f, seat)
            for f in dataclasses.fields(Ruleset)
            if f.name not in _NOT_OPTIONS
        },
        "additionalProperties": False,
        "description": "house rules: ruleset options over the chosen ruleset (GET "
        "/api/v1/rulesets/{slug}/ shows each with its value). Each option's type and "
        "bounds are here; options that cannot be played together are refused with the "
        "code `house_rules`.",
    }


def _too_large(schema: dict[str, Any], value: Any) -> str | None:
    """Why ``value`` passes an upper bound of ``schema`` (its type is the engine's to
    check), or None."""
    most = schema.get("maximum")
    if most is not None and is_int(value) and value > most:
        return f"must be at most {most}"
    length = schema.get("maxLength")
    if length is not None and isinstance(value, str) and len(value) > length:
        return f"must be at most {length} characters"
    items = schema.get("maxItems")
    if items is not None and isinstance(value, list | tuple) and len(value) > items:
        return f"must list at most {items}"
    members = schema.get("maxProperties")
    if members is not None and isinstance(value, Mapping) and len(value) > members:
        return f"must name at most {members}"
    inner = schema.get("items") if isinstance(value, list | tuple) else None
    if isinstance(value, Mapping):
        inner = schema.get("additionalProperties")
        named = schema.get("properties", {})
        for key, member in value.items():
            problem = _too_large(named.get(key, inner if isinstance(inner, dict) else {}), member)
            if problem:
                return f"{key}: {problem}"
        return None
    for item in value if inner else ():
        problem = _too_large(inner, item)
        if problem:
            return problem
    return None


def too_large(options: Mapping[str, Any]) -> dict[str, list[str]]:
    """Options past their upper bound (the schema's ``maximum``, ``maxLength``, ``maxItems``,
    ``maxProperties``), checked where a client's options come in (a new night, game or
    event), not on a stored ruleset: a game keeps the rules it began under."""
    properties = options_schema()["properties"]
    problems: dict[str, list[str]] = {}
    for name, value in options.items():
        problem = _too_large(properties.get(name, {}), value) if isinstance(name, str) else None
        if problem:
            problems[name] = [problem]
    return problems
