"""The club domain: clubs, their players, and who may do what in a club."""

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from rookclub.core import keys


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=120, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def role_of(self, user: Any) -> str | None:
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

    def remember_role(self, user: Any, role: str | None) -> None:
        """``user``'s role here as a query just read it with this club (a print's scoped
        lookup, rookclub/printing/kinds.py): :meth:`role_of` answers it for that same
        user object without asking again. Only this object of the club remembers it."""
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
    """``on_delete`` of a membership's user: deleting users (in the admin, say) deletes
    their memberships, unless that would leave a club without a director; then the
    deletion is refused (``ProtectedError``, which the admin lists as protected)."""
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


def new_door_key() -> str:
    """A night's door link secret: 33 characters without look-alikes (192 random bits,
    as a table link's; :mod:`rookclub.core.keys`). Older keys keep working."""
    return keys.readable_key()


class ClubSession(models.Model):
    """A club night: who came, how they were seated, and the games they played."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CLOSED = "closed", "Closed"

    class Seating(models.TextChoices):
        RANDOM = "random", "Random draw of partners and tables"
        FIXED = "fixed", "Fixed partnerships"
        PROGRESSIVE = "progressive", "Individual progressive (partners change every 4 hands)"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="sessions")
    date = models.DateField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    seating_method = models.CharField(
        max_length=12, choices=Seating.choices, default=Seating.RANDOM
    )
    #: The ruleset every game of the night starts from (a preset slug plus house options).
    ruleset_slug = models.CharField(max_length=40, default="tournament")
    ruleset_options = models.JSONField(default=dict, blank=True)
    #: Seat the players who would sit out at tables of five or six instead, playing these
    #: games ("" for no tables of six).
    tables_of_five_or_six = models.BooleanField(default=False)
    game_for_five = models.CharField(max_length=40, default="five-player", blank=True)
    game_for_six = models.CharField(max_length=40, default="six-player", blank=True)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    #: The door link's key (``/n/<key>/``, :mod:`rookclub.clubs.door`): players check
    #: themselves in. Replaced by a director (the old key then answers 404); made on
    #: first use for nights opened before door links.
    door_key = models.CharField(
        max_length=64, unique=True, null=True, blank=True, default=new_door_key
    )
    #: Whether the door link offers "I'm new here" (a name adds a player to the club).
    door_new_players = models.BooleanField(default=False)

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return f"{self.club} — {self.date:%Y-%m-%d}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class CheckIn(models.Model):
    session = models.ForeignKey(ClubSession, on_delete=models.CASCADE, related_name="check_ins")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="check_ins")
    checked_in_at = models.DateTimeField(auto_now_add=True)
    #: Set when the player went home: kept in the night's history, out of later rounds.
    left_at = models.DateTimeField(null=True, blank=True)
    #: Checked in by the player's own phone through the night's door link.
    by_door = models.BooleanField(default=False)
    #: The phone that claimed this player at the door: a digest of the secret in its
    #: signed cookie (rookclub/clubs/door.py), "" when no phone holds the player. Only
    #: that phone is shown the player's table link.
    phone = models.CharField(max_length=64, blank=True, default="")
    #: When ``phone`` claimed the player (shown to the director).
    phone_at = models.DateTimeField(null=True, blank=True)
    #: The director released the player (or their phone said "Not me", or the door
    #: link was replaced): the next phone to tap the name claims them. A player checked
    #: in at the director's desk is claimed by no phone until then.
    phone_free = models.BooleanField(default=False)

    class Meta:
        ordering = ["player__name"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_check_in_per_night"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.session}"


class SessionRound(models.Model):
    """One seating of the night: the whole room (the first round, "Next round", each
    progressive segment), or one table reseated when its game ended and players were
    waiting to come in. A table's current seating is its latest."""

    session = models.ForeignKey(ClubSession, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    #: The round of the room, as pages and prints call it: a whole-room seating starts
    #: the next one; a table reseated when its game ended stays in the room's round.
    room_round = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="round_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.session}, round {self.number}"


class TableSeating(models.Model):
    """Who sits where at one table in one round. Partners sit opposite."""

    round = models.ForeignKey(SessionRound, on_delete=models.CASCADE, related_name="tables")
    table = models.PositiveIntegerField()
    north = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    east = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    #: A table of five or six (a night with ``tables_of_five_or_six``): its game sits at
    #: seat1 … seat6, north … west being seat1 … seat4.
    fifth = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    sixth = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="table_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round}, table {self.table}"

    def seats(self) -> dict[str, Player]:
        four = [self.north, self.east, self.south, self.west]
        if self.fifth_id is None:
            return dict(zip(("north", "east", "south", "west"), four, strict=True))
        more = [self.fifth] + ([self.sixth] if self.sixth_id is not None else [])
        return {f"seat{i}": p for i, p in enumerate(four + more, start=1)}

    def player_ids(self) -> tuple[int, ...]:
        ids = (self.north_id, self.east_id, self.south_id, self.west_id)
        return ids + tuple(i for i in (self.fifth_id, self.sixth_id) if i is not None)


class SitOut(models.Model):
    """A player who starts sitting out at this round (odd numbers); sit-outs rotate
    fairly. Waiting on through a later table's reseat is not a new sit-out."""

    round = models.ForeignKey(SessionRound, on_delete=models.CASCADE, related_name="sit_outs")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="sit_outs")
    #: On a fixed-partnership night, the partner who sits out with them.
    partner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["round", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_sit_out_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.player} sits out {self.round}"


class SessionEvent(models.Model):
    """A director closing or reopening a club night: who, when, why. Closing and
    reopening change what may be recorded, so each is kept, never overwritten."""

    class Action(models.TextChoices):
        CLOSED = "closed", "Closed"
        REOPENED = "reopened", "Reopened"

    session = models.ForeignKey(ClubSession, on_delete=models.CASCADE, related_name="events")
    action = models.CharField(max_length=16, choices=Action.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True, default="")
    #: e.g. ``{"unfinished_games": [ids]}`` at close, ``{"closed_at": iso}`` at reopen.
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["session", "at", "id"]

    def __str__(self) -> str:
        return f"{self.session} {self.action} at {self.at:%Y-%m-%d %H:%M}"
