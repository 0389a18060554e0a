"""Where a finished batch PDF is kept (the default storage: disk, or S3) and how it is handed
out once the caller checked who asks: a signed URL where the storage signs, else streamed."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile, File
from django.http import FileResponse, HttpResponse, HttpResponseRedirect

from rookclub.printing.models import PrintJob


def result_save(job: PrintJob, filename: str, content: bytes | File) -> str:
    """Store ``content`` as ``job``'s PDF and return the stored name (the caller saves the row).
    The key sits under the job's id, so two jobs never share one and the file keeps its name."""
    if isinstance(content, bytes):
        content = ContentFile(content)
    job.result.save(f"{job.pk}/{filename}", content, save=False)
    return job.result.name


def download_name(job: PrintJob) -> str:
    return job.result.name.rsplit("/", 1)[-1]


def _signs_urls(storage: Any) -> bool:
    """Object storage whose URLs are signed and expire (django-storages' S3 backend)."""
    return bool(getattr(storage, "querystring_auth", False)) and hasattr(storage, "bucket_name")


def result_response(job: PrintJob) -> HttpResponse:
    """The PDF of a done ``job`` for someone already allowed to see it."""
    storage = job.result.storage
    name = download_name(job)
    if settings.PRINT_DOWNLOAD_REDIRECT and _signs_urls(storage):
        url = storage.url(
            job.result.name,
            parameters={
                "ResponseContentType": "application/pdf",
                "ResponseContentDisposition": f'inline; filename="{name}"',
            },
        )  # valid for the storage's querystring_expire (AWS_QUERYSTRING_EXPIRE) seconds
        response = HttpResponseRedirect(url)
    else:
        response = FileResponse(
            job.result.open("rb"), content_type="application/pdf", filename=name
        )
    # The answer is for this person only, and a signed URL is short-lived.
    response["Cache-Control"] = "private, no-store"
    return response
