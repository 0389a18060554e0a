"""Tournaments' print kinds: a round's blank score sheets and table cards, standings and
the bracket chart. Registered from :meth:`tournaments.apps.TournamentsConfig.ready`;
the documents are built in ``tournaments/print_docs.py``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.urls import reverse
from django.utils.text import slugify

from play.models import TableLink
from play.table_links import link_url, links_for
from rookclub.core.errors import Invalid
from rookclub.core.roles import CARD_HOLDERS_ONLY, KEY_HOLDERS, SYSTEM, Actor, require_role
from rookclub.printing import stamps
from rookclub.printing.kinds import Built, Kind, Missing, get_or_missing, int_param, register
from rookclub.printing.site import site_url
from tournaments import print_docs as builders
from tournaments.models import Round, Tournament


def _event_slug(tournament: Tournament) -> str:
    return f"{tournament.club.slug}-{slugify(tournament.name) or 'tournament'}-{tournament.pk}"


def _round(params: Mapping[str, Any], by: Actor, related: str = "tournament__club") -> Round:
    return get_or_missing(
        Round,
        "tournament round",
        (related,),
        by=by,
        club_path="tournament__club",
        pk=int_param(params, "round"),
    )


def _round_and_table(params: Mapping[str, Any], by: Actor) -> tuple[Round, int | None]:
    return _round(params, by), int_param(params, "table", required=False)


def _some(items: list, tournament_round: Round, table: int | None) -> list:
    """``items`` (one per match at a table), or Missing when the round has none there."""
    if not items:
        where = "to play" if table is None else f"at table {table}"
        raise Missing(f"Round {tournament_round.number} has no match {where}.")
    return items


def _round_filename(tournament_round: Round, table: int | None, what: str) -> str:
    where = f"table-{table}" if table else "all-tables"
    return (
        f"{_event_slug(tournament_round.tournament)}-round-{tournament_round.number}"
        f"-{where}-{what}.pdf"
    )


def build_tournament_round_sheets(params: Mapping[str, Any], by: Actor) -> Built:
    tournament_round, table = _round_and_table(params, by)
    sheets = _some(
        builders.tournament_round_sheets(tournament_round, table=table), tournament_round, table
    )
    return Built(
        items=sheets,
        club=tournament_round.tournament.club,
        filename=_round_filename(tournament_round, table, "score-sheets"),
        stamps=stamps.stamps_for(sheets),
    )


def tournament_table_url(base_url: str, tournament_round: Round) -> Callable[[int], str]:
    """A tournament table's link (made now if it has none), absolute from ``base_url``: it opens
    whatever game is being played at that table, so a card printed early stays right."""
    numbers = tournament_round.matches.exclude(table=None).values_list("table", flat=True)
    links = links_for(
        club=tournament_round.tournament.club,
        kind=TableLink.Kind.TOURNAMENT,
        scope=tournament_round.pk,
        numbers=numbers,
    )

    def url_for(table: int) -> str:
        return link_url(links[table], base_url=base_url)

    return url_for


def build_tournament_round_cards(params: Mapping[str, Any], by: Actor) -> Built:
    tournament_round, table = _round_and_table(params, by)
    require_role(by, tournament_round.tournament.club, KEY_HOLDERS, CARD_HOLDERS_ONLY)  # the keys
    base_url = site_url(recorded=params.get("base_url"))
    cards = builders.tournament_table_cards(
        tournament_round, url_for=tournament_table_url(base_url, tournament_round), table=table
    )
    return Built(
        items=_some(cards, tournament_round, table),
        club=tournament_round.tournament.club,
        filename=_round_filename(tournament_round, table, "table-cards"),
    )


def _tournament(params: Mapping[str, Any], by: Actor) -> Tournament:
    return get_or_missing(
        Tournament,
        "tournament",
        ("club",),
        by=by,
        club_path="club",
        pk=int_param(params, "tournament"),
    )


def build_tournament_standings(params: Mapping[str, Any], by: Actor) -> Built:
    tournament = _tournament(params, by)
    return Built(
        items=[],
        context={"doc": builders.tournament_standings_doc(tournament)},
        club=tournament.club,
        filename=f"{_event_slug(tournament)}-standings.pdf",
    )


def build_tournament_bracket(params: Mapping[str, Any], by: Actor) -> Built:
    tournament = _tournament(params, by)
    if not tournament.is_elimination:
        refusal = Invalid(
            f"{tournament.name} is {tournament.get_format_display().lower()}: it has no bracket.",
            errors={"tournament": ["Only elimination events have a bracket."]},
            code="no_bracket",
        )
        refusal.code_in_body = True  # the event's format decides: as the bracket API says
        raise refusal
    charts = builders.tournament_bracket_docs(tournament)
    if not any(chart.rounds for chart in charts):
        raise Missing(f"The bracket of {tournament.name} is drawn when it starts.")
    return Built(
        items=charts,
        club=tournament.club,
        filename=f"{_event_slug(tournament)}-bracket.pdf",
    )


def tournament_round_origin(params: Mapping[str, Any]) -> tuple[str, str]:
    """A tournament round's batches are started from the tournament's page."""
    # The job was checked against its starter when it began: no club check here.
    tournament_round = _round(params, SYSTEM, "tournament")
    tournament = tournament_round.tournament
    return reverse("tournament-detail", args=[tournament.pk]), f"Back to {tournament.name}"


def register_kinds() -> None:
    register(
        Kind(
            "tournament-round-sheets",
            "print/score_sheets.html",
            build_tournament_round_sheets,
            batch=True,
            origin=tournament_round_origin,
            description="Blank score sheets, one per match of a tournament round",
            ids=("round",),
            optional_ids=("table",),
        ),
        Kind(
            "tournament-round-cards",
            "print/table_cards.html",
            build_tournament_round_cards,
            batch=True,
            origin=tournament_round_origin,
            description="Table cards with a QR code to each tournament table's page",
            absolute_urls=True,
            ids=("round",),
            optional_ids=("table",),
        ),
        Kind(
            "tournament-standings",
            "print/standings.html",
            build_tournament_standings,
            description="Standings of a tournament",
        ),
        Kind(
            "tournament-bracket",
            "print/brackets.html",
            build_tournament_bracket,
            description="The bracket chart of an elimination tournament",
        ),
    )
