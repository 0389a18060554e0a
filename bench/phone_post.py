"""The hand a player posts from the table page against the same hand through the games
API, in web CPU and statements per post (issue #26, goal 3).

Run from the repository root, on PostgreSQL with Redis::

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/phone_post.py \
        [--quick] [--json PATH]

A throwaway database with a club night seated at 8 tables. gunicorn serves Rookclub
with one sync worker (bench/_counting.py: each answer carries its statements and the
worker's CPU time). In turn, post by post: a hand through a table's link page
(``POST /t/<key>/`` with htmx, the form the phones use; the answer is the page's live
region) and the same hand through ``POST /api/v1/games/{id}/hands/`` (a director's
token) at another table. Hands alternate sides and are set, so no game ends.

Aim: the table page's post at most 1.3x the API's, in web CPU and in statements.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._rows import write_rows  # noqa: E402

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
from bench.tuesday import HANDS, Phone, Tally  # noqa: E402

GOAL = 1.3
TABLES = 8


def api_post(port: int, token: str, game: int, number: int) -> tuple[int, dict]:
    data = HANDS[number % 2]
    body = {"number": number, "bidder": data["bidder"], "bid": 80, "trump": "red",
            "counters": {"north_south": data["counters_north_south"],
                         "east_west": data["counters_east_west"]}}  # fmt: skip
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("POST", f"/api/v1/games/{game}/hands/", body=json.dumps(body),
                       headers={"Authorization": f"Token {token}",
                                "Content-Type": "application/json"})  # fmt: skip
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, dict(response.getheaders())


def page_post(phone: Phone, key: str, number: int) -> tuple[int, dict]:
    data = HANDS[number % 2]
    form = {"kind": "hand", "number": number, "side": data["side"], "bidder": data["bidder"],
            "bid": 80, "trump": "red", "counters_north_south": data["counters_north_south"],
            "counters_east_west": data["counters_east_west"]}  # fmt: skip
    headers = {"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded",
               "X-CSRFToken": phone.cookies.get("csrftoken", ""),
               "Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items())}  # fmt: skip
    connection = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=60)
    connection.request("POST", f"/t/{key}/", body=urlencode(form), headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, dict(response.getheaders())


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few posts (a smoke test)")
    parser.add_argument("--json", metavar="PATH", help="append the summary rows to PATH")
    args = parser.parse_args(argv)
    posts = 24 if args.quick else 120

    from django.db import connection
    from rest_framework.authtoken.models import Token

    from bench.night_page import build_night
    from scoring.models import Game, TableLink
    from scoring.table_links import links_for

    cost: dict[str, list[tuple[int, int]]] = {"page": [], "api": []}
    with throwaway_database("phone_post") as db:
        night, director = build_night("phone-post", TABLES)
        links = links_for(club=night.club, kind=TableLink.Kind.NIGHT,
                          numbers=range(1, TABLES + 1), session=night)  # fmt: skip
        half = TABLES // 2
        keys = [links[n].key for n in range(1, half + 1)]
        games = [Game.objects.get(session=night, table_seating__table=n).pk
                 for n in range(half + 1, TABLES + 1)]  # fmt: skip
        token = Token.objects.create(user=director).key
        connection.close()
        env = {"TABLE_LINK_POSTS_PER_MINUTE": "100000", "CONN_MAX_AGE": "600"}
        port = free_port()
        server = start_server(port, database_url(db), ROOT / "var" / "phone_post.log",
                              app="bench._counting:application", workers=1, env=env)  # fmt: skip
        try:
            phones = [Phone(port, Tally()) for _ in keys]
            for phone, key in zip(phones, keys, strict=True):
                phone.request("", "GET", f"/t/{key}/")
            numbers = {"page": [2] * half, "api": [2] * half}
            warmup = 2 * half
            for i in range(posts + warmup):
                table = i % half
                order = ("page", "api") if i % 2 else ("api", "page")
                for kind in order:
                    n = numbers[kind][table]
                    if kind == "page":
                        status, answer = page_post(phones[table], keys[table], n)
                        expect = 200
                    else:
                        status, answer = api_post(port, token, games[table], n)
                        expect = 201
                    assert status == expect, (kind, status)
                    numbers[kind][table] += 1
                    if i >= warmup:
                        cost[kind].append((int(answer["X-Bench-CPU"]),
                                           int(answer["X-Bench-Statements"])))  # fmt: skip
        finally:
            stop_server(server)
    cpu = {k: statistics.median(c for c, _ in v) / 1000 for k, v in cost.items()}
    statements = {k: statistics.median(s for _, s in v) for k, v in cost.items()}
    ratio, statement_ratio = cpu["page"] / cpu["api"], statements["page"] / statements["api"]
    print(f"table page post: {cpu['page']:.2f} ms web CPU, {statements['page']:g} statements")
    print(f"games API post:  {cpu['api']:.2f} ms web CPU, {statements['api']:g} statements")
    print(f"ratio: {ratio:.2f}x CPU, {statement_ratio:.2f}x statements (aim <= {GOAL:g}x: "
          f"{'ok' if max(ratio, statement_ratio) <= GOAL else 'MISSED'})")  # fmt: skip
    rows = [
        {"bench": "phone_post", "measure": "hand post: table page (htmx) vs games API, web CPU",
         "rookclub": f"{cpu['page']:.2f} ms", "floor": f"{cpu['api']:.2f} ms (games API)",
         "ratio": round(ratio, 2), "goal": f"<= {GOAL:g}x", "ok": ratio <= GOAL},
        {"bench": "phone_post", "measure": "hand post: table page vs games API, statements",
         "rookclub": f"{statements['page']:g}", "floor": f"{statements['api']:g} (games API)",
         "ratio": round(statement_ratio, 2), "goal": f"<= {GOAL:g}x",
         "ok": statement_ratio <= GOAL},
    ]  # fmt: skip
    write_rows(args.json, rows)
    return rows


if __name__ == "__main__":
    main()
