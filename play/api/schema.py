"""The games API's request schema says which seats each ruleset has (every
bound the server keeps is in the schema).

``POST /api/v1/games/`` takes a player for each of the ruleset's player seats, and a
dealer among them: the four compass seats for the games of four, ``seat1`` …
``seatN`` for the others. A postprocessing hook turns the ``GameIn`` component into a
``oneOf`` with one branch per set of seats, each naming its rulesets, its seats (all
required, no other) and its dealers. House rules that change the table (``options``
``seats`` or ``dummy_seats``) are the one way left to miss: 400 ``house_rules``.
"""

from __future__ import annotations

import copy
from typing import Any

from drf_spectacular.utils import OpenApiExample, OpenApiResponse

from rookclub.core.schema import ERROR
from scoring.engine import DEFAULT_SLUG, PRESETS

COMPONENT = "GameIn"
#: A refusal of the nights and door APIs, in the schema's words.
ERRORS = OpenApiResponse(description="{field or 'detail': [messages]}; nothing was changed.")


def seat_groups() -> dict[tuple[str, ...], list[str]]:
    """The rulesets' player seats -> the rulesets that have them, in ``PRESETS`` order."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for slug, rules in PRESETS.items():
        groups.setdefault(tuple(rules.player_seats), []).append(slug)
    return groups


def _branch(base: dict[str, Any], seats: tuple[str, ...], slugs: list[str]) -> dict[str, Any]:
    branch = copy.deepcopy(base)
    properties = branch["properties"]
    ruleset = {"type": "string", "enum": slugs, "maxLength": 40}
    if DEFAULT_SLUG in slugs:
        ruleset["default"] = DEFAULT_SLUG
    properties["ruleset"] = ruleset
    players = properties["seats"]
    properties["seats"] = {
        "type": "object",
        "description": players.get("description", "a player for each seat"),
        "properties": {seat: players["properties"][seat] for seat in seats},
        "required": list(seats),
        "additionalProperties": False,
    }
    dealer = properties.get("dealer", {})
    properties["dealer"] = {
        "type": "string",
        "enum": list(seats),
        "description": dealer.get("description", ""),
    }
    required = set(branch.get("required", [])) | {"seats"}
    if DEFAULT_SLUG not in slugs:
        required.add("ruleset")  # left out, the ruleset is the default's
    branch["required"] = sorted(required)
    branch["description"] = f"A game at {', '.join(seats)}: the rulesets {', '.join(slugs)}."
    return branch


def game_seats_by_ruleset(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """``GameIn`` as a ``oneOf``: one branch per set of player seats."""
    components = result.get("components", {}).get("schemas", {})
    game_in = components.get(COMPONENT)
    if not game_in or "properties" not in game_in:
        return result
    base = copy.deepcopy(game_in)
    seats_ref = base["properties"]["seats"].get("$ref", "")
    if seats_ref:
        base["properties"]["seats"] = copy.deepcopy(components[seats_ref.rsplit("/", 1)[1]])
    branches = []
    for seats, slugs in seat_groups().items():
        name = f"{COMPONENT}{len(seats)}Players"
        components[name] = _branch(base, seats, slugs)
        branches.append({"$ref": f"#/components/schemas/{name}"})
    components[COMPONENT] = {
        "oneOf": branches,
        "description": "A player for each of the ruleset's player seats and a dealer among "
        "them: the branch of the chosen ruleset (left out: tournament, at the compass seats).",
    }
    return result


def house_rules_refusal(field: str = "options", rules: str = "options") -> OpenApiResponse:
    """The 400 of an operation that takes house rules (``rules``): its ``house_rules``
    code, the problems under ``field``."""
    return OpenApiResponse(
        response=ERROR,
        description="Refused, nothing stored: messages per field. The code `house_rules` "
        f"(the body's `code`): the house rules (`{rules}`) are each well formed but cannot "
        "be played together: a bid step that does not divide the lowest bid, sides that "
        "leave a seat out, a game with neither a target nor a number of hands, a deck "
        "that does not deal evenly, or (a game) seats the house rules' table does not "
        f"have; `{field}` names each problem. Other refusals have no `house_rules` code.",
        examples=[
            OpenApiExample(
                "house_rules",
                value={
                    field: [
                        f"{'' if field == 'ruleset' else 'min_bid: '}must be more than 0 "
                        "and a multiple of the bid step"
                    ],
                    "code": "house_rules",
                },
                status_codes=["400"],
            )
        ],
    )


def night_big_tables(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """POST sessions/: tables of five or six need random or progressive seating and a
    game for five or a game for six (``night_opening.check_big_games``). Said with ``if`` /
    ``then`` on the night's request body (``SessionRequest``): with tables of five or
    six, such seating and at least one game not left blank (left out, a game takes its
    default). Not an ``anyOf`` beside the members: a generated client types a union's
    branches apart from their siblings, and lost ``club``, ``date`` and a night's ``id``."""
    schemas = result.get("components", {}).get("schemas", {})
    night = schemas.get("SessionRequest") or schemas.get("Session")
    if not night or "properties" not in night:
        return result
    games = [
        {"properties": {name: {"type": "string", "enum": _games(players)}}}
        for name, players in (("game_for_five", 5), ("game_for_six", 6))
    ]
    night["if"] = {
        "properties": {"tables_of_five_or_six": {"const": True}},
        "required": ["tables_of_five_or_six"],
    }
    night["then"] = {
        "properties": {"seating_method": {"type": "string", "enum": ["random", "progressive"]}},
        "anyOf": games,
    }
    return result


def _games(players: int) -> list[str]:
    return [slug for slug, rules in PRESETS.items() if len(rules.player_seats) == players]
