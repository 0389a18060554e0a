"""Load: clients record whole games against a real server, some two to a game, and
then the database says whether every hand is there exactly once.

Run from the repository root::

    .venv/bin/python bench/load.py --clients 8 --games 16 --seconds 20 [--json PATH]

``--quick`` (a smoke test) makes it 4 clients, 4 games, 4 seconds unless those are
given too.

What it does, none of it mocked:

1. Makes a throwaway database on ``DATABASE_URL``'s server (a SQLite file under
   ``var/`` when it is unset), migrates it and seeds one club: a scorer account (with
   an API token) per client, four players per table, ``--games`` games.
2. Starts gunicorn on a free 127.0.0.1 port with production settings (``DEBUG=0``)
   on that database, with ``REDIS_URL`` as configured, the address and account rate
   limits off (this measures recording, not the limits), and waits for ``/healthz``.
3. Runs ``--clients`` threads. ``--pairs`` pairs of them share a table (both phones
   of one game racing for each hand); the others play alone. Each plays its table's
   games in turn: ``POST /api/v1/games/{id}/hands/`` with ``number`` always, as the
   score pages and the outbox do. A 409 for a number the other phone took re-reads
   the game; every ``--resend``-th stored hand is sent again, as an outbox does when
   an answer is lost, and must come back 200 with the same hand; a post whose answer
   never came is sent again until it is answered.
4. Stops after ``--seconds`` (or when every game is over), stops the server, and
   checks the database: a hand a client was told was stored and is not there is
   *lost*; a hand stored twice for one post, or stored without anyone being told, is
   *doubled*; hand numbers must run 1, 2, 3... in every game.

Prints hands/s and the posts' p50/p95/p99, then "lost 0, doubled 0". Exits 1 when
a hand is lost or doubled, a number is missing, any answer was a 5xx (or a 400: the
hands sent are all valid), or no hand was stored.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

from bench import _server  # noqa: E402
from bench._server import (  # noqa: E402
    database_url,
    free_port,
    stop_server,
    throwaway_database,
)

SEATS = ("north", "east", "south", "west")
DEFAULTS = {"clients": 8, "games": 16, "seconds": 20.0}
QUICK = {"clients": 4, "games": 4, "seconds": 4.0}
TRUMPS = ("black", "red", "yellow", "green")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, help="client threads (default 8, --quick 4)")
    parser.add_argument("--games", type=int, help="games to play (default 16, --quick 4)")
    parser.add_argument("--seconds", type=float, help="time limit (default 20, --quick 4)")
    parser.add_argument(
        "--pairs",
        type=int,
        default=None,
        help="pairs of clients sharing a table (default: a quarter of the clients)",
    )
    parser.add_argument("--resend", type=int, default=5, help="resend every Nth hand (0: never)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="4 clients, 4 games, 4 s")
    parser.add_argument("--json", metavar="PATH", help="append one JSON line per measure")
    args = parser.parse_args(argv)
    for name, value in (QUICK if args.quick else DEFAULTS).items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if args.clients < 1 or args.games < 1 or args.seconds <= 0:
        parser.error("--clients, --games and --seconds must be positive")
    if args.pairs is None:
        args.pairs = args.clients // 4
    if not 0 <= args.pairs * 2 <= args.clients:
        parser.error("--pairs must be at most half of --clients")
    return args


# ---- the clients -------------------------------------------------------------------------------


@dataclass
class Post:
    """One hand a client means to store: sent (and sent again) until answered."""

    client: int
    game: int
    number: int
    body: dict
    hand_ids: set[int] = field(default_factory=set)  # every hand id an answer named


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    posts: list[Post] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


class Client(threading.Thread):
    """One phone: a scorer's token, its table's games, a random but valid hand each time."""

    def __init__(self, index, port, token, games, deadline, tally, resend, seed) -> None:
        super().__init__(name=f"client-{index}", daemon=True)
        self.index, self.port, self.games = index, port, games
        self.deadline, self.tally, self.resend = deadline, tally, resend
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.random = random.Random(seed * 1000 + index)
        self.connection: http.client.HTTPConnection | None = None
        self.stored = 0

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        """One request; a dropped connection is opened again and the request repeated
        (a hand's post keeps its number, so a repeat is answered, never doubled)."""
        payload = json.dumps(body) if body is not None else None
        for attempt in range(20):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            started = time.perf_counter()
            try:
                self.connection.request(method, path, body=payload, headers=self.headers)
                response = self.connection.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException) as error:
                self.connection.close()
                self.connection = None
                self.note(f"{method} {path}: {error!r}, sent again")
                time.sleep(min(0.05 * 2**attempt, 1))
                continue
            elapsed = time.perf_counter() - started
            if response.getheader("Connection", "").lower() == "close":
                self.connection.close()
                self.connection = None
            with self.tally.lock:
                self.tally.statuses[(method, response.status)] += 1
                if method == "POST":
                    self.tally.latencies.append(elapsed)
            try:
                answer = json.loads(data) if data else {}
            except ValueError:
                answer = {"raw": data[:200].decode(errors="replace")}
            return response.status, answer
        raise RuntimeError(f"{method} {path}: no answer after 20 tries")

    def note(self, problem: str) -> None:
        with self.tally.lock:
            self.tally.problems.append(f"client {self.index}: {problem}")

    def hand(self) -> dict:
        r = self.random
        north_south = 5 * r.randint(0, 24)
        return {
            "bidder": r.choice(SEATS),
            "bid": 5 * r.randint(14, 24),  # 70 to 120
            "trump": r.choice(TRUMPS),
            "counters": {"north_south": north_south, "east_west": 120 - north_south},
        }

    def send(self, post: Post) -> int:
        """Post ``post`` until it has an answer other than a 5xx; its status."""
        path = f"/api/v1/games/{post.game}/hands/"
        while True:
            status, answer = self.request("POST", path, {**post.body, "number": post.number})
            if status in (200, 201):
                post.hand_ids.add(answer["id"])
            if status < 500 or time.monotonic() > self.deadline + 30:
                if status >= 500:
                    self.note(f"POST {path}: {status} {answer}")
                return status
            self.note(f"POST {path}: {status}, sent again")
            time.sleep(0.2)

    def play(self, game: int) -> None:
        status, sheet = self.request("GET", f"/api/v1/games/{game}/")
        if status != 200:
            self.note(f"GET game {game}: {status} {sheet}")
            return
        number, finished = sheet["next_number"], sheet["status"] == "finished"
        while not finished and time.monotonic() < self.deadline:
            post = Post(self.index, game, number, self.hand())
            with self.tally.lock:
                self.tally.posts.append(post)
            status = self.send(post)
            if status == 201:
                self.stored += 1
                if self.resend and self.stored % self.resend == 0:
                    # The answer "was lost": the outbox sends the same hand again.
                    again = self.send(post)
                    if again != 200:
                        self.note(f"resent hand {number} of game {game}: {again}, not 200")
            elif status == 409:  # the other phone took this number, or the game is over
                pass
            else:
                self.note(f"hand {number} of game {game}: {status}")
            status, sheet = self.request("GET", f"/api/v1/games/{game}/")
            if status != 200:
                self.note(f"GET game {game}: {status}")
                return
            number, finished = sheet["next_number"], sheet["status"] == "finished"

    def run(self) -> None:
        try:
            for game in self.games:
                if time.monotonic() >= self.deadline:
                    break
                self.play(game)
        except Exception as error:  # a crash is a finding, reported with the rest
            self.note(f"stopped: {error!r}")
        finally:
            if self.connection is not None:
                self.connection.close()


