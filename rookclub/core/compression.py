"""Compress text answers (pages, JSON, CSV) for browsers that accept gzip.

Django's ``GZipMiddleware`` does the work; this subclass leaves alone what compressing
cannot help: PDFs (a streamed one keeps its Content-Length), zip exports and images.
BREACH is met as Django meets it: a CSRF token masked afresh per answer and random
padding ("Heal The Breach"); table links' keys only appear on pages that echo no input."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

#: Content types worth compressing: text and the text-like application types.
TEXT_TYPES = (
    "text/",
    "application/json",
    "application/javascript",
    "application/xml",
    "image/svg+xml",
    "application/vnd.oai.openapi",
)


class TextGZipMiddleware(GZipMiddleware):
    """``GZipMiddleware`` for text answers only (see the module's docstring)."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        content_type = response.get("Content-Type", "").lower()
        if not content_type.startswith(TEXT_TYPES) and "+json" not in content_type:
            return response
        return super().process_response(request, response)
