"""A posted hand's shape in the API schema: every shape the docs teach validates, and
what the engine's reader (``scoring.engine.records``) checks as a shape the schema says.

Each field's type, bounds, choices and description are the hand's one description
(``scoring.engine.hand_fields``), as the serializer :data:`ScoreSheetHand`, the base of
``HandIn``. Which fields a hand carries depends on what happened at the table, so
:func:`hand_shapes` makes each operation's hand a ``oneOf`` of closed objects, one per
shape (:data:`SHAPES`, and a hand card by card). Which seats and sides a hand may name,
whether the game bids at all and whether the counters add up are the game's ruleset's:
that 400 carries ``not_in_game`` or ``hand_impossible`` (``play.hands.GAME_DECIDES``).
"""

from __future__ import annotations

import copy
from typing import Any

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from rookclub.core.api import whole
from rookclub.core.limits import SCORE_MAX
from scoring.engine.cards import CARD_CODES
from scoring.engine.hand_fields import (
    FIELDS,
    MISDEAL_FOUND,
    PENALTIES_MAX,
    SEAT_LENGTH_MAX,
    HandField,
)
from scoring.engine.option_schema import SEATS_MAX

SEAT_HELP = (
    "a seat: north, east, south or west; seat1 … seat6 in the games for two, three, five "
    "and six (the ruleset's `seats`)"
)


class Counters(serializers.Serializer):
    """Side -> counters (the schema's hand_shapes bounds the other sides' names)."""

    north_south = whole(0, SCORE_MAX, required=False)
    east_west = whole(0, SCORE_MAX, required=False)


class Tricks(Counters):
    """Side -> tricks taken."""


def _field(field: HandField, required: bool) -> serializers.Field:
    """A serializer field saying what ``field`` says (scoring.engine.hand_fields)."""
    given: dict[str, Any] = {} if required else {"required": False}
    if field.help:
        given["help_text"] = field.help
    if field.kind in ("seat", "side"):
        if field.kind == "seat":
            given.setdefault("help_text", SEAT_HELP)
        return serializers.CharField(max_length=field.max_length, **given)
    if field.kind == "integer":
        return whole(field.minimum, SCORE_MAX, **given)
    if field.kind == "boolean":
        return serializers.BooleanField(**given)
    if field.kind == "choice":
        return serializers.ChoiceField(choices=[*field.choices, *field.optional_choices], **given)
    if field.kind == "sides":
        return (Tricks if field.name == "tricks" else Counters)(**given)
    members = {m.name: _field(m, not m.optional) for m in field.members}
    if field.kind == "list":
        child = inline_serializer(field.component, members)
        return serializers.ListField(max_length=field.max_items, child=child, **given)
    return inline_serializer(field.component, members, **given)


#: A score-sheet hand's fields as serializer fields, the base of the operations' hand
#: serializers (documentation only: the rules engine reads the body). What a hand of
#: each shape must carry is :data:`SHAPES`'s, so none is required here.
ScoreSheetHand = type(
    "ScoreSheetHand",
    (serializers.Serializer,),
    {"__module__": __name__, **{field.name: _field(field, False) for field in FIELDS}},
)


