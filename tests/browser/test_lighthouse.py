"""Lighthouse (npm ``lighthouse``) on the table page: 100 for best practices and for
accessibility. Needs node and lighthouse (``LIGHTHOUSE`` names its command, else
``lighthouse`` on the PATH): skipped without them locally, a failure in CI
(``ROOKCLUB_REQUIRE_LIGHTHOUSE=1``). It drives Debian's chromium, headless."""

import datetime
import json
import os
import shutil
import subprocess

import pytest
from django.core.cache import cache

from play import checkins, nights
from play.table_links import links_for
from tests.browser_harness import CHROMIUM
from tests.factories import ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def lighthouse_command() -> list[str]:
    command = os.environ.get("LIGHTHOUSE") or shutil.which("lighthouse")
    if command and shutil.which("node") and CHROMIUM.exists():
        return command.split()
    message = "lighthouse (npm) and node are needed for this test"
    if os.environ.get("ROOKCLUB_REQUIRE_LIGHTHOUSE"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def table_url(live_server):
    cache.clear()
    club = ClubFactory(name="Maple Street Rook Club", slug="maple-street")
    director = director_of(club, username="dana")
    session = nights.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(session=session, players=players_of(club, 4), by=director)
    nights.night_seat(session=session, by=director, seed=1)
    key = links_for(club=club, kind="night", session=session, numbers=[1])[1].key
    return f"{live_server.url}/t/{key}/"


def test_the_table_page_scores_100_for_best_practices_and_accessibility(table_url, tmp_path):
    command = lighthouse_command()
    report = tmp_path / "report.json"
    done = subprocess.run(
        [
            *command,
            table_url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            "--only-categories=best-practices,accessibility",
            "--form-factor=mobile",
            "--chrome-flags=--headless --no-sandbox --disable-gpu",
        ],
        env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    categories = json.loads(report.read_text())["categories"]
    audits = json.loads(report.read_text())["audits"]
    failing = sorted(
        name
        for name, audit in audits.items()
        if audit.get("score") is not None
        and audit["score"] < 1
        and audit.get("scoreDisplayMode") == "binary"
    )
    assert categories["best-practices"]["score"] == 1, failing
    assert categories["accessibility"]["score"] == 1, failing
