"""The director's tournament forms: create an event, register, check in and withdraw
entries, pair with pins or a forced bye, change a round's pairings, read the audit.

Each view calls the service the API calls, after ``require_director``; a refusal is
shown on its form as sentences (a ``NotAllowed`` on the page the director came from):
:func:`_sent`, the one shape of a sent form."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from django import forms
from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

import tournaments.entries
import tournaments.rounds
from rookclub.clubs import permissions
from rookclub.core.errors import DomainError, Invalid, NotAllowed
from rookclub.core.forms import add_domain_errors
from rookclub.core.pages import login_required_message, post_form, refuse
from rookclub.core.roles import require_director
from tournaments import partners, playoffs, services, views
from tournaments.audit_text import AuditWords
from tournaments.entry_forms import EntryForm, WithdrawForm, available_players, entry_counts
from tournaments.event_forms import TournamentForm
from tournaments.models import Entry, Match, Round, Tournament
from tournaments.round_forms import OverrideForm, PairForm
from tournaments.selectors import MATCH_RELATED


def _dashboard(tournament: Tournament, anchor: str = "") -> str:
    url = reverse("tournament-detail", args=[tournament.pk])
    return f"{url}#{anchor}" if anchor else url


def _entry(pk: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("tournament__club"), pk=pk)


def _not_director(request: HttpRequest, tournament: Tournament, back: str) -> HttpResponse | None:
    """The refusal (on ``back``) unless the user directs the event's club."""
    try:
        require_director(request.user, tournament.club, services.NOT_DIRECTOR)
    except NotAllowed as error:
        return refuse(request, error, back)
    return None


def _sent(
    request: HttpRequest,
    form: forms.Form,
    back: str,
    page: Callable[..., HttpResponse],
    act: Callable[[], tuple[str, str]],
    rename: Mapping[str, str | None] | None = None,
) -> HttpResponse:
    """A director's form sent: ``page(status=...)`` again when the form is invalid (400) or
    the service refuses it (its sentences on the form, fields ``rename``d), a ``NotAllowed``
    on ``back``; else, the service done, ``act()``'s sentence as a message and to its URL."""
    if not form.is_valid():
        return page(status=400)
    try:
        said, url = act()
    except NotAllowed as error:
        return refuse(request, error, back)
    except DomainError as error:
        add_domain_errors(form, error, rename=rename, as_sentences=True)
        return page(status=error.status)
    messages.success(request, said)
    return redirect(url)


# ---- creating an event ------------------------------------------------------------------


@post_form("tournament-list")
@login_required_message
def tournament_create(request: HttpRequest) -> HttpResponse:
    back = reverse("tournament-list")
    clubs = list(permissions.clubs_directed(request.user))
    if not clubs:
        error = NotAllowed("Only a club's director can create its tournaments.")
        return refuse(request, error, back)
    form = TournamentForm(request.POST, clubs=clubs)

    def create() -> tuple[str, str]:
        tournament = services.tournament_create(by=request.user, **form.service_arguments())
        return f"{tournament.name} is created. Register its entries below.", _dashboard(tournament)

    page = partial(views.tournament_list, request, create_form=form)
    return _sent(request, form, back, page, create, rename=TournamentForm.OPTION_FIELDS)


# ---- registration ------------------------------------------------------------------------