REF = "#/components/schemas/"
#: The operations' hand components: their name prefix and the fields beside the hand
#: (``number`` required; ``side`` at a table link, optional).
OPERATIONS = {
    "HandIn": ("", {"number": True}),
    "TableHandIn": ("Table", {"number": True, "side": False}),
    "CorrectedHandIn": ("Corrected", {}),
}
#: Closed objects within a hand.
CLOSED = ("Penalty", "Redeal")
#: A game's contract: required in every game that bids (all but Beginner Rook); the
#: ruleset decides, so the schema cannot.
CONTRACT = ("bidder", "bid", "partner")
CALLS = ("penalties", "low", "circus")
#: Each shape of a score-sheet hand: (its description, the fields it must carry, the
#: fields it may carry, and a member's own schema where the shape narrows it).
SHAPES: dict[str, tuple[str, tuple[str, ...], tuple[str, ...], dict[str, Any]]] = {
    "PlayedHand": (
        "A hand played to the end: trump and each side's counters (the nest included); "
        "the declarer and bid in every game that bids; tricks where the ruleset scores them.",
        ("trump", "counters"),
        (*CONTRACT, "tricks", "last_trick", "made", "renege", *CALLS),
        {"renege": {"$ref": f"{REF}RenegeFoundInTime"}},
    ),
    "RenegeFoundLaterHand": (
        "A renege found later: the hand ends, so no counters or tricks at the top; "
        "`renege.counters` holds what every other side had captured.",
        ("renege",),
        (*CONTRACT, "trump", *CALLS),
        {"renege": {"$ref": f"{REF}RenegeFoundLater"}},
    ),
    "MisdealFoundEarlyHand": (
        "A misdeal found before three tricks: the hand is void and redealt.",
        ("misdeal",),
        CALLS,
        {"misdeal": {"$ref": f"{REF}MisdealFoundEarly"}},
    ),
    "MisdealFoundLaterHand": (
        "A misdeal found later: the dealer's side is set back; the contract may be given.",
        ("misdeal",),
        (*CONTRACT, "trump", *CALLS),
        {"misdeal": {"$ref": f"{REF}MisdealFoundLater"}},
    ),
    "RedealHand": (
        "A redeal (an exposed card, no card above nine, all passed): nothing else.",
        ("redeal",),
        (),
        {},
    ),
}
#: A card's JSON spelling (docs/hand-format.md section 2): the ``Card`` component.
CARD = {"$ref": f"{REF}Card"}
CARDS_MAX = len(CARD_CODES)
TRICKS_MAX = CARDS_MAX  # at most one trick per card dealt
SEAT_NAME = {"type": "string", "maxLength": SEAT_LENGTH_MAX, "pattern": "^[^\\x00]*$"}