# ---- the server and its database ---------------------------------------------------------------


def start_server(port: int, db: dict, args: argparse.Namespace, log: Path) -> subprocess.Popen:
    return _server.start_server(
        port, database_url(db), log, workers=args.workers, threads=args.threads
    )


def seed(args: argparse.Namespace) -> tuple[list[str], list[list[int]], list[int]]:
    """One club: a scorer (and token) per client, four players per table, the games.
    Returns the tokens, each client's games, and every game's id."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from play.services import game_start
    from rookclub.clubs.models import Club, Membership, Player

    club = Club.objects.create(name="Load Rook Club", slug="load")
    director = get_user_model().objects.create_user("load-director")
    Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    tokens = []
    for index in range(args.clients):
        user = get_user_model().objects.create_user(f"load-scorer-{index}")
        Membership.objects.create(club=club, user=user, role=Membership.Role.SCORER)
        tokens.append(Token.objects.create(user=user).key)
    # Tables: the pairs first (two clients each), then one client a table.
    tables = [[2 * p, 2 * p + 1] for p in range(args.pairs)]
    tables += [[c] for c in range(2 * args.pairs, args.clients)]
    table_games: list[list[int]] = [[] for _ in tables]
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i:03d}") for i in range(4 * len(tables))
    )
    for number in range(args.games):
        table = number % len(tables)
        seats = dict(zip(SEATS, players[4 * table : 4 * table + 4], strict=True))
        game = game_start(ruleset="tournament", seats=seats, created_by=director)
        table_games[table].append(game.pk)
    client_games = [[] for _ in range(args.clients)]
    for table, clients in enumerate(tables):
        for client in clients:
            client_games[client] = table_games[table]
    return tokens, client_games, [g for games in table_games for g in games]


def check(games: list[int], tally: Tally) -> dict[str, int]:
    """What the database holds against what the clients were told."""
    from play.models import Hand

    stored = {
        h["id"]: h for h in Hand.objects.filter(game_id__in=games).values("id", "game_id", "number")
    }
    told = Counter(hand_id for post in tally.posts for hand_id in post.hand_ids)
    lost = sum(
        1
        for post in tally.posts
        for hand_id in post.hand_ids
        if hand_id not in stored
        or (stored[hand_id]["game_id"], stored[hand_id]["number"]) != (post.game, post.number)
    )
    doubled = sum(len(post.hand_ids) - 1 for post in tally.posts if len(post.hand_ids) > 1)
    doubled += sum(1 for hand_id in stored if hand_id not in told)
    gaps = 0
    numbers: dict[int, list[int]] = {}
    for hand in stored.values():
        numbers.setdefault(hand["game_id"], []).append(hand["number"])
    for found in numbers.values():
        gaps += len(set(range(1, len(found) + 1)) ^ set(found))
    return {"stored": len(stored), "lost": lost, "doubled": doubled, "gaps": gaps}


def percentile(values: list[float], share: float) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    with throwaway_database("load"):
        server = None
        try:
            tokens, client_games, games = seed(args)
            connection.close()  # the server's processes open their own
            port = free_port()
            server = start_server(
                port, settings.DATABASES["default"], args, ROOT / "var" / "load.log"
            )
            tally = Tally()
            started = time.monotonic()
            deadline = started + args.seconds
            clients = [
                Client(i, port, tokens[i], client_games[i], deadline, tally, args.resend, args.seed)
                for i in range(args.clients)
            ]
            for client in clients:
                client.start()
            for client in clients:
                client.join(timeout=args.seconds + 120)
            elapsed = time.monotonic() - started
            stop_server(server)
            server = None
            counts = check(games, tally)
            from play.models import Game

            finished = Game.objects.filter(pk__in=games, status="finished").count()
        finally:
            if server is not None:
                stop_server(server)

    five_xx = sum(n for (_, status), n in tally.statuses.items() if status >= 500)
    latencies = tally.latencies
    answers = sorted(tally.statuses.items())
    posts = {status: n for (method, status), n in answers if method == "POST"}
    errors = sum(n for (_, status), n in tally.statuses.items() if status >= 500 or status == 400)
    shared = 2 * args.pairs
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(
        f"{args.clients} clients ({shared} two to a table), {args.games} games "
        f"({finished} finished), {elapsed:.1f} s, {engine}"
    )
    print(f"hands stored {counts['stored']}: {counts['stored'] / elapsed:.1f} hands/s")
    ms = [1000 * t for t in latencies]
    if latencies:
        print(
            f"hand posts {len(ms)}: p50 {percentile(ms, 0.5):.0f} ms, "
            f"p95 {percentile(ms, 0.95):.0f} ms, p99 {percentile(ms, 0.99):.0f} ms"
        )
    print("answers to posts: " + ", ".join(f"{s} x{n}" for s, n in posts.items()))
    for problem in tally.problems[:20]:
        print("  " + problem)
    print(
        f"lost {counts['lost']}, doubled {counts['doubled']}"
        + (f", numbers missing {counts['gaps']}" if counts["gaps"] else "")
    )
    failed = (
        counts["lost"]
        or counts["doubled"]
        or counts["gaps"]
        or errors
        or not counts["stored"]
        or any("stopped" in p or "not 200" in p for p in tally.problems)
    )
    if failed:
        print("FAILED: " + ("5xx or 400 answers" if errors else "see above"))
    if args.json:
        size = f"{args.clients} clients, {args.games} games, {engine}"
        verdict = f"lost {counts['lost']}, doubled {counts['doubled']}, 5xx {five_xx}" + (
            f", numbers missing {counts['gaps']}" if counts["gaps"] else ""
        )
        rows = [
            {
                "bench": "load",
                "measure": f"hands stored/s ({size})",
                "rookclub": f"{counts['stored'] / elapsed:.1f}/s",
                "floor": "",
                "ratio": None,
                "goal": "",
                "ok": None,
            },
            {
                "bench": "load",
                "measure": "hand post p50 / p95 / p99",
                "rookclub": " / ".join(f"{percentile(ms, q):.0f} ms" for q in (0.5, 0.95, 0.99))
                if ms
                else "",
                "floor": "",
                "ratio": None,
                "goal": "",
                "ok": None,
            },
            # ok is the script's own verdict (its exit status): nothing lost or doubled,
            # no 5xx, and also no 400, no missing number, at least one hand stored.
            {
                "bench": "load",
                "measure": "every hand stored exactly once",
                "rookclub": verdict,
                "floor": "",
                "ratio": None,
                "goal": "lost 0, doubled 0",
                "ok": not failed,
            },
        ]
        with open(args.json, "a", encoding="utf-8") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
