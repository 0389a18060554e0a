"""Batch jobs and the queue: sending them, and noticing the ones a worker lost.

A running job silent for ``PRINT_JOB_STALL_SECONDS`` is re-queued (up to
``PRINT_JOB_MAX_TRIES`` starts); a queued job nobody took is sent again (up to
``MAX_SENDS``); a broker that is down fails the job at once (``PrintQueueDown``, 503)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.db.models import F, Q
from django.utils import timezone
from kombu.exceptions import KombuError

from rookclub.core.errors import DomainError
from rookclub.printing.models import PrintJob

log = logging.getLogger(__name__)

QUEUE_DOWN = (
    "The print queue is not answering, so this batch could not be started. "
    "Try again in a minute; single sheets and cards still print."
)


class PrintQueueDown(DomainError):
    """The broker did not take the batch (HTTP 503); the job was marked failed."""

    code = "print_queue_down"
    status = 503
    wait = 60  # seconds, for the API's Retry-After


class JobBusy(Exception):
    """Another worker is running this job and showed life lately: look again later."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"job running elsewhere; look again in {wait:.0f} s")
        self.wait = wait


#: Seconds between two heartbeats of a job being rendered.
BEAT_SECONDS = 3
#: Seconds between two sweeps of a print worker (:func:`jobs_sweep`).
SWEEP_SECONDS = 5
#: How many times a queued job is handed to the queue before it is failed.
MAX_SENDS = 10


def stall_seconds() -> int:
    return settings.PRINT_JOB_STALL_SECONDS


def queue_seconds() -> int:
    return max(settings.PRINT_JOB_QUEUE_SECONDS, settings.PRINT_JOB_STALL_SECONDS)


def _stalled_before() -> timezone.datetime:
    return timezone.now() - timedelta(seconds=stall_seconds())


def _queued_before() -> timezone.datetime:
    return timezone.now() - timedelta(seconds=queue_seconds() / 2)


def _lost(job: PrintJob, *, by_worker: bool = False) -> bool:
    """No life for too long: running without a heartbeat, or queued and not taken (a worker's
    sweep: after half the queue time, so it resends before anyone gives up)."""
    if job.state != PrintJob.State.QUEUED:
        wait = stall_seconds()
    else:
        wait = queue_seconds() / 2 if by_worker else queue_seconds()
    return job.heartbeat_at < timezone.now() - timedelta(seconds=wait)


def _fail(job_pk: int, reason: str, **still: object) -> int:
    """Mark the job failed unless it has moved on since (``still``: what it must be)."""
    return (
        PrintJob.objects.filter(pk=job_pk, **still)
        .exclude(state__in=[PrintJob.State.DONE, PrintJob.State.FAILED])
        .update(state=PrintJob.State.FAILED, error=reason, progress=100, finished_at=timezone.now())
    )


def job_send(job_pk: int) -> None:
    """Send the job to a worker now, or mark it failed and raise ``PrintQueueDown``. No publish
    retries and short timeouts: a request never hangs on a broker that is down."""
    try:
        _publish(job_pk)
    except (KombuError, OSError) as exc:
        log.warning("print job %s not sent, the broker did not answer: %s", job_pk, exc)
        _fail(job_pk, QUEUE_DOWN)
        raise PrintQueueDown(QUEUE_DOWN) from exc


#: The Celery task rendering a batch registers itself here (it imports this module).
_renderer: list = []


def renderer_register(task: object) -> None:
    _renderer[:] = [task]


def _publish(job_pk: int) -> None:
    """Hand the job to the queue; raises what the broker raises."""
    (render_batch,) = _renderer
    app = render_batch.app  # the project's Celery app (printing may not import the project)
    if app.conf.task_always_eager:
        render_batch.delay(job_pk)
        return
    timeout = settings.PRINT_JOB_SEND_TIMEOUT
    quick = {"socket_connect_timeout": timeout, "socket_timeout": timeout, "max_retries": 0}
    with app.connection_for_write(transport_options=quick) as connection:
        render_batch.apply_async((job_pk,), connection=connection, retry=False)


def _resend(job_pk: int) -> None:
    """A worker's sweep sends a job again; a broker still away leaves it queued for
    the next sweep instead of failing it (the outage is the sweep's to outlast)."""
    try:
        _publish(job_pk)
    except (KombuError, OSError) as exc:
        log.warning("print job %s not sent again yet, the broker did not answer: %s", job_pk, exc)


