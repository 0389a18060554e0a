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


def finished_game(club, four, *, ns_wins=True, night=None, minute=0):
    """A finished Tournament Rook game written directly (no hands: fast), rated as the
    finishing hand would rate it. ``four``: north, east, south, west."""
    from datetime import UTC, datetime, timedelta

    from play.models import Game, GameSeat
    from scoring.engine import PRESETS
    from standings import ratings

    rules = PRESETS["tournament"]
    win, lose = 310, 180
    totals = (
        {"north_south": win, "east_west": lose}
        if ns_wins
        else {"north_south": lose, "east_west": win}
    )
    seats = dict(zip(("north", "east", "south", "west"), four, strict=True))
    game = Game.objects.create(
        club=club,
        night=night,
        ruleset_slug="tournament",
        ruleset=rules.to_dict(),
        status=Game.Status.FINISHED,
        totals=totals,
        player_totals={
            str(p.pk): totals["north_south" if s in ("north", "south") else "east_west"]
            for s, p in seats.items()
        },
        winner="north_south" if ns_wins else "east_west",
        winners=[seats[s].pk for s in (("north", "south") if ns_wins else ("east", "west"))],
        finished_at=datetime(2025, 1, 1, tzinfo=UTC) + timedelta(minutes=minute),
    )
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=s, player=p) for s, p in seats.items())
    ratings.rate_finished_game(game=game)
    return game


def recomputes(callbacks):
    """The recomputes among a transaction's on-commit callbacks (a write also renews
    the live pages' stamps on commit)."""
    return [c for c in callbacks if c.__qualname__.startswith("recompute_on_commit.")]
