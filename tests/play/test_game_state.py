"""The game's running state kept on its row (``Game.state`` and the cached columns)
is exactly what a replay of its hands from the first deal gives: after every hand
recorded from it, after a correction (which replays), and when it has to be rebuilt."""

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.corrections import hand_correct
from play.game_state import STATE_FIELDS, state_of, store_state
from play.hand_scores import replay_records
from play.hands import hand_record
from play.models import Game, Hand
from play.rulesets import rules_of
from play.services import game_start
from rookclub.core.errors import Conflict, Invalid
from scoring.engine import PRESETS, simulate_hand
from tests.factories import players_of

pytestmark = pytest.mark.django_db

#: Club games of two, three and four: fixed and individual partnerships, scored by side
#: and by player, seats that change every four hands and seats that never do.
SLUGS = [
    "tournament",
    "tournament-individual",
    "partnership",
    "beginner",
    "buckeye",
    "red-one",
    "two-player",
    "three-player",
    "three-player-2011",
]
SIDES_OF_FOUR = {"tournament", "tournament-individual", "partnership", "buckeye", "red-one"}

# A hand: card by card (a seeded random legal hand) or off the score sheet.
card = st.tuples(st.just("card"), st.integers(0, 2**32))
sheet = st.tuples(
    st.just("sheet"),
    st.sampled_from(["north", "east", "south", "west"]),
    st.integers(0, 12),  # the bid: the ruleset's minimum plus this many steps
    st.integers(0, 30),  # north-south's counters: this many fives (capped)
    st.sampled_from([None, "table_talk", "improper_discard"]),
)
moves = st.lists(st.one_of(card, sheet), min_size=1, max_size=24)


def body(rules, game, move):
    if move[0] == "card":
        return {"card_hand": simulate_hand(rules, move[1], dealer=game.next_dealer).to_dict()}
    _, bidder, steps, fives, penalty = move
    ns = min(5 * fives, rules.total_counters)
    out = {
        "bidder": bidder,
        "bid": min(rules.min_bid + steps * rules.bid_step, rules.highest_bid),
        "trump": "red",
        "counters": {"north_south": ns, "east_west": rules.total_counters - ns},
    }
    if penalty:
        out["penalties"] = [{"seat": bidder, "kind": penalty}]
    return out


def assert_state_is_a_replay(game):
    game.refresh_from_db()
    records = list(game.hands.order_by("number").values_list("record", flat=True))
    replayed = replay_records(game, records)
    expected = Game(finished_at=game.finished_at)
    store_state(expected, replayed)
    for field in STATE_FIELDS:
        assert getattr(game, field) == getattr(expected, field), field
    resumed = state_of(game, rules_of(game))  # from the row, nothing replayed
    assert resumed.hands == ()
    for part in (
        "totals",
        "player_totals",
        "dealer",
        "seats",
        "scored_hands",
        "status",
        "winner",
        "winners",
        "hand_count",
    ):
        assert getattr(resumed, part) == getattr(replayed, part), part
    return replayed


def play(game, rules, director, hands):
    """Record what the rules accept of ``hands``; the state is checked after each."""
    for move in hands:
        data = body(rules, game, move)
        if move[0] == "sheet" and rules.slug not in SIDES_OF_FOUR:
            continue
        try:
            hand_record(game=game, data=data, entered_by=director, number=game.state["hands"] + 1)
        except Invalid:
            continue  # refused by the rules: nothing stored
        except Conflict as refused:
            assert refused.code == "game_finished"
            break
        assert_state_is_a_replay(game)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(slug=st.sampled_from(SLUGS), hands=moves, later=moves, data=st.data())
def test_the_stored_state_is_the_replay_of_the_hands(club, director, slug, hands, later, data):
    rules = PRESETS[slug]
    players = players_of(club, len(rules.player_seats))
    seats = dict(zip(rules.player_seats, players, strict=True))
    game = game_start(ruleset=slug, seats=seats, created_by=director)
    assert_state_is_a_replay(game)
    play(game, rules, director, hands)

    stored = list(game.hands.order_by("number"))
    if stored:
        # A correction replays the game in its own path and stores what it gives.
        target = data.draw(st.sampled_from(stored))
        source = data.draw(st.sampled_from(stored))
        with contextlib.suppress(Invalid):  # e.g. it would end the game before its last hand
            hand_correct(hand=target, data=source.record, by=director, reason="a check")
        assert_state_is_a_replay(game)
    # And the hands after it go on from that state.
    play(game, rules, director, later)


def test_a_game_without_a_stored_state_is_replayed_once_and_healed(club, director):
    game = game_start(
        seats=dict(zip(("north", "east", "south", "west"), players_of(club, 4), strict=True)),
        created_by=director,
    )
    play(game, PRESETS["tournament"], director, [("sheet", "north", 2, 17, None)] * 3)
    Game.objects.filter(pk=game.pk).update(state={})  # stored before Game.state existed

    hand_record(
        game=game,
        data=body(PRESETS["tournament"], game, ("sheet", "east", 0, 3, None)),
        entered_by=director,
        number=4,
    )

    assert game.state["hands"] == 4
    replayed = assert_state_is_a_replay(game)
    assert replayed.hand_count == 4


def test_the_migration_fills_the_state_of_stored_games(club, director):
    """Migration 0007 gives every stored game the state its hands replay to; a game the
    engine no longer replays is left empty (its next hand replays, as before)."""
    import importlib

    from django.apps import apps

    fill = importlib.import_module("play.migrations.0007_game_state").fill
    seats = dict(zip(("north", "east", "south", "west"), players_of(club, 4), strict=True))
    game = game_start(seats=seats, created_by=director)
    play(game, PRESETS["tournament"], director, [("sheet", "east", 1, 9, "table_talk")] * 3)
    expected = dict(game.state)
    broken = game_start(
        seats=dict(zip(seats, players_of(club, 4), strict=True)), created_by=director
    )
    play(broken, PRESETS["tournament"], director, [("sheet", "east", 1, 9, None)])
    Game.objects.filter(pk__in=[game.pk, broken.pk]).update(state={})
    Hand.objects.filter(game=broken).update(record={"bid": "many"})  # no longer a hand

    fill(apps, None)

    game.refresh_from_db()
    broken.refresh_from_db()
    assert game.state == expected and expected["hands"] == 3
    assert broken.state == {}
    assert_state_is_a_replay(game)
