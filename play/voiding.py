"""Voiding a game: a director's way to take a game out of the record without deleting
anything (the models' ``on_delete=PROTECT``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from play.models import Game
from play.signals import game_voided
from rookclub.core.errors import Conflict, Invalid
from rookclub.core.roles import Actor, require_director, user_or_none

#: How long a reason for voiding a game may be.
VOID_REASON_MAX = 500


def game_void(*, game: Game, by: Actor, reason: Any) -> Game:
    """A director voids a game: it keeps its hands and corrections, is marked with the
    reason, who and when, takes no more hands or corrections, and counts in no
    standings; its table can start another. Voiding twice is a 409 (``game_void``)."""
    require_director(by, game.club, "Only a director can void a game.")
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        raise Invalid("Say why the game is void.", errors={"reason": ["say why the game is void"]})
    if len(reason) > VOID_REASON_MAX:
        raise Invalid(
            "The reason is too long.",
            errors={"reason": [f"say why in {VOID_REASON_MAX} characters or fewer"]},
        )
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.is_void:
            raise Conflict(
                f"This game was voided already ({locked.void_reason}).", code="game_void"
            )
        locked.voided_at = timezone.now()
        locked.voided_by = user_or_none(by)
        locked.void_reason = reason
        locked.save(update_fields=["voided_at", "voided_by", "void_reason"])
        game_voided.send(sender=Game, game=locked)
    game.refresh_from_db()
    return game
