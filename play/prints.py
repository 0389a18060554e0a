"""Club nights' and games' print kinds: blank score sheets and table cards for a round,
completed game sheets, the door poster (the standings' kinds are standings/prints.py).
Registered from :meth:`play.apps.PlayConfig.ready`; built in ``play/print_docs.py``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.urls import reverse

from play import print_docs as builders
from play.door import door_url
from play.models import Game, Night, NightRound, TableLink
from play.table_links import link_url, links_for
from rookclub.core.roles import CARD_HOLDERS_ONLY, KEY_HOLDERS, SYSTEM, Actor, require_role
from rookclub.printing import stamps
from rookclub.printing.kinds import Built, Kind, Missing, get_or_missing, int_param, register
from rookclub.printing.site import site_url


def _round_and_table(
    params: Mapping[str, Any], by: Actor, *, check_table: bool = True
) -> tuple[NightRound, int | None]:
    """The round (with its night and club) and the table asked for. ``check_table=False``:
    the caller reads the table itself and answers Missing for one the round lacks."""
    night_round = get_or_missing(
        NightRound,
        "round",
        ("night__club",),
        by=by,
        club_path="night__club",
        pk=int_param(params, "round"),
    )
    table = int_param(params, "table", required=False)
    if check_table and table is not None and not night_round.tables.filter(table=table).exists():
        raise Missing(f"Round {night_round.number} has no table {table}.")
    return night_round, table


def _slug(night_round: NightRound, table: int | None, what: str) -> str:
    night = night_round.night
    where = f"table-{table}" if table else "all-tables"
    return f"{night.club.slug}-{night.date:%Y-%m-%d}-round-{night_round.number}-{where}-{what}"


def build_round_sheets(params: Mapping[str, Any], by: Actor) -> Built:
    # One table's sheet reads that table alone, which answers Missing if there is none.
    night_round, table = _round_and_table(params, by, check_table=False)
    sheets = builders.round_blank_sheets(night_round, table=table)
    return Built(
        items=sheets,
        club=night_round.night.club,
        filename=_slug(night_round, table, "score-sheets") + ".pdf",
        stamps=stamps.stamps_for(sheets),
    )


def table_link_urls(base_url: str, night_round: NightRound) -> Callable[[Any, Any], str]:
    """Each table's link (``table-link``, made now if it has none), absolute from
    ``base_url``: whoever scans the card records the hands of the game at that table,
    without an account, across new games and progressive rounds of the night."""
    night = night_round.night
    numbers = night_round.tables.values_list("table", flat=True)
    links = links_for(club=night.club, kind=TableLink.Kind.NIGHT, night=night, numbers=numbers)

    def url_for(seating, game):
        return link_url(links[seating.table], base_url=base_url)

    return url_for


def build_round_cards(params: Mapping[str, Any], by: Actor) -> Built:
    night_round, table = _round_and_table(params, by)
    require_role(by, night_round.night.club, KEY_HOLDERS, CARD_HOLDERS_ONLY)
    base_url = site_url(recorded=params.get("base_url"))
    cards = builders.round_table_cards(
        night_round, url_for=table_link_urls(base_url, night_round), table=table
    )
    return Built(
        items=cards,
        club=night_round.night.club,
        filename=_slug(night_round, table, "table-cards") + ".pdf",
    )


#: What a printed score sheet reads with its game: ``game_sheet``'s ``SHEET_RELATED``
#: but who voided it (a sheet prints the void's reason, not who; a join to the users'
#: table costs a tenth of a sheet's reads) and with the round, for the sheet's heading.
PRINT_RELATED = ("club", "night", "table_seating__round")


def build_game_sheet(params: Mapping[str, Any], by: Actor) -> Built:
    game = get_or_missing(
        Game,
        "game",
        PRINT_RELATED,
        by=by,
        club_path="club",
        pk=int_param(params, "game"),
    )
    return Built(
        items=[builders.game_sheet_doc(game, read=False)],
        club=game.club,
        filename=f"{game.club.slug}-game-{game.pk}-score-sheet.pdf",
    )


def night_from_params(params: Mapping[str, Any], by: Actor) -> Night:
    return get_or_missing(
        Night,
        "club night",
        ("club",),
        by=by,
        club_path="club",
        pk=int_param(params, "session"),
    )


def build_night_games(params: Mapping[str, Any], by: Actor) -> Built:
    night = night_from_params(params, by)
    games = (
        Game.objects.filter(night=night)
        .select_related(*PRINT_RELATED)
        .order_by("table_seating__round__number", "table_seating__table", "created_at")
    )
    return Built(
        items=builders.night_game_sheet_docs(night, games),
        club=night.club,
        filename=f"{night.club.slug}-{night.date:%Y-%m-%d}-game-sheets.pdf",
    )


def _night_page(night: Night) -> tuple[str, str]:
    return reverse(
        "night-detail", args=[night.pk]
    ), f"Back to the club night of {night.date:%-d %b}"


def round_origin(params: Mapping[str, Any]) -> tuple[str, str]:
    """A round's batches are started from its night's page."""
    # The job was checked against its starter when it began: no club check here.
    night_round = get_or_missing(
        NightRound,
        "round",
        ("night",),
        by=SYSTEM,
        club_path="night__club",
        pk=int_param(params, "round"),
    )
    return _night_page(night_round.night)


def night_origin(params: Mapping[str, Any]) -> tuple[str, str]:
    return _night_page(
        get_or_missing(
            Night,
            "club night",
            (),
            by=SYSTEM,
            club_path="club",
            pk=int_param(params, "session"),
        )
    )


def build_door_poster(params: Mapping[str, Any], by: Actor) -> Built:
    """The night's door poster: A4, a large QR code opening the door link (directors
    and scorers only: the link checks players in)."""
    night = night_from_params(params, by)
    require_role(
        by,
        night.club,
        KEY_HOLDERS,
        "Only a director or scorer of the club can print the door poster.",
    )
    url = door_url(night, base_url=site_url(recorded=params.get("base_url")))
    return Built(
        items=[builders.door_poster_doc(night, url)],
        club=night.club,
        filename=f"{night.club.slug}-{night.date:%Y-%m-%d}-door-poster.pdf",
    )


def register_kinds() -> None:
    register(
        Kind(
            "round-sheets",
            "print/score_sheets.html",
            build_round_sheets,
            batch=True,
            description="Blank score sheets, one per table of a round",
            origin=round_origin,
            ids=("round",),
            optional_ids=("table",),
        ),
        Kind(
            "round-cards",
            "print/table_cards.html",
            build_round_cards,
            batch=True,
            origin=round_origin,
            description="Table cards with a QR code to each table's link (its score entry)",
            absolute_urls=True,
            ids=("round",),
            optional_ids=("table",),
        ),
        Kind(
            "session-games",
            "print/game_sheets.html",
            build_night_games,
            batch=True,
            origin=night_origin,
            ids=("session",),
            description="Completed score sheets of every game of a club night",
        ),
        Kind(
            "game-sheet",
            "print/game_sheets.html",
            build_game_sheet,
            description="The completed score sheet of one game",
        ),
        Kind(
            "door_poster",
            "print/door_poster.html",
            build_door_poster,
            description="A club night's door poster: a large QR code to its door link, "
            "where players check themselves in",
            absolute_urls=True,
        ),
    )
