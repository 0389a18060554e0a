"""Reading and checking ruleset parameters: every bad option named at once.

``validate`` says why a parameter set cannot be played (a deck that does not
deal evenly, a minimum bid above the maximum, ...); ``apply_options`` reads
JSON-style options over a base ruleset.  ``Ruleset`` runs ``validate`` on
construction, so an unplayable ruleset never exists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import Problems, RulesetError

if TYPE_CHECKING:
    from .rulesets import Ruleset

PARTNERSHIPS = ("fixed", "individual", "called_partner")
BIRD_RANKS = ("high", "low", "ten_and_a_half")
NEST_CAPTURE = ("last_trick", "nobody")
ALL_PASS = ("redeal", "dealer_forced")
FIRST_LEAD = ("left_of_dealer", "dealer", "left_of_declarer")
MOST_TRICKS_TIE = ("none", "defenders")
SET_DECLARER = ("minus_bid", "zero")
IMPROPER_DISCARD = ("penalty", "automatic_set")
PARTNER_ROTATION = ("fixed", "individual")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _read_value(name: str, value: Any) -> Any:
    """JSON value -> field value; raises ValueError with a plain message."""
    if name == "sides":
        if not isinstance(value, Mapping):
            raise ValueError("must map each side to its seats")
        return tuple((str(k), _str_tuple(v)) for k, v in value.items())
    if name == "counter_values":
        if not isinstance(value, Mapping):
            raise ValueError("must map a rank to its points, e.g. {'5': 5}")
        try:
            pairs = tuple(sorted((int(k), v) for k, v in value.items()))
        except (TypeError, ValueError):
            raise ValueError("ranks must be whole numbers") from None
        if not all(_is_int(v) and v >= 0 for _, v in pairs):
            raise ValueError("points must be whole numbers, 0 or more")
        return pairs
    if name in ("seats", "dummy_seats"):
        return _str_tuple(value)
    if name == "ranks":
        if not isinstance(value, list | tuple) or not all(_is_int(r) for r in value):
            raise ValueError("must be a list of ranks 1-14")
        return tuple(sorted(value))
    kind = _field_kinds()[name]
    if kind is bool and not isinstance(value, bool):
        raise ValueError("must be true or false")
    if kind is int and not _is_int(value):
        raise ValueError("must be a whole number")
    if kind == "int?" and value is not None and not _is_int(value):
        raise ValueError("must be a whole number or null")
    if kind is str and not isinstance(value, str):
        raise ValueError("must be text")
    return value


def _str_tuple(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(s, str) for s in value):
        raise ValueError("must be a list of names")
    return tuple(value)


def _field_kind(f: dataclasses.Field) -> Any:
    t = str(f.type)
    return {"bool": bool, "int": int, "str": str, "int | None": "int?"}.get(t, "special")


_KINDS: dict[str, Any] = {}


def _field_kinds() -> dict[str, Any]:
    """Option name -> the kind of value it takes, read from ``Ruleset``'s fields."""
    if not _KINDS:
        from .rulesets import Ruleset

        _KINDS.update({f.name: _field_kind(f) for f in dataclasses.fields(Ruleset)})
    return _KINDS


def apply_options(base: Ruleset, options: Mapping[str, Any]) -> Ruleset:
    """``base`` with JSON-style ``options`` applied; every bad option named at once."""
    problems = Problems()
    changes: dict[str, Any] = {}
    for name, value in options.items():
        if name not in _field_kinds():
            problems.add(str(name), f"unknown option {name!r}")
            continue
        try:
            changes[name] = _read_value(name, value)
        except ValueError as exc:
            problems.add(name, str(exc))
    # "Play N hands" replaces the target unless a target is asked for too (RULES.md §4).
    if changes.get("fixed_hands") is not None and "target" not in changes:
        changes["target"] = None
    if "sides" in changes:
        # Sides in the order their first seat sits, whatever order the JSON kept
        # (PostgreSQL's jsonb does not keep key order): the same ruleset either way.
        seats = changes.get("seats", base.seats)
        changes["sides"] = tuple(
            sorted(
                changes["sides"],
                key=lambda side: min(
                    (seats.index(s) for s in side[1] if s in seats), default=len(seats)
                ),
            )
        )
    try:
        ruleset = dataclasses.replace(base, **changes)
    except RulesetError as exc:  # name these along with the badly typed options
        for name, messages in exc.errors.items():
            for message in messages:
                problems.add(name, message)
    problems.raise_if_any(RulesetError)
    return ruleset


_CHOICES = {
    "partnership": PARTNERSHIPS,
    "bird_rank": BIRD_RANKS,
    "nest_capture": NEST_CAPTURE,
    "all_pass": ALL_PASS,
    "first_lead": FIRST_LEAD,
    "most_tricks_tie": MOST_TRICKS_TIE,
    "set_declarer": SET_DECLARER,
    "improper_discard": IMPROPER_DISCARD,
    "partner_rotation": PARTNER_ROTATION,
}
_NON_NEGATIVE = (
    "bird_points",
    "red_one_points",
    "nest_size",
    "points_per_trick",
    "most_tricks_bonus",
    "all_tricks_bonus",
    "nest_bonus",
    "table_talk_penalty",
    "improper_discard_penalty",
    "misdeal_penalty",
    "seat_exchange_interval",
)


