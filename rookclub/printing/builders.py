"""What every app's print builders share: a blank score sheet for a ruleset, its
seat-exchange notes, dates and targets as printed. Nothing here reads a model."""

from __future__ import annotations

from datetime import date, datetime

from django.utils import formats, timezone

from rookclub.printing.documents import (
    BlankSheet,
    SheetHeader,
    blank_rows,
)
from scoring.engine.rotation import change_message, seating
from scoring.engine.rulesets import Ruleset

BLANK_HANDS = 16  # rows on a blank sheet when the game is played to a target


def sheet_date(value: date | datetime | None) -> str:
    """A date as printed; a moment is first moved into the club's time zone
    (``TIME_ZONE``), so a game started at 20:30 local is not printed as the next day."""
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    return formats.date_format(value, "D j F Y") if value else ""


def target_text(rules: Ruleset) -> str:
    if rules.fixed_hands:
        return f"{rules.fixed_hands} hands, higher total wins"
    return f"first to {rules.target}" if rules.target else ""


def house_rule_text(rules: Ruleset) -> str:
    """The house rules a scorer needs to fill in the sheet, in its words ("" for none)."""
    if rules.renege_points is not None:
        points = rules.renege_points
        return f"renege found later: reneging side \N{MINUS SIGN}{points}, others +{points}"
    return ""


def exchange_notes(rules: Ruleset, hands: int) -> dict[int, str]:
    """Hand number -> the seat change due after it, in the engine's own words."""
    if not rules.seat_exchange_interval:
        return {}
    start = {seat: seat for seat in rules.seats}
    notes = {}
    for n in range(rules.seat_exchange_interval, hands, rules.seat_exchange_interval):
        before, after = seating(rules, start, n - 1), seating(rules, start, n)
        message = change_message(rules, before, after)
        if message and rules.partner_rotation == "individual":
            message = "Partners change: the first seat stays, the other three move"
        if message:
            notes[n] = message
    return notes


def blank_sheet(header: SheetHeader, rules: Ruleset, *, first_dealer: str = "north") -> BlankSheet:
    hands = rules.fixed_hands or BLANK_HANDS
    return BlankSheet(
        header=header,
        first_dealer=first_dealer,
        rows=blank_rows(
            first_dealer=first_dealer,
            hands=hands,
            exchanges=exchange_notes(rules, hands),
            seats=rules.player_seats,
        ),
    )
