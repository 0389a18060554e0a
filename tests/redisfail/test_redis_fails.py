"""Redis may fail; Rookclub does not.

While hands are posted, the site's Redis is killed (the port refuses) or frozen
(SIGSTOP: the port accepts and never answers), then brought back. Every answer comes
within 3 s (the client gives up after that, which counts as a failure), none is a
5xx, every acknowledged hand is stored once, the health checks name what is down,
and everything is as before once Redis returns. What truly needs Redis (a batch
print) answers 503 with a sentence and ``Retry-After``.
"""

from __future__ import annotations

import threading
import time

import pytest

from tests.multinode.conftest import Browser
from tests.redisfail.conftest import PASSWORD, Site

pytestmark = pytest.mark.redis_faults

#: No answer may take longer: the client gives up after this.
ANSWER_WITHIN = 3.0


def hand(number: int) -> dict:
    """A hand whose bidder is set (no one reaches the target: the game goes on)."""
    bidder = ("north", "east")[number % 2]
    taken = (
        {"north_south": 50, "east_west": 70}
        if bidder == "north"
        else {"north_south": 70, "east_west": 50}
    )
    return {"number": number, "bidder": bidder, "bid": 100, "trump": "red", "counters": taken}


class Scorer(threading.Thread):
    """A phone posting one game's hands, one after another, until told to stop."""

    def __init__(self, site: Site, browser: Browser, game: int) -> None:
        super().__init__(daemon=True)
        self.site, self.browser, self.game = site, browser, game
        self.acknowledged: dict[int, int] = {}  # number -> hand id
        self.problems: list[str] = []
        self.stop = threading.Event()

    def send(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        try:
            status, answer = self.browser.json(
                self.site.web.port, method, path, body=body, timeout=ANSWER_WITHIN
            )
        except OSError as error:  # no answer within ANSWER_WITHIN
            self.problems.append(f"{method} {path}: {error!r}")
            return 0, {}
        if status >= 500:
            self.problems.append(f"{method} {path}: {status} {answer}")
        return status, answer

    def run(self) -> None:
        path = f"/api/v1/games/{self.game}/"
        while not self.stop.is_set():
            status, sheet = self.send("GET", path)
            if status != 200:
                continue
            if sheet.get("status") == "finished":
                return
            number = sheet["next_number"]
            status, stored = self.send("POST", f"{path}hands/", hand(number))
            if status in (200, 201):
                self.acknowledged[number] = stored["id"]
            elif status and status != 409:
                self.problems.append(f"hand {number}: {status} {stored}")

    def wait_for(self, count: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while len(self.acknowledged) < count and time.monotonic() < deadline:
            if not self.is_alive():
                break
            time.sleep(0.02)
        assert len(self.acknowledged) >= count, (len(self.acknowledged), self.problems)

    def finish(self) -> None:
        self.stop.set()
        self.join(timeout=30)


def stored_hands(site: Site, game: int) -> dict[int, int]:
    import psycopg

    url = site.database_url.replace("postgres://", "postgresql://", 1)
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT number, id FROM scoring_hand WHERE game_id = %s", [game]
        ).fetchall()
    return dict(rows)


def checks(site: Site, path: str) -> tuple[int, dict]:
    return Browser().json(site.web.port, "GET", path, timeout=ANSWER_WITHIN)


def wait_until_ready(site: Site, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        status, body = checks(site, "/readyz")
        if body.get("status") == "ready" or time.monotonic() > deadline:
            assert (status, body.get("status")) == (200, "ready"), body
            return body
        time.sleep(0.2)


def assert_stored_once(site: Site, scorer: Scorer) -> None:
    stored = stored_hands(site, scorer.game)
    missing = {n: pk for n, pk in scorer.acknowledged.items() if stored.get(n) != pk}
    assert not missing, f"acknowledged but not stored: {missing}"
    assert set(stored) == set(scorer.acknowledged), "a hand stored that no one was told of"
    assert sorted(stored) == list(range(1, len(stored) + 1))


def fault_while_scoring(site: Site, director: Browser, game: int, fault, mend) -> Scorer:
    scorer = Scorer(site, director, game)
    scorer.start()
    try:
        scorer.wait_for(3)
        fault()
        down_at = len(scorer.acknowledged)
        scorer.wait_for(down_at + 6)  # hands go on while Redis is away
        mend()
        back_at = len(scorer.acknowledged)
        scorer.wait_for(back_at + 3)
    finally:
        scorer.finish()
    return scorer


def test_hands_are_recorded_while_redis_is_down_and_after_it_returns(site, director, redis_back):
    seen: dict[str, tuple[int, dict]] = {}

    def kill() -> None:
        redis_back.kill()
        seen["healthz"] = checks(site, "/healthz")
        seen["readyz"] = checks(site, "/readyz")

    scorer = fault_while_scoring(site, director, site.seeded["games"][0], kill, redis_back.start)

    assert not scorer.problems, scorer.problems
    assert_stored_once(site, scorer)
    status, body = seen["healthz"]
    assert (status, body["broker"], body["database"]) == (503, "down", "ok")
    status, body = seen["readyz"]
    assert status == 200 and set(body["degraded"]) == {"broker", "cache"}, body
    assert body["failed"] == [], body
    assert wait_until_ready(site)["cache"] == "ok"


def test_hands_are_recorded_while_redis_is_frozen_and_after_it_thaws(site, director, redis_back):
    seen: dict[str, tuple[int, dict]] = {}

    def freeze() -> None:
        redis_back.freeze()
        seen["readyz"] = checks(site, "/readyz")

    scorer = fault_while_scoring(site, director, site.seeded["games"][1], freeze, redis_back.thaw)

    assert not scorer.problems, scorer.problems
    assert_stored_once(site, scorer)
    status, body = seen["readyz"]
    assert status == 200 and "cache" in body["degraded"], body
    wait_until_ready(site)


@pytest.mark.parametrize("fault", ["kill", "freeze"])
def test_without_redis_one_logs_in_and_a_batch_print_answers_503_with_a_sentence(
    site, redis_back, fault
):
    getattr(redis_back, fault)()
    browser = Browser()

    status, _, _ = browser.request(
        site.web.port,
        "POST",
        "/accounts/login/",
        timeout=ANSWER_WITHIN,
        form={"username": site.seeded["username"], "password": PASSWORD},
    )
    assert status == 302, site.web.log.read_text()[:6000]
    status, _, _ = browser.request(site.web.port, "GET", "/", timeout=ANSWER_WITHIN)
    assert status == 200
    status, headers, answer = browser.request(
        site.web.port,
        "POST",
        "/api/v1/print-jobs/",
        timeout=ANSWER_WITHIN,
        body={"kind": "round-sheets", "parameters": {"round": site.seeded["round"]}},
    )

    assert status == 503, answer
    assert b"Try again" in answer
    assert int(headers["retry-after"]) > 0
    assert site.web.alive()
