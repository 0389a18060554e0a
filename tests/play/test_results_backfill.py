"""The data migration that gives games recorded before per-player results their rows
and winners, by replaying each game from its stored hands."""

import importlib

import pytest
from django.apps import apps

from play.hands import hand_record
from play.models import Game, HandResult
from tests.factories import game_for
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db

backfill = importlib.import_module("play.migrations.0004_hand_results_backfill").backfill


def as_before_the_migration(game):
    """What a game stored before the migration looked like: no result rows, no winners."""
    HandResult.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).update(winners=[])


def test_a_finished_beginner_game_gets_its_players_results_and_winner(club, players, scorer):
    game = game_for(club, players, ruleset="beginner")
    counters = {"north": 4, "east": 10, "south": 6, "west": 4}
    for _ in range(4):
        hand_record(game=game, data={"trump": "red", "counters": counters}, entered_by=scorer)
    expected = sorted(
        HandResult.objects.filter(game=game).values_list(
            "hand__number", "player_id", "seat", "points", "total"
        )
    )
    as_before_the_migration(game)

    backfill(apps, None)

    game.refresh_from_db()
    assert game.winners == [players[1].pk]  # east reached 40 first
    rows = sorted(
        HandResult.objects.filter(game=game).values_list(
            "hand__number", "player_id", "seat", "points", "total"
        )
    )
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


def test_a_game_todays_engine_no_longer_replays_keeps_what_it_stored(club, players, scorer):
    """A rule changed since the game was scored (here its target, so that the replay would
    end the game early): the rows come from each hand's stored side scores instead."""
    game = game_for(club, players, ruleset="beginner")
    counters = {"north": 10, "east": 6, "south": 4, "west": 4}
    for _ in range(4):
        hand_record(game=game, data={"trump": "red", "counters": counters}, entered_by=scorer)
    as_before_the_migration(game)
    Game.objects.filter(pk=game.pk).update(ruleset={**game.ruleset, "target": 20})

    backfill(apps, None)

    game.refresh_from_db()
    assert game.winners == [players[0].pk]
    last = dict(HandResult.objects.filter(game=game, hand__number=4).values_list("seat", "total"))
    assert last == {"north": 40, "east": 24, "south": 16, "west": 16}
