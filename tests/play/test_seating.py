"""Seating a club night: pure functions over player ids (play.seating)."""

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from play.seating import fixed_partnerships, pairs_of, progressive_round, random_draw


def test_a_random_draw_with_the_same_seed_seats_the_same_tables():
    players = list(range(1, 13))

    assert random_draw(players, seed=7) == random_draw(players, seed=7)
    assert random_draw(players, seed=7) != random_draw(players, seed=8)


@given(count=st.integers(min_value=4, max_value=41), seed=st.integers(0, 2**31))
def test_a_random_draw_seats_everyone_once_and_leaves_the_remainder_out(count, seed):
    seating = random_draw(list(range(count)), seed=seed)

    seated = [p for table in seating.tables for p in table]
    assert len(seating.tables) == count // 4
    assert len(seating.sit_outs) == count % 4
    assert sorted(seated + list(seating.sit_outs)) == list(range(count))


def test_the_players_who_sat_out_last_time_play_this_time():
    seating = random_draw(list(range(1, 7)), seed=1, sat_out=Counter({1: 1, 2: 1}))

    assert not {1, 2} & set(seating.sit_outs)


def test_fixed_partnerships_sit_opposite_each_other():
    pairs = [(1, 2), (3, 4), (5, 6), (7, 8)]

    seating = fixed_partnerships(pairs, seed=3)

    partnerships = {p for table in seating.tables for p in pairs_of(table)[0]}
    assert partnerships == {frozenset(pair) for pair in pairs}


def test_with_an_odd_number_of_pairs_the_pair_that_rested_least_recently_rests():
    seating = fixed_partnerships([(1, 2), (3, 4), (5, 6)], seed=0, sat_out=Counter({1: 1}))

    assert set(seating.sit_outs) in ({3, 4}, {5, 6})


def run_movement(count, rounds, seed=0):
    partnered, opposed, sat_out = Counter(), Counter(), Counter()
    history = []
    for number in range(rounds):
        seating = progressive_round(
            list(range(count)),
            seed=seed + number,
            partnered=partnered,
            opposed=opposed,
            sat_out=sat_out,
        )
        for table in seating.tables:
            partners, opponents = pairs_of(table)
            partnered.update(partners)
            opposed.update(opponents)
        sat_out.update(seating.sit_outs)
        history.append(seating)
    return history, partnered, sat_out


def test_four_players_partner_each_other_player_once_in_three_rounds():
    # docs/rules.md §6: after 12 hands each player has partnered each of the other three once.
    _, partnered, _ = run_movement(4, 3)

    assert len(partnered) == 6
    assert set(partnered.values()) == {1}


def test_partners_change_every_round_of_a_progressive_night():
    history, _, _ = run_movement(12, 4)

    for before, after in itertools.pairwise(history):
        old = {p for t in before.tables for p in pairs_of(t)[0]}
        new = {p for t in after.tables for p in pairs_of(t)[0]}
        assert not old & new


@settings(max_examples=30, deadline=None)
@given(count=st.integers(min_value=5, max_value=23), rounds=st.integers(1, 8))
def test_sit_outs_rotate_fairly(count, rounds):
    _, _, sat_out = run_movement(count, rounds)

    times = [sat_out[p] for p in range(count)]
    assert max(times) - min(times) <= 1
