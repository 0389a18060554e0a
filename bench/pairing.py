"""Swiss pairing of a 1,024-partnership event, round by round, through the service.

Run from the repository root: ``.venv/bin/python bench/pairing.py [--quick] [--json PATH]``.

On a throwaway test database (SQLite, or ``DATABASE_URL``'s server): a 10-round Swiss
of 1,024 partnerships is started and played to the end: every match gets a random
result (bulk writes), then ``round_pair_next`` pairs the next round as a director's
"Pair next round" does (standings from the database, the pairing, the rows written).
The last rounds are the hard ones: most opponents to avoid, most score groups.

Floor, in the same run and on the same inputs: the pure pairing
(``pair_swiss_round``) of each round, timed on its own just before the service pairs
that round, so ``service / pairing`` says what the database work adds. The aim is
absolute: the worst round pairs in under 1 s, the whole service call.

``--quick``: 128 partnerships, 5 rounds (a smoke test).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._rows import write_rows  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

GOAL_SECONDS = 1.0


def start_swiss(entries: int, rounds: int):
    """A running Swiss event of ``entries`` partnerships (round 1 paired)."""
    from django.contrib.auth import get_user_model

    from rookclub.clubs.models import Club, Membership, Player
    from tournaments.models import Entry, EntryPlayer, Tournament
    from tournaments.rounds import tournament_start

    club = Club.objects.create(name=f"Bench {entries}", slug=f"bench-pairing-{entries}")
    director = get_user_model().objects.create_user(f"bench-pairing-{entries}")
    Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
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
    started = tournament_start(tournament=tournament, draw_seed="bench", by=director)
    return started, director


def play_round(tournament, rng: random.Random) -> None:
    """A random result for every match still to play (bulk writes, like results in)."""
    from tournaments.models import Match, MatchGame

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


def pairing_alone(tournament) -> tuple[float, int, int]:
    """The floor: the pure pairing of the next round, timed on its own, on the inputs the
    service reads (the same standings rows and earlier pairings, built as it builds
    them). Gives the seconds, the score groups and the rematches."""
    from tournaments import standings_data
    from tournaments.formats import SwissEntry, pair_swiss_round

    data = standings_data.load(tournament)
    rows = standings_data.compute(tournament, data)
    active = {e.pk for e in data.entries if e.active}
    ranked = [
        SwissEntry(r.entry, score=r.match_points, byes=r.byes) for r in rows if r.entry in active
    ]
    previous = [(m.entry_a_id, m.entry_b_id) for m in data.matches]
    started = time.perf_counter()
    answer = pair_swiss_round(ranked, previous)
    seconds = time.perf_counter() - started
    return seconds, len({e.score for e in ranked}), answer.rematches


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="128 entries, 5 rounds")
    parser.add_argument("--json", metavar="PATH", help="append the summary rows to PATH")
    args = parser.parse_args(argv)
    entries, rounds = (128, 5) if args.quick else (1024, 10)

    from django.conf import settings
    from django.db import connection

    from tournaments.rounds import round_pair_next

    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    rng = random.Random(17)
    results = []  # (round, service seconds, pairing seconds, groups, rematches)
    try:
        tournament, director = start_swiss(entries, rounds)
        for number in range(2, rounds + 1):
            play_round(tournament, rng)
            alone, groups, rematches = pairing_alone(tournament)
            started = time.perf_counter()
            round_pair_next(tournament=tournament, by=director)
            elapsed = time.perf_counter() - started
            results.append((number, elapsed, alone, groups, rematches))
            print(
                f"round {number:>2}: service {elapsed * 1000:7.1f} ms, pairing alone "
                f"{alone * 1000:7.1f} ms, {groups:>2} score groups, {rematches} rematches"
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)

    # The goal's worst round is the last one (most opponents to avoid, most score
    # groups); the slowest round measured is printed too (timings here are noisy).
    number, last, pairing, groups, _ = results[-1]
    slowest = max(results, key=lambda r: r[1])
    ok = slowest[1] < GOAL_SECONDS and not any(r[4] for r in results)
    print(
        f"round {number} (the last) of {entries} partnerships, {groups} score groups: "
        f"{last:.3f} s through the service, {pairing:.3f} s pairing alone "
        f"({last / pairing:.1f}x); slowest round: {slowest[0]} in {slowest[1]:.3f} s; "
        f"aim < {GOAL_SECONDS:g} s: {'met' if ok else 'NOT met'}"
    )
    rows = [
        # The absolute goal is the row's; the pairing alone is Rookclub's own algorithm,
        # so it is said in the measure, not set as a floor.
        {
            "bench": "pairing",
            "measure": f"Swiss {entries} entries, round {number} of {rounds}: "
            f"round_pair_next (the pairing alone: {pairing * 1000:.0f} ms)",
            "rookclub": f"{last * 1000:.0f} ms",
            "floor": "",
            "ratio": None,
            "goal": f"< {GOAL_SECONDS:g} s",
            "ok": ok,
        },
    ]
    write_rows(args.json, rows)
    return rows


if __name__ == "__main__":
    main()
