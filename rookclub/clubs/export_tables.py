"""The clubs app's tables in a club's export (registered from ``ClubsConfig.ready()``)."""

from __future__ import annotations

from rookclub.clubs.export import Table, leave_out, register
from rookclub.clubs.models import (
    CheckIn,
    Club,
    ClubSession,
    Invitation,
    Membership,
    Player,
    SessionEvent,
    SessionRound,
    SitOut,
    TableSeating,
)


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
        Table(
            "nights",
            ClubSession,
            lambda c: c.sessions.all(),
            20,
            exclude=("door_key",),
            description="club nights",
        ),
        Table(
            "check_ins",
            CheckIn,
            lambda c: CheckIn.objects.filter(session__club=c),
            30,
            exclude=("phone", "phone_at", "phone_free"),
            description="who came to each night",
        ),
        Table(
            "night_rounds",
            SessionRound,
            lambda c: SessionRound.objects.filter(session__club=c),
            30,
            description="each seating of a night (one per progressive round)",
        ),
        Table(
            "night_tables",
            TableSeating,
            lambda c: TableSeating.objects.filter(round__session__club=c),
            40,
            description="who sat where at each table of a round",
        ),
        Table(
            "sit_outs",
            SitOut,
            lambda c: SitOut.objects.filter(round__session__club=c),
            40,
            description="who sat out a round",
        ),
        Table(
            "night_events",
            SessionEvent,
            lambda c: SessionEvent.objects.filter(session__club=c),
            40,
            description="each close and reopen of a night: who, when, why",
        ),
    )
    leave_out(
        Invitation,
        "one-use links to join the club: secrets that expire in 14 days; send new ones",
    )
