"""Tournament pages: the director's dashboard, round pairings, the bracket and the
live public standings. Reads go through selectors; writes through services."""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

import tournaments.rounds
from rookclub.clubs import permissions
from rookclub.core.csv_out import csv_response
from rookclub.core.errors import DomainError, Invalid
from rookclub.core.forms import sentence
from rookclub.core.live import live_fragment, poll_seconds, wants_live
from tournaments import (
    csv_exports,
    entry_forms,
    event_forms,
    playoff_rows,
    playoffs,
    round_forms,
    selectors,
    services,
    standings_data,
    tie_breakers,
)
from tournaments.live import tournament_stamp
from tournaments.models import Match, Tournament
from tournaments.results import match_result_record


def tournament_of(pk: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club"), pk=pk)


def tournament_list(
    request: HttpRequest,
    *,
    create_form: event_forms.TournamentForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """Every event; a club director also gets the form that creates one
    (``create_form``: sent back with its errors by director_views)."""
    tournaments = Tournament.objects.select_related("club").order_by("-created_at")[:100]
    context = {"tournaments": tournaments, **event_forms.clubs_form(request.user, create_form)}
    return render(request, "tournaments/list.html", context, status=status)


def tournament_detail(
    request: HttpRequest, pk: int, *, status: int = 200, **bound: Any
) -> HttpResponse:
    """The director's dashboard: entries, rounds with result entry, next steps.
    ``bound``: a director's form sent back with its errors (director_views)."""
    tournament = tournament_of(pk)
    entries = list(tournament.entries.prefetch_related("players").order_by("seed", "id"))
    context = {
        "tournament": tournament,
        "is_director": permissions.is_director(request.user, tournament.club),
        "entries": entries,
        "rounds": selectors.tournament_rounds(tournament=tournament),
        "paired_by_round": tournament.format in services.PAIRED_BY_ROUND,
        "game_numbers": range(1, tournament.games_per_match + 1),
        "can_tie": not tournament.is_elimination
        and bool(
            (tournament.ruleset or {}).get("fixed_hands") or tournament.options.get("round_clock")
        ),
    }
    # Every round at the tables (a bracket's round 2 may open before round 1 ends);
    # "progress" is the latest, the one a paired-by-round event pairs after.
    playing = selectors.progress(context["rounds"])
    context["progress"] = playing[-1]
    context["playing"] = [step for step in playing if step.round and not step.complete]
    context["partner_draw"] = selectors.partner_draw(tournament=tournament, entries=entries)
    if playoffs.playable(tournament) and tournament.status != Tournament.Status.REGISTRATION:
        context["playoffs"] = selectors.tournament_playoffs(tournament=tournament)
        if tournament.status == Tournament.Status.FINISHED:
            data = standings_data.load(tournament)
            context["playoff_offer"] = sorted(playoffs.shared_places(tournament, data))
            context["playoff_target"] = playoff_rows.target(tournament)
    # A refused result: shown on its own match's row, with what was typed kept.
    context["result_refusal"] = bound.pop("result_refusal", None)
    # "Start" only when it can be done: enough entries (tournament_start's own rule; who
    # is checked in changes on this page without a reload, so the service says that one).
    active = [e for e in entries if e.status == "active"]
    least = 4 if tournament.is_individual or tournament.partners_drawn else 2
    context["entries_needed"] = max(0, least - len(active))
    if context["is_director"]:
        context.update(entry_forms.dashboard_forms(tournament, entries, **bound))
    return render(request, "tournaments/detail.html", context, status=status)


def tournament_rounds(
    request: HttpRequest,
    pk: int,
    *,
    override_form: round_forms.OverrideForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """Round pairings with table numbers, for the wall or the players' phones; a
    director also gets a form per round to change its pairings."""
    tournament = tournament_of(pk)
    rounds = selectors.tournament_rounds(tournament=tournament)
    is_director = permissions.is_director(request.user, tournament.club)
    if is_director:
        round_forms.pairing_forms(tournament, rounds, override_form)
    context = {
        "tournament": tournament,
        "rounds": rounds,
        "is_director": is_director,
        "poll_seconds": poll_seconds(),
    }
    name = "tournaments/_rounds_live.html" if wants_live(request) else "tournaments/rounds.html"
    return render(request, name, context, status=status)


def _live(view: Any) -> Any:
    """A page whose ``?live=1`` poll answers 304 while the tournament is unchanged."""

    @wraps(view)
    def page(request: HttpRequest, pk: int, **kwargs: Any) -> HttpResponse:
        if not wants_live(request):
            return view(request, pk, **kwargs)
        return live_fragment(
            request,
            lambda: tournament_stamp(pk, request.user),
            lambda: view(request, pk, **kwargs),
        )

    return page


tournament_rounds = _live(tournament_rounds)


@_live
def tournament_pairings_projector(request: HttpRequest, pk: int) -> HttpResponse:
    """The round being played, table by table and seat by seat, for the wall."""
    tournament = tournament_of(pk)
    rounds = selectors.tournament_rounds(tournament=tournament)
    playing = selectors.current_round(rounds)
    context = {
        "tournament": tournament,
        "current_round": playing,
        "poll_seconds": poll_seconds(),
        "progress": selectors.round_progress(playing),
        "matches": selectors.seated_matches(playing),
        "live_url": request.path + "?live=1",
        "winners": selectors.winners(tournament=tournament),
        "live": wants_live(request),
    }
    live = context["live"]
    name = f"projector/{'_tournament_pairings_rows' if live else 'tournament_pairings'}.html"
    return render(request, name, context)


@_live
def tournament_standings_projector(request: HttpRequest, pk: int) -> HttpResponse:
    """Standings for the wall: large type, pages by itself, refreshes itself."""
    tournament = tournament_of(pk)
    # With their matches: the heading says how many results of the round are in.
    playing = selectors.current_round(selectors.tournament_rounds(tournament=tournament))
    context = {
        "tournament": tournament,
        "current_round": playing,
        "progress": selectors.round_progress(playing),
        "rows": selectors.tournament_standings(tournament=tournament),
        "poll_seconds": poll_seconds(),
        "live_url": request.path + "?live=1",
    }
    live = wants_live(request)
    name = f"projector/{'_tournament_standings_rows' if live else 'tournament_standings'}.html"
    return render(request, name, context)


def tournament_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_of(pk)
    data = selectors.tournament_bracket(tournament=tournament) if tournament.is_elimination else {}
    sections = [
        (name, [(number, matches) for number, matches in sorted(rounds.items())])
        for name, rounds in (data.get("sections") or {}).items()
    ]
    order = {"winners": 0, "losers": 1, "third_place": 2, "grand_final": 3, "reset": 4}
    sections.sort(key=lambda s: order.get(s[0], 9))
    return render(
        request,
        "tournaments/bracket.html",
        {"tournament": tournament, "sections": sections, "placements": data.get("placements")},
    )


@_live
def tournament_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Public standings; the table refreshes itself (``?live=1``, 304 while unchanged)."""
    tournament = tournament_of(pk)
    context = {
        "tournament": tournament,
        "poll_seconds": poll_seconds(),
        "rows": selectors.tournament_standings(tournament=tournament),
        "breakers": tie_breakers.REGISTRY,
        "ranked_by": tie_breakers.chosen(standings_data.precedence(tournament)),
    }
    live = wants_live(request) or request.htmx
    name = "tournaments/_standings_table.html" if live else "tournaments/standings.html"
    return render(request, name, context)


def tournament_standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings page's "Download CSV": public, as the page is."""
    tournament = tournament_of(pk)
    rows = selectors.tournament_standings(tournament=tournament)
    return csv_response(csv_exports.standings_table(rows, tournament=tournament))


def _said(exc: DomainError) -> str:
    details = "; ".join(m for msgs in exc.errors.values() for m in msgs)
    return sentence(f"{exc.message} {sentence(details)}".strip())


def _act(request: HttpRequest, tournament: Tournament, call, done: str) -> HttpResponse:
    back = reverse("tournament-detail", args=[tournament.pk])
    if not request.user.is_authenticated:
        messages.error(request, "Log in to do that.")
        return redirect(f"{reverse('login')}?next={back}")
    try:
        call()
    except DomainError as exc:
        messages.error(request, _said(exc))
    else:
        messages.success(request, done)
    return redirect(back)


@require_POST
def tournament_start(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_of(pk)
    return _act(
        request,
        tournament,
        lambda: tournaments.rounds.tournament_start(
            tournament=tournament,
            by=request.user,
            draw_seed=request.POST.get("draw_seed", "").strip()[:40] or None,
        ),
        "The tournament has started.",
    )


@require_POST
def tournament_pair(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_of(pk)
    return _act(
        request,
        tournament,
        lambda: tournaments.rounds.round_pair_next(tournament=tournament, by=request.user),
        "The next round is paired.",
    )


@require_POST
def match_result(request: HttpRequest, pk: int) -> HttpResponse:
    """Director entry of a match's result from the dashboard: ``score_a_N`` and
    ``score_b_N`` for each game N (``score_a``/``score_b`` for a one-game match), with
    ``reason`` for a correction and ``tie`` where a game may end tied."""
    match = get_object_or_404(Match.objects.select_related("tournament__club"), pk=pk)

    def enter() -> None:
        match_result_record(
            match=match,
            games=_typed_games(request.POST, match.tournament.games_per_match),
            by=request.user,
            tie_confirmed=bool(request.POST.get("tie")),
            confirm=bool(request.POST.get("confirm")),
            reason=request.POST.get("reason", "")[:500],
        )

    if not request.user.is_authenticated:
        return _act(request, match.tournament, enter, "Result recorded.")
    try:
        enter()
    except DomainError as exc:
        typed = {
            name: value[:20]
            for name, value in request.POST.items()
            if name.startswith(("score_a", "score_b")) or name in ("tie", "confirm")
        }
        typed["reason"] = request.POST.get("reason", "")[:500]
        refusal = {
            "match": match.pk,
            "message": _said(exc),
            "typed": typed,
        }
        return tournament_detail(
            request, match.tournament_id, status=exc.status, result_refusal=refusal
        )
    messages.success(request, "Result recorded.")
    return redirect(reverse("tournament-detail", args=[match.tournament_id]) + f"#match-{match.pk}")


def _typed_games(post: Any, best_of: int) -> list[list[int]]:
    """The games a director typed, in order, skipping games left blank (a best of three
    decided in two). A box that is not a whole number is refused with a sentence."""
    games = []
    for number in range(1, best_of + 1):
        a = post.get(f"score_a_{number}", post.get("score_a", "") if number == 1 else "")
        b = post.get(f"score_b_{number}", post.get("score_b", "") if number == 1 else "")
        a, b = str(a).strip(), str(b).strip()
        if not a and not b:
            continue
        try:
            games.append([int(a), int(b)])
        except ValueError:
            raise Invalid(
                f"Game {number}: type both scores as whole numbers, e.g. 300 and 185.",
                errors={},
            ) from None
    if not games:
        raise Invalid("Type the two scores first.", errors={})
    return games
