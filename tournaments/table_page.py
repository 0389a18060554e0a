"""The page a tournament table's QR code opens (``/tournaments/rounds/<round>/tables/<n>/``).

It names a round and table, not a game, so a card printed before play stays right: it
sends the scorer to the game being played, offers the next game to start when the
match is ready, or shows the result. Reads take a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from play.models import TableLink
from play.table_links import link_replace, link_url, replaced_message
from rookclub.clubs import permissions
from rookclub.clubs.models import Membership
from rookclub.core.errors import Conflict, DomainError
from rookclub.core.pages import login_required_message, refuse
from tournaments import match_games
from tournaments.models import Entry, Match, MatchGame
from tournaments.selectors import entry_players
from tournaments.table_links import round_link

SEAT_NAMES = {"north": "North", "south": "South", "east": "East", "west": "West"}


@dataclass(frozen=True)
class Side:
    """One side of the table: the entry (or the two partners of an individual event)."""

    name: str
    label: str  # "North–South"
    css: str  # "north_south", as on the score-entry page
    seats: tuple[tuple[str, str], ...]  # (seat label, player name), e.g. ("North", "Ada")
    won: bool = False


@dataclass(frozen=True)
class TableView:
    match: Match
    sides: tuple[Side, ...]  # side A (north-south), side B (east-west); () for a bye
    games: tuple[MatchGame, ...]
    playing: MatchGame | None  # the game being played at the table now

    @property
    def next_game(self) -> int:
        return max((g.number for g in self.games), default=0) + 1


def table_match(*, round_pk: int, table: int) -> Match:
    """The match at ``table`` of a tournament round, with its round, event, club, entries
    and games (2 queries); Http404 when the round has no such table."""
    games = MatchGame.objects.order_by("number")
    match = (
        Match.objects.select_related(
            "round", "tournament__club", "entry_a", "entry_b", "partner_a", "partner_b", "winner"
        )
        .prefetch_related(Prefetch("games", queryset=games))
        .filter(round_id=round_pk, table=table)
        .first()
    )
    if match is None:
        raise Http404(f"Round {round_pk} has no table {table}.")
    return match


def table_view(match: Match) -> TableView:
    """Who sits where at the match, and its games (1 query for the players)."""
    games = tuple(match.games.all())
    playing = next((g for g in games if g.game_id and not g.scored), None)
    names = {pk: [p.name for p in ps] for pk, ps in entry_players([match]).items()}

    def side(entry: Entry | None, partner: Entry | None, seats: tuple[str, str], css: str):
        if entry is None:
            return None
        players = names.get(entry.pk, [])[:2] or [entry.name]
        name = entry.name
        if partner is not None:  # an individual event: one player from each entry
            players = players[:1] + (names.get(partner.pk, [])[:1] or [partner.name])
            name = f"{entry.name} & {partner.name}"
        return Side(
            name=name,
            label=f"{SEAT_NAMES[seats[0]]}\N{EN DASH}{SEAT_NAMES[seats[1]]}",
            css=css,
            seats=tuple(zip((SEAT_NAMES[s] for s in seats), players, strict=False)),
            won=bool(match.winner_id and match.winner_id == entry.pk),
        )

    sides = tuple(
        s
        for s in (
            side(match.entry_a, match.partner_a, ("north", "south"), "north_south"),
            side(match.entry_b, match.partner_b, ("east", "west"), "east_west"),
        )
        if s is not None
    )
    return TableView(match=match, sides=sides, games=games, playing=playing)


def _here(match: Match) -> str:
    return reverse("tournament-table", args=[match.round_id, match.table])


@require_http_methods(["GET", "HEAD", "POST"])
def tournament_table(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """GET: the match at the table, or straight on to the game being played there.
    POST: start the match's next game here (a director or scorer) and open its score entry."""
    if request.method == "POST":
        return _start(request, pk, table)
    match = table_match(round_pk=pk, table=table)
    view = table_view(match)
    role = permissions.role_in(request.user, match.tournament.club)
    director = role == Membership.Role.DIRECTOR
    # ?links: a director sees (and may replace) the table's link, also mid-game.
    show_link = director and "links" in request.GET
    if view.playing is not None and not show_link:
        return redirect("game-detail", pk=view.playing.game_id)
    context = {
        "tournament": match.tournament,
        "round": match.round,
        "match": match,
        "table": view,
        "can_start": role in (Membership.Role.DIRECTOR, Membership.Role.SCORER),
        "login_url": f"{reverse('login')}?next={_here(match)}",
        "is_director": director,
        "link_url": link_url(round_link(match.round, table), request) if show_link else None,
    }
    return render(request, "tournaments/table.html", context)


@require_http_methods(["POST"])
@login_required_message
def table_replace_link(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """A director replaces the table's link: its old card stops working."""
    match = table_match(round_pk=pk, table=table)
    back = _here(match) + "?links"
    try:
        link_replace(
            club=match.tournament.club,
            kind=TableLink.Kind.TOURNAMENT,
            scope=match.round_id,
            number=table,
            by=request.user,
        )
    except DomainError as error:
        return refuse(request, error, back)
    messages.success(request, replaced_message(table))
    return redirect(back)


@login_required_message
def _start(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Sent twice (two scorers, a double tap), the second finds the game the first
    started and goes there: one game, never two."""
    match = table_match(round_pk=pk, table=table)
    playing = table_view(match).playing
    if playing is None:
        try:
            game = match_games.match_game_start(match=match, by=request.user)
        except Conflict as error:
            if error.code != "game_in_progress":
                return refuse(request, error, _here(match))
            # Someone else started it between our read and our write: go to theirs.
            playing = table_view(table_match(round_pk=pk, table=table)).playing
            if playing is None:
                return refuse(request, error, _here(match))
        except DomainError as error:
            return refuse(request, error, _here(match))
        else:
            number = game.match_game.number
            messages.success(request, f"Game {number} started at table {match.table}.")
            return redirect("game-detail", pk=game.pk)
    return redirect("game-detail", pk=playing.game_id)
