"""Correcting a result re-propagates through the bracket and names what depended on it."""

import pytest

from tournaments.formats.base import FormatError
from tournaments.formats.bracket import correct_result, resolve
from tournaments.formats.double_elim import double_elimination
from tournaments.formats.single_elim import single_elimination

from .helpers import higher_seed_wins


def test_a_corrected_first_round_result_moves_the_new_winner_through_the_bracket():
    bracket = single_elimination(list(range(1, 9)))
    results, _ = higher_seed_wins(bracket)  # 1 beat 8 in W1-1, then won it all
    fix = correct_result(bracket, results, "W1-1", 8)
    assert fix.states["W1-1"].winner == 8
    assert fix.states["W2-1"].entries == (8, 4)
    assert fix.affected == ["W2-1", "W3-1"]
    assert fix.invalidated == ["W2-1", "W3-1"]
    # W2-1's recorded winner (1) is no longer in the match: it waits for a replay.
    assert fix.states["W2-1"].status == "ready" and fix.states["W2-1"].stale_result
    assert fix.states["W3-1"].status == "waiting"


def test_a_correction_before_later_matches_are_played_invalidates_nothing():
    bracket = single_elimination(list(range(1, 9)))
    fix = correct_result(bracket, {"W1-1": 1}, "W1-1", 8)
    assert fix.affected == ["W2-1"]
    assert fix.invalidated == []


def test_in_double_elimination_a_correction_reaches_the_losers_bracket_too():
    bracket = double_elimination(list(range(1, 9)))
    results, before = higher_seed_wins(bracket)
    fix = correct_result(bracket, results, "W1-1", 8)
    assert "W2-1" in fix.affected
    assert any(m.startswith("L1") for m in fix.affected)
    assert set(fix.invalidated) <= set(bracket.dependents("W1-1"))
    assert fix.states["L1-1"].entries != before["L1-1"].entries


def test_dependents_lists_every_later_match_fed_by_a_match():
    bracket = double_elimination(list(range(1, 5)))
    assert bracket.dependents("W2-1") == ["L2-1", "GF", "GF2"]
    assert bracket.dependents("GF") == ["GF2"]


def test_correcting_to_an_entry_not_in_the_match_is_refused():
    bracket = single_elimination([1, 2, 3, 4])
    with pytest.raises(FormatError) as error:
        correct_result(bracket, {}, "W1-1", 3)
    assert error.value.code == "not_in_match"


def test_resolving_the_same_results_twice_gives_the_same_bracket():
    bracket = double_elimination(list(range(11)))
    results, states = higher_seed_wins(bracket)
    assert resolve(bracket, results) == states
