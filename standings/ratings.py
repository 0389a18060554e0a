"""Player ratings in a club: the services that keep them and the selectors that read
them. The arithmetic is :mod:`standings.ratings_core` (OpenSkill, no Django); the
model, its settings, when ratings are rated on top and when recomputed are in
``docs/ratings.md``.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Exists
from django.utils import timezone

from play.models import Game, GameSeat
from rookclub.clubs.models import Club, Player
from rookclub.core.charts import Point, line_chart
from standings.models import PlayerRating, RatingChange
from standings.ratings_core import (
    Change,
    GameResult,
    Rater,
    Rating,
    RatingSettings,
    display,
    game_result,
    replay,
)
from standings.standings import Standings

log = logging.getLogger(__name__)

#: The first key of the advisory lock (``pg_advisory_xact_lock(key, club id)``):
#: "RATE" in ASCII, so no other lock of the project collides with it.
LOCK_KEY = 0x52415445
#: Points drawn in a player's chart at most (a long history is thinned evenly).
CHART_POINTS = 120


def rating_settings() -> RatingSettings:
    """The ``RATINGS`` setting (``{"MODEL", "MU", "SIGMA", "BETA", "TAU"}``) over the defaults."""
    return RatingSettings.from_mapping(getattr(settings, "RATINGS", None))


def _lock_club(club_id: int) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_KEY, club_id])


# ---- reading games as results --------------------------------------------------------------

_GAME_FIELDS = (
    "pk",
    "finished_at",
    "ruleset__partnership",
    "ruleset__partner_rotation",
    "ruleset__sides",
    "totals",
    "player_totals",
)


def _results(rows: Iterable[tuple], seats: Iterable[tuple[int, str, int]]) -> list[GameResult]:
    by_game: dict[int, dict[str, int]] = {}
    for game_id, seat, player_id in seats:
        by_game.setdefault(game_id, {})[seat] = player_id
    results = []
    for pk, finished_at, partnership, rotation, sides, totals, player_totals in rows:
        result = game_result(
            game=pk,
            key=(finished_at, pk),
            partnership=partnership,
            partner_rotation=rotation,
            sides=sides,
            seats=by_game.get(pk, {}),
            totals=totals or {},
            player_totals=player_totals or {},
        )
        if result is not None:
            results.append(result)
    return results


def rated_games(club_id: int) -> list[GameResult]:
    """The club's finished, not void games as results (two queries, no model instances)."""
    games = Game.objects.filter(
        club_id=club_id,
        status=Game.Status.FINISHED,
        voided_at__isnull=True,
        finished_at__isnull=False,
    )
    rows = games.values_list(*_GAME_FIELDS)
    seats = GameSeat.objects.filter(game__in=games).values_list("game_id", "seat", "player_id")
    return _results(rows, seats)


# ---- services ----------------------------------------------------------------------------------


def _ledger(club_id: int, changes: Iterable[Change], at: dict[int, datetime]) -> list[RatingChange]:
    return [
        RatingChange(
            club_id=club_id,
            game_id=c.game,
            player_id=c.player,
            finished_at=at[c.game],
            mu=c.mu,
            sigma=c.sigma,
        )
        for c in changes
    ]


def _insert(model: type, columns: tuple[str, ...], rows: Iterable[tuple]) -> None:
    """Insert plain tuples without building model instances: PostgreSQL's COPY, else
    a prepared INSERT run for every row (a club's ledger is tens of thousands of rows)."""
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(c) for c in columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            # As Django would store each value (SQLite keeps datetimes as UTC text).
            fields = [model._meta.get_field(c.removesuffix("_id")) for c in columns]
            prepared = [
                [f.get_db_prep_value(v, connection) for f, v in zip(fields, row, strict=True)]
                for row in rows
            ]
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", prepared)


def recompute_club(*, club_id: int) -> int:
    """Rebuild the club's ratings and their ledger from its finished games, in one
    transaction (idempotent: the same games always give the same rows). Returns the
    number of games rated."""
    with transaction.atomic():
        _lock_club(club_id)
        results = rated_games(club_id)
        rater, changes = replay(results, rating_settings())
        at = {r.game: r.key[0] for r in results}
        now = timezone.now()
        RatingChange.objects.filter(club_id=club_id).delete()
        PlayerRating.objects.filter(club_id=club_id).delete()
        _insert(
            PlayerRating,
            ("club_id", "player_id", "mu", "sigma", "games", "updated_at"),
            ((club_id, p, r.mu, r.sigma, rater.games[p], now) for p, r in rater.ratings.items()),
        )
        _insert(
            RatingChange,
            ("club_id", "game_id", "player_id", "finished_at", "mu", "sigma"),
            ((club_id, c.game, c.player, at[c.game], c.mu, c.sigma) for c in changes),
        )
    return len(results)


