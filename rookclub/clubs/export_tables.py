"""The clubs app's tables in a club's export (registered from ``ClubsConfig.ready()``)."""

from __future__ import annotations

from rookclub.clubs.export import Table, leave_out, register
from rookclub.clubs.models import Club, Invitation, Membership, Player


def register_tables() -> None:
    register(
        Table("clubs", Club, lambda c: Club.objects.filter(pk=c.pk), 0, description="the club"),
        Table("players", Player, lambda c: c.players.all(), 10, description="its players"),
        Table(
            "memberships",
            Membership,
            lambda c: c.memberships.all(),
            10,
            description="who belongs to the club, with their role",
        ),
    )
    leave_out(
        Invitation,
        "one-use links to join the club: secrets that expire in 14 days; send new ones",
    )
