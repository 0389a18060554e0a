"""Recomputing a club's ratings from its whole history.

Run from the repository root: ``.venv/bin/python bench/ratings.py [--quick] [--json PATH]``.
It builds a throwaway test database (SQLite by default, or ``DATABASE_URL``'s server)
holding one club with 100,000 hands (``--quick``: 5,000) in about 5,900 finished games
(partnership games, Beginner games scored by player, games for three), and times:

* rookclub: ``standings.ratings.recompute_club`` -- read the games (two queries, no
  model instances), rate them in finishing order, replace the club's ratings and
  their ledger (one transaction, batched inserts);
* floor: OpenSkill's ``PlackettLuce.rate`` alone over the same games, already in
  memory as teams and ranks (the least any recompute must do).

They run interleaved, best of three each. Aim: under 10 s on one
core. It also prints the queries of the profile API at a small and the big history
(they must be equal).
"""

import argparse
import json
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

GOAL_SECONDS = 10.0
START = datetime(2020, 1, 6, 19, 0, tzinfo=UTC)


def build_club(hands: int, *, rng: random.Random, players: int = 48):
    """A club whose finished games hold ``hands`` hands in all (bulk writes)."""
    from play.models import Game, GameSeat, Hand
    from rookclub.clubs.models import Club, Player
    from scoring.engine import PRESETS

    club = Club.objects.create(name=f"Bench {hands}", slug=f"bench-{hands}-{rng.random()}")
    people = Player.objects.bulk_create(Player(club=club, name=f"P{i}") for i in range(players))
    kinds = [("tournament", 8), ("beginner", 1), ("three-player", 1)]
    snapshots = {slug: PRESETS[slug].to_dict() for slug, _ in kinds}
    games, seats, counts, total = [], [], [], 0
    while total < hands:
        slug = rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        rules = PRESETS[slug]
        names = rules.player_seats
        sat = dict(zip(names, rng.sample(people, len(names)), strict=True))
        count = min(rng.randint(12, 22), hands - total)
        if rules.sides:
            win, lose = rng.randrange(300, 420, 5), rng.randrange(-100, 295, 5)
            ns_wins = rng.random() < 0.5
            totals = {
                "north_south": win if ns_wins else lose,
                "east_west": lose if ns_wins else win,
            }
            by_player = {
                str(p.pk): totals["north_south" if s in ("north", "south") else "east_west"]
                for s, p in sat.items()
            }
        else:
            totals = {}
            by_player = {str(p.pk): rng.randrange(-40, 200, 5) for p in sat.values()}
        finished = START + timedelta(minutes=7 * len(games) + rng.randint(0, 5))
        games.append(
            Game(
                club=club,
                ruleset_slug=slug,
                ruleset=snapshots[slug],
                status=Game.Status.FINISHED,
                totals=totals,
                player_totals=by_player,
                finished_at=finished,
            )
        )
        seats.append(sat)
        counts.append(count)
        total += count
    Game.objects.bulk_create(games, batch_size=2000)
    GameSeat.objects.bulk_create(
        (
            GameSeat(game=g, seat=s, player=p)
            for g, sat in zip(games, seats, strict=True)
            for s, p in sat.items()
        ),
        batch_size=5000,
    )
    record = {
        "bidder": "north",
        "bid": 120,
        "trump": "red",
        "counters": {"north_south": 120, "east_west": 0},
    }
    Hand.objects.bulk_create(
        (
            Hand(game=g, number=n + 1, record=record, dealer="north", score={})
            for g, count in zip(games, counts, strict=True)
            for n in range(count)
        ),
        batch_size=5000,
    )
    return club, people, len(games)


def floor(club) -> float:
    """OpenSkill alone over the club's games, read into memory beforehand."""
    from openskill.models import PlackettLuce

    from standings.ratings import rated_games
    from standings.ratings_core import RatingSettings

    results = sorted(rated_games(club.pk), key=lambda r: r.key)
    s = RatingSettings()
    model = PlackettLuce(mu=s.mu, sigma=s.sigma, beta=s.beta, tau=s.tau)
    started = time.perf_counter()
    current = {}
    for result in results:
        teams = [[current.get(p) or model.rating() for p in team] for team in result.teams]
        rated = model.rate(teams, ranks=list(result.ranks))
        for team, new in zip(result.teams, rated, strict=True):
            current.update(zip(team, new, strict=True))
    return time.perf_counter() - started


def recompute(club) -> float:
    from standings.ratings import recompute_club

    started = time.perf_counter()
    recompute_club(club_id=club.pk)
    return time.perf_counter() - started


def profile_queries(player) -> int:
    from rest_framework.test import APIClient

    from rookclub.clubs.models import Membership
    from tests.factories import UserFactory

    user = UserFactory()
    Membership.objects.create(user=user, club=player.club, role=Membership.Role.MEMBER)
    client = APIClient()
    client.force_authenticate(user)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/v1/players/{player.pk}/profile/")
    assert response.status_code == 200, response.status_code
    return len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5,000 hands: a smoke test")
    parser.add_argument("--json", metavar="PATH", help="append one JSON line per measure")
    args = parser.parse_args()
    hands = 5_000 if args.quick else 100_000
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        rng = random.Random(15)
        small, small_people, _ = build_club(60, rng=rng, players=8)
        built = time.perf_counter()
        club, people, games = build_club(hands, rng=rng)
        print(f"built {hands:,} hands in {games:,} games in {time.perf_counter() - built:.1f} s")
        ours, base = [], []
        for _ in range(3):  # interleaved: both see the same load on a shared machine
            ours.append(recompute(club))
            base.append(floor(club))
        best, low = min(ours), min(base)
        ratio = best / low
        ok = best < GOAL_SECONDS
        print(
            f"recompute {hands:,} hands ({games:,} games): rookclub {best:.2f} s, "
            f"floor (openskill rate() alone) {low:.2f} s, ratio {ratio:.1f}x; "
            f"aim < {GOAL_SECONDS:.0f} s -> {'met' if ok else 'NOT met'}"
        )
        recompute(small)
        few, many = profile_queries(small_people[0]), profile_queries(people[0])
        print(f"profile API queries: {few} with a short history, {many} with the long one")
        if args.json:
            with open(args.json, "a") as out:
                for line in (
                    {
                        "bench": "ratings",
                        "measure": f"recompute {hands:,} hands",
                        "rookclub": f"{best:.2f} s",
                        "floor": f"{low:.2f} s",
                        "ratio": round(ratio, 1),
                        "goal": f"< {GOAL_SECONDS:.0f} s",
                        "ok": ok,
                    },
                    # A count checked at two sizes, not a ratio against Rookclub itself.
                    {
                        "bench": "ratings",
                        "measure": f"profile API queries, long history (short: {few})",
                        "rookclub": str(many),
                        "floor": "",
                        "ratio": None,
                        "goal": f"= {few}, as the short",
                        "ok": few == many,
                    },
                ):
                    out.write(json.dumps(line) + "\n")
        if not ok or few != many:
            sys.exit(1)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
