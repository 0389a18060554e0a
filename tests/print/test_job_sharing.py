"""Identical batch requests share one job (forty identical print requests
rendered forty batches). One job per fingerprint may be queued or running, enforced
by the database (printjob_one_active_per_fingerprint), and the service hands out
the job that won."""

import threading

import pytest
from django.db import IntegrityError, connection, connections, transaction

from rookclub.printing.models import PrintJob
from rookclub.printing.services import print_job_start


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
def test_identical_requests_at_the_same_moment_make_one_job(first_round, director, monkeypatch):
    # Who creates the job is the point here, not its rendering: nothing is sent.
    sent: list[int] = []
    monkeypatch.setattr("rookclub.printing.services.job_send", sent.append)
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
    assert PrintJob.objects.filter(kind="round-sheets").count() == 1
    assert sent == started[:1]
