"""Site-wide Celery tasks (ops checks). Apps keep their own tasks in their ``tasks.py``
and send one that follows a write with Celery's ``task.delay_on_commit(...)``, so a
worker never looks for a row whose transaction has not committed yet."""

import os
import socket
from typing import Any

from celery import shared_task


@shared_task
def ping(token: str) -> dict[str, Any]:
    """Echo where the task ran; proves the broker/worker round trip in tests and ops."""
    return {"token": token, "pid": os.getpid(), "host": socket.gethostname()}
