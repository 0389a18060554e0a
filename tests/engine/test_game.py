"""A game from start to finish: totals, dealer, seats, the end (docs/rules.md §4, §6)."""

import json
from itertools import combinations

import pytest

from scoring.engine import (
    PRESETS,
    GameError,
    GameOver,
    HandRefused,
    game_from_dict,
    game_to_dict,
    new_game,
    play_hand,
    replay,
    ruleset_from,
    simulate_hand,
)

from .helpers import PLAYERS, TOURNAMENT, contract, sheet

REDEAL = sheet(redeal={"reason": "exposed_card"})
PASSED = sheet(redeal={"reason": "all_passed"})


def made(ns=70, bidder="north", bid=70):
    return contract(bidder, bid, ns, 120 - ns)


def play(records, ruleset=TOURNAMENT, dealer="west"):
    return replay(ruleset, PLAYERS, dealer, records)


def test_running_totals_add_each_hand_and_may_go_negative():
    game = play([contract("north", 95, 75, 45), contract("east", 70, 40, 80)])
    assert game.totals == {"north_south": -95 + 40, "east_west": 45 + 80}
    assert [h.totals["north_south"] for h in game.hands] == [-95, -55]


def test_each_player_scores_what_the_partnership_scores():
    game = play([contract("north", 95, 75, 45)])
    assert game.player_totals == {"ann": -95, "cat": -95, "bob": 45, "dan": 45}


def test_the_deal_passes_to_the_left_every_hand():
    game = play([made(), made(), made()])
    assert [h.dealer for h in game.hands] == ["west", "north", "east"]
    assert game.dealer == "south"


def test_an_exposed_card_redeal_keeps_the_dealer_and_an_all_pass_redeal_passes_it():
    game = play([REDEAL, PASSED])
    assert [h.dealer for h in game.hands] == ["west", "west"]
    assert game.dealer == "north"


def test_after_four_scored_hands_north_and_south_exchange_seats():
    game = play([made()] * 3)
    assert not game.seat_exchange_due
    game = play_hand(game, made())
    assert game.seat_exchange_due
    assert game.seat_message == "North and South exchange seats"
    assert game.seats == {"north": "cat", "east": "bob", "south": "ann", "west": "dan"}
    assert game.hands[-1].seats == PLAYERS  # the hand itself was played in the old seats


def test_redeals_and_void_hands_do_not_count_towards_the_seat_exchange():
    voids = [REDEAL, sheet(misdeal={"found": "before_three_tricks"}), PASSED]
    game = play([made(), voids[0], made(), voids[1], made(), voids[2]])
    assert game.scored_hands == 3 and not game.seat_exchange_due
    game = play_hand(game, made())
    assert game.scored_hands == 4 and game.seat_exchange_due


def test_the_second_exchange_is_east_and_west():
    long_game = ruleset_from("tournament", {"target": 1000})
    game = play([made()] * 8, long_game)
    assert game.seat_message == "East and West exchange seats"
    assert game.seats == {"north": "cat", "east": "dan", "south": "ann", "west": "bob"}


def test_the_exchange_message_is_only_for_the_hand_that_triggers_it():
    game = play([made()] * 5)
    assert (game.seat_exchange_due, game.seat_message) == (False, None)


def test_the_first_partnership_to_300_wins():
    game = play([contract("north", 120, 120, 0)] * 2)
    assert game.status == "in_progress"
    game = play_hand(game, contract("north", 70, 70, 50))
    assert (game.status, game.winner) == ("finished", "north_south")
    assert set(game.winners) == {"ann", "cat"}


def test_when_both_sides_pass_300_on_the_same_hand_the_higher_total_wins():
    north_70, east_70 = contract("north", 70, 70, 50), contract("east", 70, 50, 70)
    talk = [{"seat": "south", "kind": "table_talk"}]
    game = play(
        [north_70, east_70, north_70, east_70, contract("north", 70, 70, 50, penalties=talk)]
    )
    assert game.totals == {"north_south": 270, "east_west": 290}
    game = play_hand(game, contract("north", 80, 80, 40))
    assert game.totals == {"north_south": 350, "east_west": 330}
    assert (game.status, game.winner) == ("finished", "north_south")


