"""The scoring side of a night's door link (:mod:`play.door_checkin`): the phone's
signed per-night cookie, where the player that phone checked in sits now (table, seat,
partner, opponents, the table's link, while the night is open), the door link's
address, and the limit on posts through it (the table links' limiter).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core import signing
from django.db import models
from django.urls import reverse

from play import table_links
from play.door_checkin import door_holds, door_key, phone_digest
from play.models import CheckIn, Night, TableLink
from play.night_progress import seats_now
from play.seats import table_names
from play.table_links import link_base
from rookclub.clubs.models import Player
from rookclub.core import throttles
from rookclub.core.errors import NotFound

#: A door link's refusal beyond ``DOOR_LINK_POSTS_PER_MINUTE``.
TOO_MANY_CHECK_INS = (
    "Too many check-ins through this door link in the last minute; wait a minute and try again."
)


def throttle_door(request: Any, night: Night) -> None:
    """Count one post through ``night``'s door link: ``TooMany`` (429) beyond
    ``DOOR_LINK_POSTS_PER_MINUTE`` a minute, counted per night once its key is found."""
    rate = (settings.DOOR_LINK_POSTS_PER_MINUTE, 60)
    throttles.count(request, "door_link", str(night.pk), rate, TOO_MANY_CHECK_INS)


#: How long a phone remembers who it is at a night's door (a night, with room).
REMEMBER_SECONDS = 18 * 3600
#: The window of ``DOOR_CLAIMS_PER_ADDRESS``.
CLAIMS_WINDOW_SECONDS = 10 * 60

TOO_MANY_CLAIMS_BY_PHONE = (
    "This phone has checked players in {count} times tonight, the most one phone may. "
    "Ask the director at the desk to check you in."
)
TOO_MANY_CLAIMS_FROM_ADDRESS = (
    "Too many players checked in from this network in the last few minutes; try again in "
    "{wait}, or ask the director at the desk."
)


def throttle_claim(request: Any, night: Night, phone: str) -> None:
    """Count one claim through the door (a phone taking a player it does not hold yet, or
    adding a newcomer): ``TooMany`` (429) beyond ``DOOR_CLAIMS_PER_PHONE`` in the night
    ("Not me" and refused claims count too), or ``DOOR_CLAIMS_PER_ADDRESS`` from one
    address in ``CLAIMS_WINDOW_SECONDS``: a phone that throws its cookie away is a new
    phone each time, but not a new address."""
    per_phone = settings.DOOR_CLAIMS_PER_PHONE
    throttles.count(
        request,
        "door_claims_phone",
        f"{night.pk}:{phone_digest(phone)}",
        (per_phone, REMEMBER_SECONDS),
        TOO_MANY_CLAIMS_BY_PHONE.replace("{count}", str(per_phone)),
    )
    throttles.count(
        request,
        "door_claims_address",
        f"{night.pk}:{throttles.client_ip(request)}",
        (settings.DOOR_CLAIMS_PER_ADDRESS, CLAIMS_WINDOW_SECONDS),
        TOO_MANY_CLAIMS_FROM_ADDRESS,
    )


def _cookie(night: Night) -> str:
    return f"rookclub-door-{night.pk}"


def _salt(night: Night) -> str:
    # The key is in the salt: replacing the door link forgets every phone.
    return f"door-phone:{night.pk}:{night.door_key}"


def phone_of(request: Any, night: Night) -> str | None:
    """The secret this phone keeps for the night (its signed cookie), or None. The page
    and the API share it: the cookie's path is the whole site."""
    try:
        value = request.get_signed_cookie(_cookie(night), salt=_salt(night))
    except (KeyError, signing.BadSignature):
        return None
    return value or None


def phone_keep(request: Any, response: Any, night: Night, phone: str) -> None:
    """Give the phone its secret for the night, signed (it cannot be made up)."""
    response.set_signed_cookie(
        _cookie(night),
        phone,
        salt=_salt(night),
        max_age=REMEMBER_SECONDS,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
        path="/",
    )


def phone_player(*, night: Night, phone: str | None) -> int | None:
    """The player this phone checked in tonight (still here), or None."""
    if not phone:
        return None
    return (
        CheckIn.objects.filter(night=night, phone=phone_digest(phone), left_at__isnull=True)
        .values_list("player_id", flat=True)
        .first()
    )


def door_url(night: Night, request: Any = None, *, base_url: str | None = None) -> str:
    """The night's door page (``door``), absolute, as :func:`play.table_links.link_url`."""
    path = reverse("door", args=[door_key(night)])
    return (base_url or link_base(request)).rstrip("/") + path


@dataclass
class DoorSeat:
    """Where one player of the night is now."""

    player: Player
    checked_in: bool
    table: int | None = None
    seat: str | None = None
    partner: Player | None = None  # the one partner at a table of four
    partners: list[Player] = field(default_factory=list)  # two at a table of six in threes
    opponents: list[Player] = field(default_factory=list)
    link: TableLink | None = None
    sitting_out: bool = False


def door_players(*, night: Night) -> list[tuple[int, str]]:
    """What the door lists for a person to find their name: the club's active players'
    ids and names, nothing about who is here (one query). Nobody on a closed night."""
    if not night.is_open:
        return []
    players = Player.objects.filter(club=night.club_id, active=True).order_by("name")
    return list(players.values_list("pk", "name"))


@dataclass
class DoorPhones:
    """The night's check-ins as the door sees them, for its director: the players a
    phone holds (with when it claimed them), and those no phone may claim yet
    (checked in at the desk), whom the director may release to a phone."""

    held: list[CheckIn]
    desk: list[CheckIn]


def door_phones(*, night: Night) -> DoorPhones:
    """What the night's page shows under "Phones at the door" (one query)."""
    rows = (
        CheckIn.objects.filter(night=night, left_at__isnull=True)
        .filter(models.Q(phone__gt="") | models.Q(phone_free=False))
        .select_related("player")
        .order_by("player__name")
    )
    held, desk = [], []
    for row in rows:
        (held if row.phone else desk).append(row)
    return DoorPhones(held, desk)


NOT_YOURS = "This phone has not checked this player in tonight."


def door_seat(*, night: Night, player_id: Any, phone: str | None) -> DoorSeat:
    """Where player ``player_id`` sits now (after every seat exchange), for the phone
    whose secret is ``phone``: 404 unless that phone holds the player
    (:func:`play.door_checkin.door_holds`); nothing of the tables once the night is closed."""
    from play.night_reads import night_overview

    if not isinstance(player_id, int) or isinstance(player_id, bool):
        raise NotFound("This player is not known here.")
    player = Player.objects.filter(club=night.club_id, pk=player_id).first()
    if player is None or not door_holds(night=night, phone=phone, player_id=player.pk):
        raise NotFound(NOT_YOURS)
    if not night.is_open:
        return DoorSeat(player, True)
    overview = night_overview(night=night)
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
        # Partners and opponents as the table's game has them: a table of five has no
        # partner for the whole game, and every other player is an opponent.
        names = table_names(t.game, seats)
        partners = [seats[s] for s in names.partners(where) if s in seats]
        seat.partner = partners[0] if len(partners) == 1 else None
        seat.partners = partners
        seat.opponents = [seats[s] for s in names.opponents(where) if s in seats]
        seat.link = table_links.links_for(
            club=night.club,
            kind=TableLink.Kind.NIGHT,
            night=night,
            numbers=[seat.table],
        )[seat.table]
        return seat
    seat.sitting_out = overview.seated
    return seat
