"""Standings: the night and the season (a player's page: standings/views/players.py).

Each page reads one selector, which runs a fixed number of queries whatever
the club's size (tests/pages/test_standings_pages.py counts them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import segno
from django.dispatch import Signal
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.safestring import mark_safe

from play.door import door_url
from play.live import night_standings_stamp
from play.models import Night
from rookclub.clubs.models import Club
from rookclub.clubs.permissions import is_member
from rookclub.core.live import (
    FRAGMENT_SECONDS,
    cache_or_none,
    digest,
    live_fragment,
    poll_seconds,
    wants_live,
)
from rookclub.core.roles import holds_keys
from standings import ratings
from standings import standings as board


def night_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The night's standings; the tables refresh themselves (``?live=1``, 304 while
    nothing changed)."""
    return _night_standings(request, pk, "clubs/night_standings.html")


def night_standings_projector(request: HttpRequest, pk: int) -> HttpResponse:
    """The night's standings for the wall: large type, pages by itself, refreshes."""
    return _night_standings(request, pk, "projector/night_standings.html")


def _night_standings(request: HttpRequest, pk: int, template: str) -> HttpResponse:
    live = wants_live(request)
    found: list[Night] = []
    # Read before anything the page shows, so what is shown is never older than it.
    version = night_standings_stamp(pk, request.user)
    if version is None:
        raise Http404("No such night.")

    def the_night() -> Night:
        if not found:
            found.append(get_object_or_404(Night.objects.select_related("club"), pk=pk))
        return found[0]

    def linked() -> bool:
        # A player's page is for members: only they get names as links.
        return request.user.is_authenticated and is_member(request.user, the_night().club)

    def page() -> HttpResponse:
        context = {
            "poll_seconds": poll_seconds(),
            "standings": standings_at(pk, version),
            "live_url": request.path + "?live=1",
            "linked": linked(),
        }
        if live:
            # The part the poll swaps shows the standings alone: a watcher without a
            # session costs no query for the night (its stamp says there is one).
            return render(request, LIVE_PART[template], context)
        night = context["night"] = the_night()
        context["club"] = night.club
        if template == "projector/night_standings.html":
            context["door"] = _door_for_the_wall(request, night)
        return render(request, template, context)

    if live:
        # What a signed-in watcher sees differs only in names as links (members).
        return live_fragment(
            request,
            lambda: version,
            page,
            seen_as=lambda: "member" if linked() else "reader",
        )
    return page()


#: Sent each time a night's standings are added up (``night_id``): once per version
#: of the night whatever the number of pages and watchers showing it, unless the cache
#: cannot keep them.
night_standings_added_up = Signal()


def standings_at(pk: int, version: Iterable[Any]) -> board.Standings:
    """The standings of night ``pk`` at ``version``: added up once per version and kept
    in the cache, whichever page shows them (the phones' fragment, the projector's, a
    member's); added up here when the cache cannot answer."""
    key = f"night-standings:{pk}:{digest(version)}"
    kept = cache_or_none("get", key)
    if kept is None:
        kept = board.night_standings(night=pk)
        # A night with games exists (their rows point to it); one without is asked
        # for, as stamps can outlive their night (a database restored from a backup).
        if not kept.players and not Night.objects.filter(pk=pk).exists():
            raise Http404("No such night.")
        night_standings_added_up.send(sender=board.Standings, night_id=pk)
        cache_or_none("set", key, kept, FRAGMENT_SECONDS)
    return kept


def _door_for_the_wall(request: HttpRequest, night: Night) -> dict[str, str] | None:
    """The door link and its QR code for the projector at the door, shown only to the
    night's directors and scorers (the laptop driving the projector): the projector
    page itself is public, and the door link checks players in."""
    if night.status != Night.Status.OPEN or not holds_keys(request.user, night.club):
        return None
    url = door_url(night, request)
    svg = segno.make(url, error="m").svg_inline(border=2, dark="#000", light="#fff", omitsize=True)
    return {"url": url, "qr": mark_safe(svg)}


#: The part of each page its live poll swaps.
LIVE_PART = {
    "clubs/night_standings.html": "clubs/_night_standings_live.html",
    "projector/night_standings.html": "projector/_night_standings_rows.html",
}


def season_standings(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    year = season_year(request.GET.get("year"))
    sort = request.GET.get("sort") if request.GET.get("sort") in ratings.SORTS else "standing"
    standings = ratings.with_ratings(
        board.season_standings(club=club, year=year), club=club, sort=sort
    )
    context = {
        "club": club,
        "year": year,
        "standings": standings,
        "sort": sort,
        "year_param": str(year) if year else "all",
        # A player's page is for members: only they get names as links.
        "linked": is_member(request.user, club),
    }
    return render(request, "clubs/season_standings.html", context)


def season_year(text: str | None) -> int | None:
    """?year=2025 picks a season; no year (or a bad one) is this year; ?year=all is every year."""
    if text == "all":
        return None
    if text and text.isdigit() and 1900 < int(text) < 3000:
        return int(text)
    return timezone.localdate().year
