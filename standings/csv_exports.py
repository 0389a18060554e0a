"""Standings as CSV files (docs/rosters.md names every column), built from what
:mod:`standings.standings` returns, never from its internals."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from play.models import Night
from rookclub.clubs.models import Club
from rookclub.core.csv_out import CsvTable, filename
from standings.standings import StandingRow, Standings

STANDINGS_HEADER = (
    "kind",
    "place",
    "name",
    "games",
    "won",
    "unfinished",
    "points",
    "hands declared",
    "made",
    "set",
    "made %",
    "nights",
)


def _standing_rows(kind: str, rows: list[StandingRow]) -> list[tuple[Any, ...]]:
    return [
        (
            kind,
            place,
            r.name,
            r.games,
            r.won,
            r.unfinished,
            r.points,
            r.hands_declared,
            r.made,
            r.sets,
            r.made_percent,
            r.night_count,
        )
        for place, r in enumerate(rows, start=1)
    ]


def standings_table(standings: Standings, *stem: str, day: Any = None) -> CsvTable:
    """Players first, then partnerships (``kind`` tells them apart), each ranked as
    the page shows them."""
    rows = _standing_rows("player", standings.players) + _standing_rows(
        "partnership", standings.partnerships
    )
    return CsvTable(STANDINGS_HEADER, rows, filename(*stem, day=day or timezone.localdate()))


def season_standings_table(standings: Standings, *, club: Club, year: int | None) -> CsvTable:
    season = str(year) if year else "all-seasons"
    return standings_table(standings, club.slug, "standings", season)


def night_standings_table(standings: Standings, *, night: Night) -> CsvTable:
    return standings_table(standings, night.club.slug, "night-standings", day=night.date)
