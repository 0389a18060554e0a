"""Writes for the club domain: clubs, members and players; keyword arguments, ``by``
checked first, one transaction each."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from rookclub.clubs.models import Club, Membership, Player
from rookclub.core.errors import Conflict, Invalid, NotAllowed
from rookclub.core.limits import NAME_MAX, name_key, name_problem, normal_name
from rookclub.core.roles import Actor, require_director

# ---- clubs and players ---------------------------------------------------------------

#: Club addresses that are pages of their own (/clubs/new/).
RESERVED_SLUGS = {"new"}


def check_name(name: str) -> None:
    """A name is one printable line that fits its column (score sheets print it)."""
    problem = name_problem(name)
    if problem is None and len(name) > NAME_MAX:
        problem = f"A name has {NAME_MAX} characters at most."
    if problem:
        raise Invalid(problem, errors={"name": [problem]})


#: A second club of the same name from the same person this soon is the first one
#: sent twice (a double tap, a client's retry), not a new club.
DOUBLE_TAP = timedelta(minutes=1)


def _created_meanwhile(name: str) -> Conflict:
    return Conflict(
        f"A club named {name} was created at this very moment; look for it in your "
        "clubs before you create it again.",
        errors={"name": [f"a club named {name} was created at this very moment"]},
        code="club_created_meanwhile",
    )


@transaction.atomic
def club_create(*, name: str, by: Actor) -> Club:
    """A new club; whoever creates it is its director (both in one transaction, so a
    club is never seen without its director)."""
    if not getattr(by, "is_authenticated", False):
        raise NotAllowed("Log in to create a club.", code="login_required")
    name = normal_name(name or "") if isinstance(name, str) else ""
    if not name:
        raise Invalid("A club needs a name.", errors={"name": ["give the club a name"]})
    check_name(name)
    # The same create sent twice at once: one person's creates take turns (their user
    # row locked), so the second sees the first's club here and is refused.
    get_user_model().objects.select_for_update().filter(pk=by.pk).exists()
    recent = timezone.now() - DOUBLE_TAP
    if Club.objects.filter(name=name, memberships__user=by, created_at__gte=recent).exists():
        raise _created_meanwhile(name)
    base = slugify(name)[:100] or "club"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    try:
        with transaction.atomic():  # a savepoint: the losing insert is rolled back alone
            club = Club.objects.create(name=name, slug=slug)
    except IntegrityError:
        raise _created_meanwhile(name) from None
    Membership.objects.create(user=by, club=club, role=Membership.Role.DIRECTOR)
    return club


def name_in_use(club: Club | int, name: str) -> str | None:
    """The name of a player of ``club`` who is ``name`` written another way (case, spacing,
    full-width letters), or None: one person must not count twice in the standings."""
    key = name_key(name)
    names = Player.objects.filter(club=club).values_list("name", flat=True)
    return next((taken for taken in names if name_key(taken) == key), None)


def name_taken(club: Club, name: str) -> Conflict:
    return Conflict(
        f"{name} already plays at {club}.",
        errors={"name": [f"{name} already plays at {club}"]},
        code="player_name_taken",
    )


@transaction.atomic
def player_create(*, club: Club, name: str, by: Actor, user: Any = None) -> Player:
    require_director(by, club)
    name = normal_name(name) if isinstance(name, str) else ""
    if not name:
        raise Invalid("A player needs a name.", errors={"name": ["give the player a name"]})
    check_name(name)
    if taken := name_in_use(club, name):
        raise name_taken(club, taken)
    try:
        # The check above cannot see a player added at this very moment (two directors,
        # a double tap): the unique (club, name) lets one in, the other is a 409.
        with transaction.atomic():
            return Player.objects.create(club=club, name=name, user=user)
    except IntegrityError:
        if Player.objects.filter(club=club, name=name).exists():
            raise name_taken(club, name) from None
        raise Conflict(
            f"{user} plays as another player of {club} already.", code="member_linked"
        ) from None
