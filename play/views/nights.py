"""A club night run by its director: check in, seat, move the tables on, close.

Everyone may read the night's page; only a director of the club sees the
forms, and the services refuse anyone else who posts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from play import (
    checkins,
    door,
    night_closing,
    night_opening,
    night_progress,
    night_rounds,
    night_seating,
    table_games,
    table_links,
)
from play import door_checkin as club_door
from play.forms import CheckInForm, NightOpenForm, SeatForm
from play.live import night_role, night_tables_stamp
from play.models import Night, TableLink, TableSeating
from play.night_reads import night_history, night_overview, night_tables
from play.views.club import club_page
from play.views.night_tables import (
    RouteForms,
    address,
    checklist_rows,
    describe,
    round_view,
    seat_rows,
    table_cards,
)
from rookclub.clubs import services
from rookclub.clubs.models import Club, Membership, Player
from rookclub.clubs.permissions import is_director
from rookclub.core import live
from rookclub.core.errors import DomainError, NotAllowed
from rookclub.core.forms import add_domain_errors
from rookclub.core.live import live_fragment, wants_live
from rookclub.core.pages import login_required_message, post_form, refuse
from rookclub.core.roles import holds_keys


def night_detail(request: HttpRequest, pk: int) -> HttpResponse:
    if wants_live(request):  # the tables, polled: 304 while nothing changed
        role = _Role(pk, request.user, table_links.link_base(request))
        return live_fragment(
            request,
            lambda: night_tables_stamp(pk, request.user),
            lambda: _render_live(request, pk, role.role),
            seen_as=role.seen_as,
        )
    night = get_object_or_404(Night.objects.select_related("club"), pk=pk)
    return _render(request, night)


NIGHT_LIVE = "clubs/_night_live.html"


class _Role:
    """A signed-in viewer's role in the night's club, read once a poll and only when the
    poll is answered with the tables: the fragment is rendered once per night version
    and role (rookclub/core/live.py)."""

    def __init__(self, pk: int, user: Any, base: str) -> None:
        self.pk, self.user, self.base = pk, user, base
        self._role: tuple[str | None] | None = None

    @property
    def role(self) -> str | None:
        if self._role is None:
            self._role = (night_role(self.pk, self.user),)
        return self._role[0]

    def seen_as(self) -> str:
        return f"{self.role or 'member'}@{self.base}"


def _render_live(request: HttpRequest, pk: int, role: str | None) -> HttpResponse:
    """The tables' fragment (``clubs/_night_live.html``) and nothing else of the page.
    Its form tokens are :data:`~rookclub.core.live.TOKEN_SLOT`, filled in per viewer,
    so one rendering serves every viewer who sees it alike."""
    try:
        overview = night_tables(night_id=pk)
    except Night.DoesNotExist:  # stamps outlived their night (a database restored)
        raise Http404("No such club night.") from None
    night = overview.night
    user = request.user
    if user.is_authenticated:
        night.club.remember_role(user, role)
    director = role == Membership.Role.DIRECTOR and night.is_open
    tables = overview.current_tables
    context = _tables_context(
        request,
        overview,
        director=director,
        token=live.TOKEN_SLOT,
        # Read with the tables (play/night_reads.py, night_tables).
        counts={
            t.game.pk: night_progress.Counts(t.game.hands_recorded, t.game.hands_unconfirmed)
            for t in tables
            if t.game is not None
        },
        link_keys={t.seating.table: t.seating.link_key for t in tables},
    )
    context["csrf_token"] = live.TOKEN_SLOT
    return render(request, NIGHT_LIVE, context)


@post_form("night-detail")
@login_required_message
def night_checkin(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night(pk)
    form = CheckInForm(request.POST, club=night.club)
    if not form.is_valid():
        return _render(request, night, checkin_form=form, status=400)
    players = list(form.cleaned_data["players"])
    try:
        # A newcomer and tonight's check-in land together or not at all.
        with transaction.atomic():
            if form.cleaned_data["new_player"]:
                players.append(
                    services.player_create(
                        club=night.club, name=form.cleaned_data["new_player"], by=request.user
                    )
                )
            checked = checkins.night_check_in(night=night, players=players, by=request.user)
    except NotAllowed as error:
        return refuse(request, error, _url(night))
    except DomainError as error:
        add_domain_errors(form, error, rename={"name": "new_player"})
        return _render(request, night, checkin_form=form, status=error.status)
    messages.success(request, f"{len(checked)} checked in.")
    return redirect(_url(night))


@post_form("night-detail")
@login_required_message
def night_seat(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night(pk)
    form = SeatForm(request.POST, players=_checked_in(night))
    if not form.is_valid():
        return _render(request, night, seat_form=form, status=400)
    try:
        round_ = night_seating.night_seat(
            night=night,
            by=request.user,
            method=form.cleaned_data["method"],
            partnerships=form.partnerships(),
        )
    except NotAllowed as error:
        return refuse(request, error, _url(night))
    except DomainError as error:
        add_domain_errors(form, error)
        return _render(request, night, seat_form=form, status=error.status)
    messages.success(request, f"Seated: round {round_.number}. Each table's game has started.")
    return redirect(_url(night))


def _simple_action(
    action: Callable[[Night, Any], Any], done: Callable[[Any], str]
) -> Callable[[HttpRequest, int], HttpResponse]:
    """A director's one-button action on the night: run it, say what happened."""

    @require_POST
    @login_required_message
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        night = _night(pk)
        try:
            result = action(night, request.user)
        except DomainError as error:
            return refuse(request, error, _url(night))
        messages.success(request, done(result))
        return redirect(_url(night))

    return view


