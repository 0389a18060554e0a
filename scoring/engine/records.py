"""What a score sheet holds for one hand, and its JSON shape. ``HandRecord.from_dict``
checks the shape, ``checks.py`` whether the hand is possible; both raise
``HandRefused`` naming every problem, never a ``KeyError`` or ``TypeError``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from . import hand_fields
from .errors import Problems
from .hand_fields import PENALTIES_MAX
from .options import is_int
from .rulesets import Ruleset

# The choices a hand's members take, as the one description of a hand says them.
PENALTY_KINDS = tuple(hand_fields.PENALTY_KINDS)
RENEGE_FOUND = tuple(hand_fields.RENEGE_FOUND)
MISDEAL_FOUND = tuple(hand_fields.MISDEAL_FOUND)
REDEAL_REASONS = tuple(hand_fields.REDEAL_REASONS)


@dataclass(frozen=True, slots=True)
class Penalty:
    """Table talk or an improper discard by ``seat`` (docs/rules.md §5)."""

    seat: str
    kind: str

    def to_dict(self) -> dict[str, str]:
        return {"seat": self.seat, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class Renege:
    """Failing to follow the colour led.  ``counters``: what each side had captured
    when a renege found ``"later"`` ended the hand (docs/rules.md §5)."""

    seat: str
    found: str
    counters: Mapping[str, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "found": self.found}
        if self.counters is not None:
            out["counters"] = dict(self.counters)
        return out


@dataclass(frozen=True, slots=True)
class Misdeal:
    found: str

    def to_dict(self) -> dict[str, str]:
        return {"found": self.found}


@dataclass(frozen=True, slots=True)
class Redeal:
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"reason": self.reason}


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One line of a score sheet. ``counters`` and ``tricks`` map side -> value, nest
    included; ``partner`` is a called partner's seat, ``last_trick`` the side that took the
    last trick (for a nest bonus), ``made`` the scorer's own mark, checked when given;
    ``low`` and ``circus`` the declarer's house-rule calls."""

    bidder: str | None = None
    bid: int | None = None
    trump: str | None = None
    counters: Mapping[str, int] | None = None
    tricks: Mapping[str, int] | None = None
    penalties: tuple[Penalty, ...] = ()
    renege: Renege | None = None
    misdeal: Misdeal | None = None
    redeal: Redeal | None = None
    partner: str | None = None
    last_trick: str | None = None
    made: bool | None = None
    low: bool | None = None
    circus: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        """The REST body: keys with nothing to say are left out."""
        out: dict[str, Any] = {}
        for key in self.__slots__:
            value = getattr(self, key)
            if value is None or value == ():
                continue
            if key == "penalties":
                value = [p.to_dict() for p in value]
            elif key in ("counters", "tricks"):
                value = dict(value)
            elif key in ("renege", "misdeal", "redeal"):
                value = value.to_dict()
            out[key] = value
        return out

    @classmethod
    def from_dict(cls, data: Any, ruleset: Ruleset | None = None) -> HandRecord:
        """Read a REST body.  With ``ruleset``, seat and side names are checked too."""
        return _Reader(ruleset).hand(data)


