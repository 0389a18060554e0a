"""A game of a fixed number of hands that a tie ends: the tournament round clock
(``tie_at_target: tie``). Level after its hands, the table stops; nobody wins."""

import json

from scoring.engine import game_from_dict, game_to_dict, play_hand, replay, ruleset_from

from .helpers import PLAYERS, contract, sheet

PASSED = sheet(redeal={"reason": "all_passed"})
CLOCK = ruleset_from("tournament", {"fixed_hands": 2, "tie_at_target": "tie"})
LEVEL = [contract("north", 70, 70, 50), contract("east", 70, 50, 70)]  # 120 to 120


def test_a_clocked_game_level_after_its_hands_ends_tied_with_no_winner():
    game = replay(CLOCK, PLAYERS, "west", LEVEL)
    assert game.totals == {"north_south": 120, "east_west": 120}
    assert (game.status, game.winner, game.winners) == ("finished", None, ())


def test_an_all_pass_hand_is_not_one_of_the_clocked_hands():
    game = replay(CLOCK, PLAYERS, "west", [LEVEL[0], PASSED])
    assert game.status == "in_progress" and game.hand_count == 2
    game = play_hand(game, LEVEL[1])
    assert (game.status, game.winner) == ("finished", None)


def test_a_clocked_game_that_is_not_level_is_won_by_the_higher_total():
    game = replay(CLOCK, PLAYERS, "west", [LEVEL[0], contract("east", 70, 60, 60)])
    assert (game.status, game.winner) == ("finished", "north_south")


def test_a_tied_game_survives_the_whole_game_document():
    game = replay(CLOCK, PLAYERS, "west", LEVEL)
    document = json.loads(json.dumps(game_to_dict(game)))
    assert (document["status"], document["winner"], document["winners"]) == ("finished", None, [])
    assert game_from_dict(document) == game
