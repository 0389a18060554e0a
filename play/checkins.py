"""Who came to a club night, and whether the night is open: check-in, undoing it,
going home, reopening, and the guard every write to a night passes. Opening, seating
and closing a night are :mod:`play.night_opening`, :mod:`play.night_seating` and
:mod:`play.night_closing`.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from play.live import night_changed
from play.models import CheckIn, Night, NightEvent, SitOut, TableSeating
from rookclub.clubs.models import Player
from rookclub.core.errors import Conflict, Invalid
from rookclub.core.limits import check_reason
from rookclub.core.roles import Actor, require_director, user_or_none


def closed_when(night: Night) -> str:
    """When the night was closed, in the club's time: ``" at 22:40"``, or
    ``" on 7 March at 09:15"`` when that was not on the night's date."""
    if night.closed_at is None:
        return ""
    closed = timezone.localtime(night.closed_at)
    on = "" if closed.date() == night.date else f" on {closed.day} {closed:%B}"
    return f"{on} at {closed:%H:%M}"


def closed_conflict(night: Night, to: str = "record more hands") -> Conflict:
    """The refusal for anything a closed night no longer allows, e.g. "This club night
    was closed at 22:40; ask the director to reopen it to record more hands." """
    return Conflict(
        f"This club night was closed{closed_when(night)}; ask the director to reopen it to {to}.",
        code="session_closed",
    )


def lock_open_night(night_id: int, to: str) -> Night:
    """Lock a night and refuse (``session_closed``) if it is closed: whatever holds this
    lock cannot slip in while the director closes the night. ``to`` ends the refusal."""
    locked = Night.objects.select_for_update().get(pk=night_id)
    if not locked.is_open:
        raise closed_conflict(locked, to)
    return locked


def locked_open_night(night: Night, by: Actor, to: str) -> Night:
    require_director(by, night.club)
    # Lock the night: two directors pressing "seat" at once must not seat it twice.
    return lock_open_night(night.pk, to)


@transaction.atomic
def night_check_in(*, night: Night, players: Iterable[Player], by: Actor) -> list[CheckIn]:
    """Check in who came (checking someone in twice changes nothing)."""
    night = locked_open_night(night, by, "check players in")
    players = list(players)
    strangers = [p.name for p in players if p.club_id != night.club_id]
    if strangers:
        raise Invalid(
            "Not players of this club.",
            errors={"players": [f"{name} is not a player of {night.club}" for name in strangers]},
        )
    checked = [CheckIn.objects.get_or_create(night=night, player=p)[0] for p in players]
    # Checking in someone who had gone home brings them back for the next round.
    back = [c.pk for c in checked if c.left_at is not None]
    CheckIn.objects.filter(pk__in=back).update(left_at=None)
    night_changed(night.pk)
    return checked


def _check_in_of(night: Night, player: Player) -> CheckIn:
    check_in = (
        CheckIn.objects.select_for_update().filter(night=night, player=player).first()
        if player.club_id == night.club_id
        else None
    )
    if check_in is None:
        raise Invalid(
            "Not checked in.", errors={"player": [f"{player.name} is not checked in tonight"]}
        )
    return check_in


def has_sat_at_a_table(night: Night, player: Player) -> bool:
    """Has ``player`` been seated at any table of the night (whatever was recorded)?"""
    at = Q(north=player) | Q(east=player) | Q(south=player) | Q(west=player)
    return TableSeating.objects.filter(at, round__night=night).exists()


@transaction.atomic
def night_check_in_undo(*, night: Night, player: Player, by: Actor) -> None:
    """Undo a check-in made by mistake, before the player has sat at a table."""
    night = locked_open_night(night, by, "change who is here")
    check_in = _check_in_of(night, player)
    if has_sat_at_a_table(night, player):
        raise Conflict(
            f"{player.name} has already played tonight; mark them as gone home instead.",
            code="has_played",
        )
    SitOut.objects.filter(round__night=night, player=player).delete()
    check_in.delete()


@transaction.atomic
def night_leave(*, night: Night, player: Player, by: Actor) -> CheckIn:
    """``player`` went home: kept in the night's history and standings, left out of
    every later round and every table's next game. Checking them in again undoes it."""
    night = locked_open_night(night, by, "change who is here")
    check_in = _check_in_of(night, player)
    if check_in.left_at is None:
        check_in.left_at = timezone.now()
        check_in.save(update_fields=["left_at"])
    return check_in


@transaction.atomic
def night_reopen(*, night: Night, by: Actor, reason: str = "") -> Night:
    """A director reopens a closed night, e.g. for a table's last hand: hands can be
    recorded and games started again. Kept in the night's history with the reason."""
    require_director(by, night.club)
    if not isinstance(reason, str):
        raise Invalid("Bad reason.", errors={"reason": ["must be text"]})
    reason = reason.strip()
    if len(reason) > 500:
        raise Invalid("Too long.", errors={"reason": ["say why in 500 characters or fewer"]})
    check_reason(reason)
    locked = Night.objects.select_for_update().get(pk=night.pk)
    if locked.is_open:
        raise Conflict("This club night is open already.", code="night_open")
    closed_at = locked.closed_at
    locked.status = Night.Status.OPEN
    locked.closed_at = None
    locked.save(update_fields=["status", "closed_at"])
    NightEvent.objects.create(
        night=locked,
        action=NightEvent.Action.REOPENED,
        by=user_or_none(by),
        reason=reason,
        details={"closed_at": closed_at.isoformat() if closed_at else None},
    )
    return locked
