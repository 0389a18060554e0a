"""A night's hands as a CSV file (docs/rosters.md names every column), read in a fixed
number of queries.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from play.forms import SEAT_LABELS, SIDE_LABELS, TRUMP_LABELS, irregularities_text
from play.models import Hand, Irregularity, Night
from rookclub.clubs.models import Player
from rookclub.clubs.permissions import public_name
from rookclub.core.csv_out import CsvTable, filename

HANDS_HEADER = (
    "table",
    "round",
    "game",
    "game status",
    "game voided",
    "hand",
    "dealer",
    "bidder seat",
    "declarer",
    "bid",
    "trump",
    "made",
    "counters north-south",
    "counters east-west",
    "points north-south",
    "points east-west",
    "total north-south",
    "total east-west",
    "other sides",
    "penalties",
    "void hand",
    "players",
    "entered by",
    "confirmed by",
    "confirmed at",
)


def _who(user: Any, via_id: int | None, side: str, at: Any) -> str:
    """Who entered or confirmed a hand: a person by their full name, never by their
    username (the CSV is public; a username is half a login)."""
    if user is not None:
        return public_name(user)
    if via_id is not None:
        return f"table link ({SIDE_LABELS.get(side, side)})"
    return "Rookclub" if at is not None else ""


def _hand_row(hand: Hand, names: dict[int, str]) -> tuple[Any, ...]:
    game, record = hand.game, hand.record or {}
    seating = game.table_seating
    counters = record.get("counters") or {}
    sides = (hand.score or {}).get("sides") or {}
    others = "; ".join(
        f"{SEAT_LABELS.get(s, s)} {v}"
        for s, v in sides.items()
        if s not in ("north_south", "east_west")
    )
    fours = not others  # a table of four: the north-south and east-west columns hold it
    players = "; ".join(
        f"{SEAT_LABELS.get(seat, seat)}: {names.get(pid, pid)}" for seat, pid in hand.seats.items()
    )
    made = "" if hand.made is None else ("made" if hand.made else "set")
    return (
        seating.table if seating else "",
        seating.round.number if seating else "",
        game.pk,
        game.get_status_display(),
        game.is_void,
        hand.number,
        SEAT_LABELS.get(hand.dealer, hand.dealer),
        SEAT_LABELS.get(hand.bidder or "", ""),
        hand.declarer.name if hand.declarer else "",
        hand.bid,
        TRUMP_LABELS.get(hand.trump, hand.trump),
        made,
        counters.get("north_south"),
        counters.get("east_west"),
        hand.score_ns if fours else "",
        hand.score_ew if fours else "",
        hand.total_ns if fours else "",
        hand.total_ew if fours else "",
        others,
        irregularities_text(hand.irregularities.all()),
        hand.void,
        players,
        _who(hand.entered_by, hand.entered_via_id, hand.entered_side, hand.entered_at),
        _who(hand.confirmed_by, hand.confirmed_via_id, hand.confirmed_side, hand.confirmed_at),
        timezone.localtime(hand.confirmed_at).strftime("%Y-%m-%d %H:%M")
        if hand.confirmed_at
        else "",
    )


def night_hands(*, night: Night) -> list[tuple[Hand, dict[int, str]]]:
    """Every hand of every game of the night, voided games too, by table, game and
    number (three queries: hands, their irregularities, the players' names)."""
    hands = list(
        Hand.objects.filter(game__night=night)
        .select_related("game__table_seating__round", "declarer", "entered_by", "confirmed_by")
        .prefetch_related(Prefetch("irregularities", Irregularity.objects.order_by("id")))
        .order_by("game__table_seating__table", "game_id", "number")
    )
    ids = {pid for h in hands for pid in (h.seats or {}).values() if isinstance(pid, int)}
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name")) if ids else {}
    return [(h, names) for h in hands]


def night_hands_table(*, night: Night) -> CsvTable:
    rows = [_hand_row(h, names) for h, names in night_hands(night=night)]
    name = filename(night.club.slug, "night-hands", day=night.date)
    return CsvTable(HANDS_HEADER, rows, name)


def hand_dict(row: tuple[Any, ...]) -> dict[str, Any]:
    """One row of the hands table for the JSON answer, keyed by its column."""
    return dict(
        zip(
            (h.replace(" ", "_").replace("-", "_").replace("%", "percent") for h in HANDS_HEADER),
            row,
            strict=True,
        )
    )


def night_hands_rows(*, night: Night) -> list[dict[str, Any]]:
    return [hand_dict(_hand_row(h, names)) for h, names in night_hands(night=night)]
