"""Tournament standings and Swiss pairing through the database.

Run from the repository root: ``.venv/bin/python bench/standings.py``. It builds a
throwaway test database (SQLite by default, or ``DATABASE_URL``'s server) and prints:

* the time to compute standings for 512 partnerships after 9 Swiss rounds
  (selector: entries, matches and games read, tie-breakers computed);
* the number of queries of the public standings page, at 16 and at 512 entries
  (it must be the same: fixed whatever the size);
* the time to pair round 2 and round 9 of a Swiss event through ``round_pair_next``
  (standings from the database, pairing, rows written), for 512 and 1,024 entries.

Aim (issue 5): pairing < 1 s.
"""

import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402


def build_swiss(entries: int, rounds: int, *, play: int, rng: random.Random):
    """A Swiss event of ``entries`` partnerships with ``play`` rounds played (bulk writes)."""
    from rookclub.clubs.models import Club, Player
    from tournaments import services
    from tournaments.models import Entry, EntryPlayer, Match, MatchGame, Tournament

    club = Club.objects.create(name=f"Bench {entries}", slug=f"bench-{entries}-{rng.random()}")
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i}") for i in range(entries * 2)
    )
    tournament = Tournament.objects.create(
        club=club, name="Bench Swiss", format="swiss", rounds=rounds, ruleset_slug="tournament"
    )
    made = Entry.objects.bulk_create(
        Entry(tournament=tournament, name=f"Pair {i}", seed=i + 1) for i in range(entries)
    )
    EntryPlayer.objects.bulk_create(
        EntryPlayer(entry=e, player=players[2 * i + k], tournament=tournament)
        for i, e in enumerate(made)
        for k in (0, 1)
    )
    tournament = services.tournament_start(tournament=tournament, draw_seed="bench")
    pairing_times = []
    for number in range(1, play + 1):
        if number > 1:
            started = time.perf_counter()
            services.round_pair_next(tournament=tournament)
            pairing_times.append((number, time.perf_counter() - started))
        ready = list(Match.objects.filter(tournament=tournament, status=Match.Status.READY))
        games = []
        for match in ready:
            a, b = rng.randrange(-100, 500, 5), rng.randrange(-100, 500, 5)
            if a == b:
                a += 5
            games.append(MatchGame(match=match, number=1, score_a=a, score_b=b))
            match.winner_id = match.entry_a_id if a > b else match.entry_b_id
            match.status = Match.Status.DECIDED
        MatchGame.objects.bulk_create(games)
        Match.objects.bulk_update(ready, ["winner", "status"])
    return tournament, pairing_times


def page_queries(tournament) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(f"/tournaments/{tournament.pk}/standings/")
    assert response.status_code == 200, response.status_code
    return len(queries)


def main() -> None:
    from tournaments import selectors

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        rng = random.Random(5)
        small, _ = build_swiss(16, 4, play=4, rng=rng)
        big, times_512 = build_swiss(512, 9, play=9, rng=rng)
        runs = []
        for _ in range(5):
            started = time.perf_counter()
            rows = selectors.tournament_standings(tournament=big)
            runs.append(time.perf_counter() - started)
        assert len(rows) == 512
        print(f"standings, 512 entries x 9 rounds (selector, best of 5): {min(runs) * 1000:.0f} ms")
        print(
            f"standings page queries: {page_queries(small)} at 16 entries, "
            f"{page_queries(big)} at 512 entries"
        )
        for number, seconds in times_512:
            if number in (2, 9):
                print(f"pair round {number}, 512 entries (round_pair_next): {seconds:.2f} s")
        _, times_1024 = build_swiss(1024, 9, play=3, rng=rng)
        for number, seconds in times_1024:
            print(f"pair round {number}, 1,024 entries (round_pair_next): {seconds:.2f} s")
        worst = max(s for _, s in times_512 + times_1024)
        print(f"aim: pairing < 1 s -> {'met' if worst < 1 else 'NOT met'} (worst {worst:.2f} s)")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
