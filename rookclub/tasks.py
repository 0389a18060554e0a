"""Site-wide Celery tasks (ops checks). Apps keep their own tasks in their ``tasks.py``
and send them with :func:`rookclub.core.tasks.send_on_commit`."""

import os
import socket
from typing import Any

from celery import shared_task


@shared_task
def ping(token: str) -> dict[str, Any]:
    """Echo where the task ran; proves the broker/worker round trip in tests and ops."""
    return {"token": token, "pid": os.getpid(), "host": socket.gethostname()}
