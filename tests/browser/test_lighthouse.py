"""Lighthouse (npm ``lighthouse``) on the pages a phone at the hall opens: the door, a
player's seat and the table page, each 100 for best practices and for accessibility.

They are served as ``make venue`` serves them: plain http, DEBUG off, at a host name
that is not localhost (Chromium resolves ``rookclub.test`` to this machine), so the
browser treats the origin as insecure, as it treats the laptop's address on the hall's
wifi. Needs node and lighthouse (``LIGHTHOUSE`` names its command, else ``lighthouse``
on the PATH; ``npm install --prefix /tmp/lh lighthouse@12.8.2`` then
``LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse``): skipped without them locally, a
failure in CI (``ROOKCLUB_REQUIRE_LIGHTHOUSE=1``). It drives Debian's chromium,
headless."""

import datetime
import json
import os
import shutil
import subprocess

import pytest
from django.core.cache import cache
from django.test import Client

from play import checkins, night_opening, night_seating
from play.table_links import links_for
from tests.browser_harness import CHROMIUM
from tests.factories import ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOST = "rookclub.test"


def lighthouse_command() -> list[str]:
    command = os.environ.get("LIGHTHOUSE") or shutil.which("lighthouse")
    if command and shutil.which("node") and CHROMIUM.exists():
        return command.split()
    message = "lighthouse (npm) and node are needed for this test"
    if os.environ.get("ROOKCLUB_REQUIRE_LIGHTHOUSE"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def hall(live_server, settings):
    """A seated night at the hall: the door's path, a phone's cookie for its player's
    seat, and table 1's path."""
    cache.clear()
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HOST]
    club = ClubFactory(name="Maple Street Rook Club", slug="maple-street")
    director = director_of(club, username="dana")
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    players = players_of(club, 4)
    door = f"/n/{night.door_key}/"
    phone = Client(HTTP_HOST=HOST)
    assert phone.post(door, {"player": players[0].pk}).status_code == 302
    checkins.night_check_in(night=night, players=players[1:], by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    key = links_for(club=club, kind="night", night=night, numbers=[1])[1].key
    cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in phone.cookies.items())
    origin = f"http://{HOST}:{live_server.url.rsplit(':', 1)[1]}"
    return {
        "door": (f"{origin}{door}", {}),
        "seat": (f"{origin}{door}", {"Cookie": cookie}),
        "table": (f"{origin}/t/{key}/", {}),
    }


def lighthouse(url: str, headers: dict, report) -> dict:
    done = subprocess.run(
        [
            *lighthouse_command(),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            "--only-categories=best-practices,accessibility",
            "--form-factor=mobile",
            *([f"--extra-headers={json.dumps(headers)}"] if headers else []),
            "--chrome-flags=--headless --no-sandbox --disable-gpu "
            f'--host-resolver-rules="MAP {HOST} 127.0.0.1"',
        ],
        env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(report.read_text())


#: What plain http cannot pass at the hall's address, whatever the page does. Lighthouse
#: 12.8.2 counts a request as secure only by its scheme (https, wss, data, blob...), an
#: HSTS redirect, or a host "like localhost": exactly ``localhost``, ``127.0.0.1`` or a
#: name ending in ``.localhost`` (core/lib/url-utils.js ``isLikeLocalhost``, used by
#: ``NetworkRequest.isSecureRequest`` for is-on-https). redirects-http is not applicable
#: only on https or such a host, and otherwise passes only when http ends on https
#: (core/audits/redirects-http.js). A hall's phones reach the laptop by its LAN address
#: or name over plain http: a hall has no internet to get a certificate from, a
#: self-signed one makes every phone warn, and a ``*.localhost`` name would send each
#: phone to itself. So these two fail there honestly, and the test asks for them (and
#: every other audit) to pass where the laptop's own browser opens the same page, a
#: secure context to Chromium and to Lighthouse alike; at the hall every other audit
#: must pass. docs/venue.md says so to directors.
NEEDS_A_CERTIFICATE = {"is-on-https", "redirects-http"}


def failing_audits(found: dict) -> set[str]:
    return {
        name
        for name, audit in found["audits"].items()
        if audit.get("score") is not None
        and audit["score"] < 1
        and audit.get("scoreDisplayMode") == "binary"
    }


@pytest.mark.parametrize("which", ["door", "seat", "table"])
def test_the_hall_pages_score_100_for_best_practices_and_accessibility(hall, which, tmp_path):
    url, headers = hall[which]

    at_the_hall = lighthouse(url, headers, tmp_path / "hall.json")
    # The same page as the laptop's own browser opens it: localhost, which Lighthouse
    # (like 127.0.0.1) counts as secure (see NEEDS_A_CERTIFICATE).
    on_the_laptop = lighthouse(url.replace(HOST, "localhost"), headers, tmp_path / "laptop.json")

    for found in (at_the_hall, on_the_laptop):
        assert found["finalDisplayedUrl"] == found["requestedUrl"]  # no redirect elsewhere
        assert found["categories"]["accessibility"]["score"] == 1, failing_audits(found)
    assert failing_audits(at_the_hall) <= NEEDS_A_CERTIFICATE, failing_audits(at_the_hall)
    assert on_the_laptop["categories"]["best-practices"]["score"] == 1, failing_audits(
        on_the_laptop
    )
