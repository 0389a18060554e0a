"""A club created twice by a double tap is one club; a later namesake is a new club."""

from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from rookclub.clubs.models import Club
from rookclub.clubs.services import DOUBLE_TAP
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def create(user, name):
    client = APIClient()
    client.force_authenticate(user)
    return client.post("/api/v1/clubs/", {"name": name}, format="json")


def test_the_same_club_sent_again_at_once_is_a_409_and_one_club():
    user = UserFactory()

    assert create(user, "Elm Street Rook").status_code == 201
    again = create(user, "Elm Street Rook")

    assert again.status_code == 409
    assert again.json() == {
        "name": ["a club named Elm Street Rook was created at this very moment"]
    }
    assert Club.objects.filter(name="Elm Street Rook").count() == 1


def test_a_namesake_from_someone_else_or_later_is_a_club_of_its_own():
    first, second = UserFactory(), UserFactory()
    assert create(first, "Elm Street Rook").status_code == 201

    assert create(second, "Elm Street Rook").status_code == 201
    Club.objects.update(
        created_at=Club.objects.get(slug="elm-street-rook").created_at
        - DOUBLE_TAP
        - timedelta(seconds=1)
    )
    assert create(first, "Elm Street Rook").status_code == 201

    assert sorted(Club.objects.values_list("slug", flat=True)) == [
        "elm-street-rook",
        "elm-street-rook-2",
        "elm-street-rook-3",
    ]
