"""Double elimination: 2N - 2 or 2N - 1 matches, late rematches, grand-final reset."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.bracket import DECIDED, NOT_NEEDED, READY, placements, resolve
from tournaments.formats.double_elim import GRAND_FINAL, RESET, double_elimination

from .helpers import higher_seed_wins, play_out


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=64), st.randoms(use_true_random=False))
def test_n_entries_play_2n_minus_2_matches_or_2n_minus_1_with_the_reset(n, rng):
    bracket = double_elimination(list(range(n)))
    _, states = play_out(bracket, rng)
    played = sum(s.status == DECIDED for s in states.values())
    reset_played = states[RESET].status == DECIDED
    assert played == 2 * n - 2 + reset_played
    places = placements(bracket, states)
    assert set(places) == set(range(n))
    assert sorted(places.values())[:2] == [1, 2]


def test_the_reset_is_not_needed_when_the_winners_bracket_champion_wins_the_final():
    bracket = double_elimination(list(range(1, 9)))
    _, states = higher_seed_wins(bracket)
    assert states[GRAND_FINAL].winner == 1
    assert states[RESET].status == NOT_NEEDED
    assert placements(bracket, states)[1] == 1


def test_the_reset_is_played_when_the_losers_bracket_winner_takes_the_first_final():
    bracket = double_elimination([1, 2, 3, 4])
    results = {"W1-1": 1, "W1-2": 2, "W2-1": 1, "L1-1": 4, "L2-1": 2}
    states = resolve(bracket, results)
    assert states[GRAND_FINAL].entries == (1, 2)
    assert states[RESET].status == "waiting"
    states = resolve(bracket, {**results, GRAND_FINAL: 2})
    assert states[RESET].status == READY and states[RESET].entries == (1, 2)
    states = resolve(bracket, {**results, GRAND_FINAL: 2, RESET: 2})
    assert placements(bracket, states) == {2: 1, 1: 2, 4: 3, 3: 4}


def test_final_placements_share_places_by_losers_round():
    bracket = double_elimination(list(range(1, 17)))
    _, states = higher_seed_wins(bracket)
    places = placements(bracket, states)
    counts = {place: list(places.values()).count(place) for place in set(places.values())}
    assert counts == {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 7: 2, 9: 4, 13: 4}


def _earliest_losers_rematch(n: int, rng: random.Random) -> int | None:
    bracket = double_elimination(list(range(n)))
    results: dict[str, int] = {}
    met: set[frozenset] = set()
    earliest = None
    while True:
        states = resolve(bracket, results)
        ready = [s for s in states.values() if s.status == READY]
        if not ready:
            return earliest
        for s in ready:
            pair = frozenset(s.entries)
            if pair in met and s.section == "losers" and earliest is None:
                earliest = s.round
            met.add(pair)
            results[s.id] = rng.choice(s.entries)


@pytest.mark.parametrize(("n", "first_allowed"), [(8, 3), (16, 4), (32, 5), (64, 6)])
def test_the_drop_order_keeps_rematches_out_of_the_early_losers_rounds(n, first_allowed):
    # A straight drop order gives rematches in losers round 2; ours waits until
    # the losers bracket's later half, whatever the results.
    rng = random.Random(n)
    earliest = [_earliest_losers_rematch(n, rng) for _ in range(150)]
    assert min(r for r in earliest if r is not None) >= first_allowed
    losers_rounds = 2 * (n.bit_length() - 2)
    assert sum(r is None for r in earliest) > 0 or losers_rounds <= 4
