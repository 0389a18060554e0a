"""Every printable document, by name: how to find its data and which template draws it.

A *kind* turns request parameters (primary keys, a table number, a year) into
the documents to print, the club they belong to (for permissions) and a file
name. Views, the API and batch jobs all go through here, so bad input is
answered the same way everywhere: ``Missing`` (404) or ``Invalid`` (400), each
with a sentence. Tournament kinds (round sheets, table cards, standings, bracket)
follow the club-night ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from rookclub.errors import DomainError, Invalid
from rookclub.models import Club, ClubSession, SessionRound
from rookclub.printing import builders, stamps
from rookclub.printing.render import font_config
from rookclub.printing.site import site_url
from scoring.models import Game
from tournaments.models import Round, Tournament


class Missing(DomainError):
    """The thing to print does not exist (HTTP 404)."""

    code = "not_found"
    status = 404


@dataclass
class Built:
    """What one print request shows: the documents and where they belong."""

    items: list[Any]
    club: Club
    filename: str
    context: dict[str, Any] = field(default_factory=dict)
    stamps: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Kind:
    name: str
    template: str
    build: Callable[[Mapping[str, Any]], Built]
    batch: bool = False  # many pages: rendered by a Celery job, not in the request
    description: str = ""
    #: Its documents print absolute links (QR codes): views and the API pass the
    #: site's address (``site.site_url(request)``) as the ``base_url`` parameter; a
    #: batch without one uses SITE_URL or fails with SiteAddressMissing.
    absolute_urls: bool = False


def _int(params: Mapping[str, Any], key: str, *, required: bool = True) -> int | None:
    value = params.get(key)
    if value in (None, ""):
        if required:
            raise Invalid(f"Say which {key} to print.", errors={key: ["This is required."]})
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise Invalid(
            f"The {key} must be a number, not {value!r}.", errors={key: ["Give a number."]}
        ) from None
    if number < 1:
        raise Invalid(f"The {key} must be 1 or more.", errors={key: ["Give 1 or more."]})
    return number


def _get(model, what: str, **lookup):
    try:
        return model.objects.select_related(*_RELATED.get(model, ())).get(**lookup)
    except model.DoesNotExist:
        value = next(iter(lookup.values()))
        raise Missing(f"There is no {what} {value}.") from None


_RELATED = {
    SessionRound: ("session__club",),
    ClubSession: ("club",),
    Game: ("club",),
    Round: ("tournament__club",),
    Tournament: ("club",),
}


def _round_and_table(params: Mapping[str, Any]) -> tuple[SessionRound, int | None]:
    session_round = _get(SessionRound, "round", pk=_int(params, "round"))
    table = _int(params, "table", required=False)
    if table is not None and not session_round.tables.filter(table=table).exists():
        raise Missing(f"Round {session_round.number} has no table {table}.")
    return session_round, table


def _slug(session_round: SessionRound, table: int | None, what: str) -> str:
    night = session_round.session
    where = f"table-{table}" if table else "all-tables"
    return f"{night.club.slug}-{night.date:%Y-%m-%d}-round-{session_round.number}-{where}-{what}"


def build_round_sheets(params: Mapping[str, Any]) -> Built:
    session_round, table = _round_and_table(params)
    sheets = builders.round_blank_sheets(session_round, table=table)
    return Built(
        items=sheets,
        club=session_round.session.club,
        filename=_slug(session_round, table, "score-sheets") + ".pdf",
        stamps=stamps.stamps_for(sheets, font_config()),
    )


def score_entry_url(base_url: str) -> Callable[[Any, Game | None], str]:
    """The table's score-entry page (its current game), absolute from ``base_url``."""
    base = base_url.rstrip("/")

    def url_for(seating, game):
        if game is not None:
            return base + reverse("game-detail", args=[game.pk])
        return base + reverse("session-detail", args=[seating.round.session_id])

    return url_for


def build_round_cards(params: Mapping[str, Any]) -> Built:
    session_round, table = _round_and_table(params)
    base_url = site_url(recorded=params.get("base_url"))
    cards = builders.round_table_cards(
        session_round, url_for=score_entry_url(base_url), table=table
    )
    return Built(
        items=cards,
        club=session_round.session.club,
        filename=_slug(session_round, table, "table-cards") + ".pdf",
    )


def build_game_sheet(params: Mapping[str, Any]) -> Built:
    game = _get(Game, "game", pk=_int(params, "game"))
    return Built(
        items=[builders.game_sheet_doc(game)],
        club=game.club,
        filename=f"{game.club.slug}-game-{game.pk}-score-sheet.pdf",
    )


def build_session_games(params: Mapping[str, Any]) -> Built:
    session = _get(ClubSession, "club night", pk=_int(params, "session"))
    games = Game.objects.filter(session=session).order_by(
        "table_seating__round__number", "table_seating__table", "created_at"
    )
    return Built(
        items=[builders.game_sheet_doc(g) for g in games],
        club=session.club,
        filename=f"{session.club.slug}-{session.date:%Y-%m-%d}-game-sheets.pdf",
    )


def build_session_standings(params: Mapping[str, Any]) -> Built:
    session = _get(ClubSession, "club night", pk=_int(params, "session"))
    return Built(
        items=[],
        context={"doc": builders.session_standings_doc(session)},
        club=session.club,
        filename=f"{session.club.slug}-{session.date:%Y-%m-%d}-standings.pdf",
    )


def build_season_standings(params: Mapping[str, Any]) -> Built:
    club = _get(Club, "club", slug=str(params.get("club") or ""))
    year = _int(params, "year", required=False)
    return Built(
        items=[],
        context={"doc": builders.season_standings_doc(club, year)},
        club=club,
        filename=f"{club.slug}-{year or 'all'}-season-standings.pdf",
    )


