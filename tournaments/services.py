"""Creating a tournament: its options and their checks, its entry fee, and the words a
non-director hears from every tournament write; one audited transaction. An event's entries
are in ``tournaments.entries``, its rounds in ``tournaments.rounds``, results in
``tournaments.results``."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction

from rookclub.clubs.models import Club
from rookclub.core.errors import Invalid
from rookclub.core.limits import NAME_MAX, SCORE_MAX, name_problem, whole_number
from rookclub.core.roles import Actor, require_director, user_or_none
from scoring.engine import RulesetError, ruleset_from
from scoring.engine.option_schema import too_large
from scoring.engine.rulesets import HOUSE_RULES
from tournaments.audit import audit
from tournaments.formats.standings import TIE_BREAKERS
from tournaments.models import Tournament

FORMATS = Tournament.Format
PAIRED_BY_ROUND = (FORMATS.SWISS, FORMATS.INDIVIDUAL)
OPTION_KEYS = {
    "tie_breakers",
    "round_clock",
    "third_place",
    "reset",
    "final_best_of",
    "bye_points",
    "cycles",
    "ruleset_options",
    "movement",
    "check_in_required",
    "start_games",
    "partners",
    "playoff_target",
    "playoff_places",
}


#: The most an option may say: a round robin of 2,000 cycles is a typing slip, not an event.
OPTION_MAXIMA = {
    "cycles": (9, " (2 for a double round robin)"),
    "final_best_of": (9, ""),
    "bye_points": (SCORE_MAX, ""),
}
#: A playoff game's target (5 to 99,995, in fives) and the places played off (1 to 99).
PLAYOFF_TARGET_MAX = SCORE_MAX - SCORE_MAX % 5
PLAYOFF_PLACES_MAX = 99
#: Individual movements: a stored or searched rotation, four consecutive ranks a table,
#: or upper and lower tiers (``tournaments.formats.tiers``).
MOVEMENTS = ("rotation", "two_tier", "tiers")
TIERS_NEED_ROUNDS = "the tiers movement re-ranks the field every round: say how many rounds"
CLOCK_MAX = 600  # hands or minutes in a round's clock
#: The highest entry fee an event may ask (the field holds seven digits, two after the point).
ENTRY_FEE_MAX = Decimal("9999.99")


#: What a non-director hears from every tournament write and director page.
NOT_DIRECTOR = "Only a director of the club can run its tournaments."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---- creating an event -------------------------------------------------------------------


def _check_options(options: Any, format: str, errors: dict[str, list[str]]) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        errors["options"] = ["must be a JSON object"]
        return {}
    problems = [f"unknown option {key!r}" for key in options if key not in OPTION_KEYS]
    tie_breakers = options.get("tie_breakers")
    if tie_breakers is not None and (
        not isinstance(tie_breakers, list)
        or not tie_breakers
        or len(tie_breakers) > len(TIE_BREAKERS)
        or any(t not in TIE_BREAKERS for t in tie_breakers)
    ):
        problems.append(f"tie_breakers: a list taken from {', '.join(TIE_BREAKERS)}")
    clock = options.get("round_clock")
    if clock is not None and (
        not isinstance(clock, Mapping)
        or set(clock) - {"hands", "minutes"}
        or any(not whole_number(v, minimum=1, maximum=CLOCK_MAX) for v in clock.values())
    ):
        problems.append(
            f"round_clock: {{'hands': N, 'minutes': M}} with whole numbers from 1 to {CLOCK_MAX}"
        )
    for key in ("third_place", "reset", "check_in_required", "start_games"):
        if key in options and not isinstance(options[key], bool):
            problems.append(f"{key}: true or false")
    for key, (most, example) in OPTION_MAXIMA.items():
        if key in options and not whole_number(options[key], minimum=0, maximum=most):
            problems.append(f"{key}: a whole number from 0 to {most}{example}")
    target = options.get("playoff_target")
    if target is not None and (
        not whole_number(target, minimum=5, maximum=PLAYOFF_TARGET_MAX) or target % 5
    ):
        problems.append(
            f"playoff_target: the points a playoff game is played to, 5 to "
            f"{PLAYOFF_TARGET_MAX:,} in fives (500 when not given)"
        )
    if "playoff_places" in options and not whole_number(
        options["playoff_places"], minimum=1, maximum=PLAYOFF_PLACES_MAX
    ):
        problems.append(
            f"playoff_places: the places played off when shared, 1 (first "
            f"place only) to {PLAYOFF_PLACES_MAX}"
        )
    if options.get("partners", "fixed") not in ("fixed", "drawn"):
        problems.append("partners: 'fixed' (entries register as pairs) or 'drawn'")
    elif options.get("partners") == "drawn" and format == FORMATS.INDIVIDUAL:
        problems.append("partners: an individual event has no fixed partners to draw")
    if options.get("movement", "rotation") not in MOVEMENTS:
        problems.append("movement: " + " or ".join(repr(m) for m in MOVEMENTS))
    if problems:
        errors["options"] = problems
    return dict(options)


def tournament_create(
    *,
    club: Club,
    name: str,
    format: str,
    ruleset: str = "tournament",
    rounds: int | None = None,
    games_per_match: int = 1,
    options: Mapping[str, Any] | None = None,
    entry_fee: Any = None,
    by: Actor,
) -> Tournament:
    """A new event, registering entries. ``entry_fee``: what each entry pays (a
    decimal amount of at most two places, 0 to ``ENTRY_FEE_MAX``; None: no fee)."""
    require_director(by, club, NOT_DIRECTOR)
    errors: dict[str, list[str]] = {}
    fee = _entry_fee(entry_fee, errors)
    if not isinstance(name, str) or not name.strip():
        errors["name"] = ["give the event a name"]
    elif name_problem(name) or len(name.strip()) > NAME_MAX:
        errors["name"] = [name_problem(name) or f"a name of at most {NAME_MAX} characters"]
    if format not in FORMATS.values:
        errors["format"] = [f"unknown format {format!r} (formats: {', '.join(FORMATS.values)})"]
    if rounds is not None and (not _is_int(rounds) or not 1 <= rounds <= 99):
        errors["rounds"] = ["a whole number of rounds from 1 to 99"]
    if not _is_int(games_per_match) or games_per_match < 1 or games_per_match % 2 == 0:
        errors["games_per_match"] = ["an odd number: 1 for one game, 3 for best of 3, ..."]
    checked = _check_options(options, format, errors)
    tiers_unbounded = (
        format == FORMATS.INDIVIDUAL and checked.get("movement") == "tiers" and rounds is None
    )
    if tiers_unbounded:
        errors["rounds"] = [TIERS_NEED_ROUNDS]
    snapshot: dict[str, Any] = {}
    house_rules = False
    try:
        if not isinstance(ruleset, str):
            raise RulesetError({"ruleset": ["must be a ruleset slug"]})
        house = checked.get("ruleset_options") or None
        too_big = too_large(house) if isinstance(house, Mapping) else {}
        if too_big:  # a new event's house rules: bounded as a night's (a snapshot is not)
            raise RulesetError(
                {f"ruleset_options.{k}": [f"{k}: {m}" for m in v] for k, v in too_big.items()}
            )
        rules = ruleset_from(ruleset, house)
        snapshot = rules.to_dict()
    except RulesetError as exc:
        errors["ruleset"] = [m for messages in exc.errors.values() for m in messages] or [
            "unknown ruleset"
        ]
        house_rules = exc.code == HOUSE_RULES
    except (TypeError, ValueError) as exc:
        errors["ruleset"] = [str(exc)]
    if errors:
        # Its house rules alone, each well formed, cannot be played together: a rule no
        # schema of single options states, with its own code.
        code = HOUSE_RULES if house_rules and set(errors) == {"ruleset"} else None
        if tiers_unbounded and set(errors) == {"rounds"}:
            code = "tiers_need_rounds"  # a rule of two fields together
        raise Invalid("The tournament cannot be created.", errors=errors, code=code)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            club=club,
            name=name.strip(),
            format=format,
            ruleset_slug=ruleset,
            ruleset=snapshot,
            rounds=rounds,
            games_per_match=games_per_match,
            options=checked,
            entry_fee=fee,
            created_by=user_or_none(by),
        )
        audit(tournament, "tournament_created", by, after=_event_dict(tournament))
    return tournament


def _event_dict(t: Tournament) -> dict[str, Any]:
    return {
        "name": t.name,
        "format": t.format,
        "ruleset": t.ruleset_slug,
        "rounds": t.rounds,
        "games_per_match": t.games_per_match,
        "options": t.options,
        "entry_fee": None if t.entry_fee is None else str(t.entry_fee),
    }


def _entry_fee(value: Any, errors: dict[str, list[str]]) -> Decimal | None:
    """``value`` as an entry fee, or None (no fee); a problem goes into ``errors``."""
    if value is None or value == "":
        return None
    try:
        fee = Decimal(str(value)) if not isinstance(value, (bool, float)) else None
    except InvalidOperation:
        fee = None
    if fee is None or not fee.is_finite():
        errors["entry_fee"] = ["an amount such as 10 or 12.50"]
        return None
    if not 0 <= fee <= ENTRY_FEE_MAX or fee != fee.quantize(Decimal("0.01")):
        errors["entry_fee"] = [f"an amount from 0 to {ENTRY_FEE_MAX}, with at most two decimals"]
        return None
    return fee.quantize(Decimal("0.01"))
