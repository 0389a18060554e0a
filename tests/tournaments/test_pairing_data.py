"""Swiss pairing reads plain rows (``standings_data.load``: each match one row, its
points added up by the database): the service pairs exactly as the pure
pairing does on those rows, on random events, and the read is two queries at any size."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.conftest import make_event, ready_matches
from tournaments import standings_data
from tournaments.entries import entry_withdraw
from tournaments.formats.swiss import SwissEntry, pair_swiss_round
from tournaments.models import Match
from tournaments.results import match_result_enter
from tournaments.rounds import round_pair_next


def _inputs(tournament, data):
    rows = standings_data.compute(tournament, data)
    active = {e.pk for e in data.entries if e.active}
    ranked = [
        SwissEntry(r.entry, score=r.match_points, byes=r.byes) for r in rows if r.entry in active
    ]
    previous = [(m.entry_a_id, m.entry_b_id) for m in data.matches]
    return rows, ranked, previous


def _play(tournament, director, rng):
    for match in ready_matches(tournament):
        # A finished game: the winner reached 300, the loser did not (random spreads).
        win, lose = 300 + rng.randrange(0, 60, 5), rng.randrange(0, 300, 5)
        games = [[win, lose] if rng.random() < 0.5 else [lose, win]]
        games *= tournament.games_per_match // 2 + 1
        match_result_enter(match=match, games=games, by=director)


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10**6), entries=st.integers(5, 13), rounds=st.integers(3, 5))
def test_the_service_pairs_as_the_pure_pairing_does_on_the_rows(
    club, director, seed, entries, rounds
):
    rng = random.Random(seed)
    tournament = make_event(club, director, "swiss", entries, rounds=rounds)
    for number in range(2, rounds + 1):
        _play(tournament, director, rng)
        if number == 3 and entries > 6:
            entry_withdraw(entry=tournament.entries.order_by("?").first(), by=director)
        data = standings_data.load(tournament)
        _, ranked, previous = _inputs(tournament, data)
        assert len(previous) == Match.objects.filter(tournament=tournament).count()
        expected = pair_swiss_round(ranked, previous)

        rnd = round_pair_next(tournament=tournament, by=director)

        stored = sorted(
            (m.entry_a_id, m.entry_b_id, sorted(m.flags)) for m in Match.objects.filter(round=rnd)
        )
        assert stored == sorted((p.home, p.away, sorted(p.flags)) for p in expected.pairings), (
            "the service pairs exactly as the pure pairing on the same rows"
        )
        if len(ranked) >= 2 * number:  # room to avoid every rematch
            assert expected.rematches == 0


@pytest.mark.parametrize(("entries", "rounds"), [(6, 2), (24, 4)])
def test_the_pairing_read_takes_two_queries(
    club, director, django_assert_max_num_queries, entries, rounds
):
    rng = random.Random(entries)
    tournament = make_event(club, director, "swiss", entries, rounds=rounds + 1)
    for _ in range(rounds):
        _play(tournament, director, rng)
        round_pair_next(tournament=tournament, by=director)

    with django_assert_max_num_queries(2):
        data = standings_data.load(tournament)

    assert len(data.matches) == Match.objects.filter(tournament=tournament).count()
