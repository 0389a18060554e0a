"""More than one machine: two web nodes and a print worker sharing
PostgreSQL, Redis and S3-compatible storage (the cluster: conftest.py).

* a batch started on web 1 is rendered by the worker and downloaded from web 2;
* a hand recorded through web 1 is on web 2 at once;
* web 1 killed mid-way (SIGKILL, the whole machine) loses no acknowledged hand, and
  web 2 keeps serving.

Run alone: DATABASE_URL=postgres://... REDIS_URL=redis://... pytest -m multinode
"""

from __future__ import annotations

import io
import threading
import time
import urllib.request
from urllib.parse import urlsplit

import pytest
from pypdf import PdfReader

from tests.multinode.conftest import PASSWORD, Browser, Cluster

pytestmark = pytest.mark.multinode


def hand(number: int, bidder: str = "north") -> dict:
    return {
        "number": number,
        "bidder": bidder,
        "bid": 70,
        "trump": "red",
        "counters": {"north_south": 70, "east_west": 50},
    }


@pytest.fixture(scope="module")
def director(cluster: Cluster) -> Browser:
    """The club's director, logged in on web 1 (the session lives in Redis + PostgreSQL)."""
    browser = Browser()
    status, _, body = browser.request(
        cluster.web1.port,
        "POST",
        "/accounts/login/",
        form={"username": cluster.seeded["username"], "password": PASSWORD},
    )
    assert status == 302, body[:500]
    assert "sessionid" in browser.cookies
    return browser


def local_files(cluster: Cluster) -> list[str]:
    return [str(p) for node in cluster.nodes for p in node.media.rglob("*") if p.is_file()]


def test_a_night_made_on_web1_is_valid_on_web2(cluster, director):
    game = cluster.seeded["games"][0]

    status, sheet = director.json(cluster.web2.port, "GET", f"/api/v1/games/{game}/")

    assert status == 200, sheet
    assert Browser().json(cluster.web2.port, "GET", f"/api/v1/games/{game}/")[0] in (401, 403)


def test_a_batch_started_on_web1_is_rendered_by_the_worker_and_downloaded_from_web2(
    cluster, director
):
    status, headers, body = director.request(
        cluster.web1.port,
        "POST",
        "/print/jobs/",
        form={"kind": "round-sheets", "round": cluster.seeded["round"]},
    )
    assert status == 302, body[:500]
    job = int(headers["location"].rstrip("/").rsplit("/", 1)[-1])

    deadline = time.monotonic() + 60
    while True:
        status, state = director.json(cluster.web2.port, "GET", f"/api/v1/print-jobs/{job}/")
        assert status == 200, state
        if state["state"] in ("done", "failed") or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert state["state"] == "done", f"{state}\nworker log:\n{cluster.worker.tail()}"

    status, headers, _ = director.request(
        cluster.web2.port, "GET", f"/print/jobs/{job}/download.pdf"
    )
    assert status == 302
    signed = headers["location"]
    assert signed.startswith(f"{cluster.s3.endpoint_url}/{cluster.bucket}/")
    assert "X-Amz-Signature=" in signed and "X-Amz-Expires=60" in signed
    with urllib.request.urlopen(signed, timeout=10) as answer:
        pdf = answer.read()
    assert pdf.startswith(b"%PDF-")
    assert len(PdfReader(io.BytesIO(pdf)).pages) == state["pages"] == cluster.seeded["tables"]
    assert local_files(cluster) == [], "a PDF was left on a node's own disk"
    # Someone who is not logged in gets no signed URL from web 2 either.
    status, headers, _ = Browser().request(
        cluster.web2.port, "GET", f"/print/jobs/{job}/download.pdf"
    )
    assert status == 302 and urlsplit(headers["location"]).path == "/accounts/login/"


def test_a_hand_recorded_through_web1_is_on_web2_at_once(cluster, director):
    game = cluster.seeded["games"][0]
    status, sheet = director.json(cluster.web1.port, "GET", f"/api/v1/games/{game}/")
    number = sheet["next_number"]

    status, stored = director.json(
        cluster.web1.port, "POST", f"/api/v1/games/{game}/hands/", body=hand(number)
    )
    assert status == 201, stored
    status, seen = director.json(cluster.web2.port, "GET", f"/api/v1/games/{game}/")

    assert status == 200
    assert seen["next_number"] == number + 1


