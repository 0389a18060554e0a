import pytest
from rest_framework.test import APIClient

from tests.factories import game_for, players_of


@pytest.fixture
def players(club):
    return players_of(club, 4)


@pytest.fixture
def game(club, players):
    return game_for(club, players)


@pytest.fixture
def api(scorer):
    client = APIClient()
    client.force_authenticate(scorer)
    return client


@pytest.fixture
def director_api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client
