"""Hand entry against its floor: ``POST /api/v1/games/{id}/hands/`` next to the least a
hand POST can cost on the same server and database (bench/floor_app: a serializer,
``select_for_update`` on the parent, one INSERT).

Run from the repository root::

    .venv/bin/python bench/hand_entry.py [--quick] [--json PATH]

Both run under gunicorn (2 sync workers, production settings, ``DEBUG=0``, a
throwaway ``SECRET_KEY``) on throwaway databases of ``DATABASE_URL``'s PostgreSQL
server, each migrated first (without PostgreSQL: SQLite files under ``var/``, with a
warning). Both are measured in the same run, interleaved, with token auth:

* one client, p50 latency: one hand to Rookclub, one to the floor, in turn;
* 8 clients, throughput: 8 threads post whole games' hands (the floor: the same
  bodies to their parents), Rookclub and floor phases taking turns;
* SQL statements per POST, counted in-process (``CaptureQueriesContext``, BEGIN and
  COMMIT included).

Goals: at most 8 statements per hand POST; 8-client throughput at least 0.6x the
floor's on PostgreSQL.
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
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

from bench._server import (  # noqa: E402
    database_url,
    free_port,
    start_server,
    stop_server,
    throwaway_database,
)

BENCH = ROOT / "bench"
SEATS = ("north", "east", "south", "west")
TRUMPS = ("black", "red", "yellow", "green")
CLIENTS = 8
FLOOR_SETTINGS = {"DJANGO_SETTINGS_MODULE": "floor_app.settings"}
FLOOR_HANDS = 8  # hands a floor client posts to one parent before the next
THROUGHPUT_GOAL = 0.6  # 8 clients, against the floor


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    parser.add_argument("--json", metavar="PATH", help="append one JSON line per measure")
    parser.add_argument("--seconds", type=float, help="each throughput phase (default 8)")
    parser.add_argument("--latency-posts", type=int, help="posts each for p50 (default 200)")
    args = parser.parse_args(argv)
    args.seconds = args.seconds or (1.5 if args.quick else 8.0)
    args.latency_posts = args.latency_posts or (30 if args.quick else 200)
    args.rounds = 1 if args.quick else 2
    return args


def hand_body(rng: random.Random) -> dict:
    north_south = 5 * rng.randint(0, 24)
    return {
        "bidder": rng.choice(SEATS),
        "bid": 5 * rng.randint(14, 24),
        "trump": rng.choice(TRUMPS),
        "counters": {"north_south": north_south, "east_west": 120 - north_south},
    }


class Poster:
    """One client's connection; sync gunicorn workers close it after each answer."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.connection: http.client.HTTPConnection | None = None

    def post(self, path: str, body: dict) -> tuple[int, dict, float]:
        payload = json.dumps(body)
        for _ in range(5):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            started = time.perf_counter()
            try:
                self.connection.request("POST", path, body=payload, headers=self.headers)
                response = self.connection.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = None
                continue
            elapsed = time.perf_counter() - started
            if response.getheader("Connection", "").lower() == "close":
                self.connection.close()
                self.connection = None
            return response.status, json.loads(data or b"{}"), elapsed
        raise RuntimeError(f"POST {path}: no answer after 5 tries")


class Games:
    """Rookclub's side: games handed out one at a time; a client plays each to its end."""

    def __init__(self, ids: list[int]) -> None:
        self.ids, self.lock = list(ids), threading.Lock()

    def take(self) -> int | None:
        with self.lock:
            return self.ids.pop() if self.ids else None


class RookclubPlayer:
    def __init__(self, port: int, token: str, games: Games, seed: int) -> None:
        self.poster, self.games, self.rng = Poster(port, token), games, random.Random(seed)
        self.game: int | None = None
        self.number = 1

    def post_one(self) -> float | None:
        """Post the next hand (a new game when the last is over); its latency."""
        if self.game is None:
            self.game, self.number = self.games.take(), 1
            if self.game is None:
                return None
        path = f"/api/v1/games/{self.game}/hands/"
        status, answer, elapsed = self.poster.post(
            path, {**hand_body(self.rng), "number": self.number}
        )
        if status != 201:
            raise RuntimeError(f"POST {path}: {status} {answer}")
        self.number += 1
        if answer["status"] == "finished":
            self.game = None
        return elapsed


