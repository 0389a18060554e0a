"""Who may do what in a club: plain functions for services, the API and pages. The
checks every service makes are ``require_director`` and ``require_scorer``
(:mod:`rookclub.core.roles`)."""

from __future__ import annotations

from django.db.models import QuerySet

from rookclub.clubs.models import Club, Membership
from rookclub.core import roles
from rookclub.core.roles import Actor


def role_in(user: Actor, club: Club) -> str | None:
    """The user's role in ``club`` (``"director"`` for a superuser or SYSTEM), or None."""
    return roles.role_in(user, club)


def is_director(user: Actor, club: Club) -> bool:
    return role_in(user, club) == Membership.Role.DIRECTOR


def clubs_directed(user: Actor) -> QuerySet[Club]:
    """The clubs ``user`` directs (every club for a superuser): the clubs for which
    :func:`is_director` holds, in one query."""
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(
        memberships__user=user, memberships__role=Membership.Role.DIRECTOR
    ).distinct()


def is_member(user: Actor, club: Club) -> bool:
    return role_in(user, club) is not None


def require_member(by: Actor, club: Club) -> None:
    """Refuse (``NotAllowed``) anyone who is not a member of ``club`` (or SYSTEM)."""
    roles.require_role(
        by,
        club,
        (roles.DIRECTOR, roles.SCORER, roles.MEMBER),
        "Only members of the club can see its members.",
    )


#: How a public page names someone with no full name (never by username).
UNNAMED = "a club member"


def public_name(user: Actor) -> str:
    """How pages, CSVs and provenance name a person: their full name, else "a club member";
    never the username (half a login, and club pages are public)."""
    return (user.get_full_name().strip() if user is not None else "") or UNNAMED