def rate_finished_game(*, game: Game) -> None:
    """Rate ``game``, which has just finished, on top of its club's ratings (inside the
    finishing hand's transaction). A game already rated, or finishing before the last
    rated game, makes the club be recomputed on commit instead."""
    if not game.is_finished or game.is_void or game.finished_at is None:
        return
    _lock_club(game.club_id)
    key = (game.finished_at, game.pk)
    # In the same query: whether this game is rated already. A correction that left it
    # unfinished asked for a recompute on commit; finished again before that recompute
    # ran, it must not be rated on top of its old rows (a duplicate ledger row).
    rated = RatingChange.objects.filter(game_id=game.pk)
    last = (
        RatingChange.objects.filter(club_id=game.club_id)
        .order_by("-finished_at", "-game_id")
        .annotate(rated_already=Exists(rated))
        .values_list("finished_at", "game_id", "rated_already")
        .first()
    )
    if last is not None and (last[2] or tuple(last[:2]) >= key):
        recompute_on_commit(club_id=game.club_id)
        return
    seats = GameSeat.objects.filter(game_id=game.pk).values_list("game_id", "seat", "player_id")
    rules = game.ruleset or {}
    row = (
        game.pk,
        game.finished_at,
        rules.get("partnership"),
        rules.get("partner_rotation"),
        rules.get("sides"),
        game.totals,
        game.player_totals,
    )
    results = _results([row], seats)
    if not results:
        return
    result = results[0]
    current = PlayerRating.objects.filter(club_id=game.club_id, player_id__in=result.players)
    rater = Rater(rating_settings())
    for player, mu, sigma, games in current.values_list("player_id", "mu", "sigma", "games"):
        rater.ratings[player], rater.games[player] = Rating(mu, sigma), games
    changes = rater.rate(result)
    now = timezone.now()
    PlayerRating.objects.bulk_create(
        [
            PlayerRating(
                club_id=game.club_id,
                player_id=c.player,
                mu=c.mu,
                sigma=c.sigma,
                games=rater.games[c.player],
                updated_at=now,
            )
            for c in changes
        ],
        update_conflicts=True,
        unique_fields=["club", "player"],
        update_fields=["mu", "sigma", "games", "updated_at"],
    )
    RatingChange.objects.bulk_create(_ledger(game.club_id, changes, {game.pk: game.finished_at}))


#: Club id -> a weak reference to the recompute already waiting for this thread's
#: transaction to commit. Django keeps the callback until the commit and drops it on a
#: rollback (of the transaction or of the savepoint that queued it); once dropped the
#: reference is dead, so a request in a later transaction queues its own.
_queued = threading.local()


def recompute_on_commit(*, club_id: int) -> None:
    """Recompute the club's ratings once this transaction commits (once, however many
    times it is asked in the transaction), by the Celery task ``recompute_ratings``.

    Not ``recompute_ratings.delay_on_commit``: with the broker down the recompute is
    done here instead of lost, which ``delay_on_commit`` cannot do."""
    waiting: dict[int, weakref.ref] = _queued.__dict__.setdefault("clubs", {})
    queued = waiting.get(club_id)
    if queued is not None and queued() is not None:
        return

    def send() -> None:
        waiting.pop(club_id, None)
        try:
            # Over a connection of its own to the broker the settings name now, as a
            # print job is sent (a pooled connection keeps the broker it was made for).
            with recompute_ratings.app.connection_for_write() as broker:
                recompute_ratings.apply_async((club_id,), connection=broker)
        except Exception:  # the broker is down: do it here, never lose it
            log.warning("rating recompute of club %s not queued; running it now", club_id)
            recompute_club(club_id=club_id)

    waiting[club_id] = weakref.ref(send)
    transaction.on_commit(send)


