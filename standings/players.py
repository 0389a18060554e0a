"""Reads for one player: their history night by night, their night at a
table ("my night", from a table link), and the short profile the API has always given.

Each selector runs a fixed number of queries whatever the player's history
(tests/play/test_player_history.py counts them at two sizes). The season figures
and the partner and opponent tables are in :mod:`standings.player_stats`.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass, field

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, Q
from django.db.models.functions import Coalesce, TruncDate

from play.models import Game, GameSeat, Hand, Night
from play.seats import PARTNER, SIDE_OF, table_names
from rookclub.clubs.models import Player
from standings.player_sql import counted_q

#: Nights (and days of tournament games) per page of a player's history.
EVENTS_PER_PAGE = 25


@dataclass
class HistoryRow:
    game: Game
    seat: str
    partner: Player | None  # None in the games for two and three, and when partners rotate
    opponents: tuple[Player, ...]
    our_total: int
    their_total: int
    points: int
    won: bool | None  # None while the game is in progress

    @property
    def result(self) -> str:
        """won, lost, or in progress (unfinished when its night closed first)."""
        if self.won is not None:
            return "won" if self.won else "lost"
        night = self.game.night
        return "unfinished" if night is not None and not night.is_open else "in progress"


def history_row(game: Game, player: Player, *, fixed_partner_only: bool = True) -> HistoryRow:
    """``player``'s line for ``game`` (its seats prefetched). With
    ``fixed_partner_only`` a game whose partners rotate (individual scoring) names no
    partner and everyone else as opponents."""

    def points_of(p: Player) -> int:
        return int(game.player_totals.get(str(p.pk), 0))

    seats = {s.seat: s.player for s in game.seats.all()}
    seat = next(s for s, p in seats.items() if p.pk == player.pk)
    sided = seat in SIDE_OF and not (fixed_partner_only and game.scores_players)
    if sided:
        side = SIDE_OF[seat]
        other = "east_west" if side == "north_south" else "north_south"
        partner = seats.get(PARTNER[seat])
        opponents = tuple(p for s, p in seats.items() if SIDE_OF.get(s) == other)
        ours, theirs = int(game.totals.get(side, 0)), int(game.totals.get(other, 0))
    else:  # each for themselves: "them" is the best of the others
        partner = None
        # Everyone else at the table (at a compass table partners rotate here); at a
        # table of six in two partnerships, the other side (never a partner of three).
        names = table_names(game)
        against = set(seats) - {seat} if names.has_compass else set(names.opponents(seat))
        opponents = tuple(p for s, p in seats.items() if s in against)
        ours, theirs = points_of(player), max((points_of(p) for p in opponents), default=0)
    return HistoryRow(
        game=game,
        seat=seat,
        partner=partner,
        opponents=opponents,
        our_total=ours,
        their_total=theirs,
        points=points_of(player),
        won=(player.pk in (game.winners or ())) if game.is_finished else None,
    )


def _with_seats(games):  # type: ignore[no-untyped-def]
    return games.select_related("night").prefetch_related(
        Prefetch("seats", GameSeat.objects.select_related("player"))
    )


# ---- the history page ---------------------------------------------------------------


@dataclass
class Event:
    """A night the player played (``night``), or a day of games outside any night
    (a tournament's, a lone game: ``night`` None), with their games, newest first."""

    day: datetime.date
    night: Night | None
    rows: list[HistoryRow] = field(default_factory=list)

    @property
    def won(self) -> int:
        return sum(1 for r in self.rows if r.won)

    @property
    def points(self) -> int:
        return sum(r.points for r in self.rows)


@dataclass
class HistoryPage:
    events: list[Event]
    page: Page


def _day():  # type: ignore[no-untyped-def]
    return Coalesce("night__date", TruncDate("created_at"))


def player_history(
    *, player: Player, year: int | None, page: object = 1, per_page: int = EVENTS_PER_PAGE
) -> HistoryPage:
    """The nights (and tournament days) of season ``year`` the player played, newest
    first, ``per_page`` a page, each with its games: three queries whatever the
    history's length (paged in Python over the events' keys: no paginator's count)."""
    events = list(
        Game.objects.filter(counted_q(year), seats__player=player)
        .annotate(day=_day())
        .values("day", "night")
        .distinct()
        .order_by("-day", "-night")
    )
    paged = Paginator(events, per_page).get_page(page)
    keys = list(paged.object_list)
    nights = [k["night"] for k in keys if k["night"] is not None]
    loose = [k["day"] for k in keys if k["night"] is None]
    out = [Event(k["day"], None) for k in keys]
    by_key = {(k["day"], k["night"]): e for k, e in zip(keys, out, strict=True)}
    if keys:
        games = _with_seats(
            Game.objects.filter(counted_q(year), seats__player=player)
            .annotate(day=_day())
            .filter(Q(night_id__in=nights) | Q(night__isnull=True, day__in=loose))
            .order_by("-day", "-created_at", "-id")
        )
        for game in games:
            event = by_key.get((game.day, game.night_id))
            if event is None:
                continue
            event.night = game.night
            event.rows.append(history_row(game, player))
    return HistoryPage([e for e in out if e.rows], paged)


# ---- my night (from a table link) ---------------------------------------------------


@dataclass
class PlayerNight:
    """One player's night so far: every game, the running result and points."""

    player: Player
    rows: list[HistoryRow]

    @property
    def won(self) -> int:
        return sum(1 for r in self.rows if r.won)

    @property
    def lost(self) -> int:
        return sum(1 for r in self.rows if r.won is False)

    @property
    def playing(self) -> int:
        return sum(1 for r in self.rows if r.won is None)

    @property
    def points(self) -> int:
        return sum(r.points for r in self.rows)


def player_night(*, player: Player, games: object) -> PlayerNight:
    """``player``'s games among ``games`` (a queryset the caller has scoped: one night,
    one table), in the order played, void games left out: two queries."""
    chosen = _with_seats(
        Game.objects.filter(pk__in=games, seats__player=player, voided_at__isnull=True).order_by(
            "created_at", "id"
        )
    )
    return PlayerNight(player, [history_row(g, player) for g in chosen])


# ---- the profile (API) --------------------------------------------------------------


@dataclass
class PlayerProfile:
    player: Player
    history: list[HistoryRow]
    games: int
    won: int
    hands_declared: int
    bids_made: int
    sets: int
    average_bid: float | None
    partners: list[tuple[Player, int]]  # partner, games together; most first

    @property
    def bids_made_percent(self) -> int | None:
        if not self.hands_declared:
            return None
        return round(100 * self.bids_made / self.hands_declared)


def player_profile(*, player: Player) -> PlayerProfile:
    """Every game, bids made %, average bid, sets and partners (three queries): the
    ``profile`` API's answer, kept as it always was (the partner is the one sitting
    opposite at the start, whatever the ruleset)."""
    games = _with_seats(
        Game.objects.filter(seats__player=player, voided_at__isnull=True).order_by(
            "-created_at", "-id"
        )
    )
    declared = list(
        Hand.objects.filter(
            declarer=player, made__isnull=False, game__voided_at__isnull=True
        ).values_list("bid", "made")
    )
    history = [history_row(g, player, fixed_partner_only=False) for g in games]
    partners = Counter(h.partner for h in history if h.partner is not None)
    bids = [bid for bid, _ in declared if bid is not None]
    made = sum(1 for _, m in declared if m)
    return PlayerProfile(
        player=player,
        history=history,
        games=len(history),
        won=sum(1 for h in history if h.won),
        hands_declared=len(declared),
        bids_made=made,
        sets=len(declared) - made,
        average_bid=round(sum(bids) / len(bids), 1) if bids else None,
        partners=sorted(partners.items(), key=lambda item: (-item[1], item[0].name)),
    )
