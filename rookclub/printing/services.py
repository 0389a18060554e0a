"""Writes for printing: start a batch job (or reuse a cached one) and run it.

How a batch survives a lost worker or a broker that is down: queue.py."""

from __future__ import annotations

import logging
import math
import tempfile
from collections.abc import Mapping
from functools import partial
from typing import Any

from django.core.files import File
from django.db import IntegrityError, transaction
from django.utils import timezone

from rookclub.clubs.permissions import is_member
from rookclub.core.errors import NotAllowed
from rookclub.core.roles import SYSTEM, Actor
from rookclub.printing.documents import fingerprint
from rookclub.printing.kinds import Built, Kind, kind_named
from rookclub.printing.models import PrintJob
from rookclub.printing.queue import (
    QUEUE_DOWN,
    PrintQueueDown,
    beating,
    job_beat,
    job_claim,
    job_send,
    job_sweep,
)
from rookclub.printing.render import page_size_from, render_batch, render_pdf
from rookclub.printing.storage import result_save

log = logging.getLogger(__name__)

# Bump when templates or the stylesheet change, so cached PDFs are rendered again.
RENDER_VERSION = "6"


def _params(kind: Kind, params: Mapping[str, Any]) -> dict[str, Any]:
    clean = {k: v for k, v in params.items() if v not in (None, "")}
    clean["size"] = page_size_from(clean.get("size"))
    return clean


def _fingerprint(kind: Kind, params: Mapping[str, Any], built: Built) -> str:
    return fingerprint(RENDER_VERSION, kind.name, dict(params), built.items, built.context)


def document_build(*, kind: str, params: Mapping[str, Any], by: Actor) -> tuple[Kind, Built, dict]:
    """Find what ``by`` asked to print; Missing (404), Invalid (400) or NotAllowed (403).
    Another club's row is Missing before anything else is checked."""
    found = kind_named(kind)
    built = found.build({k: v for k, v in params.items() if v not in (None, "")}, by)
    clean = _params(found, params)
    # Never true after a scoped lookup; kept as a guard. It asks no query when the kind's
    # lookup read by's role with the club (kinds.get_or_missing: Club.remember_role).
    if not is_member(by, built.club):
        raise NotAllowed(f"Only members of {built.club.name} may print its sheets.")
    return found, built, clean


def document_pdf(*, kind: str, params: Mapping[str, Any], by: Actor) -> tuple[bytes, str]:
    """One PDF rendered in the request (a single sheet, a card, standings)."""
    found, built, clean = document_build(kind=kind, params=params, by=by)
    pdf = render_pdf(
        found.template,
        {**built.context, "items": built.items},
        page_size=clean["size"],
        stamps=built.stamps,
    )
    return pdf, built.filename


def _reusable(job: PrintJob) -> bool:
    if job.state == PrintJob.State.DONE:
        return bool(job.result) and job.result.storage.exists(job.result.name)
    return not job.finished  # queued or running, and not stalled (job_sweep looked)


def _latest(print_fingerprint: str) -> PrintJob | None:
    return (
        PrintJob.objects.filter(fingerprint=print_fingerprint)
        .exclude(state=PrintJob.State.FAILED)
        .order_by("-created_at")
        .first()
    )


def print_job_start(*, kind: str, params: Mapping[str, Any], by: Actor) -> PrintJob:
    """Start a batch, or return the job that already shows exactly this data (sent on commit;
    a broker that refuses it: failed, ``PrintQueueDown``)."""
    found = kind_named(kind, batch=True)
    found, built, clean = document_build(kind=found.name, params=params, by=by)
    print_fingerprint = _fingerprint(found, clean, built)
    existing = _latest(print_fingerprint)
    if existing and not existing.finished:
        job_sweep(existing)
    for _ in range(2):
        try:
            with transaction.atomic():
                existing = _latest(print_fingerprint)
                if existing and _reusable(existing):
                    return existing
                job = PrintJob.objects.create(
                    kind=found.name,
                    parameters=clean,
                    fingerprint=print_fingerprint,
                    created_by=by if getattr(by, "is_authenticated", False) else None,
                )
                # Not delay_on_commit: a broker that is down must fail this request (503).
                transaction.on_commit(partial(job_send, job.pk), robust=False)
            return job
        except IntegrityError:
            # An identical request committed its job meanwhile: share it (or look again).
            continue
    shared = _latest(print_fingerprint)
    if shared is None:
        raise PrintQueueDown(QUEUE_DOWN)
    return shared


class _TakenOver(Exception):
    """This start of the job was presumed lost and another worker took it over."""


def _progress(job: PrintJob, done: int, total: int) -> None:
    percent = 5 + int(90 * done / max(total, 1))
    if not job_beat(job, progress=percent):
        raise _TakenOver


def print_job_run(*, job_pk: int) -> PrintJob | None:
    """Render a batch job's PDF chunk by chunk, each a heartbeat. A failure is recorded on
    the job, never raised; ``JobBusy`` when another worker runs it."""
    job = job_claim(job_pk)
    if job is None:
        return PrintJob.objects.filter(pk=job_pk).first()  # gone, or finished
    try:
        found = kind_named(job.kind, batch=True)
        built = found.build(job.parameters, SYSTEM)  # checked when the job was started
        chunk = max(4, math.ceil(len(built.items) / 10))
        with beating(job), tempfile.TemporaryFile(prefix="rookclub-batch-", suffix=".pdf") as pdf:
            pages = render_batch(
                pdf,
                found.template,
                built.items,
                context=built.context,
                page_size=job.parameters.get("size", "a4"),
                chunk=chunk,
                stamps=built.stamps,
                on_progress=lambda done, total: _progress(job, done, total),
            )
            pdf.seek(0)
            # storage.py: local disk or object storage, under the job's own id
            stored = result_save(job, built.filename, File(pdf, name=built.filename))
        outcome = {
            "state": PrintJob.State.DONE,
            "result": stored,
            "fingerprint": _fingerprint(found, job.parameters, built),  # what it really shows
            "pages": pages,
        }
    except _TakenOver:
        log.warning("print job %s was taken over by another worker; stopping", job.pk)
        return PrintJob.objects.filter(pk=job_pk).first()
    except Exception as exc:  # recorded, not raised: the page shows it
        log.exception("print job %s failed", job.pk)
        error = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
        outcome = {"state": PrintJob.State.FAILED, "error": error}
    finished = job_beat(job, progress=100, finished_at=timezone.now(), **outcome)
    if not finished and outcome.get("result"):
        job.result.storage.delete(outcome["result"])  # another start of the job owns it
    return PrintJob.objects.filter(pk=job_pk).first()
