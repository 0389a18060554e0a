"""The registry of printable documents by name, filled from each app's ``AppConfig.ready()``:
a kind turns parameters and who asks into documents, found among that person's clubs only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F, QuerySet
from django.http import Http404

from rookclub.clubs.models import Club
from rookclub.clubs.permissions import is_member
from rookclub.core.errors import DomainError, Invalid
from rookclub.core.limits import ID_MAX
from rookclub.core.roles import SYSTEM, Actor
from rookclub.printing.models import PrintJob


class Missing(DomainError):
    """The thing to print does not exist (HTTP 404)."""

    code = "not_found"
    status = 404


@dataclass
class Built:
    """What one print request shows: the documents and where they belong."""

    items: list[Any]
    club: Club
    filename: str
    context: dict[str, Any] = field(default_factory=dict)
    stamps: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Kind:
    name: str
    template: str
    #: ``build(params, by)``: finds its rows with :func:`get_or_missing` as ``by``.
    build: Callable[[Mapping[str, Any], Any], Built]
    batch: bool = False  # many pages: rendered by a Celery job, not in the request
    description: str = ""
    #: Its documents print absolute links (QR codes): callers pass ``base_url``.
    absolute_urls: bool = False
    #: Where a batch was started: ``params -> (url, label)`` of the page its print
    #: links live on (the night, the tournament), so the job's page links back there.
    origin: Callable[[Mapping[str, Any]], tuple[str, str]] | None = None
    #: The ids its ``parameters`` must name (``int_param``: whole numbers from 1), and
    #: those it may; the print-jobs schema says them per kind.
    ids: tuple[str, ...] = ()
    optional_ids: tuple[str, ...] = ()


def int_param(
    params: Mapping[str, Any], key: str, *, required: bool = True, maximum: int = ID_MAX
) -> int | None:
    value = params.get(key)
    if value in (None, ""):
        if required:
            raise Invalid(f"Say which {key} to print.", errors={key: ["This is required."]})
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise Invalid(
            f"The {key} must be a number, not {value!r}.", errors={key: ["Give a number."]}
        ) from None
    if number < 1:
        raise Invalid(f"The {key} must be 1 or more.", errors={key: ["Give 1 or more."]})
    if number > maximum:  # an id beyond ID_MAX names nothing and overflows the driver
        raise Invalid(
            f"The {key} must be {maximum} or less.", errors={key: [f"Give {maximum} or less."]}
        )
    return number


def _lookup(
    model, related: tuple[str, ...], club_path: str, lookup: Mapping[str, Any], user_id: int | None
) -> QuerySet:
    """The rows matching ``lookup`` with ``related`` joined; with ``user_id``, only in that user's
    clubs, annotated with their role there (``viewer_role``)."""
    rows = model.objects.select_related(*related).filter(**lookup)
    if user_id is not None:
        prefix = f"{club_path}__" if club_path else ""
        rows = rows.filter(**{f"{prefix}memberships__user_id": user_id}).annotate(
            viewer_role=F(f"{prefix}memberships__role")
        )
    return rows


def _club_of(row: Any, related: tuple[str, ...], club_path: str) -> Club | None:
    """The club ``row`` was read with (``club_path`` among ``related``), else None."""
    if club_path and not any(r == club_path or r.startswith(f"{club_path}__") for r in related):
        return None
    for name in club_path.split("__") if club_path else ():
        row = getattr(row, name)
    return row if isinstance(row, Club) else None


def get_or_missing(
    model, what: str, related: tuple[str, ...] = (), *, by: Actor, club_path: str, **lookup
):
    """The one ``model`` row matching ``lookup`` among ``by``'s clubs, or ``Missing``: another
    club's row is missing too. One query, which also reads ``by``'s role for later checks."""
    everything = by is SYSTEM or getattr(by, "is_superuser", False)
    if not everything and (by is None or not by.is_authenticated):
        raise Missing(f"There is no {what} {next(iter(lookup.values()))}.")
    rows = _lookup(model, tuple(related), club_path, lookup, None if everything else int(by.pk))
    try:
        row = rows.get()
    except model.DoesNotExist:
        raise Missing(f"There is no {what} {next(iter(lookup.values()))}.") from None
    club = _club_of(row, tuple(related), club_path)
    if club is not None and not everything:
        club.remember_role(by, row.viewer_role)
    return row


#: Every registered kind by name, in the order the apps registered them.
KINDS: dict[str, Kind] = {}


def register(*kinds: Kind) -> None:
    """Add an app's print kinds (from its ``AppConfig.ready()``). A name is one kind:
    registering a different kind under a taken name is a programming error."""
    for kind in kinds:
        taken = KINDS.get(kind.name)
        if taken is not None and taken != kind:
            raise ValueError(f"print kind {kind.name!r} is registered twice")
        KINDS[kind.name] = kind


def kind_named(name: Any, *, batch: bool | None = None) -> Kind:
    kind = KINDS.get(str(name or ""))
    if kind is None or (batch is not None and kind.batch != batch):
        choices = sorted(k for k, v in KINDS.items() if batch is None or v.batch == batch)
        raise Invalid(
            f"Unknown kind of print {name!r}: use one of {', '.join(choices)}.",
            errors={"kind": [f"One of {', '.join(choices)}."]},
            code="unknown_kind",
        )
    return kind


def job_origin(kind_name: str, params: Mapping[str, Any]) -> tuple[str, str] | None:
    """``(url, label)`` of the page a batch of ``kind_name`` was started from, derived
    from its parameters; None when the kind has none or its round is gone."""
    kind = KINDS.get(kind_name)
    if kind is None or kind.origin is None:
        return None
    try:
        return kind.origin(params)
    except DomainError:
        return None


NO_SUCH_JOB = "No such print job."


def job_for(user: Any, pk: int) -> PrintJob:
    """The job, if ``user`` started it or belongs to its club; else 404 in the same words
    whether it is missing or another club's, so no one learns which jobs exist."""
    try:
        job = PrintJob.objects.filter(pk=pk).first()
    except (TypeError, ValueError):  # an id that is not a number ("0-0") finds no job
        job = None
    if job is None:
        raise Http404(NO_SUCH_JOB)
    if job.created_by_id == user.pk or user.is_superuser:
        return job
    try:
        club = kind_named(job.kind).build(job.parameters, user).club
    except DomainError:
        club = None
    if club is None or not is_member(user, club):
        raise Http404(NO_SUCH_JOB)
    return job
