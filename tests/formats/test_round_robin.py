"""Round robins against the FIDE Berger tables."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats.round_robin import (
    FORFEIT,
    berger_table,
    round_robin_schedule,
    withdraw,
)

# FIDE Handbook C.05 Annex 1, Berger tables (white first).
FIDE_BERGER = {
    4: [
        [(1, 4), (2, 3)],
        [(4, 3), (1, 2)],
        [(2, 4), (3, 1)],
    ],
    6: [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ],
    8: [
        [(1, 8), (2, 7), (3, 6), (4, 5)],
        [(8, 5), (6, 4), (7, 3), (1, 2)],
        [(2, 8), (3, 1), (4, 7), (5, 6)],
        [(8, 6), (7, 5), (1, 4), (2, 3)],
        [(3, 8), (4, 2), (5, 1), (6, 7)],
        [(8, 7), (1, 6), (2, 5), (3, 4)],
        [(4, 8), (5, 3), (6, 2), (7, 1)],
    ],
}


@pytest.mark.parametrize("players", sorted(FIDE_BERGER))
def test_berger_table_matches_the_published_fide_table(players):
    assert berger_table(players) == FIDE_BERGER[players]


def test_an_odd_field_uses_the_table_of_the_next_even_size_with_the_top_seat_as_bye():
    schedule = round_robin_schedule(["a", "b", "c", "d", "e"])
    assert len(schedule) == 5
    byes = [p.home for r in schedule for p in r if p.is_bye]
    assert sorted(byes) == ["a", "b", "c", "d", "e"]
    assert all(r[-1].is_bye for r in schedule)


@given(st.integers(min_value=2, max_value=30), st.integers(min_value=1, max_value=2))
def test_every_two_entries_meet_once_per_cycle_and_nobody_plays_twice_a_round(n, cycles):
    schedule = round_robin_schedule(list(range(n)), cycles=cycles)
    met: dict[frozenset, int] = {}
    for rnd in schedule:
        seated = [e for p in rnd for e in p.entries]
        assert sorted(seated) == list(range(n))
        for p in rnd:
            if not p.is_bye:
                met[frozenset(p.entries)] = met.get(frozenset(p.entries), 0) + 1
    assert len(met) == n * (n - 1) // 2
    assert set(met.values()) == {cycles}


def test_the_second_cycle_swaps_home_and_away():
    schedule = round_robin_schedule([1, 2, 3, 4], cycles=2)
    first = {(p.home, p.away) for r in schedule[:3] for p in r}
    second = {(p.away, p.home) for r in schedule[3:] for p in r}
    assert first == second


def test_a_withdrawal_turns_its_remaining_games_into_forfeit_byes_for_the_opponents():
    schedule = round_robin_schedule([1, 2, 3, 4])
    after = withdraw(schedule, 4, from_round=2)
    assert after[0] == schedule[0]
    for rnd in after[1:]:
        assert all(4 not in p.entries for p in rnd)
        forfeits = [p for p in rnd if FORFEIT in p.flags]
        assert len(forfeits) == 1 and forfeits[0].is_bye
