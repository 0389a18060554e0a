import pytest
from rest_framework.test import APIClient

from tests.factories import game_for, players_of


@pytest.fixture
def players(club):
    return players_of(club, 6)


@pytest.fixture
def api(scorer):
    client = APIClient()
    client.force_authenticate(scorer)
    return client


@pytest.fixture
def eager_tasks():
    """Run Celery tasks in the test process even when REDIS_URL is set: these tests
    check what a recompute does, not the broker (tests/test_celery.py does that)."""
    from rookclub.celery import app

    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


def new_game(club, four, **kwargs):
    return game_for(club, list(four), **kwargs)