night_next_round = _simple_action(
    lambda night, user: night_rounds.night_next_round(night=night, by=user),
    lambda round_: (
        # The room's round: a table's new game stayed in the round it was played in.
        f"Round {round_.room_round} seated: "
        + (
            "each partnership meets new opponents."
            if round_.night.seating_method == Night.Seating.FIXED
            else "new partners at every table."
        )
        + _sitting_out(round_)
    ),
)


def _sitting_out(round_: Any) -> str:
    names = [s.player.name for s in round_.sit_outs.select_related("player")]
    return f" Sitting out: {_and(names)}." if names else ""


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _player_action(
    action: Callable[..., Any], done: Callable[[Player], str]
) -> Callable[[HttpRequest, int], HttpResponse]:
    """A director's button beside one checked-in player: undo the check-in, gone home."""

    @require_POST
    @login_required_message
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        night = _night(pk)
        back = _url(night) + "#checkin-heading"
        player = Player.objects.filter(club=night.club, pk=request.POST.get("player") or 0)
        if not str(request.POST.get("player", "")).isdigit() or not player.exists():
            messages.error(request, "Choose a player checked in tonight.")
            return redirect(back)
        try:
            action(night=night, player=player.get(), by=request.user)
        except DomainError as error:
            return refuse(request, error, back)
        messages.success(request, done(player.get()))
        return redirect(back)

    return view


night_undo_check_in = _player_action(
    checkins.night_check_in_undo, lambda p: f"{p.name}'s check-in is undone."
)
night_leave = _player_action(
    checkins.night_leave,
    lambda p: f"{p.name} has gone home: out of later rounds, kept in tonight's results.",
)
night_close = _simple_action(
    lambda night, user: night_closing.night_close(night=night, by=user),
    lambda night: "The club night is closed. " + _left_unfinished(night),
)


def _left_unfinished(night: Night) -> str:
    count = night_seating.playing(night.games.all()).count()
    if not count:
        return "Standings are final."
    games = "1 game was" if count == 1 else f"{count} games were"
    return f"{games} not finished; they count as unfinished in the standings."


@require_POST
@login_required_message
def night_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """A director reopens a closed night (say why, optionally): tables record hands again."""
    night = _night(pk)
    reason = request.POST.get("reason", "")
    try:
        checkins.night_reopen(night=night, by=request.user, reason=reason)
    except DomainError as error:
        return refuse(request, error, _url(night))
    messages.success(request, "The club night is open again: tables can record hands.")
    return redirect(_url(night))


