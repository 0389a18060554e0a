"""Running a club night's tables: seating players, new games at a table, the next
progressive round, and closing the night (which locks its games).

Opening a night and checking players in are the club domain's
(:mod:`rookclub.clubs.services`); here the night meets its games. Seating itself is
pure Python in :mod:`scoring.seating`.
"""

from __future__ import annotations

import datetime
import secrets
from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from rookclub.clubs.models import (
    Club,
    ClubSession,
    Player,
    SessionEvent,
    SessionRound,
    SitOut,
    TableSeating,
)
from rookclub.clubs.permissions import require_director
from rookclub.clubs.services import closed_when, locked_open_session
from rookclub.core.errors import Conflict, Invalid
from rookclub.core.roles import user_or_none
from scoring import seating
from scoring.models import Game
from scoring.services import game_start, ruleset_or_invalid

#: A progressive round is one four-hand game per table (RULES.md §6).
PROGRESSIVE_HANDS = 4


def playing(games: QuerySet[Game]) -> QuerySet[Game]:
    """Games still being played: neither finished nor voided by a director."""
    return games.exclude(status=Game.Status.FINISHED).filter(voided_at__isnull=True)


def _checked_in(session: ClubSession) -> list[Player]:
    return [c.player for c in session.check_ins.select_related("player", "player__club")]


def _past_sit_outs(session: ClubSession) -> Counter:
    """Sit-outs of the club's earlier nights this year, so one night's leftovers rotate."""
    rows = SitOut.objects.filter(
        round__session__club_id=session.club_id, round__session__date__year=session.date.year
    ).exclude(round__session=session)
    return Counter(rows.values_list("player_id", flat=True))


@transaction.atomic
def session_seat(
    *,
    session: ClubSession,
    by: Any,
    method: str | None = None,
    partnerships: Sequence[tuple[Player, Player]] | None = None,
    seed: int | None = None,
) -> SessionRound:
    """Seat the night's first round and start a game at every table."""
    session = locked_open_session(session, by, "seat it")
    if session.rounds.exists():
        raise Conflict("This club night is already seated.", code="already_seated")
    method = method or session.seating_method
    if method not in ClubSession.Seating.values:
        raise Invalid("Unknown seating.", errors={"method": ["random, fixed or progressive"]})
    if method != session.seating_method:
        session.seating_method = method
        session.save(update_fields=["seating_method"])
    players = _checked_in(session)
    if len(players) < 4:
        raise Invalid("Not enough players.", errors={"players": ["check in at least four players"]})
    seed = seed if seed is not None else secrets.randbelow(2**31)
    by_id = {p.pk: p for p in players}
    ids = sorted(by_id)
    if method == ClubSession.Seating.FIXED:
        pairs = _pairs(partnerships, by_id)
        paired = {pid for pair in pairs for pid in pair}
        plan = seating.fixed_partnerships(
            pairs, seed=seed, unpaired=[i for i in ids if i not in paired],
            sat_out=_past_sit_outs(session),
        )  # fmt: skip
    elif method == ClubSession.Seating.PROGRESSIVE:
        plan = seating.progressive_round(ids, seed=seed)
    else:
        plan = seating.random_draw(ids, seed=seed, sat_out=_past_sit_outs(session))
    return _make_round(session, 1, plan, by_id, by)


def _pairs(
    partnerships: Sequence[tuple[Player, Player]] | None, by_id: dict[int, Player]
) -> list[tuple[int, int]]:
    errors = []
    pairs = []
    seen: set[int] = set()
    for pair in partnerships or []:
        if len(pair) != 2 or pair[0].pk == pair[1].pk:
            errors.append("each partnership is two different players")
            continue
        for p in pair:
            if p.pk not in by_id:
                errors.append(f"{p.name} is not checked in")
            if p.pk in seen:
                errors.append(f"{p.name} is in two partnerships")
            seen.add(p.pk)
        pairs.append((pair[0].pk, pair[1].pk))
    if len(pairs) < 2 and not errors:
        errors.append("give at least two partnerships")
    if errors:
        raise Invalid("Check the partnerships.", errors={"partnerships": errors})
    return pairs


def _game_options(session: ClubSession) -> dict[str, Any]:
    options = dict(session.ruleset_options or {})
    if session.seating_method == ClubSession.Seating.PROGRESSIVE:
        options["fixed_hands"] = PROGRESSIVE_HANDS
    return options


