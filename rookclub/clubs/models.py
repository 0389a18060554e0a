"""The club domain: clubs, their players, and who may do what in a club."""

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from rookclub.core.roles import Actor


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=120, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def role_of(self, user: Actor) -> str | None:
        """``user``'s role here (``"director"`` for a superuser), or None. Services ask
        through :func:`rookclub.core.roles.require_role`."""
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        if user.is_superuser:
            return Membership.Role.DIRECTOR
        known = self.__dict__.get("_known_role")
        if known is not None and known[0] is user:
            return known[1]
        return self.memberships.filter(user=user).values_list("role", flat=True).first()

    def remember_role(self, user: Actor, role: str | None) -> None:
        """``user``'s role here as a scoped query just read it: :meth:`role_of` answers it for that
        same user object without asking again."""
        self.__dict__["_known_role"] = (user, role)


class Player(models.Model):
    """Someone who plays at a club. A player need not have a user account."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(max_length=120)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    active = models.BooleanField(default=True)
    #: Optional, as a roster import brings it (docs/rosters.md): shown to directors only.
    email = models.EmailField(max_length=254, blank=True, default="")

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="player_name_unique_in_club"),
            # A member plays as one player of a club (and a player is one person).
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=models.Q(user__isnull=False),
                name="one_player_per_user_in_club",
            ),
        ]

    def __str__(self) -> str:
        return self.name


def keep_a_director(collector: Any, field: Any, sub_objs: Any, using: str) -> None:
    """``on_delete`` of a membership's user: refused (``ProtectedError``) if it leaves a club
    without a director."""
    orphaned = directorless_without([m.pk for m in sub_objs])
    if orphaned:
        raise models.ProtectedError(last_director_sentence(orphaned[0], "delete"), orphaned)
    models.CASCADE(collector, field, sub_objs, using)


def directorless_without(membership_ids: Iterable[int]) -> list["Membership"]:
    """The directors among ``membership_ids`` whose club would have no director left
    if all those memberships went."""
    ids = list(membership_ids)
    leaving = list(
        Membership.objects.filter(pk__in=ids, role=Membership.Role.DIRECTOR).select_related(
            "user", "club"
        )
    )
    staying = set(
        Membership.objects.filter(
            club_id__in={m.club_id for m in leaving}, role=Membership.Role.DIRECTOR
        )
        .exclude(pk__in=ids)
        .values_list("club_id", flat=True)
    )
    return [m for m in leaving if m.club_id not in staying]


def last_director_sentence(membership: "Membership", to: str) -> str:
    return (
        f"{membership.club} would be left without a director; appoint another director "
        f"before you {to} {membership.user}."
    )


class Membership(models.Model):
    """A user's role in one club; a user may belong to several clubs."""

    class Role(models.TextChoices):
        DIRECTOR = "director", "Director"
        SCORER = "scorer", "Scorer"
        MEMBER = "member", "Member"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=keep_a_director, related_name="memberships"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} of {self.club}"


class Invitation(models.Model):
    """A link a director sends to let someone join the club with a role. It works
    once, until it expires (:data:`INVITATION_DAYS` after it was made)."""

    token = models.CharField(max_length=64, unique=True)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(
        max_length=16, choices=Membership.Role.choices, default=Membership.Role.MEMBER
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Invitation to {self.club} as {self.get_role_display()}"

    @property
    def is_used(self) -> bool:
        return self.accepted_at is not None

    def is_expired(self, now: Any = None) -> bool:
        return (now or timezone.now()) >= self.expires_at


#: How long an invitation link works.
INVITATION_DAYS = 14
