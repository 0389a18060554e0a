"""The standings' print kinds: a club night's and a season's standings, registered from
``StandingsConfig.ready()`` into the registry of print kinds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.prints import night_from_params
from rookclub.clubs.models import Club
from rookclub.core.limits import YEAR_MAX
from rookclub.core.roles import Actor
from rookclub.printing.kinds import Built, Kind, get_or_missing, int_param, register
from standings import print_docs as builders


def build_night_standings(params: Mapping[str, Any], by: Actor) -> Built:
    night = night_from_params(params, by)
    return Built(
        items=[],
        context={"doc": builders.night_standings_doc(night)},
        club=night.club,
        filename=f"{night.club.slug}-{night.date:%Y-%m-%d}-standings.pdf",
    )


def build_season_standings(params: Mapping[str, Any], by: Actor) -> Built:
    club = get_or_missing(Club, "club", (), by=by, club_path="", slug=str(params.get("club") or ""))
    year = int_param(params, "year", required=False, maximum=YEAR_MAX)
    return Built(
        items=[],
        context={"doc": builders.season_standings_doc(club, year)},
        club=club,
        filename=f"{club.slug}-{year or 'all'}-season-standings.pdf",
    )


def register_kinds() -> None:
    register(
        Kind(
            "session-standings",
            "print/standings.html",
            build_night_standings,
            description="Standings of a club night",
        ),
        Kind(
            "season-standings",
            "print/standings.html",
            build_season_standings,
            description="Season standings of a club",
        ),
    )