def test_an_exact_tie_over_the_target_means_another_hand():
    game = play([made()] * 4)  # 280 to 200
    game = play_hand(game, contract("east", 100, 20, 100))
    assert game.totals == {"north_south": 300, "east_west": 300}
    assert (game.status, game.winner) == ("in_progress", None)
    game = play_hand(game, contract("east", 70, 45, 75))
    assert (game.status, game.winner) == ("finished", "east_west")


def test_a_fixed_number_of_hands_ends_the_game_and_the_higher_score_wins():
    r = ruleset_from("tournament", {"fixed_hands": 3})
    game = play([made(), made(), REDEAL], r)
    assert game.status == "in_progress"  # a redeal is not one of the hands
    game = play_hand(game, contract("east", 70, 30, 90))
    assert game.totals == {"north_south": 170, "east_west": 190}
    assert (game.status, game.winner) == ("finished", "east_west")


def test_a_tie_after_the_fixed_hands_means_another_hand():
    r = ruleset_from("tournament", {"fixed_hands": 2})
    game = play([contract("north", 70, 70, 50), contract("east", 70, 50, 70)], r)
    assert game.totals == {"north_south": 120, "east_west": 120}
    assert game.status == "in_progress"
    game = play_hand(game, made())
    assert game.winner == "north_south"


def test_a_finished_game_takes_no_more_hands():
    game = play([contract("north", 120, 120, 0)] * 3)
    with pytest.raises(GameOver):
        play_hand(game, made())


def test_a_refused_hand_leaves_the_game_as_it_was():
    game = play([made()])
    with pytest.raises(HandRefused):
        play_hand(game, contract("north", 72, 70, 50))
    assert len(game.hands) == 1


def test_a_late_misdeal_counts_as_a_scored_hand_and_costs_the_dealer_40():
    game = play([sheet(misdeal={"found": "later"})], dealer="east")
    assert game.totals == {"north_south": 0, "east_west": -40}
    assert game.scored_hands == 1 and game.dealer == "south"


def test_replaying_the_same_hands_gives_the_same_game():
    records = [made(), REDEAL, contract("east", 95, 45, 75), made(), made(), made()]
    assert play(records) == play(records)


def test_new_game_refuses_empty_or_doubled_seats_and_unknown_dealer():
    with pytest.raises(GameError) as exc:
        new_game(TOURNAMENT, {"north": "ann", "east": "ann", "south": "c", "west": "d"}, "up")
    assert set(exc.value.errors) == {"seats", "dealer"}


class TestIndividualScoring:
    """The Hasbro 2011 booklet: partners change every four hands; in 12 each pair partners once."""

    RULES = PRESETS["tournament-individual"]

    def test_every_pair_of_players_partners_for_exactly_one_block_of_four(self):
        game = play([made()] * 12, self.RULES)
        together = {pair: 0 for pair in combinations(sorted(PLAYERS.values()), 2)}
        for hand in game.hands:
            for a, b in (("north", "south"), ("east", "west")):
                together[tuple(sorted((hand.seats[a], hand.seats[b])))] += 1
        assert set(together.values()) == {4}

    def test_the_partner_change_is_announced_after_each_block(self):
        game = play([made()] * 4, self.RULES)
        assert game.seat_exchange_due
        assert game.seat_message.startswith("Partners change: ann (north) with bob (south)")

    def test_each_player_keeps_their_own_total_and_the_best_wins_after_12_hands(self):
        # North's player (ann) sits north throughout and her side makes every bid.
        game = play([made()] * 12, self.RULES)
        assert game.status == "finished"
        assert game.winners == ("ann",) and game.winner is None
        assert game.player_totals["ann"] == 12 * 70


