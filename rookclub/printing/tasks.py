"""Celery tasks for printing: thin, by primary key, sent on commit (queue.job_send)."""

from celery import shared_task
from django.conf import settings

from rookclub.printing.queue import JobBusy, renderer_register
from rookclub.printing.services import print_job_run


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def render_batch(self, job_pk: int) -> str | None:
    """Render a PrintJob's PDF; one arriving while another worker still lives on the job
    retries once that worker would count as stalled."""
    try:
        job = print_job_run(job_pk=job_pk)
    except JobBusy as busy:
        raise self.retry(
            countdown=busy.wait, max_retries=2 * settings.PRINT_JOB_MAX_TRIES
        ) from None
    return job.state if job else None


renderer_register(render_batch)
