"""Reads for the club domain, each in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from rookclub.clubs.models import Club, Invitation, Player


@dataclass(frozen=True)
class Member:
    """One member of a club: who, their role, and the club's player they are (if any)."""

    user: Any
    role: str
    role_label: str
    player: Player | None

    @property
    def player_id(self) -> int | None:
        return self.player.pk if self.player else None

    @property
    def player_name(self) -> str | None:
        return self.player.name if self.player else None

    @property
    def name(self) -> str:
        return self.user.get_full_name() or self.user.get_username()


def club_members(*, club: Club) -> list[Member]:
    """The club's members, directors first, then by username (two queries)."""
    memberships = list(club.memberships.select_related("user").order_by("user__username"))
    players = {
        p.user_id: p
        for p in Player.objects.filter(
            club=club, user_id__in=[m.user_id for m in memberships]
        ).only("id", "name", "user_id", "club_id")
    }
    order = {"director": 0, "scorer": 1, "member": 2}
    rows = [
        Member(m.user, m.role, m.get_role_display(), players.get(m.user_id)) for m in memberships
    ]
    return sorted(rows, key=lambda row: order.get(row.role, 3))


def open_invitations(*, club: Club) -> list[Invitation]:
    """Invitation links not yet used and not expired, newest first (one query)."""
    return list(
        club.invitations.filter(accepted_at__isnull=True, expires_at__gt=timezone.now())
        .select_related("club")
        .order_by("-created_at", "-id")
    )
