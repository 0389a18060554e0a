"""The "Download CSV" links of the standings pages: the same people who see the page get
its file (these pages are public, as their tables are)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from play.models import Night
from rookclub.clubs.models import Club
from rookclub.core.csv_out import csv_response
from standings import csv_exports
from standings import standings as board
from standings.views.standings import season_year


def season_standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """``/clubs/<slug>/standings.csv?year=2026`` (``year=all``: every season)."""
    club = get_object_or_404(Club, slug=slug)
    year = season_year(request.GET.get("year"))
    standings = board.season_standings(club=club, year=year)
    return csv_response(csv_exports.season_standings_table(standings, club=club, year=year))


def night_standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    night = get_object_or_404(Night.objects.select_related("club"), pk=pk)
    standings = board.night_standings(night=night)
    return csv_response(csv_exports.night_standings_table(standings, night=night))
