"""Fixtures for print tests: a seated club night, a game with hands, PDF readers."""

import datetime
import io
import os
import re
import shutil
import subprocess
import tempfile

import pytest
from pypdf import PdfReader
from rest_framework.test import APIClient

from play import checkins, night_opening, night_seating
from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Game, Hand
from tests.factories import PlayerFactory, hand_in

# PDFs go to a throwaway MEDIA_ROOT, shared with the real Celery worker (started with
# this environment by tests/conftest.py) so the test can open what the worker wrote.
PRINT_MEDIA = os.environ.setdefault("MEDIA_ROOT", tempfile.mkdtemp(prefix="rookclub-print-"))


@pytest.fixture(autouse=True)
def media_root(settings):
    settings.MEDIA_ROOT = PRINT_MEDIA
    return settings.MEDIA_ROOT


@pytest.fixture(autouse=True)
def site_address(settings):
    """SITE_URL as an operator sets it; this is the test client's host, so printed links
    read as the request's would. test_site_url.py tests the choice itself."""
    settings.SITE_URL = "http://testserver/"
    return settings.SITE_URL


@pytest.fixture
def as_member(client, member):
    """A signed-in member of the club (not a director): who prints at the table."""
    client.force_login(member)
    return client


@pytest.fixture
def as_scorer(client, scorer):
    """A signed-in scorer: table cards (they carry the tables' keys) are for scorers
    and directors only."""
    client.force_login(scorer)
    return client


@pytest.fixture
def api(scorer):
    """The API as a scorer (table cards are for scorers and directors)."""
    client = APIClient()
    client.force_authenticate(scorer)
    return client


@pytest.fixture
def night(club, director):
    """Sixteen named players seated at four tables (one round)."""
    names = [
        "Ada",
        "Bea",
        "Cal",
        "Dot",
        "Eli",
        "Fay",
        "Gus",
        "Hal",
        "Ivy",
        "Jo",
        "Kit",
        "Lou",
        "Max",
        "Ned",
        "Oli",
        "Pam",
    ]
    players = [PlayerFactory(club=club, name=f"{n} Rookwood") for n in names]
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=4)
    return night


@pytest.fixture
def first_round(night):
    return night.rounds.get(number=1)


@pytest.fixture
def game(night):
    return Game.objects.get(night=night, table_seating__table=1)


@pytest.fixture
def played(game, director):
    """Table 1's game with three hands, the second one set, the third corrected."""
    hand_record(game=game, data=hand_in(bid=95, ns=100), entered_by=director)
    hand_record(
        game=game, data=hand_in(bid=105, ns=60, bidder="east", trump="green"), entered_by=director
    )
    hand_record(game=game, data=hand_in(bid=85, ns=90, trump="black"), entered_by=director)
    third = Hand.objects.get(game=game, number=3)
    hand_correct(
        hand=third,
        data=hand_in(bid=90, ns=90, trump="black"),
        by=director,
        reason="bid was 90, misheard",
    )
    game.refresh_from_db()
    return game


def pdf_text(pdf: bytes) -> str:
    """All text of a PDF: pdftotext (poppler) when installed, else pypdf."""
    if shutil.which("pdftotext"):
        out = subprocess.run(
            ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
        )
        return out.stdout.decode()
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages)


def stamp_objects(pdf: bytes) -> dict[str, int]:
    """Our stamps' Form XObjects (name -> object number) across every page of a PDF."""
    found = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        x_objects = page["/Resources"].get_object().get("/XObject", {})
        for name, ref in x_objects.get_object().items():
            if name.startswith("/rk"):
                assert found.setdefault(name, ref.idnum) == ref.idnum, f"{name} stored twice"
    return found


def word_boxes(pdf: bytes) -> dict[str, tuple[float, float, float]]:
    """Each word's first place on the first page (x, y from the top left, and its width,
    in points): pdftotext's bounding boxes."""
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    )
    found: dict[str, tuple[float, float]] = {}
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)</word>'
    for match in re.finditer(pattern, out.stdout.decode()):
        x, y, right = float(match[1]), float(match[2]), float(match[3])
        found.setdefault(match[4], (x, y, right - x))
    return found


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def page_size_mm(pdf: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return round(float(box.width) * 25.4 / 72), round(float(box.height) * 25.4 / 72)


@pytest.fixture
def eager_on_commit(django_capture_on_commit_callbacks):
    """``django_capture_on_commit_callbacks`` with print tasks run in this process.

    With REDIS_URL set (CI's second run) a task sent on commit would go to the
    broker, and a worker could not see this test's uncommitted rows; these tests
    are about the documents, so they render here. The real-worker round trip has
    its own test in test_jobs.py.
    """
    from rookclub.celery import app

    was = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield django_capture_on_commit_callbacks
    app.conf.task_always_eager = was
