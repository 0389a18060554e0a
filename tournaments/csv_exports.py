"""A tournament's standings as a CSV file, built from what
:func:`tournaments.selectors.tournament_standings` returns (docs/rosters.md)."""

from __future__ import annotations

from django.utils import timezone

from rookclub.core.csv_out import CsvTable, filename
from tournaments.models import Tournament
from tournaments.selectors import StandingsRow

HEADER = (
    "rank",
    "entry",
    "withdrawn",
    "seed",
    "played",
    "wins",
    "losses",
    "draws",
    "byes",
    "match points",
    "points for",
    "points against",
    "spread",
    "buchholz",
    "sonneborn-berger",
    "decided by",
    "playoff needed",
    "final place",
)


def standings_table(rows: list[StandingsRow], *, tournament: Tournament) -> CsvTable:
    out = [
        (
            r.rank,
            r.entry.name,
            r.entry.status == "withdrawn",
            r.entry.seed,
            r.played,
            r.wins,
            r.losses,
            r.draws,
            r.byes,
            r.match_points,
            r.points_for,
            r.points_against,
            r.spread,
            r.buchholz,
            r.sonneborn_berger,
            (r.decided_by or "").replace("_", " "),
            r.playoff_needed,
            r.place,
        )
        for r in rows
    ]
    name = filename(tournament.club.slug, tournament.name, "standings", day=timezone.localdate())
    return CsvTable(HEADER, out, name)
