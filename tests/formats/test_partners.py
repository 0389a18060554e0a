"""Partners drawn by lot: a perfect matching that keeps the pins, re-run from its seed."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats import FormatError
from tournaments.formats.partners import draw_partners


def test_the_same_seed_draws_the_same_partners():
    pool = list(range(1, 13))
    assert draw_partners(pool, rng_seed="fair") == draw_partners(pool, rng_seed="fair")


def test_pinned_pairs_come_first_and_stay_together():
    pairs = draw_partners(list(range(1, 9)), pins=[[7, 2]], rng_seed="x")
    assert pairs[0] == (7, 2)
    assert all(2 not in pair and 7 not in pair for pair in pairs[1:])


@pytest.mark.parametrize(
    ("pool", "pins", "code"),
    [
        ([1, 2, 3], [], "odd_field"),
        ([1, 2, 3, 4], [[1, 1]], "pin_not_a_pair"),
        ([1, 2, 3, 4], [[1, 9]], "pin_unknown_entry"),
        ([1, 2, 3, 4], [[1, 2], [2, 3]], "pinned_twice"),
        ([1, 1, 2, 3], [], "entry_twice"),
    ],
)
def test_a_draw_that_cannot_be_made_is_refused_with_its_code(pool, pins, code):
    with pytest.raises(FormatError) as err:
        draw_partners(pool, pins=pins, rng_seed=0)
    assert err.value.code == code


@st.composite
def pools_with_pins(draw):
    pool = draw(st.lists(st.integers(1, 500), min_size=0, max_size=40, unique=True))
    if len(pool) % 2:
        pool = pool[:-1]
    shuffled = draw(st.permutations(pool))
    count = draw(st.integers(0, len(pool) // 2))
    pins = [[shuffled[2 * i], shuffled[2 * i + 1]] for i in range(count)]
    return pool, pins


@given(drawn=pools_with_pins(), seed=st.text(max_size=8))
def test_every_player_gets_exactly_one_partner_and_every_pin_is_kept(drawn, seed):
    pool, pins = drawn
    pairs = draw_partners(pool, pins=pins, rng_seed=seed)
    players = [p for pair in pairs for p in pair]
    assert sorted(players) == sorted(pool)
    assert all(a != b for a, b in pairs)
    assert {frozenset(p) for p in pins} <= {frozenset(p) for p in pairs}