def read_text(p: Problems, field: str, value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    p.add(field, "must be text")
    return None


def read_int(p: Problems, field: str, value: Any) -> int | None:
    if value is None or is_int(value):
        return value
    p.add(field, "must be a whole number")
    return None


class _Reader:
    """Reads the JSON shape, collecting every problem before raising."""

    def __init__(self, ruleset: Ruleset | None) -> None:
        self.problems = Problems()
        self.seats = ruleset.seats if ruleset else None
        self.sides = ruleset.side_names if ruleset else None
        #: How many problems are a seat or side this game lacks: names, not shapes (a
        #: house rule may name seats anything), so the game decides, not the body.
        self.not_in_game = 0

    def hand(self, data: Any) -> HandRecord:
        p = self.problems
        if not isinstance(data, Mapping):
            p.add("hand", "must be a JSON object")
            p.raise_if_any(code="hand_malformed")
        known = set(HandRecord.__slots__)
        for key in data:
            if key not in known:
                p.add(str(key), "unknown field")
        record = HandRecord(
            bidder=self.seat("bidder", data.get("bidder")),
            bid=self.integer("bid", data.get("bid")),
            trump=self.text("trump", data.get("trump")),
            counters=self.side_map("counters", data.get("counters")),
            tricks=self.side_map("tricks", data.get("tricks")),
            penalties=self.penalties(data.get("penalties")),
            renege=self.renege(data.get("renege")),
            misdeal=self.choice_obj("misdeal", data.get("misdeal"), "found", MISDEAL_FOUND),
            redeal=self.choice_obj("redeal", data.get("redeal"), "reason", REDEAL_REASONS),
            partner=self.seat("partner", data.get("partner")),
            last_trick=self.side("last_trick", data.get("last_trick")),
            made=self.boolean("made", data.get("made")),
            low=self.boolean("low", data.get("low")),
            circus=self.boolean("circus", data.get("circus")),
        )
        names_only = sum(map(len, p.errors.values())) == self.not_in_game
        p.raise_if_any(code="not_in_game" if names_only else "hand_malformed")
        return record

    def text(self, field: str, value: Any) -> str | None:
        return read_text(self.problems, field, value)

    def seat(self, field: str, value: Any) -> str | None:
        return self.name(field, value, "seat", self.seats)

    def side(self, field: str, value: Any) -> str | None:
        return self.name(field, value, "side", self.sides)

    def name(self, field: str, value: Any, what: str, known: tuple[str, ...] | None) -> str | None:
        value = self.text(field, value)
        if value is not None and known is not None and value not in known:
            self.problems.add(field, f"unknown {what} {value!r} ({what}s: {', '.join(known)})")
            self.not_in_game += 1
        return value

    def integer(self, field: str, value: Any) -> int | None:
        return read_int(self.problems, field, value)

    def boolean(self, field: str, value: Any) -> bool | None:
        if value is None or isinstance(value, bool):
            return value
        self.problems.add(field, "must be true or false")
        return None

    def side_map(self, field: str, value: Any) -> Mapping[str, int] | None:
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.problems.add(field, "must map each side to a whole number")
            return None
        out = {}
        for side, number in value.items():
            if not isinstance(side, str) or self.side(field, side) is None:
                continue
            if not is_int(number):
                self.problems.add(field, f"{side}: must be a whole number")
                continue
            out[side] = number
        return MappingProxyType(out)

    def penalties(self, value: Any) -> tuple[Penalty, ...]:
        if value is None:
            return ()
        if not isinstance(value, list | tuple):
            self.problems.add("penalties", "must be a list of {seat, kind}")
            return ()
        if len(value) > PENALTIES_MAX:
            self.problems.add("penalties", f"at most {PENALTIES_MAX} penalties on one hand")
            return ()
        out = []
        for i, item in enumerate(value):
            if not isinstance(item, Mapping) or set(item) != {"seat", "kind"}:
                self.problems.add("penalties", f"#{i + 1}: must be {{seat, kind}}")
                continue
            seat = self.seat("penalties", item["seat"])
            kind = item["kind"]
            if kind not in PENALTY_KINDS:
                self.problems.add(
                    "penalties", f"#{i + 1}: kind must be one of {', '.join(PENALTY_KINDS)}"
                )
            elif seat is not None:
                out.append(Penalty(seat, kind))
        return tuple(out)

    def renege(self, value: Any) -> Renege | None:
        if value is None:
            return None
        if (
            not isinstance(value, Mapping)
            or not {"seat", "found"} <= set(value)
            or not set(value) <= {"seat", "found", "counters"}
        ):
            self.problems.add("renege", "must be {seat, found, counters?}")
            return None
        seat = self.seat("renege", value["seat"])
        found = value["found"]
        if found not in RENEGE_FOUND:
            self.problems.add("renege", f"found must be one of {', '.join(RENEGE_FOUND)}")
        counters = self.side_map("renege.counters", value.get("counters"))
        if seat is None or found not in RENEGE_FOUND:
            return None
        return Renege(seat, found, counters)

    def choice_obj(self, field: str, value: Any, key: str, choices: tuple[str, ...]) -> Any:
        if value is None:
            return None
        if not isinstance(value, Mapping) or set(value) != {key} or value[key] not in choices:
            self.problems.add(field, f"must be {{{key!r}: one of {', '.join(choices)}}}")
            return None
        return Misdeal(value[key]) if field == "misdeal" else Redeal(value[key])