# Named as it was when the ratings lived in play: a message queued under that name before
# an upgrade is still run by a worker after it.
@shared_task(
    name="play.ratings.recompute_ratings",
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def recompute_ratings(club_pk: int) -> int:
    """The Celery task: recompute a club's ratings from its games (after a correction or
    a void). Idempotent, so a duplicate delivery only does the work again."""
    return recompute_club(club_id=club_pk)


# ---- receivers (connected in StandingsConfig.ready) -------------------------------------------


def on_game_scored(sender: Any, game: Game, **kwargs: Any) -> None:
    """A hand was recorded or corrected. Nothing to do -- and no query -- unless the
    game is now finished."""
    if game.is_finished:
        rate_finished_game(game=game)


def on_game_voided(sender: Any, game: Game, **kwargs: Any) -> None:
    """A game that counted is voided: the club's ratings are recomputed without it."""
    if game.is_finished:
        recompute_on_commit(club_id=game.club_id)


def on_finished_game_corrected(sender: Any, game: Game, **kwargs: Any) -> None:
    """A hand of a game that had been rated was corrected: the club's ratings are
    recomputed with the game as it is now (finished or not)."""
    recompute_on_commit(club_id=game.club_id)


# ---- selectors ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RatingPoint:
    game: int
    at: datetime
    mu: float
    sigma: float

    @property
    def display(self) -> int:
        return display(self.mu, self.sigma)


@dataclass(frozen=True)
class PlayerRatingView:
    """A player's rating (None before their first rated game) and its history."""

    player: Player
    history: list[RatingPoint]

    @property
    def current(self) -> RatingPoint | None:
        return self.history[-1] if self.history else None

    @property
    def games(self) -> int:
        return len(self.history)

    @property
    def chart(self) -> Any:
        """The rating over time: skill ``mu`` with the band ``mu ± 3 sigma``."""
        points = self.history
        if len(points) > CHART_POINTS:
            step = (len(points) - 1) / (CHART_POINTS - 1)
            points = [points[round(i * step)] for i in range(CHART_POINTS)]
        return line_chart(
            [
                Point(
                    timezone.localtime(p.at).strftime("%-d %b %Y"),
                    round(p.mu, 2),
                    round(p.mu - 3 * p.sigma, 2),
                    round(p.mu + 3 * p.sigma, 2),
                )
                for p in points
            ],
            title=f"{self.player.name}'s skill over time",
            # Narrower than the default: drawn at a phone's width the labels stay legible.
            width=400,
            height=200,
        )


def player_rating(*, club: Club | int, player: Player) -> PlayerRatingView:
    """A player's rating in ``club`` and how it got there, oldest first (one query)."""
    rows = (
        RatingChange.objects.filter(club=club, player=player)
        .order_by("finished_at", "game_id")
        .values_list("game_id", "finished_at", "mu", "sigma")
    )
    return PlayerRatingView(player, [RatingPoint(*row) for row in rows])


def rating_out(point: RatingPoint | None) -> dict[str, Any] | None:
    """``{"mu", "sigma", "display"}`` for the API, None before a first game."""
    if point is None:
        return None
    return {"mu": point.mu, "sigma": point.sigma, "display": point.display}


def club_ratings(*, club: Club) -> dict[int, Rating]:
    """Every rated player of ``club``: id -> (mu, sigma) (one query)."""
    rows = PlayerRating.objects.filter(club=club).values_list("player_id", "mu", "sigma")
    return {pid: Rating(mu, sigma) for pid, mu, sigma in rows}


#: How season standings can be ordered: as the standings selector ranks them, or by rating.
SORTS = ("standing", "rating")


def with_ratings(standings: Standings, *, club: Club, sort: str = "standing") -> Standings:
    """``standings`` with each row's ``rating`` set (one query): a player's shown
    rating, a partnership's the mean of its players' (None until all are rated).
    ``sort="rating"``: best first, the unrated last in standing order (a stable sort)."""
    shown = {pid: display(r.mu, r.sigma) for pid, r in club_ratings(club=club).items()}
    for row in (*standings.players, *standings.partnerships):
        values = [shown.get(p.pk) for p in row.players]
        # An attribute the templates and the API read; the selector's rows stay as they are.
        row.rating = None if None in values else round(sum(values) / len(values))  # type: ignore[attr-defined]
    if sort == "rating":

        def best(row: Any) -> tuple[bool, int]:
            return (row.rating is None, -(row.rating or 0))

        standings.players.sort(key=best)
        standings.partnerships.sort(key=best)
    return standings