def _make_round(
    session: ClubSession, number: int, plan: seating.Seating, by_id: dict[int, Player], by: Any
) -> SessionRound:

    round_ = SessionRound.objects.create(session=session, number=number)
    SitOut.objects.bulk_create(SitOut(round=round_, player=by_id[pid]) for pid in plan.sit_outs)
    for index, (n, e, s, w) in enumerate(plan.tables, start=1):
        table = TableSeating.objects.create(
            round=round_, table=index, north=by_id[n], east=by_id[e], south=by_id[s],
            west=by_id[w],
        )  # fmt: skip
        game_start(
            ruleset=session.ruleset_slug, options=_game_options(session), seats=table.seats(),
            session=session, table_seating=table, created_by=by,
        )  # fmt: skip
    return round_


@transaction.atomic
def session_next_round(*, session: ClubSession, by: Any, seed: int | None = None) -> SessionRound:
    """Progressive movement: once every table has played its four hands, move on."""
    session = locked_open_session(session, by, "seat another round")
    if session.seating_method != ClubSession.Seating.PROGRESSIVE:
        raise Invalid(
            "Only a progressive night has rounds.",
            errors={"method": ["random and fixed seating play one round all night"]},
        )
    last = session.rounds.order_by("-number").first()
    if last is None:
        raise Conflict("Seat the first round first.", code="not_seated")

    if playing(Game.objects.filter(table_seating__round=last)).exists():
        raise Conflict("Some tables are still playing this round.", code="round_in_progress")
    partnered, opposed, sat_out = Counter(), Counter(), Counter()
    rounds = session.rounds.prefetch_related("tables", "sit_outs")
    for r in rounds:
        for t in r.tables.all():
            partners, opponents = seating.pairs_of((t.north_id, t.east_id, t.south_id, t.west_id))
            partnered.update(partners)
            opposed.update(opponents)
        sat_out.update(s.player_id for s in r.sit_outs.all())
    players = _checked_in(session)
    by_id = {p.pk: p for p in players}
    number = last.number + 1
    plan = seating.progressive_round(
        sorted(by_id), seed=seed if seed is not None else session.pk * 7919 + number,
        partnered=partnered, opposed=opposed, sat_out=sat_out,
    )  # fmt: skip
    return _make_round(session, number, plan, by_id, by)


@transaction.atomic
def table_new_game(*, table: TableSeating, by: Any, dealer: str = "north") -> Any:
    """Random or fixed seating: the table's game is over, so it starts another."""
    from scoring.services import game_start

    session = locked_open_session(table.round.session, by, "start another game")
    if playing(Game.objects.filter(table_seating=table)).exists():
        raise Conflict("This table's game is still in progress.", code="game_in_progress")
    return game_start(
        ruleset=session.ruleset_slug, options=_game_options(session), seats=table.seats(),
        dealer=dealer, session=session, table_seating=table, created_by=by,
    )  # fmt: skip


@transaction.atomic
def session_close(*, session: ClubSession, by: Any) -> ClubSession:
    """A director closes the night: no more hands, games or check-ins until it is reopened.

    Games still in progress stay as they are, shown as unfinished; their hands and
    points count in the standings, and nobody wins them. Hands can still be
    confirmed, and a director can still correct them. Every in-progress game of the
    night is locked first, so a hand being recorded at that moment is either stored
    before the night closes or refused after.
    """

    require_director(by, session.club)
    locked = ClubSession.objects.select_for_update().get(pk=session.pk)
    if not locked.is_open:
        raise Conflict(
            f"This club night was already closed{closed_when(locked)}.", code="session_closed"
        )
    games = Game.objects.select_for_update().filter(session=locked)
    unfinished = sorted(playing(games).values_list("pk", flat=True))
    locked.status = ClubSession.Status.CLOSED
    locked.closed_at = timezone.now()
    locked.save(update_fields=["status", "closed_at"])
    SessionEvent.objects.create(
        session=locked, action=SessionEvent.Action.CLOSED, by=user_or_none(by),
        details={"unfinished_games": unfinished},
    )  # fmt: skip
    return locked


@transaction.atomic
def session_open(
    *,
    club: Club,
    date: datetime.date,
    opened_by: Any,
    seating_method: str = ClubSession.Seating.RANDOM,
    ruleset: str = "tournament",
    options: dict[str, Any] | None = None,
) -> ClubSession:
    """A director opens a club night."""
    require_director(opened_by, club)
    if seating_method not in ClubSession.Seating.values:
        raise Invalid(
            "Unknown seating.",
            errors={"seating_method": [f"one of {', '.join(ClubSession.Seating.values)}"]},
        )

    ruleset_or_invalid(ruleset, options)  # refuse a ruleset that cannot be played now
    return ClubSession.objects.create(
        club=club, date=date, opened_by=opened_by, seating_method=seating_method,
        ruleset_slug=ruleset, ruleset_options=options or {},
    )  # fmt: skip