class TestGameJson:
    def game(self):
        return play(
            [
                made(),
                REDEAL,
                contract("east", 95, 45, 75),
                sheet(misdeal={"found": "later"}),
                made(),
                made(),
            ]
        )

    def test_a_game_round_trips_through_json_losslessly(self):
        data = json.loads(json.dumps(game_to_dict(self.game())))
        again = game_from_dict(data)
        assert again == self.game()
        assert game_to_dict(again) == data

    def test_a_document_whose_totals_were_edited_is_refused(self):
        data = game_to_dict(self.game())
        data["totals"]["north_south"] += 5
        with pytest.raises(GameError) as exc:
            game_from_dict(data)
        assert "totals" in exc.value.errors

    def test_a_document_with_an_impossible_hand_names_the_hand(self):
        data = game_to_dict(self.game())
        data["hands"][2]["record"]["bid"] = 93
        with pytest.raises(GameError) as exc:
            game_from_dict(data)
        assert "hands.3.bid" in exc.value.errors

    def test_player_ids_may_be_numbers(self):
        game = replay(TOURNAMENT, {"north": 1, "east": 2, "south": 3, "west": 4}, "west", [made()])
        data = json.loads(json.dumps(game_to_dict(game)))
        assert game_from_dict(data).player_totals == {1: 70, 2: 50, 3: 70, 4: 50}


def test_the_beginner_game_ends_when_a_player_reaches_40():
    r = PRESETS["beginner"]
    hand = sheet(trump="red", counters={"north": 12, "east": 4, "south": 4, "west": 2})
    game = replay(r, PLAYERS, "west", [hand] * 3)
    assert game.status == "in_progress" and game.player_totals["ann"] == 36
    game = play_hand(game, hand)
    assert (game.status, game.winners, game.winner) == ("finished", ("ann",), None)


def test_in_the_two_player_game_the_deal_alternates_and_the_dummy_never_deals():
    r = PRESETS["two-player"]
    hand = sheet(
        bidder="seat1",
        bid=30,
        trump="red",
        counters={"seat1": 40, "seat2": 40, "dummy": 20},
        tricks={"seat1": 5, "seat2": 5, "dummy": 3},
    )
    game = replay(r, {"seat1": "ann", "seat2": "bob"}, "seat1", [hand] * 3)
    assert [h.dealer for h in game.hands] == ["seat1", "seat2", "seat1"]
    assert game.player_totals == {"ann": 3 * 50, "bob": 3 * 50}


def test_a_game_for_six_in_two_partnerships_of_three_scores_by_partnership():
    r = PRESETS["dixie-6"]
    seats = {f"seat{i}": f"p{i}" for i in range(1, 7)}
    hand = sheet(
        bidder="seat1",
        bid=70,
        trump="red",
        counters={"seats_135": 80, "seats_246": 20},
        tricks={"seats_135": 7, "seats_246": 3},
    )
    game = replay(r, seats, "seat6", [hand])
    assert game.totals == {"seats_135": 100, "seats_246": 20}
    assert game.player_totals["p3"] == 100 and game.dealer == "seat1"


def test_a_card_level_hand_plays_into_a_game_and_survives_the_json_round_trip():
    card_hand = next(
        h
        for h in (simulate_hand(TOURNAMENT, seed, dealer="west") for seed in range(50))
        if h.tricks
    )
    game = play_hand(new_game(TOURNAMENT, PLAYERS, "west"), card_hand)
    assert game.hands[0].card_hand == card_hand
    assert sum(game.hands[0].record.counters.values()) == 120
    data = json.loads(json.dumps(game_to_dict(game)))
    assert "card_hand" in data["hands"][0]
    assert game_from_dict(data) == game


def test_a_card_level_hand_dealt_by_the_wrong_seat_is_refused():
    card_hand = simulate_hand(TOURNAMENT, 1, dealer="north")
    with pytest.raises(HandRefused) as exc:
        play_hand(new_game(TOURNAMENT, PLAYERS, "west"), card_hand)
    assert "the record says North dealt, not West" in exc.value.errors["dealer"]
