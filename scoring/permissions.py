"""Who may record and confirm a game's hands.

A director or scorer of the club records hands; a hand is confirmed by a player of
the other side or a director, never by whoever entered it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rookclub.clubs.models import Membership, Player
from rookclub.clubs.permissions import is_director, role_in
from scoring.models import Game, Hand
from scoring.seats import SIDE_OF


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
    if is_director(user, game.club):  # a director, or SYSTEM
        return {h.pk for h in hands if user.pk is None or h.entered_by_id != user.pk}
    if user is None or not user.is_authenticated:
        return set()
    hands = [h for h in hands if h.entered_by_id != user.pk]
    if not hands:
        return set()
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
