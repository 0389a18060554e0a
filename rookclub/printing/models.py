"""A batch of printed pages (all score sheets for a round, all table cards...)."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class PrintJob(models.Model):
    """One batch PDF, rendered by a Celery task.

    ``fingerprint`` hashes the data shown: a done job with the same one is the cache.
    A start is valid only while ``tries`` is unchanged, so a worker presumed lost cannot
    overwrite the one that took over (queue.py)."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    kind = models.CharField(max_length=40)
    parameters = models.JSONField(default=dict, blank=True)
    fingerprint = models.CharField(max_length=64, db_index=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    result = models.FileField(upload_to="print/%Y/%m/", blank=True)
    pages = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    tries = models.PositiveSmallIntegerField(default=0)
    #: How many times the job was handed to the queue (a worker's sweep sends a job
    #: again when the queue lost it).
    sends = models.PositiveSmallIntegerField(default=1, db_default=1)
    heartbeat_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="print_jobs",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["fingerprint", "state"], name="printjob_cache_lookup")]
        constraints = [
            # Identical requests at the same moment (forty clicks, two directors) share
            # one batch: only one job per fingerprint may be queued or running.
            models.UniqueConstraint(
                fields=["fingerprint"],
                condition=models.Q(state__in=["queued", "running"]),
                name="printjob_one_active_per_fingerprint",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.state})"

    @property
    def finished(self) -> bool:
        return self.state in (self.State.DONE, self.State.FAILED)
