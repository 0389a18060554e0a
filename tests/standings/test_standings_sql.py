"""The standings the database adds up equal the ones Rookclub summed in Python
(``tests/standings/standings_reference.py``) on random club histories: partnership,
individual, Beginner and three-player games, unfinished and void games, corrections,
games outside any night; and they take the same few queries at any size."""

import contextlib
import datetime
import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Hand
from play.night_opening import night_open
from play.services import game_start
from play.voiding import game_void
from rookclub.core.errors import Conflict, Invalid
from standings.standings import night_standings, season_standings
from tests.factories import hand_in, players_of
from tests.standings import standings_reference as reference

pytestmark = pytest.mark.django_db

FOUR = ("north", "east", "south", "west")
THREE = ("seat1", "seat2", "seat3")
RULESETS = ("tournament", "tournament-individual", "beginner", "three-player-2011")
dates = itertools.count()


def hand_data(draw, ruleset):
    if ruleset == "beginner":
        counters = draw(st.permutations([10, 6, 4, 4]))
        return {"trump": "red", "counters": dict(zip(FOUR, counters, strict=True))}
    if ruleset == "three-player-2011":
        declarers = draw(st.sampled_from([40, 60, 75, 80, 95]))
        counters = {"declarers": declarers, "defenders": 95 - declarers}
        bid = draw(st.sampled_from([50, 60, 70]))
        return {
            "bidder": draw(st.sampled_from(THREE)),
            "bid": bid,
            "trump": "red",
            "counters": counters,
        }
    # North-south mostly take every counter, so games end (and are won) within the hands.
    ns = draw(st.sampled_from([0, 60, 85, 120, 120, 120]))
    bidder = draw(st.sampled_from((*FOUR, "north", "south")))
    bid = draw(st.sampled_from([80, 100, 120]))
    return hand_in(bidder, bid, "red", ns)


@st.composite
def games(draw):
    ruleset = draw(st.sampled_from(RULESETS))
    return {
        "ruleset": ruleset,
        "night": draw(st.integers(0, 2)),  # 2: no night (a game outside the standings)
        "players": draw(st.permutations(range(6))),
        "hands": [hand_data(draw, ruleset) for _ in range(draw(st.integers(0, 13)))],
        "void": draw(st.booleans()) and draw(st.booleans()),
        "correct": draw(
            st.none()
            | st.tuples(st.integers(0, 8), st.just(ruleset)).map(
                lambda t: (t[0], hand_data(draw, t[1]))
            )
        ),
    }


def play(game_spec, *, club, nights, players, director, scorer):
    seats = THREE if game_spec["ruleset"] == "three-player-2011" else FOUR
    chosen = {seat: players[i] for seat, i in zip(seats, game_spec["players"], strict=False)}
    night = nights[game_spec["night"]] if game_spec["night"] < 2 else None
    game = game_start(ruleset=game_spec["ruleset"], seats=chosen, night=night, created_by=director)
    for data in game_spec["hands"]:
        with contextlib.suppress(Invalid, Conflict):  # refused by the rules, or game over
            hand_record(game=game, data=data, entered_by=scorer)
    if game_spec["correct"]:
        index, data = game_spec["correct"]
        hand = Hand.objects.filter(game=game).order_by("number")[index : index + 1].first()
        if hand is not None:
            with contextlib.suppress(Invalid, Conflict):
                hand_correct(hand=hand, data=data, by=director, reason="score sheet misread")
    if game_spec["void"]:
        game_void(game=game, by=director, reason="played with the wrong deck")


def plain(standings):
    def rows(items):
        return [
            (
                tuple(p.pk for p in r.players),
                r.name,
                r.games,
                r.won,
                r.unfinished,
                r.points,
                r.hands_declared,
                r.made,
                r.sets,
                sorted(r.nights),
                r.night_count,
            )
            for r in items
        ]

    return (
        rows(standings.players),
        rows(standings.partnerships),
        standings.games,
        standings.unfinished,
    )


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(history=st.lists(games(), min_size=1, max_size=6))
def test_the_database_adds_up_what_python_did(club, director, scorer, history):
    players = players_of(club, 6)
    day = next(dates)
    nights = [
        night_open(
            club=club,
            date=datetime.date(2024 + n, 1, 1) + datetime.timedelta(day),
            opened_by=director,
        )
        for n in range(2)
    ]
    for spec in history:
        play(spec, club=club, nights=nights, players=players, director=director, scorer=scorer)

    for night in nights:
        assert plain(night_standings(night=night)) == plain(reference.night_standings(night=night))
    for year in (None, 2024, 2025):
        assert plain(season_standings(club=club, year=year)) == plain(
            reference.season_standings(club=club, year=year)
        )


def test_the_migration_marks_the_winners_rows_and_the_games_scored_by_player(club, players, scorer):
    import importlib

    from django.apps import apps

    from play.models import Game, HandResult
    from tests.factories import game_for

    backfill = importlib.import_module("play.migrations.0009_standings_columns").backfill
    game = game_for(club, players, ruleset="beginner")
    counters = {"north": 10, "east": 6, "south": 4, "west": 4}
    for _ in range(4):
        hand_record(game=game, data={"trump": "red", "counters": counters}, entered_by=scorer)
    won = set(HandResult.objects.filter(won=True).values_list("hand__number", "player_id"))
    assert won == {(4, players[0].pk)}
    HandResult.objects.update(won=False)
    Game.objects.update(scored_by_player=False)

    backfill(apps, None)

    assert set(HandResult.objects.filter(won=True).values_list("hand__number", "player_id")) == won
    assert Game.objects.get(pk=game.pk).scored_by_player
