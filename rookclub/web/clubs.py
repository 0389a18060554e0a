"""A club's page: its nights, its players, and (for a director) opening a night."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from rookclub import services
from rookclub.errors import DomainError, NotAllowed
from rookclub.forms import SessionOpenForm, add_domain_errors
from rookclub.models import Club
from rookclub.permissions import is_director
from rookclub.web.common import login_required_message, refuse


def _club_page(request: HttpRequest, club: Club, form: SessionOpenForm, status: int = 200):
    context = {
        "club": club,
        "form": form,
        "is_director": is_director(request.user, club),
        "sessions": club.sessions.all()[:30],
        "players": club.players.filter(active=True),
    }
    return render(request, "clubs/detail.html", context, status=status)


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    return _club_page(request, club, SessionOpenForm())


@require_POST
@login_required_message
def session_open(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    back = reverse("club-detail", args=[club.slug])
    if not is_director(request.user, club):
        return refuse(request, NotAllowed("Only a director of the club opens a night."), back)
    form = SessionOpenForm(request.POST)
    if form.is_valid():
        try:
            session = services.session_open(
                club=club,
                date=form.cleaned_data["date"],
                opened_by=request.user,
                seating_method=form.cleaned_data["seating_method"],
            )
        except DomainError as error:
            add_domain_errors(form, error)
        else:
            messages.success(request, f"Club night of {session.date:%-d %B} is open.")
            return redirect("session-detail", pk=session.pk)
    return _club_page(request, club, form, status=400)
