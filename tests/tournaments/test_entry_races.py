"""The same entry registered twice at once (two directors, a double tap) is one entry
and one refusal, never a 500 (needs real PostgreSQL: concurrent connections)."""

import threading

import pytest
from django.db import connection, connections

from rookclub.core.errors import DomainError
from tests.factories import ClubFactory, director_of, players_of
from tournaments import services
from tournaments.entries import entry_add
from tournaments.models import Entry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs concurrent PostgreSQL connections (runs in CI)",
    ),
]


def test_the_same_partnership_entered_three_times_at_once_is_entered_once():
    club = ClubFactory()
    ann, bob = director_of(club), director_of(club)
    event = services.tournament_create(club=club, name="Spring Swiss", format="swiss", by=ann)
    pair = players_of(club, 2)
    barrier = threading.Barrier(3)
    outcomes = []

    def enter(by):
        try:
            barrier.wait()
            entry_add(tournament=event, players=pair, by=by)
            outcomes.append("entered")
        except DomainError as exc:
            outcomes.append((exc.status, exc.code))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=enter, args=(u,)) for u in (ann, bob, ann)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)

    assert outcomes.count("entered") == 1
    # Refused by the check (400, the player is in another entry) or, when the two
    # overlap, by the database (409).
    refusals = ((400, "already_entered"), (409, "entry_clash"))
    assert all(o in refusals for o in outcomes if o != "entered"), outcomes
    assert len(outcomes) == 3
    assert Entry.objects.filter(tournament=event).count() == 1
