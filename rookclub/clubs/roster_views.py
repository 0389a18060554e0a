"""A club's roster in and out, on the pages: upload a CSV file and see every row's fate
(the preview stores nothing), confirm to import, and download the roster as CSV.
Directors only. The API is :mod:`rookclub.clubs.roster_api`; docs/rosters.md."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from rookclub.clubs import roster_import as ri
from rookclub.clubs.models import Club
from rookclub.core.csv_out import csv_response
from rookclub.core.errors import DomainError
from rookclub.core.pages import login_required_message, post_form, refuse
from rookclub.core.roles import require_director


def _director_club(request: HttpRequest, slug: str) -> tuple[Club, HttpResponse | None]:
    club = get_object_or_404(Club, slug=slug)
    try:
        require_director(request.user, club)
    except DomainError as error:
        return club, refuse(request, error, back=reverse("club-detail", args=[club.slug]))
    return club, None


@login_required_message
def roster_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """``/clubs/<slug>/players.csv``: names and emails, so directors only."""
    club, refused = _director_club(request, slug)
    return refused or csv_response(ri.roster_table(club))


def _preview(request: HttpRequest, club: Club, context: dict, status: int = 200) -> HttpResponse:
    return render(request, "clubs/roster_import.html", {"club": club, **context}, status=status)


@login_required_message
@post_form("club-members")
def roster_import_preview(request: HttpRequest, slug: str) -> HttpResponse:
    """The uploaded file, row by row: will be added, duplicate, or its problems."""
    club, refused = _director_club(request, slug)
    if refused:
        return refused
    upload = request.FILES.get("file")
    try:
        # One byte more than allowed is enough to refuse it, whatever its size; no file is
        # parse_roster's "Choose a CSV file to upload."
        data = upload.read(ri.FILE_MAX_BYTES + 1) if upload is not None else None
        rows, notes = ri.parse_roster(data)
        plan = ri.roster_plan(club=club, rows=rows, notes=notes)
        token = ri.rows_token(club=club, rows=rows, notes=notes, by=request.user)
    except DomainError as error:
        return _preview(request, club, {"error": error.message}, status=400)
    counts = {a: plan.count(a) for a in ("add", "duplicate", "problem")}
    context = {
        "plan": plan,
        "token": token,
        "adding": counts["add"],
        "counts": counts,
        "upload_name": upload.name,
    }
    return _preview(request, club, context)


@login_required_message
@post_form("club-members")
def roster_import_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Store what the preview showed (planned again against today's players)."""
    club, refused = _director_club(request, slug)
    if refused:
        return refused
    try:
        rows, _ = ri.rows_from_token(club=club, token=request.POST.get("token"), by=request.user)
        plan = ri.roster_import(club=club, rows=rows, by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("club-members", club.slug)
    added, skipped = plan.count("add"), len(plan.rows) - plan.count("add")
    text = f"Imported {added} player{'s' if added != 1 else ''}"
    if skipped:
        text += f"; skipped {skipped} row{'s' if skipped != 1 else ''} (duplicates or problems)"
    messages.success(request, text + ".")
    return redirect("club-members", club.slug)
