"""Writes for the club domain: clubs, players, and club nights from check-in to close.

Every function takes keyword arguments, checks who may do it, and runs in one
transaction. Seating itself is pure Python in :mod:`rookclub.seating`.
"""

from __future__ import annotations

import datetime
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from rookclub import permissions, seating
from rookclub.errors import Conflict, Invalid, NotAllowed
from rookclub.models import (
    CheckIn,
    Club,
    ClubSession,
    Membership,
    Player,
    SessionEvent,
    SessionRound,
    SitOut,
    TableSeating,
)

#: A progressive round is one four-hand game per table (RULES.md §6).
PROGRESSIVE_HANDS = 4


def _require_director(user: Any, club: Club) -> None:
    if not permissions.is_director(user, club):
        raise NotAllowed("Only a director of the club can do this.")


# ---- clubs and players ---------------------------------------------------------------


@transaction.atomic
def club_create(*, name: str, by: Any) -> Club:
    """A new club; whoever creates it is its director."""
    name = (name or "").strip() if isinstance(name, str) else ""
    if not name:
        raise Invalid("A club needs a name.", errors={"name": ["give the club a name"]})
    base = slugify(name)[:100] or "club"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    club = Club.objects.create(name=name, slug=slug)
    Membership.objects.create(user=by, club=club, role=Membership.Role.DIRECTOR)
    return club


@transaction.atomic
def membership_set(*, club: Club, user: Any, role: str, by: Any) -> Membership:
    _require_director(by, club)
    if role not in Membership.Role.values:
        raise Invalid("Unknown role.", errors={"role": [f"one of {', '.join(Membership.Role)}"]})
    membership, _ = Membership.objects.update_or_create(
        user=user, club=club, defaults={"role": role}
    )
    return membership


@transaction.atomic
def player_create(*, club: Club, name: str, by: Any, user: Any = None) -> Player:
    _require_director(by, club)
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise Invalid("A player needs a name.", errors={"name": ["give the player a name"]})
    if Player.objects.filter(club=club, name=name).exists():
        raise Conflict(
            "That name is taken.", errors={"name": [f"{name} already plays at {club}"]},
            code="player_name_taken",
        )  # fmt: skip
    return Player.objects.create(club=club, name=name, user=user)


# ---- club nights ----------------------------------------------------------------------


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
    _require_director(opened_by, club)
    if seating_method not in ClubSession.Seating.values:
        raise Invalid(
            "Unknown seating.",
            errors={"seating_method": [f"one of {', '.join(ClubSession.Seating.values)}"]},
        )
    from scoring.services import _ruleset_or_invalid

    _ruleset_or_invalid(ruleset, options)  # refuse a ruleset that cannot be played now
    return ClubSession.objects.create(
        club=club, date=date, opened_by=opened_by, seating_method=seating_method,
        ruleset_slug=ruleset, ruleset_options=options or {},
    )  # fmt: skip


def _closed_when(session: ClubSession) -> str:
    """When the night was closed, in the club's time: ``" at 22:40"``, or
    ``" on 7 March at 09:15"`` when that was not on the night's date."""
    if session.closed_at is None:
        return ""
    closed = timezone.localtime(session.closed_at)
    on = "" if closed.date() == session.date else f" on {closed.day} {closed:%B}"
    return f"{on} at {closed:%H:%M}"


def closed_conflict(session: ClubSession, to: str = "record more hands") -> Conflict:
    """The refusal for anything a closed night no longer allows, e.g. "This club night
    was closed at 22:40; ask the director to reopen it to record more hands." """
    return Conflict(
        f"This club night was closed{_closed_when(session)}; "
        f"ask the director to reopen it to {to}.",
        code="session_closed",
    )


