"""Selectors read a tournament in a fixed number of queries whatever its size."""

import pytest

from tests.tournaments.conftest import make_event, play_round
from tournaments import selectors
from tournaments.rounds import round_pair_next


def swiss_after_rounds(club, director, entries, rounds):
    tournament = make_event(club, director, "swiss", entries, rounds=rounds)
    for number in range(rounds):
        play_round(tournament, director)
        if number < rounds - 1:
            round_pair_next(tournament=tournament, by=director)
    return tournament


@pytest.mark.parametrize(("entries", "rounds"), [(4, 2), (24, 4)])
def test_standings_take_three_queries(
    club, director, django_assert_max_num_queries, entries, rounds
):
    tournament = swiss_after_rounds(club, director, entries, rounds)

    with django_assert_max_num_queries(3):
        rows = selectors.tournament_standings(tournament=tournament)

    assert len(rows) == entries


@pytest.mark.parametrize(("entries", "rounds"), [(4, 2), (24, 4)])
def test_rounds_take_three_queries(club, director, django_assert_max_num_queries, entries, rounds):
    tournament = swiss_after_rounds(club, director, entries, rounds)

    with django_assert_max_num_queries(3):
        rounds_read = selectors.tournament_rounds(tournament=tournament)
        for rnd in rounds_read:
            for match in rnd.matches.all():
                (match.entry_a, match.entry_b, list(match.games.all()))

    assert len(rounds_read) == rounds


@pytest.mark.parametrize("entries", [4, 32])
def test_the_bracket_takes_two_queries(club, director, django_assert_max_num_queries, entries):
    tournament = make_event(club, director, "double_elimination", entries)
    play_round(tournament, director)

    with django_assert_max_num_queries(2):
        data = selectors.tournament_bracket(tournament=tournament)
        for match in data["matches"]:
            (match.entry_a, match.entry_b, list(match.games.all()))

    assert len(data["matches"]) == 2 * entries - 1


@pytest.mark.parametrize(("entries", "rounds"), [(8, 3), (64, 3)])
def test_standings_add_up_match_points_in_the_database(
    club, director, django_assert_max_num_queries, entries, rounds
):
    """Entries, and one aggregated row per match: no game is loaded."""
    tournament = swiss_after_rounds(club, director, entries, rounds)

    with django_assert_max_num_queries(2):
        rows = selectors.tournament_standings(tournament=tournament)

    assert len(rows) == entries
    assert sum(r.played for r in rows) == entries * rounds
