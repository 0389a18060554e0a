"""Every format runs from registration to the final standings through the services."""

import pytest

from tests.tournaments.conftest import make_event, play_round, ready_matches
from tournaments import selectors
from tournaments.rounds import round_pair_next, tournament_start


def run_to_the_end(tournament, director):
    for _ in range(30):
        if ready_matches(tournament):
            play_round(tournament, director)
            continue
        tournament.refresh_from_db()
        if tournament.status == "finished":
            return tournament
        round_pair_next(tournament=tournament, by=director)
    raise AssertionError("the event never finished")


@pytest.mark.parametrize(
    ("format", "entries", "games_per_match"),
    [
        ("round_robin", 5, 1),
        ("round_robin", 6, 3),
        ("swiss", 9, 1),
        ("single_elimination", 6, 1),
        ("double_elimination", 7, 3),
        ("individual", 8, 1),
    ],
)
def test_every_format_runs_to_the_end_and_the_top_seed_leads(
    club, director, format, entries, games_per_match
):
    tournament = make_event(club, director, format, entries, games_per_match=games_per_match)

    run_to_the_end(tournament, director)

    rows = selectors.tournament_standings(tournament=tournament)
    assert len(rows) == entries
    assert rows[0].entry.seed == 1
    assert tournament.round_set.exclude(status="finished").count() == 0


def test_an_odd_round_robin_gives_every_entry_exactly_one_bye(club, director):
    tournament = make_event(club, director, "round_robin", 5)

    byes = list(tournament.matches.filter(bye=True).values_list("entry_a", flat=True))

    assert sorted(byes) == sorted(tournament.entries.values_list("pk", flat=True))
    assert tournament.round_set.count() == 5


def test_single_elimination_gives_the_byes_to_the_top_seeds(club, director):
    tournament = make_event(club, director, "single_elimination", 6)

    byes = tournament.matches.filter(bye=True).select_related("entry_a")

    assert sorted(m.entry_a.seed for m in byes) == [1, 2]


def test_the_draw_is_reproducible_from_its_stored_seed(club, director):
    first = make_event(club, director, "single_elimination", 8, start=False)
    first.entries.update(seed=None)
    tournament_start(tournament=first, by=director, draw_seed="fair-2025")
    first.refresh_from_db()
    names = dict(first.entries.values_list("pk", "name"))

    from tournaments.formats.seeding import draw_by_lot

    redrawn = draw_by_lot(sorted(names), rng_seed="fair-2025")
    assert first.seeding == redrawn
