"""Ruleset options as JSON: reading them onto a ruleset (``apply_options``), every bad
option named at once, and the ruleset's own check's problems too. The option names
come from the given ruleset's fields, since ``rulesets.py`` imports this module."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import Problems, RulesetError

R = TypeVar("R")  # a Ruleset: a frozen dataclass whose construction raises RulesetError

#: Option -> the values it can take (``rulesets.validate`` checks them; each is explained
#: at its ``Ruleset`` field).
CHOICES: Mapping[str, tuple[str, ...]] = {
    "partnership": ("fixed", "individual", "called_partner", "bidder_alone"),
    "bird_rank": ("high", "low", "ten_and_a_half"),
    "nest_capture": ("last_trick", "nobody"),
    "all_pass": ("redeal", "dealer_forced"),
    "first_lead": ("left_of_dealer", "dealer", "left_of_declarer", "dummy"),
    "most_tricks_tie": ("none", "defenders"),
    "set_declarer": ("minus_bid", "zero"),
    "improper_discard": ("penalty", "automatic_set"),
    "partner_rotation": ("fixed", "individual"),
    "dummy_position": ("fixed", "dealer_right"),
    "penalty_scope": ("side", "player"),
    "tie_at_target": ("play_on", "shared_win", "tie"),
}


def is_int(v: object) -> bool:
    """A whole number (JSON has no separate integer type, and ``True`` is not one)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _read_value(name: str, value: Any, kind: Any) -> Any:
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
        if not all(is_int(v) and v >= 0 for _, v in pairs):
            raise ValueError("points must be whole numbers, 0 or more")
        return pairs
    if name in ("seats", "dummy_seats"):
        return _str_tuple(value)
    if name == "ranks":
        if not isinstance(value, list | tuple) or not all(is_int(r) for r in value):
            raise ValueError("must be a list of ranks 1-14")
        return tuple(sorted(value))
    if kind is bool and not isinstance(value, bool):
        raise ValueError("must be true or false")
    if kind is int and not is_int(value):
        raise ValueError("must be a whole number")
    if kind == "int?" and value is not None and not is_int(value):
        raise ValueError("must be a whole number or null")
    if kind is str and not isinstance(value, str):
        raise ValueError("must be text")
    return value


def _str_tuple(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(s, str) for s in value):
        raise ValueError("must be a list of names")
    return tuple(value)


@functools.cache
def _field_kinds(cls: type) -> dict[str, Any]:
    """Option name -> the kind of value it takes, read once from the class's fields."""
    kinds = {"bool": bool, "int": int, "str": str, "int | None": "int?"}
    return {f.name: kinds.get(str(f.type), "special") for f in dataclasses.fields(cls)}


def apply_options(base: R, options: Mapping[str, Any]) -> R:
    """``base`` (a ``Ruleset``) with JSON-style ``options`` applied; every bad option
    named at once, along with every reason the result cannot be played."""
    problems = Problems()
    changes: dict[str, Any] = {}
    kinds = _field_kinds(type(base))
    for name, value in options.items():
        if name not in kinds:
            problems.add(str(name), f"unknown option {name!r}")
            continue
        try:
            changes[name] = _read_value(name, value, kinds[name])
        except ValueError as exc:
            problems.add(name, str(exc))
    # "Play N hands" replaces the target unless a target is asked for too (docs/rules.md §4).
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
        if not problems:
            raise  # its code: house rules that cannot be played together, or not
        for name, messages in exc.errors.items():
            for message in messages:
                problems.add(name, message)
    problems.raise_if_any(RulesetError)
    return ruleset
