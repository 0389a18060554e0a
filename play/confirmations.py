"""Confirming a recorded hand: the other side, or a director, through the score
sheet or a table's link (who may: :mod:`play.permissions`); and how the sheet names
whoever confirmed it."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from play import permissions, provenance
from play.live import night_changed
from play.models import Hand
from rookclub.core.errors import Conflict, Invalid, NotAllowed
from rookclub.core.roles import Actor, user_or_none


def _table_confirm_check(hand: Hand, by: Actor) -> None:
    if by.side not in permissions.SIDES:
        raise Invalid(
            "Say which side confirms.",
            errors={"side": ["north_south or east_west: the side confirming the hand"]},
        )
    if by.game_id != hand.game_id or by.link.club_id != hand.game.club_id:
        raise NotAllowed("This table's link confirms only hands of the game at its table.")
    sides = permissions.entered_for(hand.game, [hand])[hand.pk]
    if by.side in sides:
        other = permissions.OTHER_SIDE[by.side]
        raise Conflict(
            f"This hand was entered for {SIDE_NAMES[by.side]}; {SIDE_NAMES[other]} confirms it.",
            code="own_side",
        )


SIDE_NAMES = {"north_south": "North\N{EN DASH}South", "east_west": "East\N{EN DASH}West"}


def hand_confirm(*, hand: Hand, by: Actor) -> Hand:
    """The other side (or a director) confirms a hand; never the person who entered it
    (:func:`play.permissions.can_confirm`). Confirming changes no score, so a hand of a
    closed night can still be confirmed (a table link, though, stops with the night).
    Through a table link, the side the hand was entered for gets ``Conflict("own_side")``."""
    if permissions.is_table_actor(by):
        _table_confirm_check(hand, by)
        # One statement: the first confirmation stands (the row is updated only while
        # unconfirmed); read again only when another came first.
        now = timezone.now()
        confirmed = Hand.objects.filter(pk=hand.pk, confirmed_at__isnull=True).update(
            confirmed_via=by.link, confirmed_side=by.side, confirmed_at=now
        )
        if confirmed:
            hand.confirmed_via, hand.confirmed_side, hand.confirmed_at = by.link, by.side, now
            night_changed(by.link.night_id, standings=False)
        else:
            hand.refresh_from_db()
        return hand
    if getattr(by, "is_authenticated", False) and by.pk == hand.entered_by_id:
        raise NotAllowed("The person who entered a hand cannot confirm it.", code="own_hand")
    if not permissions.can_confirm(by, hand):
        raise NotAllowed("Only a player of the other side or a director can confirm this hand.")
    with transaction.atomic():
        locked = Hand.objects.select_for_update().get(pk=hand.pk)
        if locked.confirmed_at is None:
            locked.confirmed_by = user_or_none(by)
            locked.confirmed_at = timezone.now()
            locked.save(update_fields=["confirmed_by", "confirmed_at"])
            night_changed(hand.game.night_id, standings=False)
    hand.refresh_from_db()
    return hand


def confirmer_name(user: Any, player_name: str | None = None) -> str | None:
    """How the sheet names whoever confirmed a hand: their player of the game's club
    (``player_name``), else as :func:`play.provenance.person_name` does (never the
    username); None if nobody."""
    return provenance.person_name(user, player_name)
