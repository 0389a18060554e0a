"""Races that must not break a club (needs real PostgreSQL): two directors stepping
down at once leave one director; the same username signed up twice at once makes one
account and one refusal, never a 500."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import connection, connections

from rookclub.clubs import members
from rookclub.clubs.models import Membership
from rookclub.core.errors import DomainError
from tests.factories import ClubFactory, director_of

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL row locks and concurrent connections (runs in CI)",
    ),
]


def at_once(*calls):
    """Run each call in its own thread and connection, released together; the outcome
    of each: "done" or the refusal's code."""
    barrier = threading.Barrier(len(calls))
    outcomes = []

    def run(call):
        try:
            barrier.wait()
            call()
            outcomes.append("done")
        except DomainError as exc:
            outcomes.append(exc.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return outcomes


def test_two_directors_stepping_down_at_once_leave_the_club_one_director():
    for _ in range(5):
        club = ClubFactory()
        ann, bob = director_of(club), director_of(club)

        outcomes = at_once(
            lambda c=club, u=ann: members.member_set_role(club=c, user=u, role="member", by=u),
            lambda c=club, u=bob: members.member_set_role(club=c, user=u, role="member", by=u),
        )

        assert sorted(outcomes) == ["done", "last_director"]
        assert club.memberships.filter(role=Membership.Role.DIRECTOR).count() == 1


def test_a_director_removed_while_the_other_steps_down_leaves_one_director():
    club = ClubFactory()
    ann, bob = director_of(club), director_of(club)

    outcomes = at_once(
        lambda: members.member_remove(club=club, user=bob, by=ann),
        lambda: members.member_set_role(club=club, user=ann, role="scorer", by=ann),
    )

    # Whichever runs second is refused: removing bob would leave no director, and
    # ann, once she has stepped down, may no longer remove anyone.
    assert sorted(outcomes) in (["done", "last_director"], ["done", "not_allowed"])
    assert club.memberships.filter(role=Membership.Role.DIRECTOR).count() == 1


def test_the_same_username_signed_up_twice_at_once_makes_one_account():
    def sign_up():
        return members.account_create(
            username="ann", password="table-talk-2026", by=AnonymousUser()
        )

    outcomes = at_once(*[sign_up] * 4)

    assert sorted(outcomes) == ["done"] + ["username_taken"] * 3
    assert get_user_model().objects.filter(username="ann").count() == 1