def validate(r: Ruleset) -> Problems:
    """Every reason ``r`` cannot be played, per parameter."""
    p = Problems()
    for name, choices in _CHOICES.items():
        if getattr(r, name) not in choices:
            p.add(name, f"must be one of {', '.join(choices)}")
    for name in _NON_NEGATIVE:
        value = getattr(r, name)
        if not _is_int(value) or value < 0:
            p.add(name, "must be a whole number, 0 or more")
    if p:  # the checks below assume well-typed values
        return p
    _validate_table(r, p)
    _validate_deck(r, p)
    if not p:
        _validate_play(r, p)
    return p


def _validate_table(r: Ruleset, p: Problems) -> None:
    if len(r.seats) < 2 or len(set(r.seats)) != len(r.seats):
        p.add("seats", "need at least two seats, each named once")
    if not set(r.dummy_seats) <= set(r.seats):
        p.add("dummy_seats", "a dummy must be one of the seats")
    if len(r.seats) - len(r.dummy_seats) < 2:
        p.add("dummy_seats", "need at least two players")
    if r.partnership == "fixed":
        members = [s for _, seats in r.sides for s in seats]
        if sorted(members) != sorted(r.seats) or len(r.sides) < 2:
            p.add("sides", "fixed partnerships must place every seat on exactly one side")
    interval = r.seat_exchange_interval
    if interval and r.partnership == "fixed" and any(len(m) != 2 for _, m in r.sides):
        p.add("seat_exchange_interval", "seat exchange needs partnerships of two (use 0)")
    if interval and r.partnership != "fixed":
        p.add("seat_exchange_interval", "seat exchange is for fixed partnerships (use 0)")
    if r.partner_rotation == "individual" and (
        len(r.seats) != 4 or r.partnership != "fixed" or not interval
    ):
        p.add("partner_rotation", "individual rotation needs four seats in two partnerships")
    if r.target is None and r.fixed_hands is None:
        p.add("target", "a game needs a target score or a fixed number of hands")
    if r.target is not None and r.target <= 0:
        p.add("target", "must be more than 0")
    if r.fixed_hands is not None and r.fixed_hands <= 0:
        p.add("fixed_hands", "must be more than 0")


def _validate_deck(r: Ruleset, p: Problems) -> None:
    if not r.ranks or len(set(r.ranks)) != len(r.ranks) or not all(1 <= x <= 14 for x in r.ranks):
        p.add("ranks", "must be distinct ranks from 1 to 14")
        return
    if not {rank for rank, _ in r.counter_values} <= set(r.ranks):
        p.add("counter_values", "every counter rank must be in the deck")
    if r.red_one and 1 in r.ranks:
        p.add("red_one", "the Red 1 variant adds the red 1 to a deck without 1s")
    if r.ones_high and 1 not in r.ranks:
        p.add("ones_high", "the deck has no 1s")
    deck, seats = len(r.deck), len(r.seats)
    in_hands = deck - r.nest_size
    if r.hand_size is None and in_hands % seats:
        p.add(
            "nest_size",
            f"{deck} cards less a nest of {r.nest_size} do not deal evenly to {seats} seats",
        )
    if r.hand_size is not None and not 0 < r.hand_size * seats <= in_hands:
        p.add("hand_size", f"{seats} hands of {r.hand_size} do not fit a {deck}-card deck")
    if in_hands % seats:
        p.add("nest_size", "every card outside the nest must be played in full tricks")


def _validate_play(r: Ruleset, p: Problems) -> None:
    if r.bidding:
        if not (r.bid_step > 0 and r.min_bid > 0 and r.min_bid % r.bid_step == 0):
            p.add("min_bid", "must be more than 0 and a multiple of the bid step")
        elif r.highest_bid < r.min_bid or r.highest_bid % r.bid_step:
            p.add("max_bid", f"must be a multiple of {r.bid_step} from the minimum bid up")
    elif r.partnership == "called_partner" or r.most_tricks_tie == "defenders":
        p.add("bidding", "this game needs a declarer, so it needs bidding")
    if r.trump_from_nest and (r.bidding or not r.nest_size):
        p.add("trump_from_nest", "only for games without bidding that deal a nest")
    if not r.bidding and not r.trump_from_nest:
        p.add("bidding", "without bidding, trump must come from the nest")
    if r.nest_bonus and (not r.nest_size or r.nest_capture == "nobody"):
        p.add("nest_bonus", "needs a nest that someone captures")
    if r.set_opponents_multiplier < 1:
        p.add("set_opponents_multiplier", "must be 1 or more")
    if r.partnership == "called_partner" and len(r.player_seats) < 3:
        p.add("partnership", "calling a partner needs at least three players")
