"""Capacity: hands/s one gunicorn sync worker records, and pages/s one print worker
renders, for deploy/README.md's capacity table.

Run from the repository root, with the production database's kind of server::

    DATABASE_URL=postgres://... .venv/bin/python bench/capacity.py [--quick] [--json PATH]

1. Web: a throwaway database on DATABASE_URL's server (bench/load.py's machinery),
   one gunicorn *sync* worker started with deploy/gunicorn.conf.py (DEBUG=0), and
   phones that record whole games through the API, each hand a POST and the game
   read again after it, as the score page does. Its floor, interleaved with it: as many
   phones posting the same hands to bench/floor_app (a serializer, the parent row
   locked, one INSERT: the least a hand POST can cost; bench/hand_entry.py's floor) on
   one sync worker of its own, on its own database on the same server. Every hand a
   phone was told was stored is checked in the database (lost 0, doubled 0), or the
   script exits 1.
2. Print: one process renders a club night's round of score sheets (64 tables) as a
   print worker does (``print_job_start`` with the task run in-process: build, render,
   store). Its floor, interleaved: WeasyPrint rendering a minimal one-page document.

Prints each rate, its floor and the ratio; ``--json PATH`` appends one line per measure.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")


from bench import hand_entry, load  # noqa: E402 - the floor app; the load's seed and checks
from bench._server import database_url, start_server, throwaway_database  # noqa: E402


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    parser.add_argument("--json", metavar="PATH", help="append one JSON line per measure")
    parser.add_argument("--clients", type=int, default=4, help="phones (default 4)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--seconds", type=float, default=8, help="seconds per web phase")
    parser.add_argument("--tables", type=int, default=64, help="tables in the print batch")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.seconds, args.tables, args.clients = 1, 2, 8, 2
    return args


# ---- web: hands/s per sync worker ---------------------------------------------------------


def start_web(port: int, db: dict, log: Path) -> subprocess.Popen:
    """One gunicorn sync worker (one request at a time) with deploy/gunicorn.conf.py."""
    config = str(ROOT / "deploy" / "gunicorn.conf.py")
    env = {"GUNICORN_THREADS": "1", "GUNICORN_ACCESS_LOG": "off"}
    return start_server(port, database_url(db), log, workers=1, env=env, options=["-c", config])


def hands_phase(port, tokens, client_games, seconds, tally) -> int:
    """Phones record hands for ``seconds``; the hands they stored."""
    deadline = time.monotonic() + seconds
    clients = [
        load.Client(i, port, tokens[i], client_games[i], deadline, tally, 0, 1)
        for i in range(len(tokens))
    ]
    for client in clients:
        client.start()
    for client in clients:
        client.join(timeout=seconds + 60)
    return sum(client.stored for client in clients)


def start_floor(port: int, url: str, log: Path) -> subprocess.Popen:
    """bench/floor_app on one gunicorn sync worker."""
    return start_server(
        port,
        url,
        log,
        app="floor_app.wsgi",
        workers=1,
        path=hand_entry.BENCH,
        env=hand_entry.FLOOR_SETTINGS,
    )


def floor_phase(port: int, floor: dict, parents, clients: int, seconds: float) -> float:
    """As many phones posting hands to the floor app for ``seconds``: hands/s."""
    players = [
        hand_entry.FloorPlayer(port, floor["tokens"][i], parents, 100 + i) for i in range(clients)
    ]
    return hand_entry.throughput(players, seconds)


def measure_web(args: argparse.Namespace) -> dict:
    from django.conf import settings
    from django.db import connection

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    db = settings.DATABASES["default"]
    server = floor_server = None
    floor_name = None
    try:
        games = max(40, int(args.seconds * args.rounds * 12))
        seeded = SimpleNamespace(clients=args.clients, pairs=0, games=games)
        tokens, client_games, all_games = load.seed(seeded)
        floor_url, floor_name = hand_entry.floor_database(db)
        floor = hand_entry.floor_seed(floor_url, games * 4)
        parents = hand_entry.Games(floor["parents"])
        connection.close()
        port, floor_port = load.free_port(), load.free_port()
        server = start_web(port, db, ROOT / "var" / "capacity.log")
        floor_server = start_floor(floor_port, floor_url, ROOT / "var" / "capacity_floor.log")
        floor_phase(floor_port, floor, parents, args.clients, 1)  # warm up both paths
        tally = load.Tally()
        stored = 0
        hand_seconds = floor_seconds = floor_hands = 0.0
        for _ in range(args.rounds):  # interleaved: hands, then the floor, again and again
            started = time.monotonic()
            stored += hands_phase(port, tokens, client_games, args.seconds, tally)
            hand_seconds += time.monotonic() - started
            rate = floor_phase(floor_port, floor, parents, args.clients, args.seconds / 2)
            floor_hands += rate * args.seconds / 2
            floor_seconds += args.seconds / 2
        load.stop_server(server)
        server = None
        counts = load.check(all_games, tally)
    finally:
        for running in (server, floor_server):
            if running is not None:
                load.stop_server(running)
        if floor_name is not None:
            hand_entry.drop_floor_database(db, floor_name)
    hands = stored / hand_seconds
    floor = floor_hands / floor_seconds
    errors = sum(n for (_, status), n in tally.statuses.items() if status >= 500 or status == 400)
    ok = not (counts["lost"] or counts["doubled"] or counts["gaps"] or errors) and stored > 0
    post_ms = 1000 * load.percentile(tally.latencies, 0.5) if tally.latencies else 0.0
    print(
        f"web ({engine}, 1 gunicorn sync worker, {args.clients} phones): "
        f"{hands:.1f} hands/s (each a POST and a read of the game; POST p50 {post_ms:.0f} ms "
        f"with {args.clients} phones queued on the worker); "
        f"floor app {floor:.1f} hands/s (a POST each); ratio {hands / floor:.3f}; "
        f"lost {counts['lost']}, doubled {counts['doubled']}"
    )
    return {
        "bench": "capacity",
        "measure": f"hands/s per gunicorn sync worker ({engine})",
        "rookclub": f"{hands:.1f} hands/s",
        "floor": f"{floor:.1f} hands/s floor_app",
        "ratio": round(hands / floor, 3),
        "goal": "lost 0, doubled 0; rate for the table",
        "ok": bool(ok),
        "value": round(hands, 2),
    }


# ---- print: pages/s per print worker ------------------------------------------------------

MINIMAL = "<!doctype html><title>x</title><p>Rook score sheet</p>"


def measure_print(args: argparse.Namespace) -> dict:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from weasyprint import HTML

    from play import checkins, night_opening, night_seating
    from rookclub.celery import app
    from rookclub.clubs.models import Club, Membership, Player
    from rookclub.printing.models import PrintJob
    from rookclub.printing.services import print_job_start

    app.conf.task_always_eager = True  # the task runs here, as in one worker process
    settings.MEDIA_ROOT = tempfile.mkdtemp(prefix="rookclub-capacity-")
    local = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    settings.STORAGES = {**settings.STORAGES, "default": local}  # the render, not the upload
    club = Club.objects.create(name="Capacity Rook Club", slug="capacity")
    director = get_user_model().objects.create_user("capacity-director")
    Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i:03d} Surname") for i in range(args.tables * 4)
    )
    night = night_opening.night_open(club=club, date=datetime.date(2025, 6, 12), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    round_pk = night.rounds.get(number=1).pk

    def batch() -> int:
        PrintJob.objects.update(fingerprint="older")  # never served from the cache
        job = print_job_start(kind="round-sheets", params={"round": round_pk}, by=director)
        job.refresh_from_db()
        assert job.state == PrintJob.State.DONE, job.error
        return job.pages

    HTML(string=MINIMAL).write_pdf()
    batch()  # warm up: fonts, templates, stylesheet
    floor_n = max(8, args.tables // 2)
    pages = 0
    batch_seconds = floor_seconds = 0.0
    for _ in range(args.rounds):
        started = time.perf_counter()
        pages += batch()
        batch_seconds += time.perf_counter() - started
        started = time.perf_counter()
        for _ in range(floor_n):
            HTML(string=MINIMAL).write_pdf()
        floor_seconds += time.perf_counter() - started
    rate = pages / batch_seconds
    floor = args.rounds * floor_n / floor_seconds
    print(
        f"print (1 worker process, {args.tables}-table round of score sheets): "
        f"{rate:.1f} pages/s; floor minimal WeasyPrint page {floor:.1f} pages/s; "
        f"ratio {rate / floor:.2f}"
    )
    return {
        "bench": "capacity",
        "measure": "pages/s per print worker process",
        "rookclub": f"{rate:.1f} pages/s",
        "floor": f"{floor:.1f} pages/s minimal page",
        "ratio": round(rate / floor, 2),
        "goal": "rate for the table",
        "ok": pages > 0,
        "value": round(rate, 2),
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    with throwaway_database("capacity"):
        results = [measure_web(args), measure_print(args)]
    if args.json:
        with open(args.json, "a") as out:
            for result in results:
                out.write(json.dumps(result) + "\n")
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
