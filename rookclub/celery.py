"""The Celery app: with ``REDIS_URL`` tasks go to workers, without it they run eagerly."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

app = Celery("rookclub")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Every worker re-queues batches whose worker died (rookclub/printing/sweeper.py).
from rookclub.printing.sweeper import PrintJobSweep  # noqa: E402 - needs the app above

app.steps["worker"].add(PrintJobSweep)