def lock_open_session(session_id: int, to: str) -> ClubSession:
    """Lock a night and refuse (``session_closed``) if it is closed: whatever holds this
    lock cannot slip in while the director closes the night. ``to`` ends the refusal."""
    locked = ClubSession.objects.select_for_update().get(pk=session_id)
    if not locked.is_open:
        raise closed_conflict(locked, to)
    return locked


def _locked_open_session(session: ClubSession, by: Any, to: str) -> ClubSession:
    _require_director(by, session.club)
    # Lock the night: two directors pressing "seat" at once must not seat it twice.
    return lock_open_session(session.pk, to)


@transaction.atomic
def session_check_in(*, session: ClubSession, players: Iterable[Player], by: Any) -> list[CheckIn]:
    """Check in who came (checking someone in twice changes nothing)."""
    session = _locked_open_session(session, by, "check players in")
    players = list(players)
    strangers = [p.name for p in players if p.club_id != session.club_id]
    if strangers:
        raise Invalid(
            "Not players of this club.",
            errors={"players": [f"{name} is not a player of {session.club}" for name in strangers]},
        )
    return [CheckIn.objects.get_or_create(session=session, player=p)[0] for p in players]


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
    session = _locked_open_session(session, by, "seat it")
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
    from scoring.services import game_start

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
    session = _locked_open_session(session, by, "seat another round")
    if session.seating_method != ClubSession.Seating.PROGRESSIVE:
        raise Invalid(
            "Only a progressive night has rounds.",
            errors={"method": ["random and fixed seating play one round all night"]},
        )
    last = session.rounds.order_by("-number").first()
    if last is None:
        raise Conflict("Seat the first round first.", code="not_seated")
    from scoring.models import Game

    if Game.objects.filter(table_seating__round=last).exclude(status="finished").exists():
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
    from scoring.models import Game
    from scoring.services import game_start

    session = _locked_open_session(table.round.session, by, "start another game")
    if Game.objects.filter(table_seating=table).exclude(status="finished").exists():
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
    from scoring.models import Game

    _require_director(by, session.club)
    locked = ClubSession.objects.select_for_update().get(pk=session.pk)
    if not locked.is_open:
        raise Conflict(
            f"This club night was already closed{_closed_when(locked)}.", code="session_closed"
        )
    playing = Game.objects.select_for_update().filter(session=locked)
    unfinished = sorted(playing.exclude(status=Game.Status.FINISHED).values_list("pk", flat=True))
    locked.status = ClubSession.Status.CLOSED
    locked.closed_at = timezone.now()
    locked.save(update_fields=["status", "closed_at"])
    SessionEvent.objects.create(
        session=locked, action=SessionEvent.Action.CLOSED, by=_user_or_none(by),
        details={"unfinished_games": unfinished},
    )  # fmt: skip
    return locked


@transaction.atomic
def session_reopen(*, session: ClubSession, by: Any, reason: str = "") -> ClubSession:
    """A director reopens a closed night, e.g. for a table's last hand: hands can be
    recorded and games started again. Kept in the night's history with the reason."""
    _require_director(by, session.club)
    if not isinstance(reason, str):
        raise Invalid("Bad reason.", errors={"reason": ["must be text"]})
    reason = reason.strip()
    if len(reason) > 500:
        raise Invalid("Too long.", errors={"reason": ["say why in 500 characters or fewer"]})
    locked = ClubSession.objects.select_for_update().get(pk=session.pk)
    if locked.is_open:
        raise Conflict("This club night is open already.", code="session_open")
    closed_at = locked.closed_at
    locked.status = ClubSession.Status.OPEN
    locked.closed_at = None
    locked.save(update_fields=["status", "closed_at"])
    SessionEvent.objects.create(
        session=locked, action=SessionEvent.Action.REOPENED, by=_user_or_none(by), reason=reason,
        details={"closed_at": closed_at.isoformat() if closed_at else None},
    )  # fmt: skip
    return locked


def _user_or_none(by: Any) -> Any:
    return by if getattr(by, "is_authenticated", False) else None
