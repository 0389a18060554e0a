"""Sending Celery tasks. Tasks stay thin: they take primary keys and call a service;
they are sent with :func:`send_on_commit` so a worker never looks for a row whose
transaction has not committed yet."""

import logging
from functools import partial
from typing import Any

from django.db import transaction
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


def send_or_run(task: Any, *args: Any, **kwargs: Any) -> None:
    """Send ``task`` to a worker; when the broker does not take it (Redis down or
    frozen: it gives up within ``REDIS_TIMEOUT``), run it here, so the work that
    follows a write is never lost (issue 27). Only for tasks cheap enough to run in
    a request; a batch print answers 503 instead (rookclub/printing/queue.py)."""
    try:
        task.delay(*args, **kwargs)
    except (KombuError, RedisError, OSError) as exc:
        log.warning("task %s not sent (%r); running it in this request", task.name, exc)
        task.apply(args=args, kwargs=kwargs, throw=True)


def send_on_commit(task: Any, *args: Any, **kwargs: Any) -> None:
    """Queue ``task`` once the surrounding transaction commits (at once if none);
    run here if the broker is down (:func:`send_or_run`)."""
    transaction.on_commit(partial(send_or_run, task, *args, **kwargs))
