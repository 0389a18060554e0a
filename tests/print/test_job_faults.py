"""Batches survive faults: a lost worker, a broker that is down, a token client.

The real-worker tests (a worker killed mid-batch) are in test_job_redelivery.py.
"""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from rookclub.celery import app
from rookclub.printing.models import PrintJob
from rookclub.printing.queue import QUEUE_DOWN, JobBusy, job_beat, job_claim
from rookclub.printing.services import print_job_start
from tests.factories import ClubFactory, director_of
from tests.print.conftest import page_count


@pytest.fixture
def eager(django_capture_on_commit_callbacks):
    """Print jobs run in this process, also when REDIS_URL is set (this test's rows
    are not committed, so a real worker could not see them); ``with eager():`` runs
    what is sent on commit."""
    was = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield lambda: django_capture_on_commit_callbacks(execute=True)
    app.conf.task_always_eager = was


def dead_job(round_, director, *, tries=1, state="running", progress=23, **fields):
    """A job whose worker vanished: no heartbeat for twice the stall time."""
    from django.conf import settings

    quiet = max(settings.PRINT_JOB_STALL_SECONDS, settings.PRINT_JOB_QUEUE_SECONDS)
    long_ago = timezone.now() - timedelta(seconds=2 * quiet)
    return PrintJob.objects.create(
        kind="round-sheets",
        parameters={"round": round_.pk, "size": "a4"},
        fingerprint="x",
        state=state,
        progress=progress,
        tries=tries,
        heartbeat_at=long_ago,
        created_by=director,
        **fields,
    )


@pytest.mark.django_db
def test_a_job_whose_worker_died_is_sent_again_when_its_page_is_looked_at(
    eager, client, director, first_round
):
    job = dead_job(first_round, director)
    client.force_login(director)

    page = client.get(reverse("print-job", args=[job.pk])).content.decode()

    job.refresh_from_db()
    assert job.state == PrintJob.State.DONE, job.error
    assert job.tries == 2 and job.pages == 4
    assert "Download the PDF" in page


@pytest.mark.django_db
def test_a_job_that_stalls_on_its_last_try_fails_with_the_reason_and_offers_try_again(
    eager, settings, client, director, first_round
):
    job = dead_job(first_round, director, tries=settings.PRINT_JOB_MAX_TRIES)
    client.force_login(director)

    fragment = client.get(reverse("print-job-progress", args=[job.pk])).content.decode()
    job.refresh_from_db()
    with eager():
        again = client.post(reverse("print-job-again", args=[job.pk]))
    new = PrintJob.objects.exclude(pk=job.pk).get()

    assert job.state == PrintJob.State.FAILED
    assert f"stopped {settings.PRINT_JOB_MAX_TRIES} times" in job.error
    assert 'data-state="failed"' in fragment and "hx-get" not in fragment, "polling stops"
    assert "Try again" in fragment and reverse("print-job-again", args=[job.pk]) in fragment
    assert again.status_code == 302 and again["Location"] == reverse("print-job", args=[new.pk])
    assert new.state == PrintJob.State.DONE and new.parameters["round"] == first_round.pk


@pytest.mark.django_db
def test_a_queued_job_no_worker_takes_fails_saying_so(client, director, first_round):
    job = dead_job(first_round, director, tries=0, state="queued", progress=0)
    client.force_login(director)

    client.get(reverse("print-job-progress", args=[job.pk]))

    job.refresh_from_db()
    assert job.state == PrintJob.State.FAILED
    assert job.error.startswith("No printer worker picked this batch up")


@pytest.mark.django_db
def test_the_api_reports_a_dead_job_failed_not_running_forever(settings, director, first_round):
    job = dead_job(first_round, director, tries=settings.PRINT_JOB_MAX_TRIES)
    api = APIClient()
    api.force_authenticate(director)

    state = api.get(f"/api/v1/print-jobs/{job.pk}/").json()

    assert state["state"] == "failed" and "stopped" in state["error"]
    assert state["tries"] == settings.PRINT_JOB_MAX_TRIES


@pytest.mark.django_db
def test_asking_again_for_a_dead_batch_starts_a_new_job(
    eager, settings, django_capture_on_commit_callbacks, director, first_round
):
    params = {"round": first_round.pk}
    with django_capture_on_commit_callbacks(execute=False):  # queued, never sent
        first = print_job_start(kind="round-sheets", params=params, by=director)
    long_ago = timezone.now() - timedelta(seconds=2 * settings.PRINT_JOB_STALL_SECONDS)
    PrintJob.objects.filter(pk=first.pk).update(
        state="running", tries=settings.PRINT_JOB_MAX_TRIES, heartbeat_at=long_ago
    )

    with django_capture_on_commit_callbacks(execute=True):
        again = print_job_start(kind="round-sheets", params=params, by=director)

    first.refresh_from_db()
    again.refresh_from_db()
    assert again.pk != first.pk, "the dead job is not handed out"
    assert first.state == PrintJob.State.FAILED
    assert again.state == PrintJob.State.DONE, again.error


