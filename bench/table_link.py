"""Recording a hand through a table link against recording it through the games API,
in web CPU and statements per post, and against a floor outside
Rookclub (bench/floor_app, bench/_floor.py).

Run from the repository root, on PostgreSQL with Redis (as the phones' server runs)::

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/table_link.py \
        [--quick] [--json PATH]

A throwaway database with a club night seated at ``TABLES`` tables, one hand recorded
at each. gunicorn serves Rookclub with one sync worker through bench/_counting.py
(each answer carries its statements and the worker's CPU time), and the floor app the
same way. Post by post, in turn (the order alternates): a hand through
``POST /api/v1/table/{key}/hands/`` (no login: the link's key) at one half of the
tables, the same hand through ``POST /api/v1/games/{id}/hands/`` (a director's token)
at the other half, the same body to the floor's ``POST /parents/{id}/children/``.
Hands alternate sides and are set, so no game ends. The link's extra work (finding
the key, the table's current game, the rate-limit counter in the cache) is what the
ratio measures; wall times are printed too (the machine may be shared: CPU counts).

Aim: table link <= 1.2x the games API, in web CPU and in statements.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._rows import ratio_row, write_rows  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

from bench._server import (  # noqa: E402
    database_url,
    free_port,
    start_server,
    stop_server,
    throwaway_database,
)
from bench.tuesday import HANDS  # noqa: E402

GOAL = 1.2
TABLES = 8


def body_of(number: int) -> dict:
    data = HANDS[number % 2]
    return {
        "number": number,
        "bidder": data["bidder"],
        "bid": 80,
        "trump": "red",
        "counters": {
            "north_south": data["counters_north_south"],
            "east_west": data["counters_east_west"],
        },
    }


def post(port: int, path: str, body: dict, token: str | None = None) -> tuple[int, dict, float]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("POST", path, body=json.dumps(body), headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, dict(response.getheaders()), time.perf_counter() - started


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few posts (a smoke test)")
    parser.add_argument("--json", metavar="PATH", help="append the summary rows to PATH")
    args = parser.parse_args(argv)
    posts = 24 if args.quick else 120

    from django.db import connection
    from rest_framework.authtoken.models import Token

    from bench._floor import Floor
    from bench.night_page import build_night
    from play.models import Game, TableLink
    from play.table_links import links_for

    kinds = ("link", "api", "floor")
    cost: dict[str, list[tuple[int, int, float]]] = {kind: [] for kind in kinds}
    with throwaway_database("table_link") as db:
        night, director = build_night("table-link", TABLES)
        links = links_for(
            club=night.club, kind=TableLink.Kind.NIGHT, numbers=range(1, TABLES + 1), night=night
        )
        half = TABLES // 2
        keys = [links[n].key for n in range(1, half + 1)]
        games = [
            Game.objects.get(night=night, table_seating__table=n).pk
            for n in range(half + 1, TABLES + 1)
        ]
        token = Token.objects.create(user=director).key
        connection.close()
        env = {"TABLE_LINK_POSTS_PER_MINUTE": "100000", "CONN_MAX_AGE": "600"}
        port = free_port()
        server = start_server(
            port,
            database_url(db),
            ROOT / "var" / "table_link.log",
            app="bench._counting:application",
            workers=1,
            env=env,
        )
        try:
            with Floor(db, half, "table_link_floor.log") as floor:
                numbers = {kind: [2] * half for kind in kinds}
                warmup = 2 * half
                for i in range(posts + warmup):
                    table = i % half
                    order = kinds if i % 2 else tuple(reversed(kinds))
                    for kind in order:
                        n = numbers[kind][table]
                        if kind == "link":
                            status, answer, wall = post(
                                port, f"/api/v1/table/{keys[table]}/hands/", body_of(n)
                            )
                        elif kind == "api":
                            status, answer, wall = post(
                                port, f"/api/v1/games/{games[table]}/hands/", body_of(n), token
                            )
                        else:
                            body = {k: v for k, v in body_of(n).items() if k != "number"}
                            started = time.perf_counter()
                            status, answer = floor.post(table + half * (n - 2), body)
                            wall = time.perf_counter() - started
                        assert status == 201, (kind, status)
                        numbers[kind][table] += 1
                        if i >= warmup:
                            spent = int(answer["X-Bench-CPU"]), int(answer["X-Bench-Statements"])
                            cost[kind].append((*spent, wall))
        finally:
            stop_server(server)
    return report(args, cost)


def report(args: argparse.Namespace, cost: dict[str, list[tuple[int, int, float]]]) -> list[dict]:
    cpu = {k: statistics.median(c for c, _, _ in v) / 1000 for k, v in cost.items()}
    statements = {k: statistics.median(s for _, s, _ in v) for k, v in cost.items()}
    wall = {k: statistics.median(w for _, _, w in v) * 1000 for k, v in cost.items()}
    names = {"link": "table link API post", "api": "games API post", "floor": "floor app post"}
    for kind, name in names.items():
        print(
            f"{name:<20} {len(cost[kind]):>4} posts  {cpu[kind]:6.2f} ms web CPU  "
            f"{statements[kind]:g} statements  wall median {wall[kind]:6.2f} ms"
        )
    units = {"web CPU": (cpu, " ms"), "statements": (statements, ""), "wall": (wall, " ms")}

    def row(unit: str, mine: str, floor: str, goal: float | None = None) -> dict:
        values, suffix = units[unit]
        ratio = round(values[mine] / values[floor], 2)
        shown = "{:.2f}" if suffix else "{:g}"
        return ratio_row(
            "table_link",
            f"hand post: {names[mine]} vs {names[floor]}, {unit}",
            shown.format(values[mine]) + suffix,
            shown.format(values[floor]) + suffix + f" ({names[floor]})",
            ratio,
            goal,
        )

    rows = [
        row("web CPU", "link", "api", GOAL),
        row("statements", "link", "api", GOAL),
        row("wall", "link", "api"),
        row("web CPU", "link", "floor"),
        row("statements", "link", "floor"),
    ]
    for r in rows[:2]:
        print(f"{r['measure']}: {r['ratio']}x (aim <= {GOAL:g}x: {'ok' if r['ok'] else 'MISSED'})")
    write_rows(args.json, rows)
    return rows


if __name__ == "__main__":
    main()
