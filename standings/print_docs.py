"""The documents of the standings' print kinds (:mod:`standings.prints`): a night's and
a season's standings, as the pages rank them."""

from __future__ import annotations

from play.models import Night
from play.print_docs import night_event
from rookclub.clubs.models import Club
from rookclub.printing.builders import sheet_date
from rookclub.printing.documents import StandingsColumn, StandingsDoc, StandingsTable
from standings.standings import night_standings, season_standings

STANDING_COLUMNS = (
    StandingsColumn("rank", "#"),
    StandingsColumn("name", "Player", numeric=False),
    StandingsColumn("games", "Games"),
    StandingsColumn("won", "Won"),
    StandingsColumn("points", "Points"),
    StandingsColumn("declared", "Bids"),
    StandingsColumn("made", "Made"),
    StandingsColumn("sets", "Set"),
    StandingsColumn("made_percent", "Made %"),
)


def _standing_rows(rows, *, nights: bool = False) -> tuple[dict, ...]:
    return tuple(
        {
            "rank": i,
            "name": r.name,
            "games": r.games,
            "won": r.won,
            "points": r.points,
            "declared": r.hands_declared,
            "made": r.made,
            "sets": r.sets,
            "made_percent": "" if r.made_percent is None else f"{r.made_percent}%",
            **({"nights": r.night_count} if nights else {}),
        }
        for i, r in enumerate(rows, start=1)
    )


def _standings_tables(standings, *, nights: bool = False) -> tuple[StandingsTable, ...]:
    columns = STANDING_COLUMNS
    if nights:
        columns = (*columns[:2], StandingsColumn("nights", "Nights"), *columns[2:])
    pair_columns = tuple(
        StandingsColumn(c.key, "Partnership", numeric=False) if c.key == "name" else c
        for c in STANDING_COLUMNS
    )
    return (
        StandingsTable("Players", columns, _standing_rows(standings.players, nights=nights)),
        StandingsTable("Partnerships", pair_columns, _standing_rows(standings.partnerships)),
    )


def night_standings_doc(night: Night) -> StandingsDoc:
    standings = night_standings(night=night)
    return StandingsDoc(
        title="Standings",
        subtitle=f"{night_event(night)} \N{MIDDLE DOT} {sheet_date(night.date)}",
        tables=_standings_tables(standings),
        note=f"{standings.games} games. Ranked by games won, then points.",
    )


def season_standings_doc(club: Club, year: int | None = None) -> StandingsDoc:
    standings = season_standings(club=club, year=year)
    return StandingsDoc(
        title="Season standings",
        subtitle=f"{club.name} \N{MIDDLE DOT} {year if year else 'all seasons'}",
        tables=_standings_tables(standings, nights=True),
        note=f"{standings.games} games on club nights. Ranked by games won, then points.",
    )
