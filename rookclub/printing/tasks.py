"""Celery tasks for printing: thin, by primary key, sent on commit."""

from celery import shared_task


@shared_task
def render_batch(job_pk: int) -> str | None:
    """Render a PrintJob's PDF (progress is written to the job as tables are laid out)."""
    from rookclub.printing.services import print_job_run

    job = print_job_run(job_pk=job_pk)
    return job.state if job else None