@require_POST
@login_required_message
def table_new_game(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(TableSeating.objects.select_related("round__night__club"), pk=pk)
    back = _url(table.round.night)
    try:
        new = table_games.table_next_game(table=table, by=request.user)
    except DomainError as error:
        return refuse(request, error, back)
    said = f"New game at table {table.table}."
    if new.came_in:
        said += f" {_and([p.name for p in new.came_in])} come in"
        said += f"; {_and([p.name for p in new.went_out])} sit out." if new.went_out else "."
    messages.success(request, said)
    # Back to the room: the director goes on to the next table, not into this one's sheet.
    return redirect(back + f"#table-{table.table}")


def _night(pk: int) -> Night:
    return get_object_or_404(Night.objects.select_related("club"), pk=pk)


def _url(night: Night) -> str:
    return reverse("night-detail", args=[night.pk])


def _checked_in(night: Night) -> list[Player]:
    return [c.player for c in night.check_ins.select_related("player")]


def _render(
    request: HttpRequest,
    night: Night,
    *,
    checkin_form: CheckInForm | None = None,
    seat_form: SeatForm | None = None,
    status: int = 200,
    template: str = "clubs/night_detail.html",
) -> HttpResponse:
    overview = night_overview(night=night)
    night = overview.night
    is_club_director = is_director(request.user, night.club)
    # The night's forms are for a director while it is open; once closed, only "Reopen".
    director = is_club_director and night.is_open
    here = {p.pk for p in overview.players}
    played, gone = overview.played, {p.pk for p in overview.gone}
    # The director's check-in list: every active club player, as (id, name) rows.
    club_players = (
        list(night.club.players.filter(active=True).values_list("pk", "name")) if director else []
    )
    by_door: set[int] = (
        set(night.check_ins.filter(by_door=True).values_list("player_id", flat=True))
        if director
        else set()
    )
    context = _tables_context(
        request,
        overview,
        director=director,
        # Only a director's cards have forms: asking for the token otherwise would keep
        # a shared viewer's fragment out of the cache (rookclub/core/live.py).
        token=get_token(request) if director else "",
    )
    context |= {
        "club": night.club,
        "checkin_form": checkin_form or CheckInForm(club=night.club),
        # Each club player: here, played tonight (their check-in stays), went home.
        "checklist": checklist_rows(
            club_players, here=here, played=played, gone=gone, by_door=by_door
        ),
        # Only the director of a night not seated yet sees the seating form: built for
        # no one else (it has a pair of fields for every player).
        "seat_form": seat_form
        or (
            SeatForm(initial={"method": night.seating_method}, players=overview.players)
            if director and not overview.rounds
            else None
        ),
        "played": played,
        "gone": gone,
        "here_tonight": []
        if director
        else [(p, address("player-detail", p.pk)) for p in overview.players],
        "big_tables": night_opening.big_tables_text(night),
        "can_reopen": is_club_director and not night.is_open,
        "history": night_history(night=night),
    }
    if director:
        # The night's door link (its poster's QR code): players check themselves in.
        context["door_url"] = door.door_url(night, base_url=table_links.link_base(request))
        context["door_phones"] = door.door_phones(night=night)
    return render(request, template, context, status=status)


def _tables_context(
    request: HttpRequest,
    overview: Any,
    *,
    director: bool,
    token: str,
    counts: dict[int, night_progress.Counts] | None = None,
    link_keys: dict[int, str | None] | None = None,
) -> dict[str, Any]:
    """What the tables' fragment shows (the whole page shows it too): the rounds, each
    current table's card, who waits. ``token``: the form token a director's cards carry.
    ``counts`` (game id: hands) and ``link_keys`` (table number: its live link's key)
    when already read with the tables; else read here."""
    night = overview.night
    urls = RouteForms()
    rounds = [round_view(r, urls) for r in overview.rounds]
    # The current tables are the rounds' tables: the same views, made once.
    views = {t["seating"].pk: t for r in rounds for t in r["tables"]}
    context = {
        "night": night,
        "overview": overview,
        "is_director": director,
        "rounds": rounds,
        "tables": [views[t.seating.pk] for t in overview.current_tables],
        "waiting": overview.waiting,
        "progressive": night.seating_method == Night.Seating.PROGRESSIVE,
        # Tables whose game is not over: closing the night leaves them unfinished.
        "playing_tables": [
            t.seating.table
            for t in overview.current_tables
            if t.game is not None and not t.game.is_finished and not t.game.is_void
        ],
    }
    if counts is None:
        counts = night_progress.hand_counts(t.game for t in overview.current_tables)
    for view, t in zip(context["tables"], overview.current_tables, strict=True):
        # How far the table has got, and who sits where now (after every exchange).
        progress = counts.get(t.game.pk) if t.game is not None else None
        view["hands"] = progress.hands if progress else 0
        view["unconfirmed"] = progress.unconfirmed if progress else 0
        now = night_progress.seats_now(t.game, t.seats)
        view["seats_now"] = seat_rows(t.game, now)
    context["unconfirmed"] = sum(c.unconfirmed for c in counts.values())
    for t in context["tables"]:
        describe(t, is_open=night.is_open, new_game=director and not context["progressive"])
    if director and context["tables"]:
        # The director sees each table's link (what its card's QR code opens) and may
        # replace it; made here if the table has none yet.
        keys = link_keys or {}
        if not all(keys.get(t["number"]) for t in context["tables"]):
            links = table_links.links_for(
                club=night.club,
                kind=TableLink.Kind.NIGHT,
                night=night,
                numbers=[t["number"] for t in context["tables"]],
            )
            keys = {number: link.key for number, link in links.items()}
        base = table_links.link_base(request)
        for t in context["tables"]:
            t["link_url"] = table_links.key_url(keys[t["number"]], base_url=base)
            t["link_field"] = f"link-{t['number']}"
            t["replace_url"] = urls("night-table-replace-link", night.pk, t["number"])
    context["poll_seconds"] = live.poll_seconds()
    # Table cards carry the tables' keys: offered to directors and scorers only.
    context["keys"] = holds_keys(request.user, night.club)
    context["table_cards"] = table_cards(
        context["tables"],
        is_open=night.is_open,
        csrf_input=format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)
        if director
        else "",
        signed_in=request.user.is_authenticated,
        keys=context["keys"],
    )
    return context


