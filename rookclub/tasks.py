"""Celery tasks for the club domain. Tasks stay thin: they take primary keys and
call a service; they are sent with ``send_on_commit`` so a worker never looks
for a row whose transaction has not committed yet."""

import os
import socket
from functools import partial
from typing import Any

from celery import shared_task
from django.db import transaction


def send_on_commit(task: Any, *args: Any, **kwargs: Any) -> None:
    """Queue ``task`` once the surrounding transaction commits (at once if none)."""
    transaction.on_commit(partial(task.delay, *args, **kwargs))


@shared_task
def ping(token: str) -> dict[str, Any]:
    """Echo where the task ran; proves the broker/worker round trip in tests and ops."""
    return {"token": token, "pid": os.getpid(), "host": socket.gethostname()}
