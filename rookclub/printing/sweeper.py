"""Each Celery worker sweeps the print jobs on its own timer (``queue.jobs_sweep``), so a
batch whose worker died is re-queued or failed with no beat scheduler to deploy."""

from __future__ import annotations

import logging
from typing import Any

from celery import bootsteps

log = logging.getLogger(__name__)


def sweep_once() -> None:
    """One sweep, never raising into the worker; its connection closed after, so none reaches
    a pool child forked later."""
    from django.db import connections

    from rookclub.printing.queue import jobs_sweep

    try:
        swept = jobs_sweep()
        if swept:
            log.warning("print sweep: %s job(s) without a live worker re-queued or failed", swept)
    except Exception:
        log.warning("print sweep failed; the next one tries again", exc_info=True)
    finally:
        connections.close_all()


class PrintJobSweep(bootsteps.StartStopStep):
    """A worker step: :func:`sweep_once` every ``SWEEP_SECONDS`` on the worker's timer."""

    requires = {"celery.worker.components:Timer"}

    def __init__(self, worker: Any, **kwargs: Any) -> None:
        super().__init__(worker, **kwargs)
        self.tref = None

    def start(self, worker: Any) -> None:
        from rookclub.printing.queue import SWEEP_SECONDS

        self.tref = worker.timer.call_repeatedly(SWEEP_SECONDS, sweep_once, priority=10)

    def stop(self, worker: Any) -> None:
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None
