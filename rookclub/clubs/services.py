"""Writes for the club domain: clubs, members, players, and a club night's
check-ins, closing state and reopening.

Every function takes keyword arguments, checks who may do it (``by``; see
:mod:`rookclub.core.roles`), and runs in one transaction. Opening, seating and
closing a night, which start and lock its games, are :mod:`scoring.nights`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify

from rookclub.clubs.models import (
    CheckIn,
    Club,
    ClubSession,
    Membership,
    Player,
    SessionEvent,
    SitOut,
    TableSeating,
)
from rookclub.core.errors import Conflict, Invalid, NotAllowed
from rookclub.core.limits import NAME_MAX, check_reason, name_key, name_problem, normal_name
from rookclub.core.roles import require_director, user_or_none

# ---- clubs and players ---------------------------------------------------------------

#: Club addresses that are pages of their own (/clubs/new/).
RESERVED_SLUGS = {"new"}


def _check_name(name: str) -> None:
    """A name is one printable line that fits its column (score sheets print it)."""
    problem = name_problem(name)
    if problem is None and len(name) > NAME_MAX:
        problem = f"A name has {NAME_MAX} characters at most."
    if problem:
        raise Invalid(problem, errors={"name": [problem]})


#: A second club of the same name from the same person this soon is the first one
#: sent twice (a double tap, a client's retry), not a new club.
DOUBLE_TAP = timedelta(minutes=1)


def _created_meanwhile(name: str) -> Conflict:
    return Conflict(
        f"A club named {name} was created at this very moment; look for it in your "
        "clubs before you create it again.",
        errors={"name": [f"a club named {name} was created at this very moment"]},
        code="club_created_meanwhile",
    )


@transaction.atomic
def club_create(*, name: str, by: Any) -> Club:
    """A new club; whoever creates it is its director (both in one transaction, so a
    club is never seen without its director)."""
    if not getattr(by, "is_authenticated", False):
        raise NotAllowed("Log in to create a club.", code="login_required")
    name = normal_name(name or "") if isinstance(name, str) else ""
    if not name:
        raise Invalid("A club needs a name.", errors={"name": ["give the club a name"]})
    _check_name(name)
    # The same create sent twice at once: one person's creates take turns (their user
    # row locked), so the second sees the first's club here and is refused.
    get_user_model().objects.select_for_update().filter(pk=by.pk).exists()
    recent = timezone.now() - DOUBLE_TAP
    if Club.objects.filter(name=name, memberships__user=by, created_at__gte=recent).exists():
        raise _created_meanwhile(name)
    base = slugify(name)[:100] or "club"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    try:
        with transaction.atomic():  # a savepoint: the losing insert is rolled back alone
            club = Club.objects.create(name=name, slug=slug)
    except IntegrityError:
        raise _created_meanwhile(name) from None
    Membership.objects.create(user=by, club=club, role=Membership.Role.DIRECTOR)
    return club


def name_in_use(club: Club | int, name: str) -> str | None:
    """The name of a player of ``club`` who is ``name`` written another way (case,
    spacing, full-width letters), or None. Two such players would be one person
    counted twice in the standings."""
    key = name_key(name)
    names = Player.objects.filter(club=club).values_list("name", flat=True)
    return next((taken for taken in names if name_key(taken) == key), None)


def name_taken(club: Club, name: str) -> Conflict:
    return Conflict(
        f"{name} already plays at {club}.",
        errors={"name": [f"{name} already plays at {club}"]},
        code="player_name_taken",
    )


@transaction.atomic
def player_create(*, club: Club, name: str, by: Any, user: Any = None) -> Player:
    require_director(by, club)
    name = normal_name(name) if isinstance(name, str) else ""
    if not name:
        raise Invalid("A player needs a name.", errors={"name": ["give the player a name"]})
    _check_name(name)
    if taken := name_in_use(club, name):
        raise name_taken(club, taken)
    try:
        # The check above cannot see a player added at this very moment (two directors,
        # a double tap): the unique (club, name) lets one in, the other is a 409.
        with transaction.atomic():
            return Player.objects.create(club=club, name=name, user=user)
    except IntegrityError:
        if Player.objects.filter(club=club, name=name).exists():
            raise name_taken(club, name) from None
        raise Conflict(
            f"{user} plays as another player of {club} already.", code="member_linked"
        ) from None


# ---- club nights ----------------------------------------------------------------------


def closed_when(session: ClubSession) -> str:
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
        f"This club night was closed{closed_when(session)}; ask the director to reopen it to {to}.",
        code="session_closed",
    )


def lock_open_session(session_id: int, to: str) -> ClubSession:
    """Lock a night and refuse (``session_closed``) if it is closed: whatever holds this
    lock cannot slip in while the director closes the night. ``to`` ends the refusal."""
    locked = ClubSession.objects.select_for_update().get(pk=session_id)
    if not locked.is_open:
        raise closed_conflict(locked, to)
    return locked


def locked_open_session(session: ClubSession, by: Any, to: str) -> ClubSession:
    require_director(by, session.club)
    # Lock the night: two directors pressing "seat" at once must not seat it twice.
    return lock_open_session(session.pk, to)


@transaction.atomic
def session_check_in(*, session: ClubSession, players: Iterable[Player], by: Any) -> list[CheckIn]:
    """Check in who came (checking someone in twice changes nothing)."""
    session = locked_open_session(session, by, "check players in")
    players = list(players)
    strangers = [p.name for p in players if p.club_id != session.club_id]
    if strangers:
        raise Invalid(
            "Not players of this club.",
            errors={"players": [f"{name} is not a player of {session.club}" for name in strangers]},
        )
    checked = [CheckIn.objects.get_or_create(session=session, player=p)[0] for p in players]
    # Checking in someone who had gone home brings them back for the next round.
    back = [c.pk for c in checked if c.left_at is not None]
    CheckIn.objects.filter(pk__in=back).update(left_at=None)
    return checked


def _check_in_of(session: ClubSession, player: Player) -> CheckIn:
    check_in = (
        CheckIn.objects.select_for_update().filter(session=session, player=player).first()
        if player.club_id == session.club_id
        else None
    )
    if check_in is None:
        raise Invalid(
            "Not checked in.", errors={"player": [f"{player.name} is not checked in tonight"]}
        )
    return check_in


def has_sat_at_a_table(session: ClubSession, player: Player) -> bool:
    """Has ``player`` been seated at any table of the night (whatever was recorded)?"""
    at = Q(north=player) | Q(east=player) | Q(south=player) | Q(west=player)
    return TableSeating.objects.filter(at, round__session=session).exists()


@transaction.atomic
def session_check_in_undo(*, session: ClubSession, player: Player, by: Any) -> None:
    """Undo a check-in made by mistake, before the player has sat at a table."""
    session = locked_open_session(session, by, "change who is here")
    check_in = _check_in_of(session, player)
    if has_sat_at_a_table(session, player):
        raise Conflict(
            f"{player.name} has already played tonight; mark them as gone home instead.",
            code="has_played",
        )
    SitOut.objects.filter(round__session=session, player=player).delete()
    check_in.delete()


@transaction.atomic
def session_leave(*, session: ClubSession, player: Player, by: Any) -> CheckIn:
    """``player`` went home: kept in the night's history and standings, left out of
    every later round and every table's next game. Checking them in again undoes it."""
    session = locked_open_session(session, by, "change who is here")
    check_in = _check_in_of(session, player)
    if check_in.left_at is None:
        check_in.left_at = timezone.now()
        check_in.save(update_fields=["left_at"])
    return check_in


@transaction.atomic
def session_reopen(*, session: ClubSession, by: Any, reason: str = "") -> ClubSession:
    """A director reopens a closed night, e.g. for a table's last hand: hands can be
    recorded and games started again. Kept in the night's history with the reason."""
    require_director(by, session.club)
    if not isinstance(reason, str):
        raise Invalid("Bad reason.", errors={"reason": ["must be text"]})
    reason = reason.strip()
    if len(reason) > 500:
        raise Invalid("Too long.", errors={"reason": ["say why in 500 characters or fewer"]})
    check_reason(reason)
    locked = ClubSession.objects.select_for_update().get(pk=session.pk)
    if locked.is_open:
        raise Conflict("This club night is open already.", code="session_open")
    closed_at = locked.closed_at
    locked.status = ClubSession.Status.OPEN
    locked.closed_at = None
    locked.save(update_fields=["status", "closed_at"])
    SessionEvent.objects.create(
        session=locked,
        action=SessionEvent.Action.REOPENED,
        by=user_or_none(by),
        reason=reason,
        details={"closed_at": closed_at.isoformat() if closed_at else None},
    )
    return locked
