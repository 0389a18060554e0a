"""Time the pure format layer on big events.

Run from the repository root: ``.venv/bin/python bench/pairing.py``.
Aim: a 1,024-partnership Swiss round pairs in under a second.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.formats.standings import SWISS_PRECEDENCE, MatchResult, standings
from tournaments.formats.swiss import SwissEntry, pair_swiss_round


def simulate_swiss(entries: int, rounds: int, rng: random.Random):
    """Play ``rounds`` random rounds; return scores, byes and every pairing so far."""
    scores = dict.fromkeys(range(entries), 0)
    byes = dict.fromkeys(range(entries), 0)
    previous: list[tuple[int, int | None]] = []
    for _ in range(rounds):
        ranked = sorted(scores, key=lambda e: (-scores[e], e))
        round_ = pair_swiss_round([SwissEntry(e, scores[e], byes[e]) for e in ranked], previous)
        for p in round_.pairings:
            previous.append((p.home, p.away))
            if p.is_bye:
                byes[p.home] += 1
                scores[p.home] += 1
            else:
                scores[rng.choice(p.entries)] += 1
    return scores, byes, previous


def bench_swiss(entries: int = 1024, played: int = 5) -> None:
    scores, byes, previous = simulate_swiss(entries, played, random.Random(1))
    ranked = sorted(scores, key=lambda e: (-scores[e], e))
    field = [SwissEntry(e, scores[e], byes[e]) for e in ranked]
    start = time.perf_counter()
    round_ = pair_swiss_round(field, previous)
    elapsed = time.perf_counter() - start
    groups = len(set(scores.values()))
    print(
        f"swiss: paired round {played + 1} of {entries} partnerships "
        f"({groups} score groups) in {elapsed:.3f} s, rematches: {round_.rematches}"
    )


def bench_standings(entries: int = 512, rounds: int = 9) -> None:
    rng = random.Random(2)
    order = list(range(entries))
    results = []
    for number in range(1, rounds + 1):
        rng.shuffle(order)
        for i in range(0, entries, 2):
            home_points = rng.randrange(0, 500, 5)
            results.append(MatchResult(order[i], order[i + 1], home_points, 500, round=number))
    start = time.perf_counter()
    rows = standings(range(entries), results, precedence=SWISS_PRECEDENCE)
    elapsed = time.perf_counter() - start
    ties = sum(row.playoff_needed for row in rows)
    print(
        f"standings: {entries} entries x {rounds} rounds in {elapsed:.3f} s "
        f"({ties} entries flagged for a playoff)"
    )


if __name__ == "__main__":
    bench_swiss()
    bench_standings()