class FloorPlayer:
    def __init__(self, port: int, token: str, parents: Games, seed: int) -> None:
        self.poster, self.parents, self.rng = Poster(port, token), parents, random.Random(seed)
        self.parent: int | None = None
        self.number = 1

    def post_one(self) -> float | None:
        if self.parent is None or self.number > FLOOR_HANDS:
            self.parent, self.number = self.parents.take(), 1
            if self.parent is None:
                return None
        path = f"/parents/{self.parent}/children/"
        status, answer, elapsed = self.poster.post(
            path, {**hand_body(self.rng), "number": self.number}
        )
        if status != 201:
            raise RuntimeError(f"POST {path}: {status} {answer}")
        self.number += 1
        return elapsed


def throughput(players: list, seconds: float) -> float:
    """Posts per second with one thread per player for ``seconds``."""
    counts = [0] * len(players)
    errors: list[BaseException] = []
    deadline = time.monotonic() + seconds

    def run(index: int) -> None:
        try:
            while time.monotonic() < deadline:
                if players[index].post_one() is None:
                    return
                counts[index] += 1
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(players))]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return sum(counts) / (time.monotonic() - started)


# ---- the two servers and their databases -------------------------------------------------------


def rookclub_seed(games: int) -> tuple[list[str], list[int], int]:
    """Scorers' tokens, ``games`` games, and the statements of one hand POST."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    from bench import load

    tokens, _, game_ids = load.seed(argparse.Namespace(clients=CLIENTS, pairs=0, games=games + 1))
    counted = game_ids.pop()
    client = APIClient(SERVER_NAME="127.0.0.1")
    client.credentials(HTTP_AUTHORIZATION=f"Token {tokens[0]}")
    for number in (1, 2):  # the second hand is counted: mid-game, as most are
        with CaptureQueriesContext(connection) as queries:
            answer = client.post(
                f"/api/v1/games/{counted}/hands/",
                {**hand_body(random.Random(number)), "bid": 70, "number": number},
                format="json",
            )
        assert answer.status_code == 201, answer.content
    return tokens, game_ids, len(queries.captured_queries)


def floor_database(db: dict) -> tuple[str, str]:
    """The floor's throwaway database beside Rookclub's: (its URL, its name)."""
    if db["ENGINE"].endswith("sqlite3"):
        path = ROOT / "var" / "hand_entry_floor.sqlite3"
        path.unlink(missing_ok=True)
        return f"sqlite:///{path}", str(path)
    from django.db import connection

    name = f"{db['NAME']}_floor"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        cursor.execute(f'CREATE DATABASE "{name}"')
    return database_url({**db, "NAME": name}), name


def drop_floor_database(db: dict, name: str) -> None:
    if db["ENGINE"].endswith("sqlite3"):
        Path(name).unlink(missing_ok=True)
        return
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')


def floor_seed(url: str, parents: int) -> dict:
    env = {
        **os.environ,
        "PYTHONPATH": str(BENCH),
        "DATABASE_URL": url,
        "SECRET_KEY": "seed",
        "ALLOWED_HOSTS": "127.0.0.1",
        **FLOOR_SETTINGS,
    }
    out = subprocess.run(
        [sys.executable, "-m", "floor_app.seed", str(CLIENTS), str(parents)],
        cwd=BENCH,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode:
        raise RuntimeError(f"the floor's database could not be set up:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def report(args: argparse.Namespace, rows: list[dict]) -> None:
    for row in rows:
        mark = "ok" if row["ok"] else "MISSED"
        print(
            f"{row['measure']:<34} rookclub {row['rookclub']:>14}  floor {row['floor']:>14}  "
            f"ratio {row['ratio']:>5}  goal {row['goal']:<14} {mark}"
        )
    if args.json:
        with open(args.json, "a") as out:
            for row in rows:
                out.write(json.dumps({"bench": "hand_entry", **row}) + "\n")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        warnings.warn(
            "DATABASE_URL is not PostgreSQL: measuring on SQLite files under var/ "
            "(one writer at a time), not the production database.",
            stacklevel=1,
        )
    # Enough games and parents that no client runs out during its phases.
    games = 60 if args.quick else 1200
    with throwaway_database("hand_entry"):
        servers: list[subprocess.Popen] = []
        floor_name = None
        try:
            tokens, game_ids, statements = rookclub_seed(games)
            floor_url, floor_name = floor_database(db)
            floor = floor_seed(floor_url, games * 2)
            connection.close()  # the servers open their own
            var = ROOT / "var"
            rook_port, floor_port = free_port(), free_port()
            servers.append(start_server(rook_port, database_url(db), var / "hand_entry.log"))
            floor_log = var / "hand_entry_floor.log"
            floor_server = start_server(
                floor_port,
                floor_url,
                floor_log,
                app="floor_app.wsgi",
                path=BENCH,
                env=FLOOR_SETTINGS,
            )
            servers.append(floor_server)
            rook_games, floor_parents = Games(game_ids), Games(floor["parents"])

            # One client, interleaved post by post (a few of each first, not timed).
            rook_one = RookclubPlayer(rook_port, tokens[0], rook_games, 1)
            floor_one = FloorPlayer(floor_port, floor["tokens"][0], floor_parents, 1)
            latencies: dict[str, list[float]] = {"rookclub": [], "floor": []}
            for index in range(args.latency_posts + 10):
                order = [("rookclub", rook_one), ("floor", floor_one)]
                for name, player in order if index % 2 else order[::-1]:
                    elapsed = player.post_one()
                    if index >= 10 and elapsed is not None:
                        latencies[name].append(elapsed)

            # Eight clients, phases taking turns.
            rates: dict[str, list[float]] = {"rookclub": [], "floor": []}
            for round_ in range(args.rounds):
                rook = [
                    RookclubPlayer(rook_port, tokens[i], rook_games, 100 * round_ + i)
                    for i in range(CLIENTS)
                ]
                flo = [
                    FloorPlayer(floor_port, floor["tokens"][i], floor_parents, 100 * round_ + i)
                    for i in range(CLIENTS)
                ]
                phases = [("rookclub", rook), ("floor", flo)]
                for name, players in phases if round_ % 2 == 0 else phases[::-1]:
                    rates[name].append(throughput(players, args.seconds))
        finally:
            for server in servers:
                stop_server(server)
            if floor_name is not None:
                drop_floor_database(db, floor_name)

    p50 = {name: 1000 * statistics.median(t) for name, t in latencies.items()}
    rate = {name: statistics.fmean(r) for name, r in rates.items()}
    engine = db["ENGINE"].rsplit(".", 1)[-1]
    print(
        f"hand entry against its floor: gunicorn, 2 sync workers, {engine}, "
        f"{os.cpu_count()} CPUs{' (quick)' if args.quick else ''}"
    )
    throughput_ratio = rate["rookclub"] / rate["floor"]
    report(
        args,
        [
            {
                "measure": "one client, p50 latency",
                "rookclub": f"{p50['rookclub']:.1f} ms",
                "floor": f"{p50['floor']:.1f} ms",
                "ratio": round(p50["rookclub"] / p50["floor"], 2),
                "goal": "report only",
                "ok": True,
            },
            {
                "measure": f"{CLIENTS} clients, throughput",
                "rookclub": f"{rate['rookclub']:.0f} hands/s",
                "floor": f"{rate['floor']:.0f} posts/s",
                "ratio": round(throughput_ratio, 2),
                "goal": f">= {THROUGHPUT_GOAL:g}x",
                "ok": throughput_ratio >= THROUGHPUT_GOAL,
            },
            {
                "measure": "SQL statements per POST",
                "rookclub": str(statements),
                "floor": str(floor["statements"]),
                "ratio": round(statements / floor["statements"], 2),
                "goal": "<= 8",
                "ok": statements <= 8,
            },
        ],
    )
    return 0 if throughput_ratio >= THROUGHPUT_GOAL and statements <= 8 else 1


if __name__ == "__main__":
    sys.exit(main())