def _closed(properties: dict[str, Any], required: list[str], text: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = required
    out["additionalProperties"] = False
    if text:
        out["description"] = text
    return out


def _renege(found: str, counters: bool) -> dict[str, Any]:
    properties = {"seat": SEAT_NAME, "found": {"type": "string", "enum": [found]}}
    if counters:
        properties["counters"] = {"$ref": f"{REF}Counters"}
    return _closed(properties, ["seat", "found"])


def _card_hand(penalty: dict[str, Any], trump: dict[str, Any]) -> dict[str, Any]:
    """The hand card by card (``scoring.engine.cardhand.CardHand.from_dict``)."""
    cards = {"type": "array", "items": CARD, "maxItems": CARDS_MAX}
    play = {
        "type": "array",
        "description": "[seat, card]: who played which card",
        # Exactly the two typed items (no `items: false`, which generators of clients
        # such as openapi-python-client cannot read; the bounds say the same).
        "prefixItems": [SEAT_NAME, CARD],
        "minItems": 2,
        "maxItems": 2,
    }
    by_seat = {"type": "object", "maxProperties": SEATS_MAX, "propertyNames": SEAT_NAME}
    properties = {
        "hands": {
            **by_seat,
            "additionalProperties": cards,
            "description": "seat -> the cards dealt to it (every seat, a dummy too)",
        },
        "nest": {**cards, "description": "the nest as dealt, top card first"},
        "dealer": {**SEAT_NAME, "description": "optional; must be the game's dealer"},
        "calls": {
            "type": "array",
            "maxItems": 200,
            "items": {"type": ["integer", "null"], "minimum": 0, "maximum": SCORE_MAX},
            "description": "the auction from the player left of the dealer: a bid, or "
            "null for a pass (instead of `bidder` and `bid`)",
        },
        "bidder": SEAT_NAME,
        "bid": {"type": "integer", "minimum": 0, "maximum": SCORE_MAX},
        "discards": {**cards, "description": "the cards the declarer laid away"},
        "trump": trump,
        "called_card": CARD,
        "tricks": {
            "type": "array",
            "maxItems": TRICKS_MAX,
            "items": {"type": "array", "items": play, "maxItems": SEATS_MAX},
            "description": "every trick in play order, the leader first",
        },
        "penalties": {"type": "array", "items": penalty, "maxItems": PENALTIES_MAX},
        "low": {"type": "boolean"},
        "circus": {"type": "boolean"},
        "passes": {
            **by_seat,
            "additionalProperties": CARD,
            "description": "circus Rook: seat -> the card it passed to the left",
        },
    }
    return _closed(properties, ["hands"], "The hand card by card (docs/hand-format.md §2).")


def hand_shapes(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """Each hand component as a ``oneOf`` of :data:`SHAPES` (and a hand card by card);
    a side's count bounded whatever the side's name."""
    components = result.get("components", {}).get("schemas", {})
    if "HandIn" not in components:
        return result
    for name in CLOSED:
        if name in components:
            components[name]["additionalProperties"] = False
    for name in ("Counters", "Tricks"):
        if name in components:
            _bound_sides(components[name])
    components.pop("Renege", None)
    components.pop("Misdeal", None)
    components["RenegeFoundInTime"] = _renege("in_time", counters=False)
    components["RenegeFoundLater"] = _renege("later", counters=True)
    for found in MISDEAL_FOUND:
        label = "Early" if found == "before_three_tricks" else "Later"
        found_schema = {"type": "string", "enum": [found]}
        components[f"MisdealFound{label}"] = _closed({"found": found_schema}, ["found"])
    fields = components["HandIn"]["properties"]
    components["Card"] = {
        "type": "string",
        "enum": list(CARD_CODES),
        "description": "a card: `<colour>-<rank>` (`red-14`, `green-5`) or `bird`",
    }
    components["CardHand"] = _card_hand({"$ref": f"{REF}Penalty"}, fields["trump"])
    for operation, (prefix, beside) in OPERATIONS.items():
        if operation not in components:
            continue
        own = components[operation]["properties"]
        extra = {name: own[name] for name in beside}
        needed = [name for name, required in beside.items() if required]
        shapes = []
        for shape, (text, required, optional, narrowed) in SHAPES.items():
            properties = {**extra}
            for field in (*required, *optional):
                properties[field] = copy.deepcopy(narrowed.get(field, fields[field]))
            name = f"{prefix}{shape}In"
            components[name] = _closed(properties, [*needed, *required], text)
            shapes.append({"$ref": f"{REF}{name}"})
        if prefix != "Corrected":
            properties = {**extra, "card_hand": {"$ref": f"{REF}CardHand"}}
            name = f"{prefix}CardHandIn"
            text = "A hand card by card: `card_hand` alone beside " + ", ".join(
                f"`{field}`" for field in beside
            )
            components[name] = _closed(properties, [*needed, "card_hand"], text)
            shapes.append({"$ref": f"{REF}{name}"})
        components[operation] = {
            "oneOf": shapes,
            "description": "A hand as the score sheet holds it, one of its shapes "
            "(docs/hand-format.md): played, a renege found later, a misdeal, a redeal"
            + ("" if prefix == "Corrected" else ", or card by card")
            + ". Seats, sides and the rules are the game's (400 `not_in_game`, "
            "`hand_impossible`).",
        }
    return result


def _bound_sides(sides: dict[str, Any]) -> None:
    sides["additionalProperties"] = {"type": "integer", "minimum": 0, "maximum": SCORE_MAX}
    sides["maxProperties"] = SEATS_MAX  # a table has at most eight seats, so sides
    sides["description"] = (
        "side -> a whole number: north_south and east_west in the partnership games of "
        "four, else the game's own sides (seat1 …, seats_135 …)"
    )
