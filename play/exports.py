"""Play's tables in a club's export (registered from ``PlayConfig.ready()``): nights,
games and hands with all they hold (ratings are left out: they are worked out again).

Hands keep what was entered and what the engine computed, exactly as stored, so every
sheet and standing comes back the same. The ids inside their JSON (a hand's seats, a
game's totals per player, a correction's confirmer) are mapped to the new rows' ids.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max

from play.models import (
    CheckIn,
    Game,
    GameSeat,
    Hand,
    HandCorrection,
    HandResult,
    Irregularity,
    Night,
    NightEvent,
    NightRound,
    SitOut,
    TableLink,
    TableSeating,
)
from rookclub.clubs.export import Ids, Table, register, register_fix


def _game_player_totals(row: dict[str, Any], ids: Ids) -> None:
    totals = row.get("player_totals")
    if isinstance(totals, dict):
        row["player_totals"] = {str(ids.new("players", k)): v for k, v in totals.items()}


def _game_winners(row: dict[str, Any], ids: Ids) -> None:
    winners = row.get("winners")
    if isinstance(winners, list):
        row["winners"] = [ids.new("players", pid) for pid in winners]


def _hand_seats(row: dict[str, Any], ids: Ids) -> None:
    seats = row.get("seats")
    if isinstance(seats, dict):
        row["seats"] = {seat: ids.new("players", pid) for seat, pid in seats.items()}


def _correction_confirmers(row: dict[str, Any], ids: Ids) -> None:
    for key in ("before", "after"):
        snapshot = row.get(key)
        if isinstance(snapshot, dict) and snapshot.get("confirmed_by") is not None:
            # A confirmer who is not in the file (an account deleted since) is no one;
            # the snapshot keeps their name in ``confirmed_by_name``.
            snapshot["confirmed_by"] = ids.new_or_none("users", snapshot["confirmed_by"])


def _closing_games(row: dict[str, Any], ids: Ids) -> None:
    details = row.get("details")
    if isinstance(details, dict) and isinstance(details.get("unfinished_games"), list):
        details["unfinished_games"] = [ids.new("games", g) for g in details["unfinished_games"]]


#: A file keeps a night's column under its first name, "session", as the API does:
#: files already written import unchanged (docs/club-export.md).
KEPT_NAMES = (("night", "session"),)


def register_tables() -> None:
    register(
        Table(
            "nights",
            Night,
            lambda c: c.nights.all(),
            20,
            exclude=("door_key",),
            description="club nights",
        ),
        Table(
            "check_ins",
            CheckIn,
            lambda c: CheckIn.objects.filter(night__club=c),
            30,
            exclude=("phone", "phone_at", "phone_free"),
            description="who came to each night",
            file_names=KEPT_NAMES,
        ),
        Table(
            "night_rounds",
            NightRound,
            lambda c: NightRound.objects.filter(night__club=c),
            30,
            description="each seating of a night (one per progressive round)",
            file_names=KEPT_NAMES,
        ),
        Table(
            "night_tables",
            TableSeating,
            lambda c: TableSeating.objects.filter(round__night__club=c),
            40,
            description="who sat where at each table of a round",
        ),
        Table(
            "sit_outs",
            SitOut,
            lambda c: SitOut.objects.filter(round__night__club=c),
            40,
            description="who sat out a round",
        ),
        Table(
            "night_events",
            NightEvent,
            lambda c: NightEvent.objects.filter(night__club=c),
            40,
            description="each close and reopen of a night: who, when, why",
            file_names=KEPT_NAMES,
        ),
        Table(
            "games",
            Game,
            lambda c: c.games.all(),
            300,
            fixes=(_game_player_totals, _game_winners),
            # The engine's running state is a cache of the hands (play.game_state):
            # left out, an imported game rebuilds it from its hands when it next scores one.
            exclude=("state",),
            description="every game, its ruleset snapshot and final totals",
            file_names=KEPT_NAMES,
        ),
        Table(
            "game_seats",
            GameSeat,
            lambda c: GameSeat.objects.filter(game__club=c),
            310,
            description="who sat where when each game started",
        ),
        Table(
            "table_links",
            TableLink,
            lambda c: c.table_links.all(),
            310,
            exclude=("key",),
            description="tables' links (without their secret keys: an import makes new ones)",
            file_names=KEPT_NAMES,
        ),
        Table(
            "hands",
            Hand,
            lambda c: Hand.objects.filter(game__club=c),
            320,
            fixes=(_hand_seats,),
            description="every hand as entered and as scored",
        ),
        Table(
            "hand_results",
            HandResult,
            lambda c: HandResult.objects.filter(game__club=c),
            330,
            description="what each player scored in each hand, and their running total",
        ),
        Table(
            "hand_corrections",
            HandCorrection,
            lambda c: HandCorrection.objects.filter(hand__game__club=c),
            330,
            fixes=(_correction_confirmers,),
            description="each director's correction: before, after, who, when, why",
        ),
        Table(
            "irregularities",
            Irregularity,
            lambda c: Irregularity.objects.filter(hand__game__club=c),
            330,
            description="penalties, reneges, misdeals and redeals of each hand",
        ),
    )
    register_fix("night_events", _closing_games)


def hand_results_mark_won(*, club_id: int) -> None:
    """Mark the winners' rows of each finished game's winning hand (``HandResult.won``),
    which standings count games won from and older exports do not carry. Run after an
    import; idempotent."""
    finished = (
        Game.objects.filter(club_id=club_id, status="finished")
        .annotate(last=Max("hands__number"))
        .values_list("pk", "winners", "last")
    )
    with transaction.atomic():
        for pk, winners, last in finished:
            if winners and last is not None:
                HandResult.objects.filter(
                    game_id=pk, hand__number=last, player_id__in=list(winners)
                ).update(won=True)
