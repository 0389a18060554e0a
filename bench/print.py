"""Score sheets against WeasyPrint's floor, like for like, and a 64-table batch end to end.

Run from the repository root: ``.venv/bin/python bench/print.py [--quick] [--json PATH]
[--worker]``. A throwaway test database (SQLite file, or ``DATABASE_URL``'s server) holds
a club night of 256 players at 64 tables, every game played to its end (bids, sets,
a penalty; a correction in one game of eight).

* single: one completed game sheet per request, the way ``GET /print/games/<id>/sheet.pdf``
  makes it (``document_pdf``: database, build, render), against a minimal one-page
  WeasyPrint document; the two alternate, and the ratio of their medians is reported.
  A blank sheet per request (``round-sheets`` with a table) is measured the same way.
  Goal: <= 3x.
* batch: the 64 completed sheets as a print job, end to end: ``print_job_start``
  (database, build, fingerprint) here, then the job's task (``render_batch``: build,
  render, store) in a fresh child process whose peak RSS is the batch's memory;
  ``--worker`` hands it to a real Celery worker instead (needs ``REDIS_URL``). Goals:
  < 10 s and < 200 MiB. Per page it is set against a minimal 64-page document (like
  for like: one document, 64 pages) and against the minimal one-page document, which
  a page of a batch should not cost more than (ratio >= 1).

Every measure is printed with its floor, ratio and goal; a missed goal prints MISSED.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

import weasyprint  # noqa: E402
from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from weasyprint import HTML  # noqa: E402

MINIMAL = "<!doctype html><title>x</title><p>Rook score sheet</p>"
MINIMAL_PAGES = "<!doctype html><title>x</title>{}".format(
    '<p style="break-after: page">Rook score sheet</p>' * 64
)
MIB = 1024 * 1024


def report(
    args,
    measure: str,
    ours: float,
    floor: float,
    ratio: float,
    goal: str,
    ok: bool,
    unit: str = "ms",
) -> None:
    flag = "ok" if ok else "MISSED"
    print(
        f"{measure:<58} {ours:9.1f} {unit}  floor {floor:8.1f} {unit}  "
        f"ratio {ratio:5.2f}  goal {goal:<8} {flag}"
    )
    if args.json:
        row = {
            "bench": "print.py",
            "measure": measure,
            "rookclub": f"{ours:.1f} {unit}",
            "floor": f"{floor:.1f} {unit}",
            "ratio": round(ratio, 2),
            "goal": goal,
            "ok": ok,
        }
        with open(args.json, "a") as out:
            out.write(json.dumps(row) + "\n")


def interleaved(ours, floor, rounds: int) -> tuple[float, float]:
    """Medians (seconds) of ``ours`` and ``floor``, run alternately ``rounds`` times."""
    mine, base = [], []
    ours(), floor()  # warm: fonts, stylesheet, templates, caches
    for _ in range(rounds):
        started = time.perf_counter()
        floor()
        base.append(time.perf_counter() - started)
        started = time.perf_counter()
        ours()
        mine.append(time.perf_counter() - started)
    return statistics.median(mine), statistics.median(base)


def hand(bidder: str, bid: int, ns: int, trump: str = "red", **extra) -> dict:
    return {
        "bidder": bidder,
        "bid": bid,
        "trump": trump,
        "counters": {"north_south": ns, "east_west": 120 - ns},
        **extra,
    }


def play(game, director, number: int) -> None:
    """Play ``game`` to its end: mostly made bids, a set now and then, one penalty, and
    in one game of eight a correction of hand 2 (so every part of a sheet is printed)."""
    from play.corrections import hand_correct
    from play.hands import hand_record
    from play.models import Game, Hand

    seats = ("north", "east", "south", "west")
    n = 0
    while game.status != Game.Status.FINISHED and n < 40:
        n += 1
        bidder = seats[(n + number) % 4]
        ns_bids = bidder in ("north", "south")
        made = (n + number) % 5 != 0
        taken = 95 if made else 50
        extra = {}
        if n == 3:
            extra["penalties"] = [{"seat": "south", "kind": "table_talk"}]
        trump = ("red", "green", "black", "yellow")[n % 4]
        ns = taken if ns_bids else 120 - taken
        record = hand(bidder, 85 + 5 * (n % 4), ns, trump, **extra)
        hand_record(game=game, data=record, entered_by=director)
        game.refresh_from_db()
        if n == 2 and number % 8 == 0:  # corrections are rare: one game in eight
            second = Hand.objects.get(game=game, number=2)
            hand_correct(
                hand=second,
                data={**second.record, "bid": second.record["bid"] + 5},
                by=director,
                reason="the bid was misheard",
            )
            game.refresh_from_db()


def club_night(tables: int):
    """A club night of ``tables`` tables, every game played out; (director, night)."""
    from django.contrib.auth import get_user_model

    from play import checkins, night_opening, night_seating
    from play.models import Game
    from rookclub.clubs.models import Club, Membership, Player

    club = Club.objects.create(name="Bench Rook Club", slug="bench")
    director = get_user_model().objects.create_user("bench-director")
    Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i:03d} Surname") for i in range(tables * 4)
    )
    night = night_opening.night_open(club=club, date=datetime.date(2025, 6, 12), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    for number, game in enumerate(Game.objects.filter(night=night).order_by("pk")):
        play(game, director, number)
    return director, night


def singles(args, director, night) -> None:
    from play.models import Game
    from rookclub.printing.services import document_pdf

    games = list(Game.objects.filter(night=night).order_by("pk"))
    round_pk = night.rounds.get(number=1).pk
    rounds = 8 if args.quick else 30
    turn = iter(range(10**9))

    def game_sheet():
        document_pdf(
            kind="game-sheet", params={"game": games[next(turn) % len(games)].pk}, by=director
        )

    def blank_sheet():
        table = next(turn) % len(games) + 1
        document_pdf(kind="round-sheets", params={"round": round_pk, "table": table}, by=director)

    def floor():
        HTML(string=MINIMAL).write_pdf()

    for label, ours in (
        ("completed game sheet, one per request", game_sheet),
        ("blank score sheet, one per request", blank_sheet),
    ):
        mine, base = interleaved(ours, floor, rounds)
        ratio = mine / base
        report(
            args,
            f"{label} vs minimal 1-page PDF",
            mine * 1000,
            base * 1000,
            ratio,
            "<= 3x",
            ratio <= 3,
        )


def batch(args, director, night, tables: int) -> None:
    from rookclub.printing import services
    from rookclub.printing.kinds import kind_named
    from rookclub.printing.models import PrintJob
    from rookclub.printing.render import render_batch_pdf

    sent: list[int] = []
    real = services.job_send
    services.job_send = sent.append  # sent later: to a worker once it runs, or run by a child
    started = time.perf_counter()
    job = services.print_job_start(kind="session-games", params={"session": night.pk}, by=director)
    queued = time.perf_counter() - started
    services.job_send = real
    if args.worker:
        rss, ran = worker_run(job.pk)
    else:
        rss, ran = child_run(job.pk)
    job = PrintJob.objects.get(pk=job.pk)
    if job.state != PrintJob.State.DONE:
        print(f"batch FAILED: {job.state} {job.error}")
        return
    total = queued + ran
    report(
        args,
        f"{tables}-table completed batch end to end (s)",
        total,
        10,
        total / 10,
        "< 10 s",
        total < 10,
        unit="s",
    )
    report(
        args,
        f"{tables}-table batch: peak RSS of the rendering process (MiB)",
        rss,
        200,
        rss / 200,
        "< 200",
        rss < 200,
        unit="MiB",
    )
    print(
        f"  ({job.pages} pages, {job.result.size / 1024:.0f} KiB; task {ran:.2f} s, "
        f"start {queued:.2f} s)"
    )
    # Rendering alone, per page, like for like: the built sheets as one batch (warm, in
    # this process) against a minimal 64-page document, alternately.
    kind = kind_named("session-games")
    items = kind.build({"session": night.pk}, director).items
    rounds = 2 if args.quick else 3
    mine, base = interleaved(
        lambda: render_batch_pdf(kind.template, items, chunk=7),
        lambda: HTML(string=MINIMAL_PAGES).write_pdf(),
        rounds,
    )
    per_page, floor_64 = mine / len(items) * 1000, base / 64 * 1000
    report(
        args,
        "batch page (render) vs a page of a minimal 64-page PDF",
        per_page,
        floor_64,
        per_page / floor_64,
        "report",
        True,
    )
    floor_1 = statistics.median(timed(lambda: HTML(string=MINIMAL).write_pdf()) for _ in range(9))
    rate = floor_1 * 1000 / per_page
    report(
        args,
        "batch page (render) vs minimal 1-page PDF, pages/s ratio",
        per_page,
        floor_1 * 1000,
        rate,
        ">= 1",
        rate >= 1,
    )


def timed(fn) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def _child_env() -> dict[str, str]:
    return {
        **os.environ,
        "BENCH_DB_NAME": str(connection.settings_dict["NAME"]),
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),
    }


def child_run(job_pk: int) -> tuple[float, float]:
    """Run the job's task in a fresh process: (its peak RSS in MiB, seconds)."""
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(job_pk)],
        env=_child_env(),
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"  (the child process's first print, fonts and stylesheet: {result['warm']:.2f} s)")
    return result["rss"], result["seconds"]


