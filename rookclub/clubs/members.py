"""Writes for accounts and a club's members; signing up is the one write anyone may make.

A club never loses its last director: a change that could demote or remove one locks the
club's memberships first, so of two directors demoting each other the second is refused."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from rookclub.clubs.models import INVITATION_DAYS, Club, Invitation, Membership, Player
from rookclub.core.errors import Conflict, Gone, Invalid, NotAllowed, NotFound
from rookclub.core.roles import Actor, require_actor, require_director

ROLES = tuple(Membership.Role.values)
ROLE_CHOICE = "choose director, scorer or member"


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _role(role: Any) -> str:
    if role not in ROLES:
        raise Invalid("That is not a role in a club.", errors={"role": [ROLE_CHOICE]})
    return role


def username_taken(username: str) -> Invalid:
    return Invalid(
        "That username is taken.",
        errors={"username": [f"{username} is taken; choose another username"]},
        code="username_taken",
    )


# ---- accounts --------------------------------------------------------------------------


def _new_user(*, username: Any, password: Any, email: Any, name: Any) -> Any:
    """An unsaved user, or ``Invalid`` naming every field that is wrong."""
    User = get_user_model()
    username, email, name = _text(username), _text(email), _text(name)
    errors: dict[str, list[str]] = {}
    if not username:
        errors["username"] = ["choose a username"]
    elif len(username) > 150:
        errors["username"] = ["use 150 characters or fewer"]
    else:
        try:
            UnicodeUsernameValidator()(username)
        except ValidationError:
            errors["username"] = ["use only letters, digits and the characters @ . + - _"]
    if email:
        try:
            validate_email(email)
        except ValidationError:
            errors["email"] = ["give an email address such as ann@example.org, or leave it empty"]
    if len(name) > 150:
        errors["name"] = ["use 150 characters or fewer"]
    user = User(username=username, email=email, first_name=name)
    if not isinstance(password, str) or not password:
        errors["password"] = ["choose a password"]
    else:
        try:
            validate_password(password, user=user)
        except ValidationError as exc:
            errors["password"] = list(exc.messages)
    if "username" not in errors and User.objects.filter(username__iexact=username).exists():
        raise username_taken(username)
    if errors:
        # Only the password's own rules (too common, too like the username) broken: a
        # code of its own, for the API's clients; no schema pattern can say those rules.
        rules = set(errors) == {"password"} and errors["password"] != ["choose a password"]
        raise Invalid(
            "The account was not created; see the messages by each field.",
            errors=errors,
            code="password_rules" if rules else None,
        )
    user.set_password(password)
    return user


def _save_new_user(user: Any) -> Any:
    try:
        # A savepoint: the same name signed up a moment ago by someone else is a
        # refusal, not a broken transaction.
        with transaction.atomic():
            user.save()
    except IntegrityError:
        raise username_taken(user.username) from None
    return user


@transaction.atomic
def account_create(
    *, username: Any, password: Any, by: Actor, email: Any = "", name: Any = ""
) -> Any:
    """A new account (sign up). Anyone may sign up, so ``by`` is only who asks: the
    visitor (an anonymous user) or SYSTEM, never left out."""
    require_actor(by)
    return _save_new_user(_new_user(username=username, password=password, email=email, name=name))


# ---- members ---------------------------------------------------------------------------


def _locked_memberships(club: Club, by: Actor) -> list[Membership]:
    """All the club's memberships, locked, after checking again that ``by`` is still a director."""
    locked = list(Membership.objects.select_for_update().filter(club=club).order_by("pk"))
    user_id = getattr(by, "pk", None)
    if user_id is not None and not getattr(by, "is_superuser", False):
        role = next((m.role for m in locked if m.user_id == user_id), None)
        if role != Membership.Role.DIRECTOR:
            raise NotAllowed("Only a director of the club can do this.")
    return locked


def _membership(locked: list[Membership], club: Club, user: Any) -> Membership:
    for membership in locked:
        if membership.user_id == getattr(user, "pk", None):
            return membership
    raise NotFound(f"{user} is not a member of {club}.", code="not_a_member")


def _keep_a_director(locked: list[Membership], target: Membership, club: Club, to: str) -> None:
    """Refuse (409 ``last_director``) when ``target`` is the club's only director."""
    directors = [m for m in locked if m.role == Membership.Role.DIRECTOR]
    if target.role == Membership.Role.DIRECTOR and len(directors) == 1:
        raise Conflict(
            f"{target.user} is the only director of {club}; appoint another director "
            f"before you {to}.",
            code="last_director",
        )


@transaction.atomic
def member_create(
    *,
    club: Club,
    username: Any,
    password: Any,
    role: Any,
    by: Actor,
    email: Any = "",
    name: Any = "",
) -> Membership:
    """A director makes an account for someone and adds them to the club with ``role``."""
    require_director(by, club)
    role = _role(role)
    user = _save_new_user(_new_user(username=username, password=password, email=email, name=name))
    return Membership.objects.create(user=user, club=club, role=role)


