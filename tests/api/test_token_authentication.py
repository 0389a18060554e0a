"""``Authorization: Token <key>`` signs an API client in as the token's user; an unknown
key or an inactive user's is refused with DRF's sentence."""

import pytest
from rest_framework.test import APIClient

from play.models import Hand
from tests.factories import ClubFactory, game_for, scorer_of, token_client

pytestmark = pytest.mark.django_db

HAND = {
    "bidder": "north",
    "bid": 80,
    "trump": "red",
    "counters": {"north_south": 85, "east_west": 35},
}


def test_an_unknown_token_is_refused():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    answer = client.get("/api/v1/games/")
    assert answer.status_code == 403  # SessionAuthentication comes first: no WWW-Authenticate
    assert answer.json()["detail"] == "Invalid token."


def test_an_inactive_users_token_is_refused():
    club = ClubFactory()
    scorer = scorer_of(club)
    client = token_client(scorer)
    scorer.is_active = False
    scorer.save()
    answer = client.get("/api/v1/games/")
    assert answer.status_code == 403  # SessionAuthentication comes first: no WWW-Authenticate
    assert answer.json()["detail"] == "User inactive or deleted."


def test_a_token_without_a_key_is_refused():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token")
    answer = client.get("/api/v1/games/")
    assert answer.status_code == 403
    assert answer.json()["detail"] == "Invalid token header. No credentials provided."


def test_a_token_records_a_hand_as_its_user():
    club = ClubFactory()
    scorer = scorer_of(club)
    game = game_for(club)
    answer = token_client(scorer).post(
        f"/api/v1/games/{game.pk}/hands/", {**HAND, "number": 1}, format="json"
    )
    assert answer.status_code == 201, answer.content
    assert Hand.objects.get(pk=answer.json()["id"]).entered_by == scorer
