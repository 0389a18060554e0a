"""Standard bracket seeding order and byes to the top seeds."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats.seeding import (
    bracket_size,
    draw_by_lot,
    first_round_slots,
    seed_order,
    seeds_with_director_order,
)

PUBLISHED = {
    2: [1, 2],
    4: [1, 4, 2, 3],
    8: [1, 8, 4, 5, 2, 7, 3, 6],
    16: [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11],
}


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_seed_order_matches_the_published_bracket(size):
    assert seed_order(size) == PUBLISHED[size]


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_top_seeds_meet_only_as_late_as_their_seeding_allows(size):
    order = seed_order(size)
    assert sorted(order) == list(range(1, size + 1))
    for i in range(0, size, 2):
        assert order[i] + order[i + 1] == size + 1
    # Seeds 1..2^k sit in different sections of size/2^k: they cannot meet before.
    k = 1
    while 2**k <= size:
        section = size // 2**k
        sections = {order.index(seed) // section for seed in range(1, 2**k + 1)}
        assert len(sections) == 2**k
        k += 1


@given(st.integers(min_value=2, max_value=64))
def test_byes_go_to_the_top_seeds_and_no_game_is_bye_against_bye(n):
    slots = first_round_slots(list(range(1, n + 1)))
    assert len(slots) * 2 == bracket_size(n)
    byes = bracket_size(n) - n
    with_bye = sorted(a if b is None else b for a, b in slots if None in (a, b))
    assert with_bye == list(range(1, byes + 1))
    assert all((a, b) != (None, None) for a, b in slots)


def test_a_draw_by_lot_is_reproducible_from_its_seed():
    entries = list(range(20))
    assert draw_by_lot(entries, rng_seed="fair-2025") == draw_by_lot(entries, rng_seed="fair-2025")
    assert sorted(draw_by_lot(entries, rng_seed=1)) == entries
    assert draw_by_lot(entries, rng_seed=1) != draw_by_lot(entries, rng_seed=2)


def test_director_placed_seeds_come_first_and_the_rest_are_drawn():
    order = seeds_with_director_order(list("abcdef"), ["d", "a"], rng_seed=7)
    assert order[:2] == ["d", "a"]
    assert sorted(order) == list("abcdef")
