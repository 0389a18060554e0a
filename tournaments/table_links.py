"""Tournament round tables' links, the tournaments side of :mod:`play.table_links`: a
link's ``scope`` is the round's id and its ``number`` the table; it records until the
round is over. :func:`round_state` is registered from ``TournamentsConfig.ready()``."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.urls import reverse

from play.game_places import Part, Place
from play.models import Game, TableLink
from play.table_links import (
    NOT_FOUND,
    LinkNotFound,
    TableRow,
    TableState,
    links_for,
    register_resolver,
)
from rookclub.core.errors import Conflict
from tournaments.models import Match, MatchGame, Round
from tournaments.selectors import entry_players, match_seats

KIND = TableLink.Kind.TOURNAMENT


def _matches(round_pk: int, table: int | None = None):
    games = MatchGame.objects.filter(game__isnull=False).order_by("number")
    matches = (
        Match.objects.filter(round_id=round_pk, table__isnull=False)
        .select_related("tournament")
        .prefetch_related(Prefetch("games", queryset=games))
        .order_by("table")
    )
    return matches.filter(table=table) if table is not None else matches


def _current_game_id(match: Match) -> int | None:
    games = [g for g in match.games.all() if g.game_id]
    return games[-1].game_id if games else None


def round_over(rnd: Round) -> Conflict | None:
    if rnd.status == Round.Status.FINISHED:
        return Conflict(
            f"Round {rnd.number} of {rnd.tournament.name} is over; "
            "this table's link no longer records hands.",
            code="round_over",
        )
    return None


def round_state(link: TableLink) -> TableState:
    """The table of a tournament round (four queries): its match's latest game."""
    rnd = Round.objects.select_related("tournament").filter(pk=link.scope).first()
    if rnd is None:
        raise LinkNotFound(NOT_FOUND)
    match = _matches(rnd.pk, link.number).first()
    game, players = None, {}
    if match is not None:
        players = match_seats(match, entry_players([match]))
        game_id = _current_game_id(match)
        if game_id is not None:
            game = Game.objects.select_related("club").get(pk=game_id)
    where = f"{rnd.tournament.name}, round {rnd.number}"
    # Plain words, no links: the phone at the table stays on its table.
    place = Place(
        (Part(rnd.tournament.name), Part(f"Round {rnd.number}"), Part(f"Table {link.number}"))
    )
    return TableState(link, link.number, game, players, round_over(rnd), where, place=place)


def round_tables(*, rnd: Round) -> list[TableRow]:
    """Every table of ``rnd`` with its current game, players and link (fixed queries)."""
    matches = list(_matches(rnd.pk))
    players = entry_players(matches)
    links = links_for(
        club=rnd.tournament.club, kind=KIND, scope=rnd.pk, numbers=[m.table for m in matches]
    )
    games: dict[int, Any] = {}
    ids = [gid for m in matches if (gid := _current_game_id(m))]
    if ids:
        games = Game.objects.in_bulk(ids)
    return [
        TableRow(m.table, games.get(_current_game_id(m)), match_seats(m, players), links[m.table])
        for m in matches
    ]


def round_link(rnd: Round, table: int) -> TableLink:
    """The live link of one table of ``rnd`` (made now if there is none)."""
    return links_for(club=rnd.tournament.club, kind=KIND, scope=rnd.pk, numbers=[table])[table]


def register() -> None:
    from play import game_places

    register_resolver(KIND, round_state)
    game_places.register("tournament", game_place)


def game_place(game: Game) -> Place | None:
    """Where a match's game belongs (``play.game_places``): the event, the round and
    the table, each a link back (one query; None for a game of no match)."""
    row = (
        MatchGame.objects.filter(game_id=game.pk)
        .select_related("match__round", "match__tournament")
        .first()
    )
    if row is None:
        return None
    match = row.match
    tournament, rnd = match.tournament, match.round
    parts = [
        Part(tournament.name, reverse("tournament-detail", args=[tournament.pk])),
        Part(f"Round {rnd.number}", reverse("tournament-rounds", args=[tournament.pk])),
    ]
    if match.table is not None:
        # While the game is played the table page leads straight back here, so the
        # table links back only once the game is over (the match's next game, its result).
        url = None
        if game.status != Game.Status.IN_PROGRESS:
            url = reverse("tournament-table", args=[rnd.pk, match.table])
        parts.append(Part(f"Table {match.table}", url))
    if match.tournament.games_per_match > 1:
        parts.append(Part(f"Game {row.number} of the best of {match.tournament.games_per_match}"))
    return Place(tuple(parts))
