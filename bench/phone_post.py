"""The hand a player posts from the table page against the same hand through the games
API, in web CPU and statements per post, and both against a floor
outside Rookclub (bench/floor_app, bench/_floor.py).

Run from the repository root, on PostgreSQL with Redis::

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/phone_post.py \
        [--quick] [--json PATH]

A throwaway database with a club night seated at 9 tables, one hand recorded at each.
gunicorn serves Rookclub with one sync worker (bench/_counting.py: each answer carries
its statements and the worker's CPU time), and the floor app the same way. In turn,
post by post:

* ``json``: what a phone's offline outbox sends for a kept hand: the table page's form
  posted to ``POST /t/<key>/`` with ``Accept: application/json`` (static/js/outbox.js;
  the answer is the hand's number and a sentence);
* ``confirm``: the other side's Confirm of each ``json`` hand, right after it, as the
  table page's row posts it (htmx: ``POST /t/<key>/hands/<n>/confirm/``; the answer is
  the hand's row and the sheet's count);
* ``api``: the same hand through ``POST /api/v1/games/{id}/hands/`` (a director's
  token) at another table;
* ``nojs``: a phone without JavaScript: the plain form post (302) and the page it is
  sent back to (``GET /t/<key>/?recorded=N``), counted together (informational);
* ``floor``: the same body to the floor app's ``POST /parents/{id}/children/``.

Hands alternate sides and are set, so no game ends.

Aim: the table page's post at most 1.3x the API's, in web CPU and in statements; the
Confirm at most the table page's post (1x), in both.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode

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
from bench.tuesday import HANDS, Phone, Tally  # noqa: E402

GOAL = 1.3
TABLES = 9


def api_post(port: int, token: str, game: int, number: int) -> tuple[int, dict]:
    data = HANDS[number % 2]
    body = {
        "number": number,
        "bidder": data["bidder"],
        "bid": 80,
        "trump": "red",
        "counters": {
            "north_south": data["counters_north_south"],
            "east_west": data["counters_east_west"],
        },
    }
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request(
        "POST",
        f"/api/v1/games/{game}/hands/",
        body=json.dumps(body),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, dict(response.getheaders())


def page_post(phone: Phone, key: str, number: int, *, script: bool) -> tuple[int, dict]:
    """The table page's form; ``script``: as static/js/outbox.js posts it (JSON answer),
    else as a browser without JavaScript (the 302 only; the page it leads to is
    :func:`page_get`)."""
    data = HANDS[number % 2]
    form = {
        "kind": "hand",
        "number": number,
        "side": data["side"],
        "bidder": data["bidder"],
        "bid": 80,
        "trump": "red",
        "counters_north_south": data["counters_north_south"],
        "counters_east_west": data["counters_east_west"],
        "csrfmiddlewaretoken": phone.cookies.get("csrftoken", ""),
    }
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items()),
    }
    if script:
        headers["Accept"] = "application/json"
        headers["X-CSRFToken"] = phone.cookies.get("csrftoken", "")
    connection = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=60)
    connection.request("POST", f"/t/{key}/", body=urlencode(form), headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, dict(response.getheaders())


def page_confirm(phone: Phone, key: str, number: int) -> tuple[int, dict]:
    """The other side's Confirm of hand ``number``, from its row of the table page (htmx)."""
    form = {"side": HANDS[number % 2]["other"]}
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items()),
        "HX-Request": "true",
        "X-CSRFToken": phone.cookies.get("csrftoken", ""),
    }
    connection = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=60)
    path = f"/t/{key}/hands/{number}/confirm/"
    connection.request("POST", path, body=urlencode(form), headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, dict(response.getheaders())


def page_get(phone: Phone, path: str) -> tuple[int, dict]:
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items())}
    connection = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=60)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, dict(response.getheaders())


def collected_static() -> Path:
    """The static files collected with their hashed names (``DEBUG=0`` pages name them),
    for the page a phone without script is sent back to."""
    target = ROOT / "var" / "phone_post_static"
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "collectstatic", "STATIC_ROOT": str(target)}
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return target


def cost_of(answer: dict) -> tuple[int, int]:
    return int(answer["X-Bench-CPU"]), int(answer["X-Bench-Statements"])


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

    kinds = ("json", "nojs", "api", "floor")
    cost: dict[str, list[tuple[int, int]]] = {kind: [] for kind in (*kinds, "confirm")}
    with throwaway_database("phone_post") as db:
        night, director = build_night("phone-post", TABLES)
        links = links_for(
            club=night.club, kind=TableLink.Kind.NIGHT, numbers=range(1, TABLES + 1), night=night
        )
        third = TABLES // 3
        json_keys = [links[n].key for n in range(1, third + 1)]
        nojs_keys = [links[n].key for n in range(third + 1, 2 * third + 1)]
        games = [
            Game.objects.get(night=night, table_seating__table=n).pk
            for n in range(2 * third + 1, TABLES + 1)
        ]
        token = Token.objects.create(user=director).key
        connection.close()
        env = {
            "TABLE_LINK_POSTS_PER_MINUTE": "100000",
            "CONN_MAX_AGE": "600",
            "STATIC_ROOT": str(collected_static()),
        }
        port = free_port()
        server = start_server(
            port,
            database_url(db),
            ROOT / "var" / "phone_post.log",
            app="bench._counting:application",
            workers=1,
            env=env,
        )
        try:
            with Floor(db, third, "phone_post_floor.log") as floor:
                phones = {key: Phone(port, Tally()) for key in json_keys + nojs_keys}
                for key, phone in phones.items():
                    phone.request("", "GET", f"/t/{key}/")
                numbers = {kind: [2] * third for kind in kinds}
                warmup = 2 * third
                for i in range(posts + warmup):
                    table = i % third
                    order = kinds if i % 2 else tuple(reversed(kinds))
                    for kind in order:
                        n = numbers[kind][table]
                        spent = post_one(
                            kind, n, table, phones, json_keys, nojs_keys, port, token, games, floor
                        )
                        numbers[kind][table] += 1
                        if i >= warmup:
                            cost[kind].append(spent)
                        if kind == "json":  # the other side confirms it
                            key = json_keys[table]
                            status, answer = page_confirm(phones[key], key, n)
                            assert status == 200, ("confirm", status)
                            if i >= warmup:
                                cost["confirm"].append(cost_of(answer))
        finally:
            stop_server(server)
    return report(args, cost)


