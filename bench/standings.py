"""Tournament standings and Swiss pairing through the database.

Run from the repository root: ``.venv/bin/python bench/standings.py [--quick] [--json PATH]``
(``--quick``: 64 and 128 entries instead of 512 and 1,024, a smoke test). It builds a
throwaway test database (SQLite by default, or ``DATABASE_URL``'s server) and prints:

* the time to compute standings for 512 partnerships after 9 Swiss rounds
  (selector: entries, matches and games read, tie-breakers computed);
* the number of queries of the public standings page, at 16 and at 512 entries
  (it must be the same: fixed whatever the size);
* the time to pair round 2 and round 9 of a Swiss event through ``round_pair_next``
  (standings from the database, pairing, rows written), for 512 and 1,024 entries.

Aim: pairing < 1 s.
"""

import argparse
import json
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
    from rookclub.core.roles import SYSTEM
    from tournaments.models import Entry, EntryPlayer, Match, MatchGame, Tournament
    from tournaments.rounds import round_pair_next, tournament_start

    club = Club.objects.create(name=f"Bench {entries}", slug=f"bench-{entries}-{rng.random()}")
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i}") for i in range(entries * 2)
    )
    # Results are typed in (as from paper sheets): the bench times pairing and
    # standings, not starting a game at every table of every round.
    tournament = Tournament.objects.create(
        club=club,
        name="Bench Swiss",
        format="swiss",
        rounds=rounds,
        ruleset_slug="tournament",
        options={"start_games": False},
    )
    made = Entry.objects.bulk_create(
        Entry(tournament=tournament, name=f"Pair {i}", seed=i + 1) for i in range(entries)
    )
    EntryPlayer.objects.bulk_create(
        EntryPlayer(entry=e, player=players[2 * i + k], tournament=tournament)
        for i, e in enumerate(made)
        for k in (0, 1)
    )
    tournament = tournament_start(tournament=tournament, draw_seed="bench", by=SYSTEM)
    pairing_times = []
    for number in range(1, play + 1):
        if number > 1:
            started = time.perf_counter()
            round_pair_next(tournament=tournament, by=SYSTEM)
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="64 and 128 entries: a smoke test")
    parser.add_argument("--json", metavar="PATH", help="append one JSON line per measure")
    args = parser.parse_args()
    size, bigger = (64, 128) if args.quick else (512, 1024)
    rows_out: list[dict] = []

    def row(measure: str, rookclub: str, floor: str = "", ratio=None, goal="", ok=None) -> None:
        rows_out.append(
            {
                "bench": "standings",
                "measure": measure,
                "rookclub": rookclub,
                "floor": floor,
                "ratio": ratio,
                "goal": goal,
                "ok": ok,
            }
        )

    from tournaments import selectors

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        rng = random.Random(5)
        small, _ = build_swiss(16, 4, play=4, rng=rng)
        big, times_512 = build_swiss(size, 9, play=9, rng=rng)
        runs = []
        for _ in range(5):
            started = time.perf_counter()
            rows = selectors.tournament_standings(tournament=big)
            runs.append(time.perf_counter() - started)
        assert len(rows) == size
        label = f"standings, {size:,} entries x 9 rounds (selector, best of 5)"
        print(f"{label}: {min(runs) * 1000:.0f} ms")
        row(label, f"{min(runs) * 1000:.0f} ms")
        few, many = page_queries(small), page_queries(big)
        print(f"standings page queries: {few} at 16 entries, {many} at {size:,} entries")
        # A count checked at two sizes, not a ratio: its floor would be Rookclub itself.
        row(
            f"standings page queries at {size:,} entries (16 entries: {few})",
            str(many),
            goal=f"= {few}, as at 16",
            ok=few == many,
        )
        for number, seconds in times_512:
            if number in (2, 9):
                label = f"pair round {number}, {size:,} entries (round_pair_next)"
                print(f"{label}: {seconds:.2f} s")
                row(label, f"{seconds:.2f} s", goal="< 1 s", ok=seconds < 1)
        _, times_1024 = build_swiss(bigger, 9, play=3, rng=rng)
        for number, seconds in times_1024:
            label = f"pair round {number}, {bigger:,} entries (round_pair_next)"
            print(f"{label}: {seconds:.2f} s")
            row(label, f"{seconds:.2f} s", goal="< 1 s", ok=seconds < 1)
        worst = max(s for _, s in times_512 + times_1024)
        print(f"aim: pairing < 1 s -> {'met' if worst < 1 else 'NOT met'} (worst {worst:.2f} s)")
        if args.json:
            with open(args.json, "a", encoding="utf-8") as out:
                for line in rows_out:
                    out.write(json.dumps(line) + "\n")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
