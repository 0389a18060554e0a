"""Table links: a table's secret link (its QR code) records and confirms the hands of
the game now at that table, without an account (docs/api.md, "Table links").

A link belongs to a table, not to a game. Which game is at the table now depends on the
link's ``kind``: scoring answers for club nights, and the tournaments app registers its
resolver from ``TournamentsConfig.ready()`` (:func:`register_resolver`), so scoring
never imports it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import (
    Case,
    IntegerField,
    OuterRef,
    QuerySet,
    Subquery,
    TextField,
    Value,
    When,
)
from django.urls import reverse
from django.utils import timezone

from play.checkins import closed_conflict
from play.game_places import Place
from play.models import Game, Night, TableLink, TableSeating
from rookclub.clubs.models import Club, Player
from rookclub.core import throttles
from rookclub.core.errors import Conflict, DomainError
from rookclub.core.roles import Actor, require_director
from rookclub.printing.site import SiteAddressMissing, site_url


class LinkNotFound(DomainError):
    """An unknown or replaced key (HTTP 404): nothing is said about which."""

    code = "not_found"
    status = 404


NOT_FOUND = "This table link is not known. Ask the director for the table's current card."


@dataclass
class TableState:
    """What a link opens now: its table, the game being played there (or None), who
    sits there, and why the link no longer records (closed night, round over)."""

    link: TableLink
    number: int
    game: Game | None
    players: dict[str, Player] = field(default_factory=dict)  # seat -> player
    refusal: Conflict | None = None
    #: "Club night 12 March" or "Spring Open, round 2": where the table is.
    where: str = ""
    #: The current game's id: all a post needs (:func:`resolve_for_post` reads no more).
    game_id: int | None = None
    #: The current game's ruleset snapshot as stored (its JSON text), read with the link
    #: by :func:`resolve_for_post` for the table page's form; None when not read.
    ruleset: str | None = None
    #: An event's table: "Spring Cup · Round 2 · Table 1", the page's title; None for a
    #: club night's table, titled by its number.
    place: Place | None = None

    def __post_init__(self) -> None:
        if self.game is not None:
            self.game_id = self.game.pk

    @property
    def club(self) -> Club:
        return self.link.club

    @property
    def is_night(self) -> bool:
        """A club night's table: its players have a night to look back on ("My night")."""
        return self.link.kind == TableLink.Kind.NIGHT

    def no_game(self) -> Conflict:
        return Conflict(
            f"No game has started at table {self.number} yet; "
            "ask the director to start one, then reload this page.",
            code="no_game",
        )


Resolver = Callable[[TableLink], TableState]
_RESOLVERS: dict[str, Resolver] = {}
#: kind -> the current game's id as an expression over the link's row, so a post finds
#: its link and its game in one query (:func:`resolve_for_post`).
_POST_GAMES: dict[str, Callable[[], Any]] = {}


def register_resolver(
    kind: str, resolver: Resolver, post_game: Callable[[], Any] | None = None
) -> None:
    """An app answers for its kind of link (the tournaments app, for ``tournament``);
    ``post_game``, when given, builds the subquery of the current game's id for posts."""
    _RESOLVERS[kind] = resolver
    if post_game is not None:
        _POST_GAMES[kind] = post_game
        _post_links.cache_clear()


def find(key: Any) -> TableLink:
    """The live link with ``key`` (1 query), else ``LinkNotFound``."""
    if not isinstance(key, str) or not key or len(key) > 64:
        raise LinkNotFound(NOT_FOUND)
    link = (
        TableLink.objects.select_related("club", "night")
        .filter(key=key, replaced_at__isnull=True)
        .first()
    )
    if link is None or link.kind not in _RESOLVERS:
        raise LinkNotFound(NOT_FOUND)
    return link


def resolve(key: Any) -> TableState:
    """The table a live key opens, with its current game (a fixed number of queries)."""
    link = find(key)
    return _RESOLVERS[link.kind](link)


_POST_FIELDS = ("pk", "kind", "number", "club_id", "night_id", "night__status", "game_id")


@functools.cache
def _post_links(ruleset: bool) -> QuerySet:
    """The live links as a post reads them (:func:`_post_row`), built once per process
    and filtered by key for each post. ``ruleset``: with the game's ruleset as its
    stored JSON text, which only a post that builds the hand form needs."""
    cases = [When(kind=kind, then=build()) for kind, build in _POST_GAMES.items()]
    game_id = Case(*cases, default=Value(None), output_field=IntegerField())
    links = TableLink.objects.filter(replaced_at__isnull=True).annotate(game_id=game_id)
    if not ruleset:
        return links.order_by().values_list(*_POST_FIELDS)
    rules = Game.objects.filter(pk=OuterRef("game_id")).order_by().values("ruleset")[:1]
    links = links.annotate(game_ruleset=Subquery(rules, output_field=TextField()))
    return links.order_by().values_list(*_POST_FIELDS, "game_ruleset")


