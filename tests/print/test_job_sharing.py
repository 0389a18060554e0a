"""Identical batch requests share one job (forty identical print requests
rendered forty batches). One job per fingerprint may be queued or running, enforced
by the database (printjob_one_active_per_fingerprint), and the service hands out
the job that won."""

import threading

import pytest
from celery.signals import task_prerun
from django.db import IntegrityError, connection, connections, transaction

from rookclub.celery import app
from rookclub.printing.models import PrintJob
from rookclub.printing.services import print_job_start
from rookclub.printing.tasks import render_batch


@pytest.fixture
def started_jobs():
    """The job of each batch task started (Celery's ``task_prerun`` signal); tasks run in
    this process (eager), also when REDIS_URL is set."""
    started: list[int] = []

    def record(sender, args=(), **kwargs):
        if sender.name == render_batch.name:
            started.append(args[0])

    was = app.conf.task_always_eager
    app.conf.task_always_eager = True
    task_prerun.connect(record, weak=False)
    yield started
    task_prerun.disconnect(record)
    app.conf.task_always_eager = was


@pytest.mark.django_db
def test_the_database_refuses_a_second_active_job_for_the_same_pages():
    PrintJob.objects.create(kind="round-sheets", fingerprint="f" * 64)
    with pytest.raises(IntegrityError), transaction.atomic():
        PrintJob.objects.create(kind="round-sheets", fingerprint="f" * 64)


@pytest.mark.django_db
def test_a_failed_or_done_job_leaves_room_for_a_new_one():
    PrintJob.objects.create(kind="round-sheets", fingerprint="f" * 64, state="failed")
    PrintJob.objects.create(kind="round-sheets", fingerprint="f" * 64, state="done")
    PrintJob.objects.create(kind="round-sheets", fingerprint="f" * 64)
    assert PrintJob.objects.filter(fingerprint="f" * 64).count() == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs concurrent PostgreSQL connections"
)
def test_identical_requests_at_the_same_moment_make_one_job(first_round, director, started_jobs):
    params = {"round": first_round.pk}
    barrier = threading.Barrier(6)
    started: list[int] = []

    def start():
        try:
            barrier.wait()
            started.append(print_job_start(kind="round-sheets", params=params, by=director).pk)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=start) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert len(started) == 6
    assert len(set(started)) == 1
    # The one job was sent once, when the request that made it committed: rendered here
    # (eager) on its first and only try.
    assert started_jobs == started[:1]
    job = PrintJob.objects.get(kind="round-sheets")
    assert (job.state, job.tries, job.sends, job.pages) == (PrintJob.State.DONE, 1, 1, 4)
