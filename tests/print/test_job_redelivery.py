"""A real worker killed mid-batch: the batch is delivered again and completes.

Needs Redis and real worker processes (REDIS_URL set); skipped otherwise, failed in
CI (ROOKCLUB_REQUIRE_WORKER=1). The workers here listen on a queue of their own, so
the night's worker (tests/conftest.py) cannot take the batch instead, and run with
a visibility timeout and stall time of a few seconds, so Redis hands the killed
worker's batch out again quickly.
"""

import datetime
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from play import checkins, night_opening, night_seating
from rookclub.clubs.models import Club, Membership, Player
from rookclub.printing.models import PrintJob
from rookclub.printing.tasks import render_batch
from tests.conftest import _database_url_for
from tests.print.conftest import page_count

ROOT = Path(__file__).resolve().parents[2]
TABLES = 64  # enough pages that a worker can be caught mid-batch on a fast machine
QUICK = {"CELERY_VISIBILITY_TIMEOUT": "3", "PRINT_JOB_STALL_SECONDS": "3"}

pytestmark = pytest.mark.celery_worker


@pytest.fixture
def own_workers(django_db_blocker):
    """Start workers on a queue of their own; each is stopped at the end."""
    if not settings.REDIS_URL:
        message = "needs REDIS_URL and real Celery workers"
        if os.environ.get("ROOKCLUB_REQUIRE_WORKER"):
            pytest.fail(message)
        pytest.skip(message)
    from rookclub.celery import app

    queue = f"rookclub-redelivery-{os.getpid()}"
    with django_db_blocker.unblock():
        database_url = _database_url_for(settings.DATABASES["default"])
    env = {
        **os.environ,
        **QUICK,
        "DATABASE_URL": database_url,
        "REDIS_URL": settings.REDIS_URL,
        "PRINT_QUEUE": queue,
    }
    started = []

    def start(name: str, pool: str = "solo") -> subprocess.Popen:
        log = open(ROOT / "var" / f"test-redelivery-{name}.log", "w")  # noqa: SIM115
        hostname = f"{name}-{os.getpid()}@%h"
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "rookclub",
                "worker",
                "--pool",
                pool,
                "--concurrency",
                "1",
                "--queues",
                queue,
                "--loglevel",
                "INFO",
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                hostname,
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        started.append((worker, log))
        deadline = time.monotonic() + 60
        destination = [hostname.replace("%h", socket.gethostname())]
        while not app.control.ping(destination=destination, timeout=0.5):
            if worker.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"celery worker {name} did not start; see {log.name}")
        return worker

    yield queue, start, env
    for worker, log in started:
        if worker.poll() is None:
            worker.terminate()
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                worker.kill()
        log.close()


def big_round(tables: int = TABLES, slug: str = "redelivery") -> int:
    """A club night of ``tables`` tables, committed for the workers to read."""
    club = Club.objects.create(name="Redelivery Rook Club", slug=slug)
    director = get_user_model().objects.create_user(f"{slug}-director")
    Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i:03d} Rookwood") for i in range(tables * 4)
    )
    night = night_opening.night_open(club=club, date=datetime.date(2025, 6, 12), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    return night.rounds.get(number=1).pk


def wait_for(job: PrintJob, ready, timeout: float, poll: float = 0.02) -> PrintJob:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if ready(job):
            return job
        time.sleep(poll)
    raise AssertionError(f"job {job.pk} stuck at {job.state} {job.progress}%: {job.error}")


def redeliverable(timeout: float = 60) -> None:
    """Wait until Redis has held a delivery unacknowledged past the visibility timeout
    (the killed worker's batch), so the next worker to start puts it back in the queue."""
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL)
    visibility = float(QUICK["CELERY_VISIBILITY_TIMEOUT"])
    deadline = time.monotonic() + timeout
    while client.zcount("unacked_index", "-inf", time.time() - visibility) == 0:
        assert time.monotonic() < deadline, "the killed worker's batch never came due again"
        time.sleep(0.1)  # a poll, not a wait for time to pass: the loop ends on the condition


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_batch_is_replaced_and_the_batch_completes(own_workers):
    queue, start, _ = own_workers
    job = PrintJob.objects.create(
        kind="round-sheets",
        parameters={"round": big_round(), "size": "a4"},
        fingerprint="redelivery",
    )
    first = start("first")

    render_batch.apply_async((job.pk,), queue=queue)
    wait_for(job, lambda j: j.state == "running" and j.progress > 1, timeout=120, poll=0.01)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    job.refresh_from_db()
    killed_at = (job.state, job.progress)
    assert job.state == "running" and job.progress < 95, f"not killed mid-batch: {killed_at}"

    redeliverable()  # Redis may hand the batch out again: a new worker's start restores it
    start("second")
    job = wait_for(job, lambda j: j.finished, timeout=120, poll=0.2)

    assert job.state == PrintJob.State.DONE, job.error
    assert job.tries == 2, "taken over by the second worker"
    with job.result.open("rb") as f:
        assert page_count(f.read()) == job.pages == TABLES


@pytest.mark.django_db(transaction=True)
def test_a_pool_child_killed_mid_batch_is_put_back_at_once_and_completes(own_workers):
    """reject_on_worker_lost: the parent worker puts the task back when its child dies."""
    queue, start, _ = own_workers
    job = PrintJob.objects.create(
        kind="round-sheets",
        parameters={"round": big_round(), "size": "a4"},
        fingerprint="redelivery",
    )
    worker = start("prefork", pool="prefork")

    render_batch.apply_async((job.pk,), queue=queue)
    wait_for(job, lambda j: j.state == "running" and j.progress > 1, timeout=120, poll=0.01)
    children = subprocess.run(["pgrep", "-P", str(worker.pid)], capture_output=True, text=True)
    for child in children.stdout.split():
        os.kill(int(child), signal.SIGKILL)
    job = wait_for(job, lambda j: j.finished, timeout=120, poll=0.2)

    assert children.stdout.split(), "the pool child was found and killed"
    assert job.state == PrintJob.State.DONE, job.error
    assert job.tries == 2 and worker.poll() is None, "same worker, a new child"