def _post_row(key: str, *, ruleset: bool = True) -> tuple[Any, ...] | None:
    """A post's one query: the live link with ``key`` as plain values, its table's
    current game's id and (``ruleset``) that game's ruleset as stored JSON text, else
    None as the row's last value."""
    row = next(iter(_post_links(ruleset).filter(key=key)[:1]), None)
    return row if row is None or ruleset else (*row, None)


def resolve_for_post(key: Any, *, ruleset: bool = True) -> TableState:
    """What a post through a live key needs: the link, its table's current game's id
    (``game_id``; ``game`` is not read), its ruleset snapshot (``ruleset``, JSON text;
    not read without ``ruleset``: a Confirm builds no hand form) and why it no longer
    records. One query for a club night's link; other kinds as :func:`resolve`. Who
    sits at the table is not read (``players`` empty): a post shows only the game."""
    if not isinstance(key, str) or not key or len(key) > 64:
        raise LinkNotFound(NOT_FOUND)
    row = _post_row(key, ruleset=ruleset)
    if row is None or row[1] not in _RESOLVERS:
        raise LinkNotFound(NOT_FOUND)
    pk, kind, number, club_id, night_id, status, game_id, ruleset = row
    if kind not in _POST_GAMES:
        return _RESOLVERS[kind](find(key))
    link = TableLink(pk=pk, key=key, kind=kind, number=number, club_id=club_id, night_id=night_id)
    link._state.adding, link._state.db = False, connection.alias
    refusal = None
    if night_id is not None and status != Night.Status.OPEN:
        refusal = closed_conflict(Night.objects.get(pk=night_id), "record more hands")
    return TableState(link, number, None, refusal=refusal, game_id=game_id, ruleset=ruleset)


#: A table link's refusal beyond ``TABLE_LINK_POSTS_PER_MINUTE``.
TOO_MANY_POSTS = (
    "Too many posts through this table's link in the last minute; wait a minute and try again."
)


def throttle_posts(request: Any, link: TableLink) -> None:
    """Count one post through ``link`` (recording, confirming): ``TooMany`` (429) beyond
    ``TABLE_LINK_POSTS_PER_MINUTE`` a minute, so a photographed card cannot flood a
    game. An unknown key is a 404 first, and counts nothing."""
    rate = (settings.TABLE_LINK_POSTS_PER_MINUTE, 60)
    throttles.count(request, "table_link", str(link.pk), rate, TOO_MANY_POSTS)


def link_url(link: TableLink, request: Any = None, *, base_url: str | None = None) -> str:
    """The table's page (``table-link``), absolute: ``base_url``, else :func:`site_url`,
    else (no SITE_URL, an API answer) the address the request came in on."""
    if base_url is None:
        base_url = link_base(request)
    return key_url(link.key, base_url=base_url)


def key_url(key: str, *, base_url: str) -> str:
    """The table's page of the link whose key is ``key`` (:func:`link_url`'s address)."""
    return base_url.rstrip("/") + reverse("table-link", args=[key])


def link_base(request: Any = None) -> str:
    """Where :func:`link_url`'s addresses start: work it out once for a page of many."""
    try:
        return site_url(request)
    except SiteAddressMissing:
        if request is None:
            raise
        return request.build_absolute_uri("/")


# ---- making and replacing links ---------------------------------------------------------------


def _owner(kind: str, night: Night | None, scope: int | None) -> dict[str, Any]:
    if kind == TableLink.Kind.NIGHT:
        return {"kind": kind, "night": night}
    return {"kind": kind, "scope": scope}


def links_for(
    *,
    club: Club,
    kind: str,
    numbers: Iterable[int],
    night: Night | None = None,
    scope: int | None = None,
) -> dict[int, TableLink]:
    """The live link of each table ``numbers``, made now where there is none yet (no
    actor: whoever may see the table asks for it). Two queries, three when some are new."""
    numbers = sorted(set(numbers))
    owner = _owner(kind, night, scope)
    live = TableLink.objects.filter(**owner, number__in=numbers, replaced_at__isnull=True)
    links = {link.number: link for link in live}
    missing = [n for n in numbers if n not in links]
    if missing:
        # Two first requests at once: the partial unique index keeps one live link per
        # table and the loser's row is ignored, so both read back the same link.
        TableLink.objects.bulk_create(
            [TableLink(club=club, number=n, **owner) for n in missing], ignore_conflicts=True
        )
        again = TableLink.objects.filter(**owner, number__in=missing, replaced_at__isnull=True)
        links.update({link.number: link for link in again})
    for link in links.values():
        link.club = club
        if night is not None:
            link.night = night
    return links


