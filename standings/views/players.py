"""A player's pages: their page (season figures, partners and opponents,
charts, the history night by night, paginated), its CSV, and "my night" from a table
link. Each reads selectors with a fixed number of queries whatever the history
(tests/pages/test_player_pages.py counts them at two sizes)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone

from play import table_links
from play.forms import SEAT_LABELS
from play.models import Game
from rookclub.clubs.models import Player
from rookclub.clubs.permissions import is_member
from rookclub.core.charts import Point, bar_chart, line_chart
from rookclub.core.forms import label
from standings import ratings
from standings.player_stats import PlayerStats, player_days, player_stats, seasons_in, stats_csv
from standings.players import player_history, player_night


def _season(text: str | None, seasons: list[int]) -> int | None:
    """?year=2025 picks a season, ?year=all every season; none (or a bad one): the
    player's latest season with games, else this year."""
    if text == "all":
        return None
    if text and text.isascii() and text.isdigit() and 1900 < int(text) < 3000:
        return int(text)
    return seasons[0] if seasons else timezone.localdate().year


def _charts(stats: PlayerStats, days: list) -> dict[str, str]:
    when = "every season" if stats.year is None else f"the {stats.year} season"
    days = [(d, v) for d, v in days if stats.year is None or d.year == stats.year]
    points = [Point(f"{day:%-d %b %Y}", value) for day, value in days]
    partners = [(r.player.name, r.win_percent) for r in stats.partners if r.win_percent is not None]
    return {
        "points_chart": line_chart(points, title=f"Points per night over {when}"),
        "partners_chart": bar_chart(partners[:10], title="Games won with each partner (%)"),
    }


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's page: for the club's members only, as ``GET /api/v1/players/{id}/``,
    its profile and stats are (a 404 to anyone else, as for an unknown player; issue
    27). Public pages show the name without a link to it."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    if not is_member(request.user, player.club):
        raise Http404
    days = player_days(player=player)
    seasons = seasons_in(days)
    year = _season(request.GET.get("year"), seasons)
    stats = player_stats(player=player, year=year)
    history = player_history(player=player, year=year, page=request.GET.get("page") or 1)
    for event in history.events:
        for row in event.rows:
            row.seat_label = label(SEAT_LABELS, row.seat)  # type: ignore[attr-defined]
    context = {
        "player": player,
        "club": player.club,
        "year": year,
        "stats": stats,
        "seasons": seasons if year is None or year in seasons else [year, *seasons],
        "history": history,
        "season_query": "all" if year is None else year,
        "rating": ratings.player_rating(club=player.club, player=player),
        **_charts(stats, days),
    }
    return render(request, "clubs/player_detail.html", context)


def player_stats_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The page's figures and tables as CSV (``?year=`` as on the page): for the
    club's members only, as ``GET /api/v1/players/{id}/stats/`` is (a 404 to anyone
    else, as for an unknown player)."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    if not is_member(request.user, player.club):
        raise Http404
    year = _season(request.GET.get("year"), seasons_in(player_days(player=player)))
    stats = player_stats(player=player, year=year)
    response = HttpResponse(stats_csv(stats), content_type="text/csv; charset=utf-8")
    season = "all" if year is None else year
    response["Content-Disposition"] = f'attachment; filename="player-{pk}-stats-{season}.csv"'
    return response


def table_player_night(request: HttpRequest, key: str, player: int) -> HttpResponse:
    """ "My night" from a table link (no account): one of the players now at the link's
    table, their games of that night only (a tournament table: its current game only).
    Another player, night or club is a 404, as an unknown key is."""
    try:
        state = table_links.resolve(key)
    except table_links.LinkNotFound as error:
        raise Http404(error.message) from error
    seated = {p.pk: p for p in state.players.values()}
    if state.game is not None and not seated:
        seated = {s.player.pk: s.player for s in state.game.seats.select_related("player")}
    if player not in seated:
        raise Http404("That player is not at this table.")
    link = state.link
    if link.kind == link.Kind.NIGHT:
        games = Game.objects.filter(night_id=link.night_id, club_id=link.club_id)
    else:
        games = Game.objects.filter(pk=state.game.pk if state.game else None)
    night = player_night(player=seated[player], games=games)
    context = {
        "state": state,
        "club": state.club,
        "night": night,
        "seat_labels": SEAT_LABELS,
        "back": reverse("table-link", args=[key]),
        "others": [p for p in seated.values() if p.pk != player],
    }
    return render(request, "games/table_player_night.html", context)