@pytest.mark.django_db
def test_a_second_delivery_waits_while_the_first_worker_shows_life(director, first_round):
    job = dead_job(first_round, director, tries=0, state="queued")
    PrintJob.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now())

    taken = job_claim(job.pk)
    with pytest.raises(JobBusy) as busy:
        job_claim(job.pk)

    assert taken.tries == 1 and taken.state == PrintJob.State.RUNNING
    assert busy.value.wait > 1, "looks again once the first would count as stalled"


@pytest.mark.django_db
def test_a_worker_presumed_lost_cannot_write_over_the_one_that_took_over(director, first_round):
    job = dead_job(first_round, director, tries=1)
    lost = PrintJob.objects.get(pk=job.pk)  # what the lost worker holds (try 1)

    taker = job_claim(job.pk)

    assert taker.tries == 2
    assert not job_beat(lost, progress=50), "the lost worker's progress is refused"
    assert job_beat(taker, progress=50)


@pytest.mark.django_db
def test_the_page_polls_less_often_each_time_and_stops_when_done(client, director, first_round):
    job = dead_job(first_round, director, tries=1, state="running")
    PrintJob.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now())
    client.force_login(director)
    url = reverse("print-job-progress", args=[job.pk])

    def delay(poll):
        html = client.get(url, {"poll": poll}).content.decode()
        return html.split('hx-trigger="load delay:')[1].split('ms"')[0]

    delays = [int(delay(n)) for n in range(8)]
    assert delays[0] == 1000 and delays == sorted(delays) and delays[-1] == 15000
    assert "?poll=3" in client.get(url, {"poll": 2}).content.decode()
    assert delay("9" * 5000) == delay("²") == "1000", "a bad count is a first look, not a 500"
    PrintJob.objects.filter(pk=job.pk).update(state="done")
    assert "hx-get" not in client.get(url, {"poll": 3}).content.decode()


@pytest.mark.django_db
def test_a_batch_download_works_with_an_api_token_for_members_only(eager, director, first_round):
    token = Token.objects.create(user=director)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    body = {"kind": "round-sheets", "parameters": {"round": first_round.pk}}
    with eager():
        job_id = api.post("/api/v1/print-jobs/", body, format="json").json()["id"]
    result_url = api.get(f"/api/v1/print-jobs/{job_id}/").json()["result_url"]

    download = api.get(result_url)
    outsider = APIClient()
    stranger = director_of(ClubFactory(), username="other-director")
    outsider.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=stranger).key}")
    elsewhere = outsider.get(result_url)
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token not-a-token")

    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert page_count(b"".join(download.streaming_content)) == 4
    assert elsewhere.status_code == 404 and "detail" in elsewhere.json()
    assert bad.get(result_url).status_code == 401
    assert APIClient().get(result_url)["Location"].startswith(reverse("login")), "pages as before"


@pytest.mark.django_db(transaction=True)
def test_a_broker_that_is_down_answers_503_and_leaves_no_job(
    broker_down, client, director, first_round
):
    api = APIClient()
    api.force_authenticate(director)
    client.force_login(director)
    body = {"kind": "round-sheets", "parameters": {"round": first_round.pk}}

    # How long the answer takes (PRINT_JOB_SEND_TIMEOUT, aim < 3 s) is bench/queue_down.py's.
    answer = api.post("/api/v1/print-jobs/", body, format="json")
    form = {"kind": "round-sheets", "round": first_round.pk}
    page = client.post(reverse("print-job-start"), form)

    assert answer.status_code == 503
    assert answer.json() == {"detail": [QUEUE_DOWN]} and answer["Retry-After"] == "60"
    assert page.status_code == 503
    assert page["Content-Type"].startswith("text/html") and "not answering" in page.text
    assert not PrintJob.objects.exclude(state=PrintJob.State.FAILED).exists(), "no orphan job"
    assert set(PrintJob.objects.values_list("error", flat=True)) == {QUEUE_DOWN}

    # The broker is back: the same request starts a new job, never the one not sent.
    app.conf.task_always_eager = True
    again = api.post("/api/v1/print-jobs/", body, format="json").json()
    assert again["state"] == "done"
    assert PrintJob.objects.filter(state=PrintJob.State.DONE).get().pk == again["id"]
