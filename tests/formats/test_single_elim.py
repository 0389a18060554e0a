"""Single elimination: N - 1 matches, byes to top seeds, optional third place."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.bracket import BYE, DECIDED, champion, placements, resolve
from tournaments.formats.single_elim import single_elimination

from .helpers import higher_seed_wins, play_out


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=64), st.booleans(), st.randoms(use_true_random=False))
def test_n_entries_play_n_minus_one_matches_plus_the_third_place_match(n, third, rng):
    bracket = single_elimination(list(range(n)), third_place=third)
    _, states = play_out(bracket, rng)
    played = sum(s.status == DECIDED for s in states.values())
    assert played == n - 1 + (1 if third and n >= 4 else 0)
    assert champion(bracket, states) is not None
    assert set(placements(bracket, states)) == set(range(n))


def test_with_the_favourites_winning_the_places_follow_the_seeds():
    bracket = single_elimination(list(range(1, 9)), third_place=True)
    _, states = higher_seed_wins(bracket)
    assert placements(bracket, states) == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 5, 7: 5, 8: 5}


def test_losers_share_the_place_of_the_round_they_went_out_in():
    bracket = single_elimination(list(range(1, 17)))
    _, states = higher_seed_wins(bracket)
    places = placements(bracket, states)
    assert [places[s] for s in (1, 2, 3, 4, 5, 8, 9, 16)] == [1, 2, 3, 3, 5, 5, 9, 9]


def test_the_top_seeds_take_the_byes_in_a_field_of_six():
    states = resolve(single_elimination([1, 2, 3, 4, 5, 6]), {})
    byes = [s for s in states.values() if s.status == BYE and s.round == 1]
    assert sorted(s.winner for s in byes) == [1, 2]
    second_round = [s.entries for s in states.values() if s.round == 2]
    assert (1, None) in second_round  # seed 1 is through, waiting on 4 v 5


def test_every_match_says_where_its_winner_and_loser_go():
    bracket = single_elimination(list(range(8)), third_place=True)
    states = resolve(bracket, {})
    assert states["W1-1"].winner_to == ("W2-1", 0)
    assert states["W1-2"].winner_to == ("W2-1", 1)
    assert states["W2-1"].loser_to == ("3P", 0)
    assert states["W3-1"].winner_to is None


def test_a_withdrawn_entry_loses_its_next_match_by_walkover():
    bracket = single_elimination([1, 2, 3, 4])
    states = resolve(bracket, {}, withdrawn={4})
    assert states["W1-1"].status == "walkover" and states["W1-1"].winner == 1
    assert states["W2-1"].entries == (1, None)


def test_random_results_always_finish_the_bracket():
    rng = random.Random(3)
    bracket = single_elimination(list(range(13)), best_of=3)
    _, states = play_out(bracket, rng)
    assert all(s.best_of == 3 for s in states.values())
    assert all(s.status in ("decided", "bye") for s in states.values())
