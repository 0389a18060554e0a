"""Upper and lower tiers: the invitational regulations' arithmetic, sit-outs, ties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats import FormatError
from tournaments.formats.tiers import sit_out_counts, tiers_ranking, tiers_round


def seating(rnd):
    """Each table as ((partner, partner), (partner, partner)) of seed numbers."""
    return [(t.pair_a, t.pair_b) for t in rnd.tables]


def test_a_field_of_forty_seats_one_and_twenty_one_against_two_and_twenty_two_at_table_one():
    rnd = tiers_round(range(1, 41), number=1)
    assert seating(rnd)[0] == ((1, 21), (2, 22))
    assert seating(rnd)[9] == ((19, 39), (20, 40))
    assert len(rnd.tables) == 10 and rnd.sitting_out == ()


def test_every_table_of_forty_follows_the_regulations_arithmetic():
    rnd = tiers_round(range(1, 41), number=1)
    assert seating(rnd) == [((2 * t - 1, 2 * t + 19), (2 * t, 2 * t + 20)) for t in range(1, 11)]


def test_a_field_of_sixteen_partners_each_upper_player_with_the_lower_player_of_the_same_place():
    rnd = tiers_round(range(1, 17), number=1)
    assert seating(rnd) == [
        ((1, 9), (2, 10)),
        ((3, 11), (4, 12)),
        ((5, 13), (6, 14)),
        ((7, 15), (8, 16)),
    ]


@pytest.mark.parametrize(("field", "resting"), [(17, (17,)), (18, (17, 18)), (19, (17, 18, 19))])
def test_the_lowest_seeds_beyond_a_multiple_of_four_sit_out_round_one(field, resting):
    rnd = tiers_round(range(1, field + 1), number=1)
    assert rnd.sitting_out == resting
    assert seating(rnd)[0] == ((1, 9), (2, 10)) and seating(rnd)[3] == ((7, 15), (8, 16))


def test_later_rounds_rank_by_score_and_the_seed_breaks_ties():
    scores = {seed: 0 for seed in range(1, 17)}
    scores.update({16: 300, 15: 300, 1: 120})
    rnd = tiers_round(range(1, 17), number=2, scores=scores)
    # 15 and 16 lead, tied: the better seed (15) ranks first; then 1, then 2..14.
    assert tiers_ranking(range(1, 17), scores)[:4] == [15, 16, 1, 2]
    assert seating(rnd)[0] == ((15, 7), (16, 8))


def test_a_player_who_sat_out_plays_before_anyone_sits_out_twice():
    first = tiers_round(range(1, 18), number=1)
    second = tiers_round(range(1, 18), number=2, scores={17: -1}, sat_out=sit_out_counts([first]))
    assert first.sitting_out == (17,)
    assert second.sitting_out == (16,)  # lowest-ranked of those who have not sat out
    assert 17 in {p for t in second.tables for p in t.players}


def test_fewer_than_four_players_cannot_fill_a_table():
    with pytest.raises(FormatError) as err:
        tiers_round([1, 2, 3], number=1)
    assert err.value.code == "bad_players"


@given(
    field=st.integers(min_value=4, max_value=60),
    rounds=st.integers(min_value=1, max_value=8),
    data=st.data(),
)
def test_every_player_is_seated_once_a_round_and_sit_outs_stay_even(field, rounds, data):
    played = []
    for number in range(1, rounds + 1):
        scores = data.draw(st.dictionaries(st.integers(1, field), st.integers(-300, 600)))
        rnd = tiers_round(
            range(1, field + 1), number=number, scores=scores, sat_out=sit_out_counts(played)
        )
        seated = [p for t in rnd.tables for p in t.players] + list(rnd.sitting_out)
        assert sorted(seated) == list(range(1, field + 1))
        assert len(rnd.sitting_out) == field % 4
        played.append(rnd)
    counts = sit_out_counts(played)
    spread = [counts.get(p, 0) for p in range(1, field + 1)]
    assert max(spread) - min(spread) <= 1
