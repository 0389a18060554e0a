"""The club-night page at 10 and at 64 tables, timed interleaved in one run.

Run from the repository root: ``.venv/bin/python bench/night_page.py [--quick] [--json PATH]``.

On a throwaway test database (SQLite, or ``DATABASE_URL``'s server): two clubs, each
with a night seated at 10 and at 64 tables (40 and 256 players checked in), and a hand
recorded at every table. A director (who sees the most: every form, every table link)
asks for ``/sessions/<pk>/`` through the Django test client, the two nights
alternately, so both meet the same machine load. The floor is the 10-table night:
the page should cost about as much whatever the night's size.

Also printed: the 64-table page's HTML, raw and gzipped (what the GZip middleware and
nginx send to a browser that accepts it), and the night page before seating (the
director's seating form, 256 players), which is the one page that must list everyone.

Aim: 64 tables within 2x the 10-table time.

The floor outside Rookclub: the same 64-table night read by
hand-written SQL (the current round's tables with their players' names, each table's
latest game with its totals and hand counts, the club's players with tonight's
check-ins, the tables' links: five statements on a plain cursor) and written out by a
minimal Django template (its own ``Engine``: no Rookclub middleware, context processors
or templates), timed in the same loop. Its rows print the 64-table page against it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._rows import write_rows  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

GOAL = 2.0


def build_night(club_slug: str, tables: int, *, seat: bool = True):
    """A club whose director opened a night, checked ``4 * tables`` players in and
    (when ``seat``) seated them, with one hand recorded at every table."""
    import datetime

    from django.contrib.auth import get_user_model

    from play import checkins, night_opening, night_seating
    from play.hands import hand_record
    from play.models import Game
    from rookclub.clubs.models import Club, Membership, Player

    club = Club.objects.create(name=f"Bench {club_slug}", slug=club_slug)
    director = get_user_model().objects.create_user(f"director-{club_slug}")
    Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i:03d}") for i in range(tables * 4)
    )
    night = night_opening.night_open(club=club, date=datetime.date(2025, 6, 12), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    if seat:
        night_seating.night_seat(night=night, by=director, seed=1)
        hand = {
            "bidder": "north",
            "bid": 80,
            "trump": "red",
            "counters": {"north_south": 85, "east_west": 35},
        }
        for game in Game.objects.filter(night=night):
            hand_record(game=game, data=hand, entered_by=director)
    return night, director


FLOOR_TEMPLATE = (
    "<!doctype html><title>Night {{ night }}</title><h1>Tables</h1>{% for t in tables %}"
    "<article><h3>Table {{ t.no }} {{ t.status }}</h3>"
    "<dl>{% for name in t.names %}<dd>{{ name }}</dd>{% endfor %}</dl>"
    "<p>NS {{ t.ns }} · EW {{ t.ew }}</p><p>{{ t.hands }} hands · {{ t.unconfirmed }} waiting</p>"
    '<a href="/games/{{ t.game }}/">Score table {{ t.no }}</a>'
    '<input value="/t/{{ t.key }}/" readonly></article>\n{% endfor %}<ul>{% for p in players %}'
    '<li><label><input type="checkbox" name="players" value="{{ p.0 }}"> {{ p.1 }}'
    "{% if p.2 %} · here{% endif %}</label></li>\n{% endfor %}</ul>"
)


def floor_page(night_id: int) -> str:
    """The floor: the 64-table night's rows by hand-written SQL, written out by a minimal
    template. No Rookclub code runs (the table names come from the models' metadata)."""
    from django.db import connection
    from django.template import Context, Engine

    from play.models import CheckIn, Game, Hand, Night, NightRound, TableLink, TableSeating
    from rookclub.clubs.models import Player

    t = {
        m.__name__: m._meta.db_table
        for m in (CheckIn, Night, Player, NightRound, TableSeating, Game, Hand, TableLink)
    }
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT ts.id, ts."table", n.name, e.name, s.name, w.name '
            f"FROM {t['TableSeating']} ts JOIN {t['NightRound']} r ON r.id = ts.round_id "
            f"JOIN {t['Player']} n ON n.id = ts.north_id JOIN {t['Player']} e ON e.id = ts.east_id "
            f"JOIN {t['Player']} s ON s.id = ts.south_id JOIN {t['Player']} w ON w.id = ts.west_id "
            f"WHERE r.session_id = %s AND r.number = (SELECT MAX(number) FROM "
            f'{t["NightRound"]} WHERE session_id = %s) ORDER BY ts."table"',
            [night_id, night_id],
        )
        tables = {row[0]: {"no": row[1], "names": row[2:6]} for row in cursor.fetchall()}
        cursor.execute(
            f"SELECT table_seating_id, id, status, totals FROM {t['Game']} "
            f"WHERE session_id = %s ORDER BY created_at, id",
            [night_id],
        )
        games = {}
        for seating, game, status, totals in cursor.fetchall():
            games[game] = seating
            if isinstance(totals, str):
                totals = json.loads(totals)
            ns, ew = totals.get("north_south", 0), totals.get("east_west", 0)
            tables[seating].update(game=game, status=status, ns=ns, ew=ew, hands=0, unconfirmed=0)
        cursor.execute(
            f"SELECT h.game_id, COUNT(*), SUM(CASE WHEN h.confirmed_at IS NULL THEN 1 ELSE 0 END) "
            f"FROM {t['Hand']} h JOIN {t['Game']} g ON g.id = h.game_id "
            f"WHERE g.session_id = %s GROUP BY h.game_id",
            [night_id],
        )
        for game, hands, unconfirmed in cursor.fetchall():
            tables[games[game]].update(hands=hands, unconfirmed=unconfirmed)
        cursor.execute(
            f"SELECT p.id, p.name, c.id IS NOT NULL FROM {t['Player']} p "
            f"LEFT JOIN {t['CheckIn']} c ON c.player_id = p.id AND c.session_id = %s "
            f"WHERE p.club_id = (SELECT club_id FROM {t['Night']} WHERE id = %s) "
            f"AND p.active ORDER BY p.name",
            [night_id, night_id],
        )
        players = cursor.fetchall()
        cursor.execute(
            f"SELECT number, key FROM {t['TableLink']} WHERE session_id = %s "
            f"AND replaced_at IS NULL",
            [night_id],
        )
        keys = dict(cursor.fetchall())
    rows = sorted(tables.values(), key=lambda row: row["no"])
    for row in rows:
        row["key"] = keys.get(row["no"], "")
    template = Engine(autoescape=True).from_string(FLOOR_TEMPLATE)
    return template.render(Context({"night": night_id, "tables": rows, "players": players}))


