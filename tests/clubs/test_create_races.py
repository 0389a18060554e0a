"""Identical creates sent at the same moment (a double tap, a client's retry, two
directors) make one row and answer the others 409 with a sentence, never a 500
(needs real PostgreSQL: concurrent connections)."""

import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from rookclub.clubs import members
from rookclub.clubs.models import Club, Membership, Player
from rookclub.core.errors import DomainError
from tests.factories import ClubFactory, UserFactory, director_of

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs concurrent PostgreSQL connections (runs in CI)",
    ),
]


def at_once(*calls):
    """Run each call in its own thread and connection, released together; what each
    returned (or the code of the refusal it raised)."""
    barrier = threading.Barrier(len(calls))
    outcomes = []

    def run(call):
        try:
            barrier.wait()
            outcomes.append(call())
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


def client_of(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def post_at_once(user, url, body, times):
    """``times`` identical posts from ``user``, released together: (status, JSON) each."""

    def post():
        response = client_of(user).post(url, body, format="json")
        return response.status_code, response.json()

    return at_once(*[post] * times)


def test_the_same_player_added_four_times_at_once_is_one_201_and_three_409s():
    club = ClubFactory(name="Maple Street")
    director = director_of(club)

    answers = post_at_once(director, "/api/v1/players/", {"name": "Ada", "club": club.pk}, 4)

    assert sorted(status for status, _ in answers) == [201, 409, 409, 409]
    for status, body in answers:
        if status == 409:
            assert body == {"name": ["Ada already plays at Maple Street"]}
    assert Player.objects.filter(club=club, name="Ada").count() == 1


def test_the_same_club_created_four_times_at_once_is_one_201_and_three_409s():
    user = UserFactory()

    answers = post_at_once(user, "/api/v1/clubs/", {"name": "Elm Street Rook"}, 4)

    assert sorted(status for status, _ in answers) == [201, 409, 409, 409]
    refusals = [body for status, body in answers if status == 409]
    assert (
        refusals == [{"name": ["a club named Elm Street Rook was created at this very moment"]}] * 3
    )
    club = Club.objects.get(name="Elm Street Rook")
    assert list(club.memberships.values_list("user", "role")) == [(user.pk, "director")]


def test_two_invitations_to_one_club_accepted_at_once_make_one_membership():
    club = ClubFactory()
    director = director_of(club)
    tokens = [members.invite_create(club=club, role="scorer", by=director).token for _ in "ab"]
    newcomer = UserFactory()

    outcomes = at_once(
        *[lambda t=t: members.invite_accept(token=t, by=newcomer) and "joined" for t in tokens]
    )

    assert sorted(outcomes) == ["already_member", "joined"]
    assert Membership.objects.filter(club=club, user=newcomer).count() == 1
