"""Score-sheet pages per second against WeasyPrint's floor, and a 64-table batch.

Run from the repository root: ``.venv/bin/python bench/print.py``.

* floor: WeasyPrint rendering a minimal one-page document, again and again;
* score sheets: blank score sheets (the real template and stylesheet), one per
  table, rendered the way a batch is (a few multi-page documents joined);
* single: one score sheet per request, as the "print this table" link does;
* batch: the whole 64-table batch of score sheets, rendered;
* job: the same batch as a director asks for it, end to end: a club night of 256
  players seated at 64 tables in a throwaway test database (SQLite, or
  ``DATABASE_URL``'s server), ``print_job_start`` reading the seating, building
  the sheets, rendering them (eagerly, as with no Redis) and storing the PDF.

Aim (issue 6): score sheets >= 0.8 x the floor, and the 64-table batch < 10 s.
"""

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

from weasyprint import HTML  # noqa: E402

from rookclub.printing import render, stamps  # noqa: E402
from rookclub.printing.documents import BlankSheet, SeatedPlayer, SheetHeader, blank_rows  # noqa: E402

MINIMAL = "<!doctype html><title>x</title><p>Rook score sheet</p>"
TABLES = 64


def sheets(n: int) -> list[BlankSheet]:
    names = [f"Player {i:03d} Surname" for i in range(n * 4)]
    return [
        BlankSheet(
            header=SheetHeader(
                event="Bench Rook Club — club night",
                date="Thu 12 June 2025",
                round_label="Round 3",
                table=t + 1,
                players=tuple(
                    SeatedPlayer(seat, names[t * 4 + i])
                    for i, seat in enumerate(("north", "east", "south", "west"))
                ),
                ruleset="Tournament Rook (Kentucky Discard)",
                target="First to 300",
            ),
            rows=blank_rows(hands=16),
        )
        for t in range(n)
    ]


def rate(label: str, pages: int, seconds: float) -> float:
    per_second = pages / seconds
    print(f"{label:<38} {pages:>4} pages in {seconds:6.2f} s = {per_second:6.1f} pages/s")
    return per_second


def timed(fn, repeat: int = 1):
    best = float("inf")
    result = None
    for _ in range(repeat):
        started = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - started)
    return best, result


def main() -> None:
    documents = sheets(TABLES)
    fonts = render.font_config()

    def drawings(items):  # built in the timed part, as a print job does
        return stamps.stamps_for(items, fonts)

    # Warm up: font configuration, stylesheet parsing, template loading.
    HTML(string=MINIMAL).write_pdf()
    render.render_pdf(
        "print/score_sheets.html", {"items": documents[:1]}, stamps=drawings(documents[:1])
    )

    floor_n = 40
    seconds, _ = timed(lambda: [HTML(string=MINIMAL).write_pdf() for _ in range(floor_n)], 2)
    floor = rate("floor: minimal one-page document", floor_n, seconds)

    single_n = 16
    seconds, _ = timed(
        lambda: [
            render.render_pdf("print/score_sheets.html", {"items": [d]}, stamps=drawings([d]))
            for d in documents[:single_n]
        ],
        2,
    )
    single = rate("score sheets, one PDF per request", single_n, seconds)

    seconds, (pdf, pages) = timed(
        lambda: render.render_batch_pdf(
            "print/score_sheets.html", documents, stamps=drawings(documents)
        ),
        2,
    )
    batch = rate(f"score sheets, {TABLES}-table batch", pages, seconds)

    print()
    print(f"score sheets / floor (batch):  {batch / floor:5.2f}   (aim >= 0.80)")
    print(f"score sheets / floor (single): {single / floor:5.2f}")
    verdict = "ok" if seconds < 10 else "SLOW"
    size = len(pdf) / 1024
    print(f"{TABLES}-table batch: {seconds:.2f} s, {size:.0f} KiB  (aim < 10 s: {verdict})")


def job_end_to_end() -> None:
    import datetime
    import tempfile

    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import setup_test_environment

    from rookclub.clubs import services
    from rookclub.clubs.models import Club, Membership, Player
    from rookclub.printing.models import PrintJob
    from rookclub.printing.services import print_job_start
    from scoring import nights

    setup_test_environment()
    settings.MEDIA_ROOT = tempfile.mkdtemp(prefix="rookclub-bench-")
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        club = Club.objects.create(name="Bench Rook Club", slug="bench")
        director = get_user_model().objects.create_user("bench-director")
        Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
        players = Player.objects.bulk_create(
            Player(club=club, name=f"Player {i:03d} Surname") for i in range(TABLES * 4)
        )
        night = nights.session_open(club=club, date=datetime.date(2025, 6, 12), opened_by=director)
        services.session_check_in(session=night, players=players, by=director)
        nights.session_seat(session=night, by=director, seed=1)
        round_pk = night.rounds.get(number=1).pk

        started = time.perf_counter()
        job = print_job_start(kind="round-sheets", params={"round": round_pk}, by=director)
        seconds = time.perf_counter() - started
        job = PrintJob.objects.get(pk=job.pk)
        assert job.state == PrintJob.State.DONE, job.error
        print(f"{TABLES}-table batch as a print job (database, build, render, store): "
              f"{seconds:.2f} s  (aim < 10 s: {'ok' if seconds < 10 else 'SLOW'})")  # fmt: skip
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
    job_end_to_end()
