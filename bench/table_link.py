"""Recording a hand through a table link against recording it through the games API.

Run from the repository root: ``.venv/bin/python bench/table_link.py [--quick] [--json PATH]``
(``--quick``: 12 tables, a smoke test).

Like for like, in one run, on a throwaway test database (SQLite, or
``DATABASE_URL``'s server): a club night seated at ``TABLES`` tables; the tables are
taken in pairs, and each pair's two games get the same hands in the same order, one
through ``POST /api/v1/games/{id}/hands/`` (a logged-in scorer, as the score-entry
app posts) and the other through ``POST /api/v1/table/{key}/hands/`` (no login),
alternating which goes first. So every timed pair of posts meets the same game state
and the same body. Both go through the Django test client (middleware, URL routing,
DRF, the services, the database), none of it mocked. The link's extra work (finding
the key, the table's current game, the rate-limit counter in the cache) is what the
ratio measures.

Aim (issue): table link <= 1.2 x the games API (median per post).
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

TABLES = 60  # 30 pairs
QUICK_TABLES = 12  # 6 pairs, 4 of them timed
HANDS = 3  # per game: north-south bid 80 and take 85 (the game is not over after 3)
WARMUP_PAIRS = 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_TABLES} tables: a smoke test")
    parser.add_argument("--json", metavar="PATH", help="append one JSON line per measure")
    args = parser.parse_args()
    tables = QUICK_TABLES if args.quick else TABLES

    import datetime

    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import setup_test_environment
    from rest_framework.test import APIClient

    from rookclub.clubs import services
    from rookclub.clubs.models import Club, Membership, Player
    from scoring import nights
    from scoring.models import Game, Hand
    from scoring.table_links import night_tables

    setup_test_environment()
    settings.TABLE_LINK_POSTS_PER_MINUTE = 10**6  # counted as usual, never refused here
    settings.SITE_URL = "https://rook.example.org/"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        cache.clear()
        club = Club.objects.create(name="Bench Rook Club", slug="bench")
        director = get_user_model().objects.create_user("bench-director")
        Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
        players = Player.objects.bulk_create(
            Player(club=club, name=f"Player {i:03d}") for i in range(tables * 4)
        )
        night = nights.session_open(club=club, date=datetime.date(2025, 6, 12), opened_by=director)
        services.session_check_in(session=night, players=players, by=director)
        nights.session_seat(session=night, by=director, seed=1)
        rows = sorted(night_tables(session=night), key=lambda r: r.number)

        scorer = APIClient()
        scorer.force_login(director)  # a session cookie, as the app's pages and phones use
        anonymous = APIClient()
        body = {"bidder": "north", "bid": 80, "trump": "red",
                "counters": {"north_south": 85, "east_west": 35}}  # fmt: skip

        def post_game(row, number):
            return scorer.post(f"/api/v1/games/{row.game.pk}/hands/",
                               {**body, "number": number}, format="json")  # fmt: skip

        def post_link(row, number):
            return anonymous.post(f"/api/v1/table/{row.link.key}/hands/",
                                  {**body, "number": number}, format="json")  # fmt: skip

        times: dict[str, list[float]] = {"games API": [], "table link": []}
        pairs = list(zip(rows[0::2], rows[1::2], strict=True))
        for index, (a, b) in enumerate(pairs):
            for number in range(1, HANDS + 1):
                order = [("games API", post_game, a), ("table link", post_link, b)]
                if (index + number) % 2:
                    order.reverse()
                for name, post, row in order:
                    started = time.perf_counter()
                    response = post(row, number)
                    elapsed = time.perf_counter() - started
                    assert response.status_code == 201, (name, response.content)
                    if index >= WARMUP_PAIRS:
                        times[name].append(elapsed)
        assert Hand.objects.filter(entered_via__isnull=False).count() == len(pairs) * HANDS
        assert not Game.objects.filter(status="finished").exists()

        medians = {name: statistics.median(t) for name, t in times.items()}
        for name, t in times.items():
            print(f"{name:<11} {len(t):>4} posts  median {medians[name] * 1000:6.2f} ms  "
                  f"mean {statistics.fmean(t) * 1000:6.2f} ms")  # fmt: skip
        ratio = medians["table link"] / medians["games API"]
        print(f"table link / games API (median): {ratio:.2f}x  "
              f"(aim <= 1.2x: {'ok' if ratio <= 1.2 else 'SLOW'})")  # fmt: skip
        if args.json:
            with open(args.json, "a", encoding="utf-8") as out:
                out.write(json.dumps(
                    {"bench": "table_link", "measure": "hand post: table link vs games API",
                     "rookclub": f"{medians['table link'] * 1000:.2f} ms",
                     "floor": f"{medians['games API'] * 1000:.2f} ms (games API)",
                     "ratio": round(ratio, 2), "goal": "<= 1.2x", "ok": ratio <= 1.2}
                ) + "\n")  # fmt: skip
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
