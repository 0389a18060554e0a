"""Print pages: single PDFs in the request, batches as jobs with a progress bar."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from rookclub.core.errors import DomainError
from rookclub.core.pages import post_form
from rookclub.printing.kinds import KINDS, job_for, job_origin
from rookclub.printing.models import PrintJob
from rookclub.printing.queue import PrintQueueDown, job_sweep
from rookclub.printing.services import document_pdf, print_job_start
from rookclub.printing.site import print_warnings, with_site_url
from rookclub.printing.storage import result_response


def pdf_response(pdf: bytes, filename: str, *, download: bool = False) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    disposition = "attachment" if download else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


def _back(request: HttpRequest) -> str:
    """The page the person came from when it is on this site (no inline script may run
    ``history.back()`` under the Content-Security-Policy), else the home page."""
    referer = request.headers.get("Referer", "")
    safe = url_has_allowed_host_and_scheme(referer, allowed_hosts={request.get_host()})
    return referer if referer and safe else reverse("home")


def error_response(request: HttpRequest, error: DomainError) -> HttpResponse:
    context = {"message": error.message, "errors": error.errors, "back": _back(request)}
    response = render(request, "print/error.html", context, status=error.status)
    if isinstance(error, PrintQueueDown):
        response["Retry-After"] = "60"
    return response


@login_required
@require_GET
def document(
    request: HttpRequest, kind: str, key: str, pk: int = 0, slug: str = "", **path: Any
) -> HttpResponse:
    """One PDF of ``kind``: the path's ``pk`` (or ``slug``) is its parameter ``key``; the
    query string gives the rest."""
    params = {**request.GET.dict(), **path, key: slug or pk}
    try:
        with_site_url(request, KINDS[kind], params)
        pdf, filename = document_pdf(kind=kind, params=params, by=request.user)
    except DomainError as error:
        return error_response(request, error)
    return pdf_response(pdf, filename, download=request.GET.get("download") == "1")


def _start(request: HttpRequest, kind_name: Any, params: dict[str, Any]) -> HttpResponse:
    try:
        with_site_url(request, KINDS.get(kind_name or ""), params)
        job = print_job_start(kind=kind_name, params=params, by=request.user)
    except DomainError as error:
        return error_response(request, error)
    return redirect("print-job", pk=job.pk)


@login_required
@post_form(lambda request: _back(request))
def job_start(request: HttpRequest) -> HttpResponse:
    """Start a batch from a form (kind, round or night, size) and show its page."""
    params = {k: v for k, v in request.POST.items() if k not in ("kind", "csrfmiddlewaretoken")}
    return _start(request, request.POST.get("kind"), params)


@login_required
@require_POST
def job_again(request: HttpRequest, pk: int) -> HttpResponse:
    """The "try again" button of a failed job's page: the same batch, as a new job."""
    job = job_for(request.user, pk)
    params = {k: v for k, v in job.parameters.items() if k != "base_url"}
    return _start(request, job.kind, params)


#: Seconds between two looks at a running job: 1, 1.5, 2.25... up to 15 (the page backs off).
POLL_FIRST, POLL_GROWTH, POLL_MOST = 1.0, 1.5, 15.0


def _job_context(job: PrintJob, poll: int = 0) -> dict[str, Any]:
    kind = KINDS.get(job.kind)
    return {
        "job": job,
        "title": kind.description if kind else job.kind,
        "origin": job_origin(job.kind, job.parameters),
        "warnings": print_warnings(kind, job.parameters),
        "download_url": reverse("print-job-download", args=[job.pk]) if job.result else "",
        "next_poll": poll + 1,
        "poll_ms": int(1000 * min(POLL_FIRST * POLL_GROWTH ** min(poll, 20), POLL_MOST)),
    }


@login_required
@require_GET
def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = job_sweep(job_for(request.user, pk))
    return render(request, "print/job.html", _job_context(job))


@login_required
@require_GET
def job_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """The progress fragment htmx polls, less often each time, until the job is finished."""
    job = job_sweep(job_for(request.user, pk))
    poll = request.GET.get("poll", "")
    poll = int(poll) if poll.isascii() and poll.isdigit() and len(poll) <= 4 else 0
    return render(request, "print/_job_progress.html", _job_context(job, poll))


def _token_user(request: HttpRequest) -> Any:
    """The user of an API token, so a batch's ``result_url`` downloads for API clients; None
    without one; AuthenticationFailed for a bad one."""
    found = TokenAuthentication().authenticate(request)
    return found[0] if found else None


def _ready_for(user: Any, pk: int) -> PrintJob | None:
    try:
        job = job_for(user, pk)
    except Http404:
        return None
    return job if job.state == PrintJob.State.DONE and job.result else None


@require_GET
def job_download(request: HttpRequest, pk: int) -> HttpResponse:
    """The batch PDF, for a signed-in member or an API token of one (a job's result_url)."""
    by_token = not request.user.is_authenticated
    user = request.user
    if by_token:
        try:
            user = _token_user(request)
        except AuthenticationFailed as refused:
            response = JsonResponse({"detail": str(refused.detail)}, status=401)
            response["WWW-Authenticate"] = "Token"
            return response
        if user is None:
            return redirect_to_login(request.get_full_path())
    job = _ready_for(user, pk)
    if job is None:
        if by_token:  # an API client reads JSON, not the 404 page
            return JsonResponse(
                {"detail": "No such print job, or its PDF is not ready."}, status=404
            )
        raise Http404("No such print job, or its PDF is not ready.")
    return result_response(job)  # a signed URL on object storage, else streamed
