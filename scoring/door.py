"""The scoring side of a night's door link (:mod:`rookclub.clubs.door`): where a
checked-in player sits now (table, seat, partner, opponents, the table's link), the
door link's address, and the limit on posts through it (the table links' limiter).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.urls import reverse

from rookclub.clubs.door import door_key
from rookclub.clubs.models import CheckIn, ClubSession, Player
from rookclub.core import throttles
from rookclub.core.errors import NotFound
from scoring import table_links
from scoring.models import TableLink
from scoring.night_progress import seats_now
from scoring.seats import OTHER_SIDE, PARTNER, SIDE_OF
from scoring.table_links import link_base

#: A door link's refusal beyond ``DOOR_LINK_POSTS_PER_MINUTE``.
TOO_MANY_CHECK_INS = (
    "Too many check-ins through this door link in the last minute; wait a minute and try again."
)


def throttle_door(request: Any, session: ClubSession) -> None:
    """Count one post through ``session``'s door link: ``TooMany`` (429) beyond
    ``DOOR_LINK_POSTS_PER_MINUTE`` (60) a minute, counted per night once its key is
    found."""
    rate = (settings.DOOR_LINK_POSTS_PER_MINUTE, 60)
    throttles.count(request, "door_link", str(session.pk), rate, TOO_MANY_CHECK_INS)


def door_url(session: ClubSession, request: Any = None, *, base_url: str | None = None) -> str:
    """The night's door page (``door``), absolute, as :func:`scoring.table_links.link_url`."""
    path = reverse("door", args=[door_key(session)])
    return (base_url or link_base(request)).rstrip("/") + path


@dataclass
class DoorSeat:
    """Where one player of the night is now."""

    player: Player
    checked_in: bool
    table: int | None = None
    seat: str | None = None
    partner: Player | None = None
    opponents: list[Player] = field(default_factory=list)
    link: TableLink | None = None
    sitting_out: bool = False


def door_players(*, session: ClubSession) -> list[tuple[Player, bool]]:
    """The club's players the door lists (active ones, and anyone checked in tonight),
    each with whether they are here tonight (one query)."""
    here = set(
        CheckIn.objects.filter(session=session, left_at__isnull=True).values_list(
            "player_id", flat=True
        )
    )
    players = Player.objects.filter(club=session.club_id).order_by("name")
    return [(p, p.pk in here) for p in players if p.active or p.pk in here]


def door_seat(*, session: ClubSession, player_id: Any) -> DoorSeat:
    """Where player ``player_id`` of the night's club sits now: the table whose current
    seating has them, at the seat their current game puts them after every exchange
    (a fixed number of queries). 404 for anyone not of this club."""
    from scoring.selectors import session_overview

    if not isinstance(player_id, int) or isinstance(player_id, bool):
        raise NotFound("This player is not known here.")
    player = Player.objects.filter(club=session.club_id, pk=player_id).first()
    if player is None:
        raise NotFound("This player is not known here.")
    overview = session_overview(session=session)
    checked_in = any(p.pk == player.pk for p in overview.players)
    seat = DoorSeat(player, checked_in)
    if not checked_in:
        return seat
    for t in overview.current_tables:
        seats = seats_now(t.game, t.seats)
        where = next((s for s, p in seats.items() if p.pk == player.pk), None)
        if where is None:
            continue
        seat.table, seat.seat = t.seating.table, where
        partner_seat = PARTNER.get(where)
        seat.partner = seats.get(partner_seat) if partner_seat else None
        mine = SIDE_OF.get(where)
        seat.opponents = [p for s, p in seats.items() if SIDE_OF.get(s) == OTHER_SIDE.get(mine)]
        seat.link = table_links.links_for(
            club=session.club, kind=TableLink.Kind.NIGHT, session=session,
            numbers=[seat.table],
        )[seat.table]  # fmt: skip
        return seat
    seat.sitting_out = overview.seated
    return seat
