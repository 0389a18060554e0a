"""Who may do what in a club. Plain functions used by services, the API and pages.

A director runs the club's nights and corrects hands; a scorer (or director)
records hands; a hand is confirmed by a player of the other side or a director.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet

from rookclub.models import Club, Membership

if TYPE_CHECKING:
    from scoring.models import Game, Hand

SIDE_OF = {"north": "north_south", "south": "north_south", "east": "east_west", "west": "east_west"}


def role_in(user: Any, club: Club) -> str | None:
    """The user's role in ``club`` (``"director"`` for a superuser), or None."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_superuser:
        return Membership.Role.DIRECTOR
    return Membership.objects.filter(user=user, club=club).values_list("role", flat=True).first()


def is_director(user: Any, club: Club) -> bool:
    return role_in(user, club) == Membership.Role.DIRECTOR


def clubs_directed(user: Any) -> QuerySet[Club]:
    """The clubs ``user`` directs (every club for a superuser): the clubs for which
    :func:`is_director` holds, in one query."""
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(
        memberships__user=user, memberships__role=Membership.Role.DIRECTOR
    ).distinct()


def is_member(user: Any, club: Club) -> bool:
    return role_in(user, club) is not None


def can_record(user: Any, game: Game) -> bool:
    """A director or scorer of the game's club records its hands."""
    return role_in(user, game.club) in (Membership.Role.DIRECTOR, Membership.Role.SCORER)


def can_confirm(user: Any, hand: Hand) -> bool:
    """Whether ``user`` may confirm ``hand``: never the person who entered it; a
    director of the club; or a player seated on the other side for that hand. When
    the person who entered it was not seated, any seated player may confirm."""
    if user is None or not user.is_authenticated or user.pk == hand.entered_by_id:
        return False
    if is_director(user, hand.game.club):
        return True
    player_ids = set(user.players.values_list("pk", flat=True))
    my_seats = {seat for seat, pid in hand.seats.items() if pid in player_ids}
    if not my_seats:
        return False
    entered_seats = set()
    if hand.entered_by_id is not None:
        entered_ids = set(hand.entered_by.players.values_list("pk", flat=True))
        entered_seats = {seat for seat, pid in hand.seats.items() if pid in entered_ids}
    entering_sides = {SIDE_OF.get(seat) for seat in entered_seats}
    return any(SIDE_OF.get(seat) not in entering_sides for seat in my_seats)
