"""Roles in a club, and the one check every service makes before it writes: every write
names who does it (``by``); work no person does passes :data:`SYSTEM`, which holds every
role and is never stored as a user."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from rookclub.core.errors import NotAllowed

DIRECTOR = "director"
SCORER = "scorer"
MEMBER = "member"
#: Who may record a game's hands and start games.
RECORDERS = (DIRECTOR, SCORER)


class _System:
    """The actor for work no person does. Not a user: never authenticated, never stored."""

    is_authenticated = False
    is_superuser = False
    pk = None

    def __repr__(self) -> str:
        return "SYSTEM"


SYSTEM: Any = _System()


class Actor(Protocol):
    """Who does a thing: a user (logged in or anonymous), whoever holds a table's or a
    door's link, or :data:`SYSTEM`. A service asks no more of it than these three before
    it looks up a role."""

    @property
    def is_authenticated(self) -> bool: ...

    @property
    def is_superuser(self) -> bool: ...

    @property
    def pk(self) -> Any: ...


class HasRoles(Protocol):
    def role_of(self, user: Actor) -> str | None: ...


def role_in(by: Actor, club: HasRoles) -> str | None:
    """``by``'s role in ``club``: every role's rights for :data:`SYSTEM`, else the club's answer."""
    if by is SYSTEM:
        return DIRECTOR
    return club.role_of(by)


def has_role(by: Actor, club: HasRoles, roles: Iterable[str]) -> bool:
    """Whether ``by`` holds one of ``roles`` in ``club``; SYSTEM holds them all."""
    return by is SYSTEM or role_in(by, club) in tuple(roles)


def require_actor(by: Actor | None) -> None:
    """Refuse a write that names no actor. ``None`` is a caller that forgot to say who
    acts (a view passes ``request.user``, trusted work :data:`SYSTEM`), never a pass."""
    if by is None:
        raise NotAllowed("This needs to know who does it; nobody was named.")


def require_role(by: Actor | None, club: HasRoles, roles: Iterable[str], message: str) -> None:
    """Refuse (``NotAllowed`` with ``message``) unless ``by`` holds one of ``roles`` in
    ``club``. ``None`` and anonymous users hold none."""
    if by is None or not has_role(by, club, roles):
        raise NotAllowed(message)


#: Who holds the keys: table cards, door posters and the links on them.
KEY_HOLDERS = RECORDERS
#: Table cards (and anything else carrying a table's key) are for these roles only.
CARD_HOLDERS_ONLY = (
    "Table cards carry the tables' secret links: only the club's directors and scorers print them."
)


def holds_keys(by: Actor | None, club: HasRoles) -> bool:
    """Whether ``by`` may hold the club's keys (its directors and scorers): print table cards
    and door posters and follow links to them. Print kinds and pages both ask it."""
    return by is not None and has_role(by, club, KEY_HOLDERS)


def require_director(
    by: Actor, club: HasRoles, message: str = "Only a director of the club can do this."
) -> None:
    """Refuse (``NotAllowed``) anyone but a director of ``club`` (or SYSTEM). The one
    director check of every app; ``message`` names what was refused."""
    require_role(by, club, (DIRECTOR,), message)


def require_scorer(
    by: Actor,
    club: HasRoles,
    message: str = "Only a director or scorer of the club can do this.",
) -> None:
    """Refuse (``NotAllowed``) anyone but a director or scorer of ``club`` (or SYSTEM):
    who may record hands and start games."""
    require_role(by, club, RECORDERS, message)


def user_or_none(by: Actor) -> Any:
    """The user to store as the author of a write: None for SYSTEM and anonymous actors."""
    return by if getattr(by, "is_authenticated", False) else None