@post_form("tournament-detail")
@login_required_message
def entry_add(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = views.tournament_of(pk)
    back = _dashboard(tournament, "entries")
    if refused := _not_director(request, tournament, back):
        return refused
    form = EntryForm(request.POST, tournament=tournament, available=available_players(tournament))

    def add() -> tuple[str, str]:
        entry = tournaments.entries.entry_add(
            tournament=tournament,
            players=form.players(),
            name=form.cleaned_data["name"] or None,
            seed=form.cleaned_data["seed"],
            by=request.user,
        )
        late = " late: paired from the next round" if entry.late else ""
        return f"{entry.name} is entered{late}.", back

    page = partial(views.tournament_detail, request, tournament.pk, entry_form=form)
    return _sent(request, form, back, page, add)


@require_POST
@login_required_message
def entry_check_in(request: HttpRequest, pk: int) -> HttpResponse:
    """Set an entry's check-in (``checked_in=1`` or ``0``), not toggle it, so a second tap
    cannot undo the first. htmx gets the entries card back; without it, the dashboard."""
    entry = _entry(pk)
    tournament = entry.tournament
    back = _dashboard(tournament, f"entry-{entry.pk}")
    checked_in = request.POST.get("checked_in", "1") != "0"
    try:
        entry = tournaments.entries.entry_check_in(
            entry=entry, by=request.user, checked_in=checked_in
        )
    except DomainError as error:
        return refuse(request, error, back)
    if request.htmx:
        entries = list(tournament.entries.prefetch_related("players").order_by("seed", "id"))
        context = {
            "tournament": tournament,
            "is_director": True,
            "entries": entries,
            **entry_counts(entries),
        }
        return render(request, "tournaments/_entries.html", context)
    done = "is checked in" if entry.checked_in else "is no longer checked in"
    messages.success(request, f"{entry.name} {done}.")
    return redirect(back)


@require_POST
@login_required_message
def partner_pins(request: HttpRequest, pk: int) -> HttpResponse:
    """Pin two sign-ups together before the partners are drawn (``a`` and ``b``), or
    let a pinned pair go (``unpin``: the first sign-up of the pin)."""
    tournament = views.tournament_of(pk)
    back = _dashboard(tournament, "partners")
    pins = [list(p) for p in (tournament.partner_draw or {}).get("pins", [])]
    unpin, a, b = (request.POST.get(k, "") for k in ("unpin", "a", "b"))
    if unpin.isdigit():
        pins = [p for p in pins if int(unpin) not in p]
    elif a.isdigit() and b.isdigit():
        pins.append([int(a), int(b)])
    else:
        return refuse(request, Invalid("Choose two players to pin together."), back)
    try:
        partners.partner_pins_set(tournament=tournament, pins=pins, by=request.user)
    except DomainError as error:
        return refuse(request, error, back)
    messages.success(request, "The pins are saved: they are kept together in the draw.")
    return redirect(back)


@require_POST
@login_required_message
def playoffs_create(request: HttpRequest, pk: int) -> HttpResponse:
    """Play off the places still shared after the tie-breakers (the dashboard's button)."""
    tournament = views.tournament_of(pk)
    try:
        made = playoffs.playoffs_create(
            tournament=tournament,
            by=request.user,
            draw_seed=request.POST.get("draw_seed", "").strip()[:40] or None,
        )
    except DomainError as error:
        return refuse(request, error, _dashboard(tournament))
    count = sum(1 for m in made if not m.bye)
    messages.success(request, f"The playoff is paired: {count} game{'s' * (count != 1)}.")
    return redirect(_dashboard(tournament, "playoffs"))


def _open_matches(entry: Entry) -> list[Match]:
    """The entry's matches still to be played: those its withdrawal forfeits."""
    seated = Q(entry_a=entry) | Q(entry_b=entry) | Q(partner_a=entry) | Q(partner_b=entry)
    return list(
        Match.objects.filter(seated, tournament_id=entry.tournament_id, bye=False)
        .filter(status__in=[Match.Status.READY, Match.Status.WAITING])
        .select_related("round", *MATCH_RELATED)
        .order_by("round__number", "table", "id")
    )


@require_http_methods(["GET", "POST"])
@login_required_message
def entry_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """The confirmation step: what the withdrawal forfeits, and the reason; POST does it."""
    entry = _entry(pk)
    tournament = entry.tournament
    back = _dashboard(tournament, "entries")
    if refused := _not_director(request, tournament, back):
        return refused
    matches = _open_matches(entry) if tournament.status == Tournament.Status.RUNNING else []
    form = WithdrawForm(request.POST if request.method == "POST" else None)

    def page(status: int = 200) -> HttpResponse:
        for match in matches:
            match.walkover_to = _other_side(match, entry)
        context = {"tournament": tournament, "entry": entry, "form": form, "matches": matches}
        return render(
            request, "tournaments/withdraw.html", {**context, "back": back}, status=status
        )

    def withdraw() -> tuple[str, str]:
        tournaments.entries.entry_withdraw(
            entry=entry, by=request.user, reason=form.cleaned_data["reason"]
        )
        said = f"{entry.name} has withdrawn."
        if forfeited := sum(m.status == Match.Status.READY for m in matches):
            said += f" Forfeited by walkover: {forfeited} match(es)."
        return said, back

    return _sent(request, form, back, page, withdraw) if request.method == "POST" else page()


def _other_side(match: Match, entry: Entry) -> str:
    """Who wins ``match`` by walkover when ``entry`` withdraws (names, or None)."""
    if entry.pk in (match.entry_a_id, match.partner_a_id):
        sides = (match.entry_b, match.partner_b)
    else:
        sides = (match.entry_a, match.partner_a)
    return " & ".join(e.name for e in sides if e is not None)


# ---- rounds --------------------------------------------------------------------------------


@require_POST
@login_required_message
def tournament_pair(request: HttpRequest, pk: int) -> HttpResponse:
    """The next Swiss round with a pinned pairing or a forced bye."""
    tournament = views.tournament_of(pk)
    back = _dashboard(tournament)
    if refused := _not_director(request, tournament, back):
        return refused
    form = PairForm(request.POST, entries=list(tournament.entries.all()))

    def pair() -> tuple[str, str]:
        rnd = tournaments.rounds.round_pair_next(
            tournament=tournament, by=request.user, pins=form.pins(), forced_bye=form.bye_for()
        )
        return f"Round {rnd.number} is paired.", back

    page = partial(views.tournament_detail, request, tournament.pk, pair_form=form)
    rename = {"forced_bye": "forced_bye", "pins": "pin_a"}
    return _sent(request, form, back, page, pair, rename=rename)


@require_POST
@login_required_message
def round_override(request: HttpRequest, pk: int) -> HttpResponse:
    rnd = get_object_or_404(Round.objects.select_related("tournament__club"), pk=pk)
    tournament = rnd.tournament
    back = f"{reverse('tournament-rounds', args=[tournament.pk])}#pairings-{rnd.number}"
    if refused := _not_director(request, tournament, back):
        return refused
    matches = list(rnd.matches.select_related("entry_a", "entry_b").order_by("table", "id"))
    form = OverrideForm(
        request.POST, round=rnd, matches=matches, swiss=tournament.format == "swiss"
    )

    def override() -> tuple[str, str]:
        tournaments.rounds.round_override(round=rnd, by=request.user, **form.service_arguments())
        return form.done(rnd.number), back

    page = partial(views.tournament_rounds, request, tournament.pk, override_form=form)
    return _sent(request, form, back, page, override)


# ---- the audit trail ----------------------------------------------------------------------


@login_required_message
def tournament_audit(request: HttpRequest, pk: int) -> HttpResponse:
    """Every change to the event, who made it and why: for the club's directors."""
    tournament = views.tournament_of(pk)
    if refused := _not_director(request, tournament, _dashboard(tournament)):
        return refused
    audit = list(tournament.audit.select_related("who", "match__round").order_by("-when", "-id"))
    names = dict(tournament.entries.values_list("pk", "name"))
    words = AuditWords(names)
    for row in audit:
        row.label = row.what.replace("_", " ").capitalize()
        row.entry_name = _entry_named(row, names)
        row.before_words = words.describe(row.before, match=row.match_id is not None)
        row.after_words = words.describe(row.after, match=row.match_id is not None)
    return render(request, "tournaments/audit.html", {"tournament": tournament, "audit": audit})


def _entry_named(row, names: dict[int, str]) -> str:
    """The entry an audit row is about, by name ("" when it is about none)."""
    for values in (row.after, row.before):
        if isinstance(values, dict) and values.get("entry") in names:
            return names[values["entry"]]
    return ""
