"""Standings: the night, the season, and one player's record.

Each page reads one selector, which runs a fixed number of queries whatever
the club's size (tests/pages/test_standings_pages.py counts them).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from rookclub.clubs.models import Club, ClubSession, Player
from rookclub.core.forms import label
from scoring import standings as board
from scoring.forms import SEAT_LABELS


def session_standings(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(ClubSession.objects.select_related("club"), pk=pk)
    standings = board.session_standings(session=session)
    context = {"session": session, "club": session.club, "standings": standings}
    return render(request, "clubs/session_standings.html", context)


def season_standings(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    year = _year(request.GET.get("year"))
    standings = board.season_standings(club=club, year=year)
    context = {"club": club, "year": year, "standings": standings}
    return render(request, "clubs/season_standings.html", context)


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    profile = board.player_profile(player=player)
    history = [(row, label(SEAT_LABELS, row.seat)) for row in profile.history]
    context = {"player": player, "club": player.club, "profile": profile, "history": history}
    return render(request, "clubs/player_detail.html", context)


def _year(text: str | None) -> int | None:
    """?year=2025 picks a season; no year (or a bad one) is this year; ?year=all is every year."""
    if text == "all":
        return None
    if text and text.isdigit() and 1900 < int(text) < 3000:
        return int(text)
    return timezone.localdate().year
