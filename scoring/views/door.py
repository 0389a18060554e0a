"""The door page a night's door link opens, ``/n/<key>/`` (``door``): players check
themselves in from their own phones, no account needed.

The page lists the club's players with a search box; a tap checks that player in
(or "I'm new here" adds a newcomer, when the director allows it). The phone then
remembers who it is for the night (a signed cookie, per night) and shows, live, where
that player sits: waiting to be seated, a table and seat with a button to the table's
page, or sitting out. Posts are rate-limited per door link (the table links' limiter).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rookclub.clubs import door as club_door
from rookclub.clubs.models import ClubSession, Player
from rookclub.clubs.services import closed_conflict
from rookclub.core import live
from rookclub.core.errors import DomainError
from rookclub.core.throttles import TooMany
from rookclub.printing.services import document_pdf
from rookclub.printing.site import site_url
from rookclub.printing.views import error_response, pdf_response
from scoring import door, table_links
from scoring.forms import SEAT_LABELS
from scoring.live import night_version

#: How long a phone remembers who it is at a night's door (a night, with room).
REMEMBER_SECONDS = 18 * 3600


def _cookie(session: ClubSession) -> str:
    return f"rookclub-door-{session.pk}"


def _salt(session: ClubSession) -> str:
    # The key is in the salt: replacing the door link forgets every phone's choice.
    return f"door:{session.pk}:{session.door_key}"


def _night(key: str) -> ClubSession:
    try:
        return club_door.door_find(key)
    except club_door.DoorNotFound as error:
        raise Http404(error.message) from error


def remembered(request: HttpRequest, session: ClubSession) -> int | None:
    """The player this phone said it is tonight, from its signed cookie, or None."""
    try:
        value = request.get_signed_cookie(_cookie(session), salt=_salt(session))
    except (KeyError, signing.BadSignature):
        return None
    return int(value) if value.isdigit() else None


def _remember(request: HttpRequest, response: HttpResponse, session, player: Player) -> None:
    response.set_signed_cookie(
        _cookie(session), str(player.pk), salt=_salt(session), max_age=REMEMBER_SECONDS,
        httponly=True, samesite="Lax", secure=request.is_secure(),
        path=reverse("door", args=[session.door_key]),
    )  # fmt: skip


def _seat_context(request: HttpRequest, session: ClubSession, seat: door.DoorSeat) -> dict:
    at = ""
    if seat.table is not None:
        opponents = " & ".join(p.name for p in seat.opponents)
        at = f"Table {seat.table} · {SEAT_LABELS.get(seat.seat, seat.seat)}"
        if seat.partner is not None:
            at += f" · partner {seat.partner.name}"
        if opponents:
            at += f" · against {opponents}"
    return {
        "session": session,
        "club": session.club,
        "seat": seat,
        "at": at,
        "table_url": table_links.link_url(seat.link, request) if seat.link else None,
        "poll_seconds": live.POLL_SECONDS,
        "key": session.door_key,
    }


@require_http_methods(["GET", "HEAD", "POST"])
def door_page(request: HttpRequest, key: str) -> HttpResponse:
    """GET: where this phone's player sits tonight, or the list to choose from.
    POST: check a player in (``player``), or a newcomer (``name``)."""
    session = _night(key)
    if request.method == "POST":
        return _check_in(request, session)
    player_id = remembered(request, session)
    seat = None
    if player_id is not None:
        try:
            seat = door.door_seat(session=session, player_id=player_id)
        except DomainError:
            seat = None
    if seat is not None and seat.checked_in:
        if live.wants_live(request):  # the seat, polled: 304 while the night is unchanged
            return live.live_fragment(
                request,
                lambda: (*(night_version(session.pk, None) or ()), player_id),
                lambda: render(request, "door/_seat.html", _seat_context(request, session, seat)),
            )
        return render(request, "door/seat.html", _seat_context(request, session, seat))
    if live.wants_live(request):  # checked out by the director meanwhile: back to the list
        response = HttpResponse(status=200)
        response["HX-Refresh"] = "true"
        return response
    return _list(request, session)


def _list(request: HttpRequest, session: ClubSession, *, error: str = "", status: int = 200):
    players = door.door_players(session=session)
    refusal = None
    if not session.is_open:
        refusal = closed_conflict(session, "check players in").message
    return render(
        request,
        "door/list.html",
        {
            "session": session,
            "club": session.club,
            "players": players,
            "refusal": refusal,
            "error": error,
            "key": session.door_key,
            "new_players": session.door_new_players,
        },
        status=status,
    )


def _check_in(request: HttpRequest, session: ClubSession) -> HttpResponse:
    try:
        door.throttle_door(request, session)
    except TooMany as error:
        response = _list(request, session, error=error.message, status=error.status)
        response["Retry-After"] = str(error.wait)
        return response
    actor = club_door.DoorActor(session.pk)
    raw = request.POST.get("player", "")
    try:
        if raw:
            player = (
                Player.objects.filter(club=session.club_id, pk=raw).first()
                if raw.isdigit() and len(raw) < 19
                else None
            )
            if player is None:
                raise Http404("This player is not known here.")
            done = club_door.door_check_in(session=session, by=actor, player=player)
        else:
            done = club_door.door_check_in(session=session, by=actor, name=request.POST.get("name"))
    except DomainError as error:
        return _list(request, session, error=error.message, status=error.status)
    messages.success(request, f"Welcome, {done.player.name}: you are checked in.")
    response = redirect(reverse("door", args=[session.door_key]))
    _remember(request, response, session, done.player)
    return response


@require_POST
def door_forget(request: HttpRequest, key: str) -> HttpResponse:
    """ "Not me": the phone forgets who it is for the night (the check-in stays)."""
    session = _night(key)
    response = redirect(reverse("door", args=[session.door_key]))
    response.delete_cookie(_cookie(session), path=reverse("door", args=[session.door_key]))
    return response


@login_required
@require_GET
def door_poster(request: HttpRequest, pk: int) -> HttpResponse:
    """The night's door poster (print kind ``door_poster``), a PDF: directors and scorers."""
    try:
        pdf, filename = document_pdf(
            kind="door_poster", params={"session": pk, "base_url": site_url(request)},
            by=request.user,
        )  # fmt: skip
    except DomainError as error:
        return error_response(request, error)
    return pdf_response(pdf, filename, download=request.GET.get("download") == "1")
