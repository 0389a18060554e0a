"""Sending Celery tasks. Tasks stay thin: they take primary keys and call a service;
they are sent with :func:`send_on_commit` so a worker never looks for a row whose
transaction has not committed yet."""

from functools import partial
from typing import Any

from django.db import transaction


def send_on_commit(task: Any, *args: Any, **kwargs: Any) -> None:
    """Queue ``task`` once the surrounding transaction commits (at once if none)."""
    transaction.on_commit(partial(task.delay, *args, **kwargs))
