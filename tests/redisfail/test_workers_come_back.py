"""Workers that come back: a print worker survives a Redis restart and
takes the next batch, and a batch whose worker died is started again by the
workers' own sweep, with nobody looking at its page."""

from __future__ import annotations

import time

import pytest

from tests.redisfail.conftest import Site

pytestmark = pytest.mark.redis_faults


def start_batch(site: Site, director, size: str) -> int:
    status, job = director.json(
        site.web.port,
        "POST",
        "/api/v1/print-jobs/",
        body={"kind": "round-sheets", "parameters": {"round": site.seeded["round"]}, "size": size},
    )
    assert status == 202, job
    return job["id"]


def state_of(site: Site, job: int, timeout: float = 90) -> str:
    """The job's state once finished, read from the database (no page sweeps it)."""
    deadline = time.monotonic() + timeout
    while True:
        (state,) = site.sql("SELECT state FROM printing_printjob WHERE id = %s", [job])[0]
        if state in ("done", "failed") or time.monotonic() > deadline:
            return state
        time.sleep(0.2)


def wait_for_log(site: Site, words: str, timeout: float = 60) -> bool:
    # The whole log, not its tail: a traceback logged after the words (an ack that
    # failed as Redis went away) can push them out of the last 3,000 characters.
    def logged() -> bool:
        log = site.worker.log
        return log.exists() and words in log.read_text(errors="replace")

    deadline = time.monotonic() + timeout
    while not logged() and time.monotonic() < deadline:
        time.sleep(0.2)
    return logged()


def test_a_print_worker_survives_a_redis_restart_and_renders_the_next_batch(
    site, director, redis_back
):
    assert state_of(site, start_batch(site, director, "a4")) == "done", site.worker.tail()

    redis_back.kill()
    assert wait_for_log(site, "Connection to broker lost"), site.worker.tail()
    redis_back.start()
    job = start_batch(site, director, "letter")

    assert state_of(site, job) == "done", site.worker.tail()
    assert site.worker.alive()


def test_a_batch_whose_worker_died_is_started_again_by_the_sweep(site):
    """A job left running by a worker that vanished (no heartbeat for 12 s) and never
    redelivered by Redis (its visibility timeout is 10 minutes): the sweep finds it."""
    (job,) = site.sql(
        "INSERT INTO printing_printjob (kind, parameters, fingerprint, state, progress, "
        "result, pages, error, tries, heartbeat_at, created_at) VALUES ('round-sheets', "
        "%s, 'lost', 'running', 27, '', 0, '', 1, now() - interval '12 seconds', now()) "
        "RETURNING id",
        [f'{{"round": {site.seeded["round"]}, "size": "letter"}}'],
    )[0]

    assert state_of(site, job) == "done", site.worker.tail()
    ((tries,),) = site.sql("SELECT tries FROM printing_printjob WHERE id = %s", [job])
    assert tries == 2