def link_replace(
    *,
    club: Club,
    kind: str,
    number: int,
    by: Actor,
    night: Night | None = None,
    scope: int | None = None,
) -> TableLink:
    """A director replaces a table's link (a card went missing, a photo went round):
    the old key answers 404 from now on, the new one opens the same table."""
    require_director(by, club)
    owner = _owner(kind, night, scope)
    try:
        with transaction.atomic():
            old = TableLink.objects.filter(**owner, number=number, replaced_at__isnull=True)
            old.update(replaced_at=timezone.now())
            link = TableLink.objects.create(club=club, number=number, **owner)
    except IntegrityError:
        # Two directors pressed Replace at once: the other's new link is the live one
        # (one live link per table, kept by a unique index).
        raise Conflict(
            f"Table {number}'s link was replaced at this very moment; print its card from "
            "the new link.",
            code="link_replaced_meanwhile",
        ) from None
    return link


# ---- club nights --------------------------------------------------------------------------


def replaced_message(number: int) -> str:
    """What a director reads after replacing table ``number``'s link (night or round)."""
    return f"Table {number} has a new link: its old card no longer works. Print its card again."


def _night_seatings(night: Night):
    """Every seating of the night's tables, latest round first, with their seats."""
    return (
        TableSeating.objects.filter(round__night=night)
        .select_related("round", "north", "east", "south", "west")
        .order_by("-round__number", "table")
    )


def _current_tables(seatings) -> list[TableSeating]:  # type: ignore[no-untyped-def]
    """Each table's current seating: its latest (a table is reseated on its own when
    waiting players come in)."""
    current: dict[int, TableSeating] = {}
    for t in seatings:
        current.setdefault(t.table, t)
    return [current[n] for n in sorted(current)]


def _night_post_game() -> Any:
    """The id of the game now at a club night link's table, over the link's row: the
    latest game of the table's current seating (as :func:`night_state` finds it)."""
    seating = (
        TableSeating.objects.filter(
            round__night_id=OuterRef(OuterRef("night_id")), table=OuterRef(OuterRef("number"))
        )
        .order_by("-round__number", "table")
        .values("pk")[:1]
    )
    games = Game.objects.filter(table_seating_id=Subquery(seating)).order_by("-created_at", "-id")
    return Subquery(games.values("pk")[:1])


def night_state(link: TableLink) -> TableState:
    """A club night's table: the night's current round, table ``number``, its latest game
    (3 queries). The link stops recording when the night closes (the closed sentence)."""
    night = link.night
    seating = _night_seatings(night).filter(table=link.number).first()
    game = None
    players: dict[str, Player] = {}
    if seating is not None:
        players = seating.seats()
        game = (
            Game.objects.filter(table_seating=seating)
            .select_related("club")
            .order_by("-created_at", "-id")
            .first()
        )
    refusal = None if night.is_open else closed_conflict(night, "record more hands")
    where = f"Club night {night.date:%-d %B %Y}"
    if seating is not None and seating.round.number > 1:
        where += f", round {seating.round.number}"
    return TableState(link, link.number, game, players, refusal, where)


@dataclass
class TableRow:
    """One table of the current round, for the tables listing."""

    number: int
    game: Game | None
    players: dict[str, Player]
    link: TableLink


def night_tables(*, night: Night) -> list[TableRow]:
    """Every table of the night's current round with its current game and its link
    (a fixed number of queries however many tables)."""
    from django.db.models import Prefetch

    tables = _current_tables(
        _night_seatings(night).prefetch_related(
            Prefetch("games", Game.objects.order_by("created_at", "id"))
        )
    )
    links = links_for(
        club=night.club,
        kind=TableLink.Kind.NIGHT,
        night=night,
        numbers=[t.table for t in tables],
    )
    rows = []
    for t in tables:
        games = list(t.games.all())
        rows.append(TableRow(t.table, games[-1] if games else None, t.seats(), links[t.table]))
    return rows


def night_table_numbers(night: Night) -> set[int]:
    return set(_night_seatings(night).values_list("table", flat=True))


register_resolver(TableLink.Kind.NIGHT, night_state, _night_post_game)
