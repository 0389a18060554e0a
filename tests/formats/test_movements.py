"""Individual movements: stored whist designs, the fallback search, the validator."""

import pytest

from tournaments.formats.movements import (
    FEWEST_REPEATS,
    NO_REPEATS,
    WHIST,
    WHIST_BASE_ROUNDS,
    Movement,
    MovementRound,
    Table,
    individual_movement,
    two_tier_round,
    validate_movement,
    whist_movement,
)


@pytest.mark.parametrize("players", sorted(WHIST_BASE_ROUNDS))
def test_every_stored_design_partners_each_pair_once_and_opposes_them_twice(players):
    movement = whist_movement(list(range(players)))
    report = validate_movement(movement)
    assert movement.claim == WHIST
    assert report.ok and report.is_whist, report.problems
    expected_rounds = players - 1 if players % 4 == 0 else players
    assert len(movement.rounds) == expected_rounds


def test_a_design_cut_short_still_repeats_no_partner():
    movement = individual_movement(list(range(16)), rounds=6)
    report = validate_movement(movement)
    assert movement.claim == NO_REPEATS and report.ok
    assert report.repeat_partners == 0 and report.excess_opponents == 0


@pytest.mark.parametrize("players", [6, 7, 9, 10, 11, 14])
def test_other_sizes_get_fair_sit_outs_and_few_repeats(players):
    movement = individual_movement(list(range(players)), rounds=6, rng_seed=1)
    report = validate_movement(movement)
    assert movement.claim == FEWEST_REPEATS
    assert report.ok, report.problems
    assert report.repeat_partners <= 2


def test_nine_players_over_nine_rounds_stay_close_to_a_whist_design():
    # Wh(9) exists but is not stored (no cyclic one): the search repeats a little.
    report = validate_movement(individual_movement(list(range(9)), rng_seed=0))
    assert report.ok and report.repeat_partners <= 2


def test_the_validator_catches_a_repeated_partner_and_a_missing_player():
    t = Table(1, (1, 2), (3, 4))
    bad = Movement(
        players=(1, 2, 3, 4, 5),
        rounds=(MovementRound(1, (t,), (5,)), MovementRound(2, (t,), ())),
        claim=WHIST,
    )
    report = validate_movement(bad)
    assert not report.ok
    assert report.repeat_partners == 2
    assert any("seated exactly once" in p for p in report.problems)


def test_two_tier_re_pairing_seats_the_top_ranks_together_and_avoids_repeat_partners():
    ranking = list(range(1, 17))
    first = two_tier_round(ranking, [], number=1)
    assert first.tables[0].pair_a == (1, 4) and first.tables[0].pair_b == (2, 3)
    assert {p for t in first.tables[:2] for p in t.players} == set(range(1, 9))
    second = two_tier_round(ranking, [first], number=2)
    assert second.tables[0].pair_a == (1, 3)
    report = validate_movement(Movement(tuple(ranking), (first, second), NO_REPEATS))
    assert report.ok and report.repeat_partners == 0


def test_two_tier_re_pairing_sits_out_the_lowest_ranks_in_turn():
    ranking = list(range(1, 11))
    first = two_tier_round(ranking, [], number=1)
    second = two_tier_round(ranking, [first], number=2)
    assert first.sitting_out == (9, 10)
    assert set(second.sitting_out).isdisjoint(first.sitting_out)
