"""The data migration that gives games recorded before per-player results their rows
and winners, by replaying each game from its stored hands."""

import importlib

import pytest
from django.apps import apps

from scoring.models import Game, HandResult
from scoring.services import hand_record
from tests.factories import game_for
from tests.scoring.conftest import made_hand

pytestmark = pytest.mark.django_db

backfill = importlib.import_module("scoring.migrations.0004_hand_results_backfill").backfill


def as_before_the_migration(game):
    """What a game stored before the migration looked like: no result rows, no winners."""
    HandResult.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).update(winners=[])


def test_a_finished_beginner_game_gets_its_players_results_and_winner(club, players, scorer):
    game = game_for(club, players, ruleset="beginner")
    counters = {"north": 4, "east": 10, "south": 6, "west": 4}
    for _ in range(4):
        hand_record(game=game, data={"trump": "red", "counters": counters}, entered_by=scorer)
    expected = sorted(HandResult.objects.filter(game=game).values_list(
        "hand__number", "player_id", "seat", "points", "total"))  # fmt: skip
    as_before_the_migration(game)

    backfill(apps, None)

    game.refresh_from_db()
    assert game.winners == [players[1].pk]  # east reached 40 first
    rows = sorted(HandResult.objects.filter(game=game).values_list(
        "hand__number", "player_id", "seat", "points", "total"))  # fmt: skip
    assert rows == expected and len(rows) == 16
    assert (4, players[1].pk, "east", 10, 40) in rows


def test_partnership_games_get_their_rows_too(club, players, scorer):
    game = game_for(club, players)
    hand_record(game=game, data=made_hand(bid=95, ns=75), entered_by=scorer)  # set: -95 / 45
    as_before_the_migration(game)

    backfill(apps, None)

    points = dict(HandResult.objects.filter(game=game).values_list("seat", "points"))
    assert points == {"north": -95, "south": -95, "east": 45, "west": 45}
    game.refresh_from_db()
    assert game.winners == []