def child(job_pk: int) -> None:
    import resource

    from rookclub.printing import render
    from rookclub.printing.tasks import render_batch

    connection.settings_dict["NAME"] = settings.DATABASES["default"]["NAME"] = os.environ[
        "BENCH_DB_NAME"
    ]
    settings.MEDIA_ROOT = os.environ["MEDIA_ROOT"]
    started = time.perf_counter()
    render.html_to_pdf("<p>Warm</p>")  # fonts and stylesheet, as a worker's first print did
    warm = time.perf_counter() - started
    started = time.perf_counter()
    render_batch(job_pk)  # the task, in this process, as a worker runs it
    seconds = time.perf_counter() - started
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(json.dumps({"rss": rss, "seconds": seconds, "warm": warm}))


def worker_run(job_pk: int) -> tuple[float, float]:
    """Send the job to a real Celery worker (solo pool) and wait: (its peak RSS, seconds)."""
    from rookclub.printing.models import PrintJob
    from rookclub.printing.queue import job_send

    if not os.environ.get("REDIS_URL"):
        sys.exit("--worker needs REDIS_URL (the broker the worker listens on).")
    env = {**_child_env(), "BENCH_WORKER": "1"}
    worker = subprocess.Popen(
        [sys.executable, __file__, "--worker-child"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        time.sleep(4)  # the worker connects to the broker
        started = time.perf_counter()
        job_send(job_pk)
        while not PrintJob.objects.get(pk=job_pk).finished:
            time.sleep(0.05)
        seconds = time.perf_counter() - started
        status = Path(f"/proc/{worker.pid}/status").read_text()
        rss = int(next(x for x in status.splitlines() if x.startswith("VmHWM")).split()[1]) / 1024
    finally:
        worker.terminate()
        worker.wait(10)
    return rss, seconds


def worker_child() -> None:
    from rookclub.celery import app

    connection.settings_dict["NAME"] = settings.DATABASES["default"]["NAME"] = os.environ[
        "BENCH_DB_NAME"
    ]
    settings.MEDIA_ROOT = os.environ["MEDIA_ROOT"]
    app.worker_main(
        [
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            "--without-heartbeat",
            "--without-mingle",
            "--without-gossip",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="8 tables, few rounds: a smoke test")
    parser.add_argument("--json", help="append one JSON object per measure to this file")
    parser.add_argument("--worker", action="store_true", help="run the batch on a Celery worker")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--worker-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child)
    if args.worker_child:
        return worker_child()

    tables = 8 if args.quick else 64
    settings.DEBUG = False  # as a server runs: no query log, no template instrumentation
    settings.MEDIA_ROOT = tempfile.mkdtemp(prefix="rookclub-bench-")
    folder = tempfile.mkdtemp(prefix="rookclub-bench-db-")
    if connection.vendor == "sqlite":  # a file, so the child process sees it
        connection.settings_dict["TEST"]["NAME"] = f"{folder}/bench.sqlite3"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        started = time.perf_counter()
        director, night = club_night(tables)
        print(
            f"{tables} games played out in {time.perf_counter() - started:.1f} s; "
            f"WeasyPrint {weasyprint.__version__}; {os.cpu_count()} cores, "
            f"load {os.getloadavg()[0]:.1f}"
        )
        singles(args, director, night)
        batch(args, director, night, tables)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