def job_claim(job_pk: int) -> PrintJob | None:
    """Take the job for this worker (queued, or running but stalled) with one conditional
    UPDATE; None when it is gone or finished, ``JobBusy`` when another live worker has it."""
    now = timezone.now()
    takeable = Q(state=PrintJob.State.QUEUED) | Q(
        state=PrintJob.State.RUNNING, heartbeat_at__lt=_stalled_before()
    )
    taken = PrintJob.objects.filter(
        takeable, pk=job_pk, tries__lt=settings.PRINT_JOB_MAX_TRIES
    ).update(
        state=PrintJob.State.RUNNING,
        tries=F("tries") + 1,
        started_at=now,
        heartbeat_at=now,
        progress=1,
        error="",
    )
    job = PrintJob.objects.filter(pk=job_pk).first()
    if job is None or job.finished:
        return None
    if taken:
        return job
    if job_sweep(job).finished:  # stalled after its last try: failed, with the reason
        return None
    wait = (job.heartbeat_at - _stalled_before()).total_seconds()
    raise JobBusy(max(wait, 0) + 1)


def job_beat(job: PrintJob, **fields: object) -> bool:
    """Record progress (and life) for this start of the job; False when the job was
    taken over or finished meanwhile, so a worker presumed lost stops."""
    return bool(
        PrintJob.objects.filter(pk=job.pk, tries=job.tries, state=PrintJob.State.RUNNING).update(
            heartbeat_at=timezone.now(), **fields
        )
    )


@contextmanager
def beating(job: PrintJob) -> Iterator[None]:
    """While the body runs, beat the job's heart every ``BEAT_SECONDS`` from its own thread, so
    a long chunk never looks like a dead worker."""
    done = threading.Event()

    def beat() -> None:
        try:
            while not done.wait(BEAT_SECONDS) and job_beat(job):
                pass
        except Exception:  # the database away: the next sweep decides
            log.warning("print job %s: heartbeat not recorded", job.pk, exc_info=True)
        finally:
            connection.close()  # this thread's own connection

    heart = threading.Thread(target=beat, name=f"print-job-{job.pk}-heart", daemon=True)
    heart.start()
    try:
        yield
    finally:
        done.set()
        heart.join(timeout=BEAT_SECONDS + 5)


def _gave_up(job: PrintJob) -> str:
    if job.state == PrintJob.State.QUEUED and job.sends >= MAX_SENDS:
        return (
            f"This batch was sent to the print queue {job.sends} times and no printer "
            "worker received it (the queue lost it each time). Try again; if it happens "
            "again, ask the administrator to check the print queue (Redis)."
        )
    if job.state == PrintJob.State.QUEUED:
        return (
            f"No printer worker picked this batch up within {queue_seconds()} seconds. "
            "Try again; if it happens again, ask the administrator to check the print workers."
        )
    return (
        f"The printer worker stopped {job.tries} times while making this PDF "
        f"(no progress for {stall_seconds()} seconds). Try again; if it keeps failing, "
        "print the tables one by one and tell the administrator."
    )


def job_sweep(job: PrintJob, *, by_worker: bool = False) -> PrintJob:
    """Re-queue a stalled job, or fail it with the reason once it has had its tries; a worker's
    sweep also resends a queued job nobody took, or fails it past the queue time."""
    if job.finished or not _lost(job, by_worker=by_worker):
        return job
    seen = {"state": job.state, "tries": job.tries, "heartbeat_at": job.heartbeat_at}
    never_started = job.state == PrintJob.State.QUEUED
    if never_started and by_worker and job.sends < MAX_SENDS:
        if PrintJob.objects.filter(pk=job.pk, **seen).update(
            heartbeat_at=timezone.now(), sends=F("sends") + 1
        ):
            log.warning("print job %s not taken from the queue; sent again", job.pk)
            _resend(job.pk)
    elif never_started or job.tries >= settings.PRINT_JOB_MAX_TRIES:
        _fail(job.pk, _gave_up(job), **seen)
    elif PrintJob.objects.filter(pk=job.pk, **seen).update(
        state=PrintJob.State.QUEUED,
        progress=0,
        heartbeat_at=timezone.now(),
        sends=F("sends") + 1,
    ):
        log.warning("print job %s stalled on try %s; sent again", job.pk, job.tries)
        if by_worker:
            _resend(job.pk)
        else:
            with suppress(PrintQueueDown):  # then marked failed; the page offers "try again"
                job_send(job.pk)
    job.refresh_from_db()
    return job


def jobs_sweep() -> int:
    """Sweep every unfinished job that shows no life (:func:`job_sweep`); how many. Sweeps at
    once are harmless (conditional updates)."""
    unfinished = PrintJob.objects.exclude(state__in=[PrintJob.State.DONE, PrintJob.State.FAILED])
    quiet = unfinished.filter(heartbeat_at__lt=max(_stalled_before(), _queued_before()))
    swept = 0
    for job in quiet.order_by("pk")[:100]:
        if _lost(job, by_worker=True):
            job_sweep(job, by_worker=True)
            swept += 1
    return swept
