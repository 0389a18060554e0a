"""Closing a club night, which locks its games."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from play.checkins import closed_when
from play.models import Game, Night, NightEvent
from play.night_seating import playing
from rookclub.core.errors import Conflict
from rookclub.core.roles import Actor, require_director, user_or_none


@transaction.atomic
def night_close(*, night: Night, by: Actor) -> Night:
    """A director closes the night: no more hands, games or check-ins until it is reopened.
    Games in progress stay unfinished (their points count, nobody wins them); hands can
    still be confirmed and corrected. Every in-progress game is locked first, so a hand
    being recorded at that moment is either stored before the night closes or refused.
    """

    require_director(by, night.club)
    locked = Night.objects.select_for_update().get(pk=night.pk)
    if not locked.is_open:
        raise Conflict(
            f"This club night was already closed{closed_when(locked)}.", code="session_closed"
        )
    games = Game.objects.select_for_update().filter(night=locked)
    unfinished = sorted(playing(games).values_list("pk", flat=True))
    locked.status = Night.Status.CLOSED
    locked.closed_at = timezone.now()
    locked.save(update_fields=["status", "closed_at"])
    NightEvent.objects.create(
        night=locked,
        action=NightEvent.Action.CLOSED,
        by=user_or_none(by),
        details={"unfinished_games": unfinished},
    )
    return locked
