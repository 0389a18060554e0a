"""Fixtures for tournament tests: a club, its director, and events built through services."""

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, director_of, players_of
from tournaments import services
from tournaments.entries import entry_add
from tournaments.results import match_result_enter
from tournaments.rounds import tournament_start


@pytest.fixture
def club(db):
    return ClubFactory(name="Bluegrass Rook")


@pytest.fixture
def director(club):
    return director_of(club, username="tess")


@pytest.fixture
def api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


def make_event(club, director, format, entries, *, start=True, **kwargs):
    """An event of ``format`` with ``entries`` entries seeded 1..n (partnerships,
    or single players for an individual event), started unless ``start=False``.
    Rounds start no games at their tables unless ``options`` says ``start_games``
    (tests/tournaments/test_round_games_start.py tests that default)."""
    kwargs["options"] = {"start_games": False, **(kwargs.get("options") or {})}
    tournament = services.tournament_create(
        club=club, name=f"{format} event", format=format, by=director, **kwargs
    )
    size = 1 if format == "individual" else 2
    players = players_of(club, entries * size)
    for number in range(entries):
        entry_add(
            tournament=tournament,
            players=players[number * size : (number + 1) * size],
            name=f"Entry {number + 1}",
            seed=number + 1,
            by=director,
        )
    if start:
        tournament = tournament_start(tournament=tournament, by=director, draw_seed="t")
    return tournament


def entry_ids(tournament):
    """Entry ids in seed order."""
    return list(tournament.entries.order_by("seed").values_list("pk", flat=True))


def ready_matches(tournament):
    from tournaments.models import Match

    return list(
        tournament.matches.filter(status=Match.Status.READY).order_by("round__number", "table")
    )


def play_round(tournament, director, *, higher_seed_wins=True):
    """Enter a result for every ready match: the lower seed number wins 300-150."""
    for match in ready_matches(tournament):
        a_wins = (match.entry_a.seed < match.entry_b.seed) == higher_seed_wins
        games = [[300, 150] if a_wins else [150, 300]] * (tournament.games_per_match // 2 + 1)
        match_result_enter(match=match, games=games, by=director)