def _event_slug(tournament: Tournament) -> str:
    from django.utils.text import slugify

    return f"{tournament.club.slug}-{slugify(tournament.name) or 'tournament'}-{tournament.pk}"


def _tournament_round_and_table(params: Mapping[str, Any]) -> tuple[Round, int | None]:
    return (
        _get(Round, "tournament round", pk=_int(params, "round")),
        _int(params, "table", required=False),
    )


def _some(items: list, tournament_round: Round, table: int | None) -> list:
    """``items`` (one per match at a table), or Missing when the round has none there."""
    if table is not None and not items:
        raise Missing(f"Round {tournament_round.number} has no match at table {table}.")
    if not items:
        raise Missing(f"Round {tournament_round.number} has no match to play.")
    return items


def _tournament_round_filename(tournament_round: Round, table: int | None, what: str) -> str:
    where = f"table-{table}" if table else "all-tables"
    return (
        f"{_event_slug(tournament_round.tournament)}-round-{tournament_round.number}"
        f"-{where}-{what}.pdf"
    )


def build_tournament_round_sheets(params: Mapping[str, Any]) -> Built:
    tournament_round, table = _tournament_round_and_table(params)
    sheets = _some(
        builders.tournament_round_sheets(tournament_round, table=table), tournament_round, table
    )
    return Built(
        items=sheets,
        club=tournament_round.tournament.club,
        filename=_tournament_round_filename(tournament_round, table, "score-sheets"),
        stamps=stamps.stamps_for(sheets, font_config()),
    )


def tournament_table_url(base_url: str, tournament_round: Round) -> Callable[[int], str]:
    """A tournament table's page (``tournament-table``), absolute from ``base_url``: it
    shows the match at that table and leads to the game being played there, so a card
    printed before play starts still opens the right game, and game 2 of a best-of-N."""
    base = base_url.rstrip("/")

    def url_for(table: int) -> str:
        return base + reverse("tournament-table", args=[tournament_round.pk, table])

    return url_for


def build_tournament_round_cards(params: Mapping[str, Any]) -> Built:
    tournament_round, table = _tournament_round_and_table(params)
    base_url = site_url(recorded=params.get("base_url"))
    cards = builders.tournament_table_cards(
        tournament_round, url_for=tournament_table_url(base_url, tournament_round), table=table
    )
    return Built(
        items=_some(cards, tournament_round, table),
        club=tournament_round.tournament.club,
        filename=_tournament_round_filename(tournament_round, table, "table-cards"),
    )


def build_tournament_standings(params: Mapping[str, Any]) -> Built:
    tournament = _get(Tournament, "tournament", pk=_int(params, "tournament"))
    return Built(
        items=[],
        context={"doc": builders.tournament_standings_doc(tournament)},
        club=tournament.club,
        filename=f"{_event_slug(tournament)}-standings.pdf",
    )


def build_tournament_bracket(params: Mapping[str, Any]) -> Built:
    tournament = _get(Tournament, "tournament", pk=_int(params, "tournament"))
    if not tournament.is_elimination:
        raise Invalid(
            f"{tournament.name} is {tournament.get_format_display().lower()}: it has no bracket.",
            errors={"tournament": ["Only elimination events have a bracket."]},
            code="no_bracket",
        )
    charts = builders.tournament_bracket_docs(tournament)
    if not any(chart.rounds for chart in charts):
        raise Missing(f"The bracket of {tournament.name} is drawn when it starts.")
    return Built(
        items=charts,
        club=tournament.club,
        filename=f"{_event_slug(tournament)}-bracket.pdf",
    )


KINDS = {
    kind.name: kind
    for kind in (
        Kind("round-sheets", "print/score_sheets.html", build_round_sheets, batch=True,
             description="Blank score sheets, one per table of a round"),
        Kind("round-cards", "print/table_cards.html", build_round_cards, batch=True,
             description="Table cards with a QR code to each table's score entry",
             absolute_urls=True),
        Kind("session-games", "print/game_sheets.html", build_session_games, batch=True,
             description="Completed score sheets of every game of a club night"),
        Kind("game-sheet", "print/game_sheets.html", build_game_sheet,
             description="The completed score sheet of one game"),
        Kind("session-standings", "print/standings.html", build_session_standings,
             description="Standings of a club night"),
        Kind("season-standings", "print/standings.html", build_season_standings,
             description="Season standings of a club"),
        Kind("tournament-round-sheets", "print/score_sheets.html",
             build_tournament_round_sheets, batch=True,
             description="Blank score sheets, one per match of a tournament round"),
        Kind("tournament-round-cards", "print/table_cards.html",
             build_tournament_round_cards, batch=True,
             description="Table cards with a QR code to each tournament table's page",
             absolute_urls=True),
        Kind("tournament-standings", "print/standings.html", build_tournament_standings,
             description="Standings of a tournament"),
        Kind("tournament-bracket", "print/brackets.html", build_tournament_bracket,
             description="The bracket chart of an elimination tournament"),
    )
}  # fmt: skip


def kind_named(name: Any, *, batch: bool | None = None) -> Kind:
    kind = KINDS.get(str(name or ""))
    if kind is None or (batch is not None and kind.batch != batch):
        choices = sorted(k for k, v in KINDS.items() if batch is None or v.batch == batch)
        raise Invalid(
            f"Unknown kind of print {name!r}: use one of {', '.join(choices)}.",
            errors={"kind": [f"One of {', '.join(choices)}."]},
            code="unknown_kind",
        )
    return kind