@transaction.atomic
def member_set_role(*, club: Club, user: Any, role: Any, by: Actor) -> Membership:
    """A director makes a member a director, scorer or member; never the last director
    into something else."""
    require_director(by, club)
    role = _role(role)
    locked = _locked_memberships(club, by)
    membership = _membership(locked, club, user)
    if role != Membership.Role.DIRECTOR:
        _keep_a_director(locked, membership, club, "change their role")
    if membership.role != role:
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def member_remove(*, club: Club, user: Any, by: Actor) -> None:
    """A director removes a member (their account stays; their player is unlinked)."""
    require_director(by, club)
    locked = _locked_memberships(club, by)
    membership = _membership(locked, club, user)
    _keep_a_director(locked, membership, club, "remove them")
    Player.objects.filter(club=club, user_id=membership.user_id).update(user=None)
    membership.delete()


@transaction.atomic
def member_link_player(*, club: Club, user: Any, player: Player | None, by: Actor) -> Player | None:
    """A director says which of the club's players a member is (``None``: unlinks).
    A member is one player of a club, and a player is one member."""
    require_director(by, club)
    theirs = Membership.objects.filter(club=club, user_id=getattr(user, "pk", None))
    membership = _membership(list(theirs), club, user)
    if player is None:
        Player.objects.filter(club=club, user_id=membership.user_id).update(user=None)
        return None
    if player.club_id != club.pk:
        raise Invalid(
            "Not a player of this club.",
            errors={"player": [f"{player} is not a player of {club}"]},
        )
    player = Player.objects.select_for_update(of=("self",)).select_related("user").get(pk=player.pk)
    if player.user_id == membership.user_id:
        return player
    if player.user_id is not None:
        raise Conflict(
            f"{player} is linked to {player.user} already; unlink them first.",
            errors={"player": [f"{player} is linked to {player.user} already"]},
            code="player_linked",
        )
    current = Player.objects.filter(club=club, user_id=membership.user_id).first()
    if current is not None:
        raise Conflict(
            f"{user} plays as {current} already; unlink {current} first.",
            errors={"player": [f"{user} plays as {current} already"]},
            code="member_linked",
        )
    player.user = membership.user
    try:
        with transaction.atomic():
            player.save(update_fields=["user"])
    except IntegrityError:  # linked to another player a moment ago
        raise Conflict(f"{user} plays as another player already.", code="member_linked") from None
    return player


# ---- invitations -----------------------------------------------------------------------


@transaction.atomic
def invite_create(
    *, club: Club, role: Any = Membership.Role.MEMBER, by: Actor, days: int = INVITATION_DAYS
) -> Invitation:
    """A director makes a link that lets one person join the club with ``role``."""
    require_director(by, club)
    return Invitation.objects.create(
        token=secrets.token_urlsafe(32),
        club=club,
        role=_role(role),
        created_by=by if getattr(by, "is_authenticated", False) else None,
        expires_at=timezone.now() + timedelta(days=days),
    )


def invite_refusal(invitation: Invitation) -> Gone | None:
    """Why the link no longer works (used, or expired), or None while it does."""
    club = invitation.club
    if invitation.is_used:
        return Gone(
            f"This invitation to {club} has been used already; ask a director of the club "
            "for a new link.",
            code="invite_used",
        )
    if invitation.is_expired():
        expired = timezone.localtime(invitation.expires_at)
        return Gone(
            f"This invitation to {club} expired on {expired.day} {expired:%B %Y}; ask a "
            "director of the club for a new link.",
            code="invite_expired",
        )
    return None


def invite_find(*, token: Any) -> Invitation:
    """The invitation with ``token`` (``NotFound`` when there is none)."""
    invitation = (
        Invitation.objects.select_related("club").filter(token=str(token)).first()
        if isinstance(token, str) and token
        else None
    )
    if invitation is None:
        raise NotFound(
            "This invitation link is not valid; check it, or ask a director of the club for "
            "a new one.",
            code="invite_not_found",
        )
    return invitation


def already_member(existing: Membership) -> Conflict:
    return Conflict(
        f"You are a member of {existing.club} already (as {existing.get_role_display().lower()}).",
        code="already_member",
    )


@transaction.atomic
def invite_accept(*, token: Any, by: Actor) -> Membership:
    """The logged-in ``by`` joins the invitation's club with its role. A link works once."""
    if not getattr(by, "is_authenticated", False):
        raise NotAllowed("Log in or sign up to accept the invitation.", code="login_required")
    found = invite_find(token=token)
    invitation = Invitation.objects.select_for_update().get(pk=found.pk)
    invitation.club = found.club
    refusal = invite_refusal(invitation)
    if refusal is not None:
        raise refusal
    club = invitation.club
    existing = Membership.objects.filter(club=club, user=by).first()
    if existing is not None:
        raise already_member(existing)
    try:
        # Two invitations to one club accepted at the same moment: the unique
        # (user, club) lets one in; the other is the same 409 as accepting it later.
        with transaction.atomic():
            membership = Membership.objects.create(user=by, club=club, role=invitation.role)
    except IntegrityError:
        raise already_member(Membership.objects.get(club=club, user=by)) from None
    invitation.accepted_by = by
    invitation.accepted_at = timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    return membership
