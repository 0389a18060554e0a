"""Workers that come back: a print worker survives a Redis restart and
takes the next batch, batches waiting in the queue when Redis was lost are sent
again by the live worker once Redis returns, and a batch whose worker died is
started again by the workers' own sweep, with nobody looking at its page."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.redisfail.conftest import Site

pytestmark = pytest.mark.redis_faults


def start_batch(site: Site, director, size: str, **parameters: int) -> int:
    status, job = director.json(
        site.web.port,
        "POST",
        "/api/v1/print-jobs/",
        body={
            "kind": "round-sheets",
            "parameters": {"round": site.seeded["round"], **parameters},
            "size": size,
        },
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


def logged_times(site: Site, words: str) -> int:
    log = site.worker.log
    return log.read_text(errors="replace").count(words) if log.exists() else 0


def wait_for_log(site: Site, words: str, timeout: float = 60, more_than: int = 0) -> bool:
    """True once the worker's log holds ``words`` more than ``more_than`` times."""

    # The whole log, not its tail: a traceback logged after the words (an ack that
    # failed as Redis went away) can push them out of the last 3,000 characters.
    def logged() -> bool:
        return logged_times(site, words) > more_than

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


def test_batches_waiting_in_the_queue_when_redis_is_lost_are_sent_again_and_all_finish(
    site, director, redis_back
):
    """Redis stopped while batches wait in its queue (it keeps nothing on disk, as a
    Redis without persistence): their messages are gone. The print worker lives on
    through the outage, and once Redis is back its sweep sends each batch again;
    every one is printed, none failed as "no worker picked it up"."""
    import redis

    lost_before = logged_times(site, "Connection to broker lost")
    # The worker is held still while the batches are asked for, as a worker busy with a
    # long batch would be: they wait in Redis's list instead of being taken.
    os.killpg(site.worker.process.pid, signal.SIGSTOP)
    try:
        jobs = [
            start_batch(site, director, "a4", table=table)
            for table in range(1, site.seeded["tables"] + 1)
        ]
        waiting = redis.Redis.from_url(site.redis.url).llen(site.queue)
        redis_back.kill()
    finally:
        os.killpg(site.worker.process.pid, signal.SIGCONT)
    # One message may be in the held worker's socket already, lost with Redis too.
    assert waiting >= len(jobs) - 1, waiting
    assert wait_for_log(site, "Connection to broker lost", more_than=lost_before), (
        site.worker.tail()
    )
    assert site.worker.alive()
    redis_back.start()

    states = [state_of(site, job, timeout=120) for job in jobs]

    assert states == ["done"] * len(jobs), site.worker.tail()
    rows = site.sql(
        "SELECT sends, error FROM printing_printjob WHERE id = ANY(%s) ORDER BY id", [jobs]
    )
    assert all(sends >= 2 and error == "" for sends, error in rows), rows
    assert site.worker.alive()
