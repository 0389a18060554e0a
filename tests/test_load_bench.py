"""bench/load.py's verdict: the database against what the clients were told. (CI runs
the whole load against a real server: .ci/run.)"""

import importlib.util
import sys
from pathlib import Path

import pytest

from play.hands import hand_record
from tests.factories import game_for, players_of, scorer_of
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db
BENCH = Path(__file__).resolve().parent.parent / "bench" / "load.py"


@pytest.fixture(scope="module")
def load():
    spec = importlib.util.spec_from_file_location("bench_load", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_load"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def game_and_hands(club):
    scorer = scorer_of(club, username="sam")
    game = game_for(club, players_of(club, 4))
    hands = [hand_record(game=game, data=made_hand(), entered_by=scorer, number=n) for n in (1, 2)]
    return game, hands


def told(load, game, hands):
    tally = load.Tally()
    for hand in hands:
        post = load.Post(0, game.pk, hand.number, made_hand())
        post.hand_ids.add(hand.pk)
        tally.posts.append(post)
    return tally


def test_every_hand_told_and_stored_once_is_lost_0_doubled_0(load, game_and_hands):
    game, hands = game_and_hands

    counts = load.check([game.pk], told(load, game, hands))

    assert counts == {"stored": 2, "lost": 0, "doubled": 0, "gaps": 0}


def test_a_hand_told_stored_but_not_in_the_database_is_lost(load, game_and_hands):
    game, hands = game_and_hands
    tally = told(load, game, hands)
    tally.posts[1].hand_ids = {hands[1].pk + 1000}  # an answer naming a hand not stored

    assert load.check([game.pk], tally)["lost"] == 1


def test_a_hand_stored_that_no_client_was_told_of_is_doubled(load, game_and_hands):
    game, hands = game_and_hands

    counts = load.check([game.pk], told(load, game, hands[:1]))

    assert (counts["doubled"], counts["lost"]) == (1, 0)


def test_one_post_answered_with_two_hands_is_doubled(load, game_and_hands):
    game, hands = game_and_hands
    tally = told(load, game, hands[:1])
    tally.posts[0].hand_ids.add(hands[1].pk)  # stored again under the next number

    counts = load.check([game.pk], tally)

    assert counts["doubled"] == 1
    assert counts["lost"] == 1  # hand 2 is not at the number that post was sent with


def test_the_bench_runs_n_clients_with_pairs_sharing_a_table(load):
    args = load.parse_args(["--clients", "8", "--games", "16", "--seconds", "20"])

    assert (args.clients, args.games, args.seconds, args.pairs) == (8, 16, 20, 2)
    with pytest.raises(SystemExit):
        load.parse_args(["--clients", "2", "--pairs", "2"])
