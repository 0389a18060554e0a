"""Who may do what in a club. Plain functions used by services, the API and pages.

A director runs the club's nights and corrects hands; a scorer (or director)
records hands; a hand is confirmed by a player of the other side or a director.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet

from rookclub.models import Club, Membership, Player

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
    director of the club; or a player seated, for that hand, on the side that did not
    enter it. When whoever entered it was not seated (a club scorer), either side may.
    ``hand_confirm`` refuses anyone else; the score sheet offers Confirm by the same rule
    (:func:`confirmable_hands`)."""
    return hand.pk in confirmable_hands(user, hand.game, [hand])


def confirmable_hands(user: Any, game: Game, hands: Iterable[Hand]) -> set[int]:
    """The ids of those of ``game``'s ``hands`` that ``user`` may confirm (the rule of
    :func:`can_confirm`), in at most three queries however many hands there are."""
    if user is None or not user.is_authenticated:
        return set()
    hands = [h for h in hands if h.entered_by_id != user.pk]
    if not hands:
        return set()
    if is_director(user, game.club):
        return {h.pk for h in hands}
    mine = set(user.players.filter(club_id=game.club_id).values_list("pk", flat=True))
    if not mine:
        return set()
    enterers = {h.entered_by_id for h in hands if h.entered_by_id is not None}
    players_of: dict[int, set[int]] = {}
    rows = Player.objects.filter(club_id=game.club_id, user_id__in=enterers)
    for user_id, player_id in rows.values_list("user_id", "pk"):
        players_of.setdefault(user_id, set()).add(player_id)

    def other_side(hand: Hand) -> bool:
        my_sides = {SIDE_OF.get(seat) for seat, pid in hand.seats.items() if pid in mine}
        entered = players_of.get(hand.entered_by_id, set())
        entering = {SIDE_OF.get(seat) for seat, pid in hand.seats.items() if pid in entered}
        return bool(my_sides - entering)

    return {h.pk for h in hands if other_side(h)}
