"""Batches: a Celery job renders every table, reports progress, and is cached by fingerprint."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from play.hands import hand_record
from rookclub.printing.models import PrintJob
from rookclub.printing.services import print_job_start
from tests.factories import ClubFactory, director_of, hand_in
from tests.print.conftest import page_count, pdf_text


@pytest.fixture
def eager(django_capture_on_commit_callbacks):
    """Run print jobs in this process when the transaction would commit (even with Redis)."""
    from rookclub.celery import app

    was = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield lambda: django_capture_on_commit_callbacks(execute=True)
    app.conf.task_always_eager = was


def wait_done(job, timeout=60):
    import time

    deadline = time.monotonic() + timeout
    while True:
        job.refresh_from_db()
        if job.finished or time.monotonic() > deadline:
            return job
        time.sleep(0.2)


def read(job) -> bytes:
    with job.result.open("rb") as f:
        return f.read()


def run_round_sheets_batch(first_round, director):
    job = print_job_start(kind="round-sheets", params={"round": first_round.pk}, by=director)
    job = wait_done(job)

    assert job.state == PrintJob.State.DONE, job.error
    assert job.progress == 100
    pdf = read(job)
    tables = list(first_round.tables.order_by("table"))
    assert page_count(pdf) == job.pages == len(tables) == 4
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]
    for page, table in zip(pages, tables, strict=True):
        for player in table.seats().values():
            assert player.name in page
    return job


@pytest.mark.django_db(transaction=True)
def test_a_batch_of_score_sheets_renders_one_page_per_table(celery_worker, first_round, director):
    """Eager on SQLite (celery_worker is None); through the real worker when REDIS_URL is set."""
    run_round_sheets_batch(first_round, director)


@pytest.mark.django_db(transaction=True)
def test_a_batch_runs_through_a_real_celery_worker_and_redis(require_worker, first_round, director):
    job = run_round_sheets_batch(first_round, director)

    assert job.started_at is not None and job.finished_at >= job.started_at


@pytest.mark.django_db
def test_the_same_batch_is_served_from_cache_until_the_data_changes(eager, night, game, director):
    params = {"session": night.pk}
    with eager():
        first = print_job_start(kind="session-games", params=params, by=director)
    first.refresh_from_db()
    again = print_job_start(kind="session-games", params=params, by=director)

    hand_record(game=game, data=hand_in(bid=115, ns=120), entered_by=director)
    with eager():
        changed = print_job_start(kind="session-games", params=params, by=director)
    changed.refresh_from_db()

    assert first.state == PrintJob.State.DONE
    assert again.pk == first.pk, "same data: the cached PDF"
    assert changed.pk != first.pk, "a new hand: a new PDF"
    assert "115" in pdf_text(read(changed)) and "115" not in pdf_text(read(first))


@pytest.mark.django_db
def test_the_job_page_shows_progress_then_a_download_link(eager, client, director, first_round):
    client.force_login(director)

    with eager():
        form = {"kind": "round-cards", "round": first_round.pk, "size": "letter"}
        started = client.post(reverse("print-job-start"), form)
    page = client.get(started["Location"])
    job = PrintJob.objects.get()
    fragment = client.get(reverse("print-job-progress", args=[job.pk]))
    download = client.get(reverse("print-job-download", args=[job.pk]))

    assert started.status_code == 302
    assert "Download the PDF" in page.content.decode()
    assert 'data-state="done"' in fragment.content.decode()
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    pdf = b"".join(download.streaming_content)
    assert page_count(pdf) == 4 and "Scan to enter" in pdf_text(pdf)


@pytest.mark.django_db
def test_the_job_page_polls_while_the_job_runs(client, director, first_round):
    job = PrintJob.objects.create(
        kind="round-sheets",
        parameters={"round": first_round.pk},
        fingerprint="x",
        state="running",
        progress=40,
        created_by=director,
    )
    client.force_login(director)

    html = client.get(reverse("print-job", args=[job.pk])).content.decode()

    # the page looks again after 1 s, then less often (see test_job_faults.py).
    assert 'hx-trigger="load delay:1000ms"' in html and 'value="40"' in html


@pytest.mark.django_db
def test_the_api_starts_a_job_and_reports_its_state(eager, director, first_round):
    api = APIClient()
    api.force_authenticate(director)

    with eager():
        body = {"kind": "round-sheets", "parameters": {"round": first_round.pk}, "size": "a4"}
        started = api.post("/api/v1/print-jobs/", body, format="json")
    state = api.get(f"/api/v1/print-jobs/{started.json()['id']}/").json()
    unknown = api.post("/api/v1/print-jobs/", {"kind": "everything"}, format="json")
    no_round = api.post(
        "/api/v1/print-jobs/",
        {"kind": "round-sheets", "parameters": {"round": 999999}},
        format="json",
    )

    assert started.status_code == 202
    assert {"id", "state", "progress", "result_url"} <= set(state)
    assert state["state"] == "done" and state["progress"] == 100
    assert state["result_url"].endswith(f"/print/jobs/{state['id']}/download.pdf")
    assert unknown.status_code == 400
    assert no_round.status_code == 404 and "no round" in no_round.json()["detail"][0]


@pytest.mark.django_db
def test_another_clubs_job_is_not_found_in_the_words_of_a_missing_one(director, first_round):
    job = PrintJob.objects.create(kind="round-sheets", parameters={"round": first_round.pk})
    stranger = director_of(ClubFactory(), username="other-director")
    api = APIClient()
    api.force_authenticate(stranger)
    missing = PrintJob.objects.order_by("-pk").first().pk + 1

    theirs, unknown, not_a_number = (
        api.get(f"/api/v1/print-jobs/{pk}/") for pk in (job.pk, missing, "0-0")
    )

    assert theirs.status_code == unknown.status_code == not_a_number.status_code == 404
    assert theirs.json() == unknown.json() == not_a_number.json()
    assert theirs.json() == {"detail": "No such print job."}
    api.force_authenticate(director)
    assert api.get(f"/api/v1/print-jobs/{job.pk}/").status_code == 200


@pytest.mark.django_db
def test_a_job_whose_parameters_hold_an_object_or_a_null_id_is_refused(director, first_round):
    api = APIClient()
    api.force_authenticate(director)
    nested = {"kind": "round-sheets", "parameters": {"round": first_round.pk, "k": {"a": 1}}}
    null_table = {"kind": "round-sheets", "parameters": {"round": first_round.pk, "table": None}}

    answers = [
        api.post("/api/v1/print-jobs/", body, format="json") for body in (nested, null_table)
    ]

    assert [a.status_code for a in answers] == [400, 400]
    assert answers[0].json()["parameters"] == ["k: one value, a number or a text"]
    assert answers[1].json()["parameters"] == ["table: an id (a whole number), not null"]
    assert not PrintJob.objects.exists()
