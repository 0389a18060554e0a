"""Print pages: single PDFs in the request, batches as jobs with a progress bar."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from rookclub.clubs.permissions import is_member
from rookclub.core.errors import DomainError
from rookclub.printing.kinds import KINDS
from rookclub.printing.models import PrintJob
from rookclub.printing.services import document_pdf, print_job_start
from rookclub.printing.site import site_url


def pdf_response(pdf: bytes, filename: str, *, download: bool = False) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    disposition = "attachment" if download else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


def error_response(request: HttpRequest, error: DomainError) -> HttpResponse:
    return render(
        request, "print/error.html", {"message": error.message, "errors": error.errors},
        status=error.status,
    )  # fmt: skip


def _document(request: HttpRequest, kind: str, **params: Any) -> HttpResponse:
    params = {**request.GET.dict(), **params}
    try:
        if KINDS[kind].absolute_urls:  # a QR code must open this site's own page
            params["base_url"] = site_url(request)
        pdf, filename = document_pdf(kind=kind, params=params, by=request.user)
    except DomainError as error:
        return error_response(request, error)
    return pdf_response(pdf, filename, download=request.GET.get("download") == "1")


@login_required
@require_GET
def table_sheet(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    return _document(request, "round-sheets", round=pk, table=table)


@login_required
@require_GET
def table_card(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    return _document(request, "round-cards", round=pk, table=table)


@login_required
@require_GET
def game_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    return _document(request, "game-sheet", game=pk)


@login_required
@require_GET
def session_standings(request: HttpRequest, pk: int) -> HttpResponse:
    return _document(request, "session-standings", session=pk)


@login_required
@require_GET
def season_standings(request: HttpRequest, slug: str) -> HttpResponse:
    return _document(request, "season-standings", club=slug)


@login_required
@require_GET
def tournament_table_sheet(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    return _document(request, "tournament-round-sheets", round=pk, table=table)


@login_required
@require_GET
def tournament_table_card(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    return _document(request, "tournament-round-cards", round=pk, table=table)


@login_required
@require_GET
def tournament_standings(request: HttpRequest, pk: int) -> HttpResponse:
    return _document(request, "tournament-standings", tournament=pk)


@login_required
@require_GET
def tournament_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    return _document(request, "tournament-bracket", tournament=pk)


@login_required
@require_POST
def job_start(request: HttpRequest) -> HttpResponse:
    """Start a batch from a form (kind, round or session, size) and show its page."""
    params = {k: v for k, v in request.POST.items() if k not in ("kind", "csrfmiddlewaretoken")}
    kind = KINDS.get(request.POST.get("kind") or "")
    try:
        if kind is not None and kind.absolute_urls:
            params["base_url"] = site_url(request)
        job = print_job_start(kind=request.POST.get("kind"), params=params, by=request.user)
    except DomainError as error:
        return error_response(request, error)
    return redirect("print-job", pk=job.pk)


def _job_for(request: HttpRequest, pk: int) -> PrintJob:
    job = get_object_or_404(PrintJob, pk=pk)
    if job.created_by_id != request.user.pk and not request.user.is_superuser:
        from rookclub.printing.kinds import kind_named

        try:
            club = kind_named(job.kind).build(job.parameters, request.user).club
        except DomainError:
            raise Http404("No such print job.") from None
        if not is_member(request.user, club):
            raise Http404("No such print job.")
    return job


def _job_context(job: PrintJob) -> dict[str, Any]:
    kind = KINDS.get(job.kind)
    return {
        "job": job,
        "title": kind.description if kind else job.kind,
        "download_url": reverse("print-job-download", args=[job.pk]) if job.result else "",
    }


@login_required
@require_GET
def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = _job_for(request, pk)
    return render(request, "print/job.html", _job_context(job))


@login_required
@require_GET
def job_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """The progress fragment htmx polls every second until the job is finished."""
    job = _job_for(request, pk)
    return render(request, "print/_job_progress.html", _job_context(job))


@login_required
@require_GET
def job_download(request: HttpRequest, pk: int) -> HttpResponse:
    job = _job_for(request, pk)
    if job.state != PrintJob.State.DONE or not job.result:
        raise Http404("This PDF is not ready.")
    name = job.result.name.rsplit("/", 1)[-1]
    return FileResponse(job.result.open("rb"), content_type="application/pdf", filename=name)