class Scorer(threading.Thread):
    """A phone behind the load balancer: posts hands to web 1 until it stops answering,
    then (as the balancer would) to web 2, sending an unanswered hand again."""

    def __init__(self, cluster: Cluster, browser: Browser, games: list[int]) -> None:
        super().__init__(daemon=True)
        self.cluster, self.browser, self.games = cluster, browser, games
        self.port = cluster.web1.port
        self.acknowledged: dict[tuple[int, int], int] = {}  # (game, number) -> hand id
        self.problems: list[str] = []
        self.failed_over = threading.Event()
        self.stop = threading.Event()

    def send(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        for _ in range(50):
            try:
                status, answer = self.browser.json(self.port, method, path, body=body, timeout=10)
            except OSError:
                status, answer = 0, {}
            if status and status < 500:
                return status, answer
            if self.port == self.cluster.web1.port and not self.cluster.web1.alive():
                self.port = self.cluster.web2.port  # the balancer's health check failed web 1
                self.failed_over.set()
            time.sleep(0.1)
        raise RuntimeError(f"{method} {path}: no answer")

    def run(self) -> None:
        try:
            for game in self.games:
                while not self.stop.is_set():
                    status, sheet = self.send("GET", f"/api/v1/games/{game}/")
                    if sheet.get("status") == "finished":
                        break
                    number = sheet["next_number"]
                    bidder = ("north", "east")[number % 2]
                    status, stored = self.send(
                        "POST", f"/api/v1/games/{game}/hands/", hand(number, bidder)
                    )
                    if status in (200, 201):
                        self.acknowledged[(game, number)] = stored["id"]
                    elif status != 409:
                        self.problems.append(f"hand {number} of game {game}: {status} {stored}")
        except Exception as error:  # reported by the test
            self.problems.append(repr(error))


def stored_hands(cluster: Cluster, games: list[int]) -> dict[tuple[int, int], int]:
    import psycopg

    url = cluster.database_url.replace("postgres://", "postgresql://", 1)
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT game_id, number, id FROM scoring_hand WHERE game_id = ANY(%s)", [games]
        ).fetchall()
    return {(game, number): pk for game, number, pk in rows}


def test_killing_web1_mid_way_loses_no_acknowledged_hand_and_web2_keeps_serving(cluster, director):
    games = cluster.seeded["games"][1:]
    scorer = Scorer(cluster, director, games)
    scorer.start()
    deadline = time.monotonic() + 30
    while len(scorer.acknowledged) < 4 and time.monotonic() < deadline and scorer.is_alive():
        time.sleep(0.02)
    assert len(scorer.acknowledged) >= 4, scorer.problems

    cluster.web1.kill()  # mid-way: the scorer is posting as it dies
    killed_at = len(scorer.acknowledged)
    assert scorer.failed_over.wait(30), "the scorer never moved to web 2"
    deadline = time.monotonic() + 30
    while len(scorer.acknowledged) < killed_at + 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    scorer.stop.set()
    scorer.join(timeout=30)

    assert not scorer.problems, scorer.problems
    assert len(scorer.acknowledged) >= killed_at + 4, "web 2 stopped taking hands"
    stored = stored_hands(cluster, games)
    missing = {k: v for k, v in scorer.acknowledged.items() if stored.get(k) != v}
    assert not missing, f"acknowledged but not in the database: {missing}"
    assert set(stored) == set(scorer.acknowledged), "a hand stored that no one was told of"
    for game in games:
        numbers = sorted(n for g, n in stored if g == game)
        assert numbers == list(range(1, len(numbers) + 1)), f"game {game}: {numbers}"
    # Web 2 still serves: ready, the night still valid, the game readable.
    assert Browser().request(cluster.web2.port, "GET", "/readyz")[0] == 200
    assert director.json(cluster.web2.port, "GET", f"/api/v1/games/{games[0]}/")[0] == 200
