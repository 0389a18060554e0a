"""Compress text answers (pages, JSON, CSV) for browsers that accept gzip.

A big night page is mostly repeated markup, which gzip shrinks many times over. Django's
``GZipMiddleware`` does the work; this subclass only leaves alone what compressing
cannot help: PDFs (score sheets, table cards; their streams are compressed already,
and a streamed PDF keeps its Content-Length), zip exports and images.

BREACH (compression reveals a secret on a page that also echoes the attacker's
input) is met the way Django meets it: the CSRF token is masked afresh on every
answer, and ``GZipMiddleware`` adds up to 100 random bytes to each compressed answer
("Heal The Breach"), so a length no longer tells a guess right from wrong. Table
links' keys only appear on a director's pages, which echo no request input.
"""

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
