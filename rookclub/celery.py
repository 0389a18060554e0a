"""The Celery app.

Without ``REDIS_URL`` the settings make every task run eagerly in the calling
process, so a laptop needs no broker; with it, tasks go through Redis to real
workers (``celery -A rookclub worker``). The code is the same either way.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

app = Celery("rookclub")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Every worker re-queues batches whose worker died (rookclub/printing/sweeper.py).
from rookclub.printing.sweeper import PrintJobSweep  # noqa: E402 - needs the app above

app.steps["worker"].add(PrintJobSweep)
