"""How long a batch print request waits when the broker is down.

Run from the repository root: ``.venv/bin/python bench/queue_down.py [--quick] [--json PATH]``.

On a throwaway test database (SQLite, or ``DATABASE_URL``'s server): a night of four
tables, then a director asks for the round's score sheets through the API and the page
while the broker URL points at a closed port. Each must answer 503 with a sentence,
leave no job queued, and answer within ``PRINT_JOB_SEND_TIMEOUT`` (1 s) plus room:
the aim is under 3 s. Best of 5 (``--quick``: best of 2). The tests check the 503 and
the job left behind (tests/print/test_job_faults.py); the time is measured here.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import socket
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

AIM_SECONDS = 3.0


def closed_port() -> int:
    """A local port nothing listens on (bound, read, released): in ``BENCH_PORTS`` when
    it is set, as every bench script's servers."""
    if os.environ.get("BENCH_PORTS"):
        from bench._server import free_port

        return free_port()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def first_round():
    """Sixteen players seated at four tables; the night's first round and its director."""
    from django.contrib.auth import get_user_model

    from play import checkins, night_opening, night_seating
    from rookclub.clubs.models import Club, Membership, Player

    club = Club.objects.create(name="Bench club", slug="bench-club")
    director = get_user_model().objects.create_user("bench-director", password="x")
    Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    players = Player.objects.bulk_create(Player(club=club, name=f"Player {i}") for i in range(16))
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=4)
    return night.rounds.get(number=1), director


def timed(ask) -> tuple[float, int]:
    started = time.perf_counter()
    status = ask()
    return time.perf_counter() - started, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="best of 2 instead of 5")
    parser.add_argument("--json", metavar="PATH", help="append one JSON line per measure")
    args = parser.parse_args()
    runs = 2 if args.quick else 5

    from rookclub.celery import app
    from rookclub.printing.models import PrintJob

    setup_test_environment()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    settings.SITE_URL = "http://testserver/"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    saved = app.conf.broker_url, app.conf.task_always_eager
    app.conf.broker_url = f"redis://127.0.0.1:{closed_port()}/0"
    app.conf.task_always_eager = False
    rows_out = []
    ok_all = True
    try:
        rnd, director = first_round()
        client = Client()
        client.force_login(director)
        asks = {
            "API POST /api/v1/print-jobs/": lambda: (
                client.post(
                    "/api/v1/print-jobs/",
                    {"kind": "round-sheets", "parameters": {"round": rnd.pk}},
                    content_type="application/json",
                ).status_code
            ),
            "page POST (Print batch)": lambda: (
                client.post(
                    reverse("print-job-start"), {"kind": "round-sheets", "round": rnd.pk}
                ).status_code
            ),
        }
        for label, ask in asks.items():
            results = [timed(ask) for _ in range(runs)]
            best = min(seconds for seconds, _ in results)
            statuses = {status for _, status in results}
            ok = statuses == {503} and best < AIM_SECONDS
            ok_all &= ok
            print(f"broker down, {label}: {best:.2f} s (answers {sorted(statuses)})")
            rows_out.append(
                {
                    "bench": "queue_down",
                    "measure": f"broker down: {label} answers 503",
                    "rookclub": f"{best:.2f} s",
                    "floor": "",
                    "ratio": None,
                    "goal": f"< {AIM_SECONDS:g} s",
                    "ok": ok,
                }
            )
        left = PrintJob.objects.exclude(state=PrintJob.State.FAILED).count()
        print(f"jobs left queued: {left} (must be 0)")
        ok_all &= left == 0
        if args.json:
            with open(args.json, "a", encoding="utf-8") as out:
                for line in rows_out:
                    out.write(json.dumps(line) + "\n")
    finally:
        app.conf.broker_url, app.conf.task_always_eager = saved
        connection.creation.destroy_test_db(old_name, verbosity=0)
    sys.exit(0 if ok_all else 1)


if __name__ == "__main__":
    main()