def post_one(kind, n, table, phones, json_keys, nojs_keys, port, token, games, floor):  # type: ignore[no-untyped-def]
    """One hand of ``kind``; its (CPU microseconds, statements)."""
    if kind == "json":
        key = json_keys[table]
        status, answer = page_post(phones[key], key, n, script=True)
        assert status == 200, (kind, status)
        return cost_of(answer)
    if kind == "nojs":
        key = nojs_keys[table]
        status, answer = page_post(phones[key], key, n, script=False)
        assert status == 302, (kind, status)
        status, page = page_get(phones[key], f"/t/{key}/?recorded={n}")
        assert status == 200, (kind, status)
        (cpu, statements), (cpu2, statements2) = cost_of(answer), cost_of(page)
        return cpu + cpu2, statements + statements2
    if kind == "api":
        status, answer = api_post(port, token, games[table], n)
        assert status == 201, (kind, status)
        return cost_of(answer)
    data = HANDS[n % 2]
    body = {
        "bidder": data["bidder"],
        "bid": 80,
        "trump": "red",
        "counters": {
            "north_south": data["counters_north_south"],
            "east_west": data["counters_east_west"],
        },
    }
    status, answer = floor.post(table + len(floor.parents) * (n - 2), body)
    assert status == 201, (kind, status)
    return cost_of(answer)


def report(args: argparse.Namespace, cost: dict[str, list[tuple[int, int]]]) -> list[dict]:
    cpu = {k: statistics.median(c for c, _ in v) / 1000 for k, v in cost.items()}
    statements = {k: statistics.median(s for _, s in v) for k, v in cost.items()}
    names = {
        "json": "table page post (JSON, with script)",
        "api": "games API post",
        "nojs": "table page post + page (no script)",
        "floor": "floor app post",
        "confirm": "table page Confirm (htmx)",
    }
    for kind, name in names.items():
        print(f"{name:<38} {cpu[kind]:6.2f} ms web CPU, {statements[kind]:g} statements")
    ratio, statement_ratio = cpu["json"] / cpu["api"], statements["json"] / statements["api"]
    met = "ok" if max(ratio, statement_ratio) <= GOAL else "MISSED"
    print(
        f"table page / games API: {ratio:.2f}x CPU, {statement_ratio:.2f}x statements "
        f"(aim <= {GOAL:g}x: {met})"
    )
    ratio = cpu["confirm"] / cpu["json"]
    statement_ratio = statements["confirm"] / statements["json"]
    met = "ok" if max(ratio, statement_ratio) <= 1 else "MISSED"
    print(
        f"Confirm / table page post: {ratio:.2f}x CPU, {statement_ratio:.2f}x statements "
        f"(aim <= 1x: {met})"
    )

    def row(measure: str, mine: str, floor: str, goal: float | None = None) -> dict:
        in_cpu = measure.endswith("CPU")
        values = cpu if in_cpu else statements
        ratio = round(values[mine] / values[floor], 2)

        def shown(value: float) -> str:
            return f"{value:.2f} ms" if in_cpu else f"{value:g}"

        return ratio_row(
            "phone_post",
            measure,
            shown(values[mine]),
            f"{shown(values[floor])} ({names[floor]})",
            ratio,
            goal,
        )

    rows = [
        row("hand post: table page (JSON) vs games API, web CPU", "json", "api", GOAL),
        row("hand post: table page (JSON) vs games API, statements", "json", "api", GOAL),
        row("hand post: table page (JSON) vs floor app, web CPU", "json", "floor"),
        row("hand post: table page (JSON) vs floor app, statements", "json", "floor"),
        row("hand post: games API vs floor app, web CPU", "api", "floor"),
        row("hand post without script (post + page) vs games API, web CPU", "nojs", "api"),
        row("hand post without script (post + page) vs games API, statements", "nojs", "api"),
        row("Confirm (table page) vs its hand post (JSON), web CPU", "confirm", "json", 1),
        row("Confirm (table page) vs its hand post (JSON), statements", "confirm", "json", 1),
    ]
    write_rows(args.json, rows)
    return rows


if __name__ == "__main__":
    main()
