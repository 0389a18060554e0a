"""A club's page: its nights, its players, and (for a director) the form that opens a
night (posted to :func:`play.views.nights.night_open`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from play.forms import NightOpenForm
from rookclub.clubs.models import Club
from rookclub.clubs.permissions import is_director, role_in


def club_page(request: HttpRequest, club: Club, form: NightOpenForm, status: int = 200):
    context = {
        "club": club,
        "form": form,
        "is_director": is_director(request.user, club),
        "is_member": role_in(request.user, club) is not None,
        "nights": club.nights.all()[:30],
        "players": club.players.filter(active=True),
    }
    return render(request, "clubs/detail.html", context, status=status)


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    return club_page(request, club, NightOpenForm())
