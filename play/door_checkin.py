"""A night's door link (``/n/<key>/``, printed as the door poster): players check
themselves in from their own phones, without an account (docs/club-nights.md).

Whoever holds the link acts as a :class:`DoorActor`: not a user, no role anywhere, never
stored as one (the check-in keeps ``by_door``). A phone that checks a player in claims
them: it keeps a secret in a signed cookie, the check-in keeps its digest
(``CheckIn.phone``), and only that phone is shown the player's table. Where a
checked-in player sits, and the rate limit on posts, are ``play/door.py``'s.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from play.checkins import lock_open_night
from play.models import CheckIn, Night, new_door_key
from rookclub.clubs.models import Player
from rookclub.clubs.services import check_name, name_in_use, name_taken
from rookclub.core.errors import Conflict, DomainError, Invalid, NotAllowed, NotFound
from rookclub.core.roles import Actor, require_director


class DoorNotFound(DomainError):
    """An unknown or replaced door key (HTTP 404): nothing is said about which."""

    code = "not_found"
    status = 404


NOT_FOUND = "This door link is not known. Ask the director for tonight's door poster."


@dataclass(frozen=True)
class DoorActor:
    """Whoever holds a night's door link: checks players in to that night only."""

    night_id: int

    is_authenticated = False
    is_superuser = False
    pk = None

    def __repr__(self) -> str:
        return f"door link of night {self.night_id}"


def door_find(key: Any) -> Night:
    """The night whose live door key is ``key``, with its club (1 query), else 404."""
    if not isinstance(key, str) or not key or len(key) > 64:
        raise DoorNotFound(NOT_FOUND)
    night = Night.objects.select_related("club").filter(door_key=key).first()
    if night is None:
        raise DoorNotFound(NOT_FOUND)
    return night


def door_key(night: Night) -> str:
    """The night's door key, made now for a night opened before door links. Making it
    is nobody's decision (whoever may see the night asks), so no actor is named."""
    if not night.door_key:
        Night.objects.filter(pk=night.pk, door_key__isnull=True).update(door_key=new_door_key())
        night.door_key = Night.objects.values_list("door_key", flat=True).get(pk=night.pk)
    return night.door_key


@transaction.atomic
def door_link_replace(*, night: Night, by: Actor) -> Night:
    """A director replaces the night's door key (a photo of the poster went round):
    the old key answers 404 from now on. Print the poster again."""
    require_director(by, night.club)
    locked = Night.objects.select_for_update().get(pk=night.pk)
    locked.door_key = new_door_key()
    locked.save(update_fields=["door_key"])
    night.door_key = locked.door_key
    # Every phone's cookie was signed with the old key: their players are free again,
    # for the players' own phones to claim through the new poster.
    CheckIn.objects.filter(night=night).exclude(phone="").update(
        phone="", phone_at=None, phone_free=True
    )
    return night


@transaction.atomic
def door_new_players_set(*, night: Night, allowed: bool, by: Actor) -> Night:
    """A director lets the door link add newcomers ("I'm new here"), or stops it."""
    require_director(by, night.club)
    Night.objects.filter(pk=night.pk).update(door_new_players=bool(allowed))
    night.door_new_players = bool(allowed)
    return night


def _require_door(by: Actor, night: Night) -> None:
    if isinstance(by, DoorActor):
        if by.night_id != night.pk:
            raise NotAllowed("This door link belongs to another club night.")
        return
    require_director(by, night.club)


@dataclass
class DoorCheckIn:
    player: Player
    #: False when the player was checked in already (the answer is then 200, not 201).
    created: bool


def _newcomer(night: Night, name: Any) -> Player:
    if not night.door_new_players:
        raise NotAllowed(
            "New players are not added at the door tonight; ask the director to add you."
        )
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise Invalid("Say your name.", errors={"name": ["give your name"]})
    check_name(name)
    if taken := name_in_use(night.club_id, name):
        raise name_taken(night.club, taken)
    try:
        with transaction.atomic():
            return Player.objects.create(club=night.club, name=name)
    except IntegrityError:  # the same name sent twice at this very moment
        raise name_taken(night.club, name) from None


