"""A night's door link (``/n/<key>/``, printed as the door poster): players check
themselves in from their own phones, without an account.

Whoever holds the link acts as a :class:`DoorActor` (not a user: no role anywhere,
never stored as one; the check-in keeps ``by_door`` instead). It may check a player
of the club in to that one night, and, when the director allows it
(``ClubSession.door_new_players``), add a newcomer by name. A closed night refuses
with its sentence; a director replaces the key and the old one answers 404.

Where a checked-in player sits is the scoring side's (``scoring/door.py``); the rate
limit on posts is applied there too, with the table links' limiter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from rookclub.clubs.models import CheckIn, ClubSession, Player, new_door_key
from rookclub.clubs.services import _check_name, lock_open_session, name_in_use, name_taken
from rookclub.core.errors import DomainError, Invalid, NotAllowed, NotFound
from rookclub.core.roles import require_director


class DoorNotFound(DomainError):
    """An unknown or replaced door key (HTTP 404): nothing is said about which."""

    code = "not_found"
    status = 404


NOT_FOUND = "This door link is not known. Ask the director for tonight's door poster."


@dataclass(frozen=True)
class DoorActor:
    """Whoever holds a night's door link: checks players in to that night only."""

    session_id: int

    is_authenticated = False
    is_superuser = False
    pk = None

    def __repr__(self) -> str:
        return f"door link of night {self.session_id}"


def door_find(key: Any) -> ClubSession:
    """The night whose live door key is ``key``, with its club (1 query), else 404."""
    if not isinstance(key, str) or not key or len(key) > 64:
        raise DoorNotFound(NOT_FOUND)
    session = ClubSession.objects.select_related("club").filter(door_key=key).first()
    if session is None:
        raise DoorNotFound(NOT_FOUND)
    return session


def door_key(session: ClubSession) -> str:
    """The night's door key, made now for a night opened before door links. Making it
    is nobody's decision (whoever may see the night asks), so no actor is named."""
    if not session.door_key:
        ClubSession.objects.filter(pk=session.pk, door_key__isnull=True).update(
            door_key=new_door_key()
        )
        session.door_key = ClubSession.objects.values_list("door_key", flat=True).get(pk=session.pk)
    return session.door_key


@transaction.atomic
def door_link_replace(*, session: ClubSession, by: Any) -> ClubSession:
    """A director replaces the night's door key (a photo of the poster went round):
    the old key answers 404 from now on. Print the poster again."""
    require_director(by, session.club)
    locked = ClubSession.objects.select_for_update().get(pk=session.pk)
    locked.door_key = new_door_key()
    locked.save(update_fields=["door_key"])
    session.door_key = locked.door_key
    return session


@transaction.atomic
def door_new_players_set(*, session: ClubSession, allowed: bool, by: Any) -> ClubSession:
    """A director lets the door link add newcomers ("I'm new here"), or stops it."""
    require_director(by, session.club)
    ClubSession.objects.filter(pk=session.pk).update(door_new_players=bool(allowed))
    session.door_new_players = bool(allowed)
    return session


def _require_door(by: Any, session: ClubSession) -> None:
    if isinstance(by, DoorActor):
        if by.session_id != session.pk:
            raise NotAllowed("This door link belongs to another club night.")
        return
    require_director(by, session.club)


@dataclass
class DoorCheckIn:
    player: Player
    #: False when the player was checked in already (the answer is then 200, not 201).
    created: bool


def _newcomer(session: ClubSession, name: Any) -> Player:
    if not session.door_new_players:
        raise NotAllowed(
            "New players are not added at the door tonight; ask the director to add you."
        )
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise Invalid("Say your name.", errors={"name": ["give your name"]})
    _check_name(name)
    if taken := name_in_use(session.club_id, name):
        raise name_taken(session.club, taken)
    try:
        with transaction.atomic():
            return Player.objects.create(club=session.club, name=name)
    except IntegrityError:  # the same name sent twice at this very moment
        raise name_taken(session.club, name) from None


@transaction.atomic
def door_check_in(
    *, session: ClubSession, by: Any, player: Player | None = None, name: Any = None
) -> DoorCheckIn:
    """Check ``player`` in to the night (or add a newcomer called ``name`` and check
    them in) through the door link: ``by`` is that night's :class:`DoorActor` (or a
    director). Checking in twice changes nothing; someone who had gone home comes back.
    A closed night refuses (``session_closed``) with its sentence."""
    _require_door(by, session)
    session = lock_open_session(session.pk, "check players in")
    if player is None:
        player = _newcomer(session, name)
    elif player.club_id != session.club_id or not player.active:
        raise NotFound("This player does not play at this club.")
    check_in, created = CheckIn.objects.get_or_create(
        session=session, player=player, defaults={"by_door": True}
    )
    if not created and check_in.left_at is not None:
        check_in.left_at = None
        check_in.save(update_fields=["left_at"])
        created = True
    return DoorCheckIn(player, created)