@require_POST
@login_required_message
def table_replace_link(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A director replaces table ``number``'s link: its old card stops working."""
    night = _night(pk)
    back = _url(night) + f"#table-{number}"
    if number not in table_links.night_table_numbers(night):
        raise Http404(f"This night's current round has no table {number}.")
    try:
        table_links.link_replace(
            club=night.club,
            kind=TableLink.Kind.NIGHT,
            night=night,
            number=number,
            by=request.user,
        )
    except DomainError as error:
        return refuse(request, error, back)
    messages.success(request, table_links.replaced_message(number))
    return redirect(back)


door_replace_link = _simple_action(
    lambda night, user: club_door.door_link_replace(night=night, by=user),
    lambda night: "The door link is new: the old poster no longer works. Print it again.",
)


@require_POST
@login_required_message
def door_options(request: HttpRequest, pk: int) -> HttpResponse:
    """A director lets the door link add newcomers ("I'm new here"), or stops it."""
    night = _night(pk)
    allowed = request.POST.get("new_players") == "1"
    try:
        club_door.door_new_players_set(night=night, allowed=allowed, by=request.user)
    except DomainError as error:
        return refuse(request, error, _url(night))
    messages.success(
        request,
        "Newcomers can add themselves at the door."
        if allowed
        else "Only the club's players can check in at the door.",
    )
    return redirect(_url(night) + "#door-heading")


@post_form("club-detail")
@login_required_message
def night_open(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    back = reverse("club-detail", args=[club.slug])
    if not is_director(request.user, club):
        return refuse(request, NotAllowed("Only a director of the club opens a night."), back)
    form = NightOpenForm(request.POST)
    if form.is_valid():
        try:
            night = night_opening.night_open(
                club=club,
                date=form.cleaned_data["date"],
                opened_by=request.user,
                seating_method=form.cleaned_data["seating_method"],
                tables_of_five_or_six=form.cleaned_data["tables_of_five_or_six"],
                game_for_five=form.cleaned_data["game_for_five"],
                game_for_six=form.cleaned_data["game_for_six"],
            )
        except DomainError as error:
            add_domain_errors(form, error)
        else:
            messages.success(request, f"Club night of {night.date:%-d %B} is open.")
            return redirect("night-detail", pk=night.pk)
    return club_page(request, club, form, status=400)