def timed_floor(night_id: int) -> tuple[float, float, str]:
    started, cpu = time.perf_counter(), time.process_time()
    page = floor_page(night_id)
    return time.perf_counter() - started, time.process_time() - cpu, page


def timed_get(client, url: str) -> tuple[float, float, bytes]:
    """Wall time and this process's CPU time of one GET (the CPU time leaves out the
    database server and, on a shared machine, the time other processes take the core)."""
    started, cpu = time.perf_counter(), time.process_time()
    response = client.get(url)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert response.status_code == 200, (url, response.status_code)
    return elapsed, cpu, response.content


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats (a smoke test)")
    parser.add_argument("--json", metavar="PATH", help="append the summary rows to PATH")
    args = parser.parse_args(argv)
    repeats, warmup = (5, 1) if args.quick else (30, 3)

    from django.conf import settings
    from django.db import connection
    from django.test import Client

    # Not setup_test_environment(): its instrumented template rendering copies the
    # context at every include, a cost production never pays. Only the test host is
    # let in.
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        small, small_director = build_night("night-10", 10)
        big, big_director = build_night("night-64", 64)
        unseated, unseated_director = build_night("night-64-unseated", 64, seat=False)
        clients = {}
        for name, director in (
            ("10", small_director),
            ("64", big_director),
            ("64u", unseated_director),
        ):
            clients[name] = Client()
            clients[name].force_login(director)
        urls = {
            "10": f"/sessions/{small.pk}/",
            "64": f"/sessions/{big.pk}/",
            "64u": f"/sessions/{unseated.pk}/",
        }
        times: dict[str, list[float]] = {name: [] for name in [*urls, "floor"]}
        cpu: dict[str, list[float]] = {name: [] for name in [*urls, "floor"]}
        bodies: dict[str, bytes] = {}
        for run in range(warmup + repeats):
            order = ["10", "64", "floor", "64u"] if run % 2 else ["64u", "floor", "64", "10"]
            for name in order:
                if name == "floor":
                    elapsed, used, page = timed_floor(big.pk)
                    bodies[name] = page.encode()
                else:
                    elapsed, used, bodies[name] = timed_get(clients[name], urls[name])
                if run >= warmup:
                    times[name].append(elapsed)
                    cpu[name].append(used)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)

    median = {name: statistics.median(t) for name, t in times.items()}
    ratio = median["64"] / median["10"]
    cpu_median = {name: statistics.median(t) for name, t in cpu.items()}
    cpu_ratio = cpu_median["64"] / cpu_median["10"]
    floor_ratio = median["64"] / median["floor"]
    floor_cpu_ratio = cpu_median["64"] / cpu_median["floor"]
    raw, zipped = len(bodies["64"]), len(gzip.compress(bodies["64"]))
    raw_u, zipped_u = len(bodies["64u"]), len(gzip.compress(bodies["64u"]))
    print(f"night page, 10 tables (director)        median {median['10'] * 1000:7.1f} ms")
    print(f"night page, 64 tables (director)        median {median['64'] * 1000:7.1f} ms")
    print(f"night page, 256 checked in, not seated  median {median['64u'] * 1000:7.1f} ms")
    print(f"64 / 10 tables: {ratio:.2f}x  (aim <= {GOAL:g}x: {'ok' if ratio <= GOAL else 'SLOW'})")
    print(
        f"CPU time of the Django process: {cpu_median['10'] * 1000:.1f} ms at 10 tables, "
        f"{cpu_median['64'] * 1000:.1f} ms at 64: {cpu_ratio:.2f}x"
    )
    print(
        f"floor (hand-written SQL, minimal template), 64 tables: median "
        f"{median['floor'] * 1000:.1f} ms, CPU {cpu_median['floor'] * 1000:.1f} ms; "
        f"the page is {floor_ratio:.2f}x wall, {floor_cpu_ratio:.2f}x CPU"
    )
    print(f"HTML, 64 tables: {raw / 1024:.0f} KB raw, {zipped / 1024:.1f} KB gzipped")
    print(f"HTML, 256 not seated: {raw_u / 1024:.0f} KB raw, {zipped_u / 1024:.1f} KB gzipped")
    rows = [
        {
            "bench": "night_page",
            "measure": "night page, 64 vs 10 tables (wall, median)",
            "rookclub": f"{median['64'] * 1000:.1f} ms",
            "floor": f"{median['10'] * 1000:.1f} ms",
            "ratio": round(ratio, 2),
            "goal": f"<= {GOAL:g}x",
            "ok": ratio <= GOAL,
        },
        {
            "bench": "night_page",
            "measure": "night page, 64 vs 10 tables (Django CPU time)",
            "rookclub": f"{cpu_median['64'] * 1000:.1f} ms",
            "floor": f"{cpu_median['10'] * 1000:.1f} ms",
            "ratio": round(cpu_ratio, 2),
            "goal": "",
            "ok": None,
        },
        {
            "bench": "night_page",
            "measure": "night page at 64 tables vs hand-written SQL + minimal template (wall)",
            "rookclub": f"{median['64'] * 1000:.1f} ms",
            "floor": f"{median['floor'] * 1000:.1f} ms",
            "ratio": round(floor_ratio, 2),
            "goal": "report",
            "ok": None,
        },
        {
            "bench": "night_page",
            "measure": "night page at 64 tables vs hand-written SQL + minimal template (CPU)",
            "rookclub": f"{cpu_median['64'] * 1000:.1f} ms",
            "floor": f"{cpu_median['floor'] * 1000:.1f} ms",
            "ratio": round(floor_cpu_ratio, 2),
            "goal": "report",
            "ok": None,
        },
        # Informational, and against Rookclub itself: no ratio column.
        {
            "bench": "night_page",
            "measure": "night page before seating, 256 players "
            f"(10 tables seated: {median['10'] * 1000:.1f} ms)",
            "rookclub": f"{median['64u'] * 1000:.1f} ms",
            "floor": "",
            "ratio": None,
            "goal": "",
            "ok": None,
        },
        {
            "bench": "night_page",
            "measure": "night page HTML at 64 tables, gzipped vs raw",
            "rookclub": f"{zipped / 1024:.1f} KB",
            "floor": f"{raw / 1024:.0f} KB",
            "ratio": round(zipped / raw, 3),
            "goal": "< 0.2x",
            "ok": zipped / raw < 0.2,
        },
    ]
    write_rows(args.json, rows)
    return rows


if __name__ == "__main__":
    main()
