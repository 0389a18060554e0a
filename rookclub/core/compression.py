"""Gzip text answers; PDFs, zip exports and images are left alone. BREACH is met as Django
meets it (masked CSRF tokens, random padding)."""

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