def new_phone() -> str:
    """A phone's secret for one night (kept in its signed cookie)."""
    return secrets.token_urlsafe(24)


def phone_digest(phone: str) -> str:
    """What a check-in keeps of a phone's secret: a stolen database opens no table."""
    return hashlib.sha256(phone.encode()).hexdigest()


def _claimed(player: Player) -> Conflict:
    return Conflict(
        f"{player.name} is already checked in on another phone or at the director's "
        "desk. Ask the director to let this phone show your seat.",
        code="claimed",
    )


@transaction.atomic
def door_check_in(
    *,
    night: Night,
    by: Actor,
    phone: str,
    player: Player | None = None,
    name: Any = None,
    on_claim: Callable[[], None] | None = None,
) -> DoorCheckIn:
    """Check ``player`` (or a newcomer called ``name``) in to the night from the phone
    whose secret is ``phone``, which claims them; ``by`` is the night's
    :class:`DoorActor` or a director. Checking in twice changes nothing; someone gone
    home comes back. Refused: ``session_closed``, ``claimed`` (another phone or the
    desk holds them), ``one_player_per_phone``. ``on_claim`` runs before a new claim
    and may refuse by raising (``play.door.throttle_claim``)."""
    _require_door(by, night)
    if not isinstance(phone, str) or not phone:
        raise Invalid("This phone keeps no cookie.", errors={"phone": ["allow cookies"]})
    night = lock_open_night(night.pk, "check players in")
    digest = phone_digest(phone)
    held = CheckIn.objects.filter(night=night, phone=digest).select_related("player").first()
    if held is not None and (player is None or held.player_id != player.pk):
        raise Conflict(
            f"This phone is checked in as {held.player.name} tonight. Tap "
            f"\u201cNot {held.player.name}?\u201d first, or use your own phone.",
            code="one_player_per_phone",
        )
    if held is None and on_claim is not None:
        on_claim()
    if player is None:
        player = _newcomer(night, name)
    elif player.club_id != night.club_id or not player.active:
        raise NotFound("This player does not play at this club.")
    claim = {"phone": digest, "phone_at": timezone.now(), "phone_free": False}
    check_in, created = CheckIn.objects.select_for_update().get_or_create(
        night=night, player=player, defaults={"by_door": True, **claim}
    )
    if created:
        return DoorCheckIn(player, True)
    mine = check_in.phone == digest
    if not mine and not (check_in.phone == "" and check_in.phone_free):
        raise _claimed(player)
    came_back = check_in.left_at is not None
    if not mine or came_back:
        for field, value in claim.items():
            setattr(check_in, field, value)
        check_in.left_at = None
        check_in.save(update_fields=["left_at", *claim])
    return DoorCheckIn(player, came_back)


def door_holds(*, night: Night, phone: Any, player_id: int) -> bool:
    """True when the phone whose secret is ``phone`` holds ``player_id`` tonight (and
    the player is here): only then is it shown where they sit."""
    if not isinstance(phone, str) or not phone:
        return False
    return CheckIn.objects.filter(
        night=night, player_id=player_id, left_at__isnull=True, phone=phone_digest(phone)
    ).exists()


@transaction.atomic
def door_forget(*, night: Night, phone: Any) -> None:
    """ "Not me": the phone gives its player back (the check-in stays); the next phone
    to tap the name claims them."""
    if isinstance(phone, str) and phone:
        CheckIn.objects.filter(night=night, phone=phone_digest(phone)).update(
            phone="", phone_at=None, phone_free=True
        )


@transaction.atomic
def door_release(*, night: Night, player_id: int, by: Actor) -> Player:
    """A director lets the next phone claim ``player_id`` (their own phone, when another
    phone took their name, or when they were checked in at the desk): the phone holding
    them is no longer shown their table."""
    require_director(by, night.club)
    check_in = (
        CheckIn.objects.select_for_update()
        .select_related("player")
        .filter(night=night, player_id=player_id)
        .first()
    )
    if check_in is None:
        raise NotFound("This player is not checked in tonight.")
    check_in.phone, check_in.phone_at, check_in.phone_free = "", None, True
    check_in.save(update_fields=["phone", "phone_at", "phone_free"])
    return check_in.player
