"""The door page a night's door link opens, ``/n/<key>/`` (``door``): players check
themselves in from their own phones, no account needed (docs/club-nights.md).

A tap on a name checks that player in and this phone claims them; the page then shows,
live, where its player sits. No other phone is shown that seat. Posts are rate-limited
per door link (the table links' limiter).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play import door, table_links
from play import door_checkin as club_door
from play.checkins import closed_conflict
from play.live import night_tables_stamp
from play.models import Night
from rookclub.clubs.models import Player
from rookclub.core import live
from rookclub.core.errors import DomainError, Invalid
from rookclub.core.pages import login_required_message, refuse
from rookclub.core.throttles import TooMany
from rookclub.printing.services import document_pdf
from rookclub.printing.site import site_url
from rookclub.printing.views import error_response, pdf_response
from scoring.engine.seat_names import seat_name

#: How often a phone waiting to be seated (or sitting out) asks for its seat, in seconds.
WAITING_POLL_SECONDS = 3


def _night(key: str) -> Night:
    try:
        return club_door.door_find(key)
    except club_door.DoorNotFound as error:
        raise Http404(error.message) from error


def _seat_context(request: HttpRequest, night: Night, seat: door.DoorSeat) -> dict:
    at = ""
    if seat.table is not None:
        opponents = " & ".join(p.name for p in seat.opponents)
        at = f"Table {seat.table} · {seat_name(seat.seat or '')}"
        if seat.partners:
            word = "partner" if len(seat.partners) == 1 else "partners"
            at += f" · {word} " + " & ".join(p.name for p in seat.partners)
        if opponents:
            at += f" · against {opponents}"
    return {
        "night": night,
        "club": night.club,
        "seat": seat,
        "at": at,
        "table_url": table_links.link_url(seat.link, request) if seat.link else None,
        # A phone waiting for its table asks sooner than one already seated.
        "poll_seconds": live.poll_seconds()
        if seat.table is not None
        else min(live.poll_seconds(), WAITING_POLL_SECONDS),
        "key": night.door_key,
    }


@require_http_methods(["GET", "HEAD", "POST"])
def door_page(request: HttpRequest, key: str) -> HttpResponse:
    """GET: where this phone's player sits tonight, or the list to choose from.
    POST: check a player in (``player``), or a newcomer (``name``)."""
    night = _night(key)
    if request.method == "POST":
        return _check_in(request, night)
    phone = door.phone_of(request, night)
    player_id = door.phone_player(night=night, phone=phone)
    polled = live.wants_live(request)
    if polled and player_id is not None:
        # The night's stamps, read before the seat: a seat read while the director
        # seats the room is then sent with the older tag, and the next poll brings the
        # table (a tag newer than its seat would answer 304 until the night changed
        # again). Unchanged: a 304 without reading the seat.
        version = (*(night_tables_stamp(night.pk, None) or ()), player_id)
        return live.live_fragment(
            request,
            lambda: version,
            lambda: _seat_poll(request, night, player_id, phone),
            own=True,
        )
    seat = None
    if player_id is not None:
        try:
            seat = door.door_seat(night=night, player_id=player_id, phone=phone)
        except DomainError:
            seat = None
    if seat is not None and seat.checked_in:
        return render(request, "door/seat.html", _seat_context(request, night, seat))
    if polled:  # checked out by the director meanwhile: back to the list
        return _back_to_the_list()
    return _list(request, night)


def _seat_poll(request: HttpRequest, night: Night, player_id: int, phone: str | None):
    """The seat's fragment, or (checked out meanwhile) back to the list."""
    try:
        seat = door.door_seat(night=night, player_id=player_id, phone=phone)
    except DomainError:
        seat = None
    if seat is None or not seat.checked_in:
        return _back_to_the_list()
    return render(request, "door/_seat.html", _seat_context(request, night, seat))


def _back_to_the_list() -> HttpResponse:
    response = HttpResponse(status=200)
    response["HX-Refresh"] = "true"
    return response


def _list(request: HttpRequest, night: Night, *, error: str = "", status: int = 200):
    players = door.door_players(night=night)
    refusal = None
    if not night.is_open:
        refusal = closed_conflict(night, "check players in").message
    return render(
        request,
        "door/list.html",
        {
            "night": night,
            "club": night.club,
            "players": players,
            "refusal": refusal,
            "error": error,
            "key": night.door_key,
            "new_players": night.door_new_players,
        },
        status=status,
    )


def _check_in(request: HttpRequest, night: Night) -> HttpResponse:
    actor = club_door.DoorActor(night.pk)
    phone = door.phone_of(request, night) or club_door.new_phone()

    def claim() -> None:
        door.throttle_claim(request, night, phone)

    raw = request.POST.get("player", "")
    try:
        door.throttle_door(request, night)  # the rate limit first: 429 with Retry-After
        if raw:
            player = (
                Player.objects.filter(club=night.club_id, pk=raw).first()
                if raw.isdigit() and len(raw) < 19
                else None
            )
            if player is None:
                raise Http404("This player is not known here.")
            done = club_door.door_check_in(
                night=night, by=actor, phone=phone, player=player, on_claim=claim
            )
        else:
            name = request.POST.get("name")
            done = club_door.door_check_in(
                night=night, by=actor, phone=phone, name=name, on_claim=claim
            )
    except DomainError as error:
        response = _list(request, night, error=error.message, status=error.status)
        if isinstance(error, TooMany):
            response["Retry-After"] = str(error.wait)
        return response
    messages.success(request, f"Welcome, {done.player.name}: you are checked in.")
    response = redirect(reverse("door", args=[night.door_key]))
    door.phone_keep(request, response, night, phone)
    return response


@require_POST
def door_forget(request: HttpRequest, key: str) -> HttpResponse:
    """ "Not me": the phone gives its player back (the check-in stays; the next phone to
    tap the name claims them)."""
    night = _night(key)
    club_door.door_forget(night=night, phone=door.phone_of(request, night))
    # The phone keeps its cookie: still the same phone, its claims still counted
    # (play.door.throttle_claim); it holds nobody now.
    return redirect(reverse("door", args=[night.door_key]))


@require_POST
@login_required_message
def door_release(request: HttpRequest, pk: int) -> HttpResponse:
    """A director lets the next phone claim a checked-in player (``player``): their own
    phone, when another took their name or they were checked in at the desk."""
    night = get_object_or_404(Night.objects.select_related("club"), pk=pk)
    back = reverse("night-detail", args=[night.pk]) + "#door-phones"
    raw = request.POST.get("player", "")
    if not raw.isdigit() or len(raw) > 18:
        return refuse(request, Invalid("Choose a checked-in player."), back)
    try:
        player = club_door.door_release(night=night, player_id=int(raw), by=request.user)
    except DomainError as error:
        return refuse(request, error, back)
    messages.success(request, f"The next phone to tap {player.name} at the door shows their seat.")
    return redirect(back)


@login_required
@require_GET
def door_poster(request: HttpRequest, pk: int) -> HttpResponse:
    """The night's door poster (print kind ``door_poster``), a PDF: directors and scorers."""
    try:
        pdf, filename = document_pdf(
            kind="door_poster",
            params={"session": pk, "base_url": site_url(request)},
            by=request.user,
        )
    except DomainError as error:
        return error_response(request, error)
    return pdf_response(pdf, filename, download=request.GET.get("download") == "1")
