"""Who may record and confirm a game's hands.

A director or scorer of the club records hands; a hand is confirmed by a player of
the other side or a director, never by whoever entered it. A table's link
(:class:`TableActor`) records the game now at its table and confirms for one side a
hand entered for the other. A hand is *entered for* the side a link's post names
(North–South by default, as a Bridgemate has North enter and East–West confirm), or
the side of the user's seated player (none for an unseated scorer: either side confirms).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import OuterRef, QuerySet, Subquery

from play.models import Game, Hand, TableLink
from play.seats import OTHER_SIDE, sides_of, table_names
from rookclub.clubs.models import Membership, Player
from rookclub.clubs.permissions import is_director, role_in
from rookclub.core.roles import Actor

SIDES = tuple(OTHER_SIDE)  # ("north_south", "east_west")


@dataclass(frozen=True)
class TableActor:
    """Whoever holds a table link: records in the link's current game (``game_id``)
    and, with ``side``, confirms for that side. Not a user: no role in any club,
    never stored as a user (hands keep ``entered_via`` / ``confirmed_via`` instead)."""

    link: TableLink
    game_id: int | None
    side: str = ""

    is_authenticated = False
    is_superuser = False
    pk = None


def is_table_actor(by: Actor) -> bool:
    return isinstance(by, TableActor)


#: The club roles that record its hands.
RECORDING_ROLES = (Membership.Role.DIRECTOR, Membership.Role.SCORER)


def can_record(user: Actor, game: Game) -> bool:
    """A director or scorer of the game's club records its hands; a table link, the
    hands of the game now at its table."""
    role = None if isinstance(user, TableActor) else role_in(user, game.club)
    return can_record_as(user, game, role)


def can_record_as(user: Actor, game: Game, role: str | None) -> bool:
    """The rule of :func:`can_record` for ``user`` whose ``role`` in the game's club is
    already known (read with the game: :func:`game_for_recording`). A table link's
    rule reads no role."""
    if isinstance(user, TableActor):
        return user.game_id == game.pk and user.link.club_id == game.club_id
    return role in RECORDING_ROLES


class GameToRecord(NamedTuple):
    """The game locked for its next hand and the recorder's role in its club, read in
    one query (:func:`game_for_recording`)."""

    game: Game
    role: str | None


def _locked_games() -> QuerySet:
    return Game.objects.select_for_update(of=("self",))


def game_for_recording(game_id: int, by: Actor) -> GameToRecord:
    """The game, locked for its next hand (``SELECT ... FOR UPDATE``), with ``by``'s role
    in its club read in the same query, for :func:`can_record_as`: a member's role
    (the game's ``recorder_role``), the club for a superuser or trusted work (whose role
    needs no query), nothing more for a table link (its rule reads the game's club id;
    its role is None). ``Game.DoesNotExist`` when there is none. Must run inside a
    transaction (the lock is held until it ends)."""
    games = _locked_games()
    if is_table_actor(by):
        return GameToRecord(games.get(pk=int(game_id)), None)
    if not getattr(by, "is_authenticated", False) or getattr(by, "is_superuser", False):
        game = games.select_related("club").get(pk=int(game_id))
        return GameToRecord(game, role_in(by, game.club))
    roles = Membership.objects.filter(club_id=OuterRef("club_id"), user_id=by.pk)
    game = games.annotate(recorder_role=Subquery(roles.values("role")[:1])).get(pk=int(game_id))
    return GameToRecord(game, game.recorder_role)


def can_confirm(user: Actor, hand: Hand) -> bool:
    """Whether ``user`` may confirm ``hand``: never the person who entered it; a
    director of the club; or a player seated, for that hand, on the side that did not
    enter it. When whoever entered it was not seated (a club scorer), either side may.
    ``hand_confirm`` refuses anyone else; the score sheet offers Confirm by the same rule
    (:func:`confirmable_hands`)."""
    return hand.pk in confirmable_hands(user, hand.game, [hand])


def confirmable_hands(user: Actor, game: Game, hands: Iterable[Hand]) -> set[int]:
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

    side_of = sides_of(table_names(game))

    def other_side(hand: Hand) -> bool:
        my_sides = {side_of.get(seat, seat) for seat, pid in hand.seats.items() if pid in mine}
        if hand.entered_via_id is not None:
            return bool(my_sides - {hand.entered_side or SIDES[0]})
        entered = players_of.get(hand.entered_by_id, set())
        entering = {side_of.get(seat, seat) for seat, pid in hand.seats.items() if pid in entered}
        return bool(my_sides - entering)

    return {h.pk for h in hands if other_side(h)}


def entered_for(game: Game, hands: Iterable[Hand]) -> dict[int, set[str]]:
    """Hand id -> the sides each of ``hands`` was entered for (see the module; empty:
    entered by someone not seated, or by SYSTEM), in at most one query."""
    hands = list(hands)
    users = {h.entered_by_id for h in hands if h.entered_via_id is None and h.entered_by_id}
    players_of: dict[int, set[int]] = {}
    if users:
        rows = Player.objects.filter(club_id=game.club_id, user_id__in=users)
        for user_id, player_id in rows.values_list("user_id", "pk"):
            players_of.setdefault(user_id, set()).add(player_id)
    out = {}
    side_of = sides_of(table_names(game))
    for h in hands:
        if h.entered_via_id is not None:
            out[h.pk] = {h.entered_side or SIDES[0]}
        else:
            entered = players_of.get(h.entered_by_id, set())
            out[h.pk] = {side_of.get(seat, seat) for seat, pid in h.seats.items() if pid in entered}
    return out


def table_confirmable(game: Game, hands: Iterable[Hand]) -> dict[int, list[str]]:
    """Hand id -> the sides that may confirm it through the table's link: the sides it
    was not entered for, for each unconfirmed hand (the rule ``hand_confirm`` applies
    to a :class:`TableActor`)."""
    hands = [h for h in hands if h.confirmed_at is None]
    sides = entered_for(game, hands)
    return {h.pk: [s for s in SIDES if s not in sides[h.pk]] for h in hands}
