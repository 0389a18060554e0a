"""Every refusal and fault answered in words: the API's exception handler (domain errors,
413, too many fields), 503 with ``Retry-After`` when the database or Redis is down, JSON
404/500 under ``/api/``, and a page naming the address when a host is not allowed."""

from __future__ import annotations

import logging
import re
import sys
from typing import Any

from django.conf import settings
from django.core.exceptions import (
    DisallowedHost,
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views import defaults
from kombu.exceptions import KombuError
from redis.exceptions import RedisError
from rest_framework import renderers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from rookclub.core.errors import DomainError
from rookclub.core.parsers import refused_sentence, too_large_sentence, too_many_fields_sentence

log = logging.getLogger("rookclub.faults")

DATABASE_DOWN = (OperationalError, InterfaceError)
DOWN_SENTENCE = "The database is not answering just now; nothing was saved. Try again in a moment."
RETRY_AFTER = "10"
REDIS_DOWN = (RedisError, KombuError)
REDIS_SENTENCE = (
    "A service this needs (Redis) is not answering just now; this was not done. "
    "Try again in a moment."
)


def _sentence(exc: BaseException | None) -> str:
    return REDIS_SENTENCE if isinstance(exc, REDIS_DOWN) else DOWN_SENTENCE


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's ``EXCEPTION_HANDLER``, every API view's one: a service's ``DomainError`` with its
    status, field messages and (where the view's ``code_in_body`` or the error asks) ``code``;
    DRF's own answers, plus the cases above. A refusal asked for as CSV or PDF (a renderer
    whose ``renders_refusals`` is False, or a view whose ``refusals_in_plain_json`` is True)
    is plain JSON: a client reads why, and no one downloads an error as a spreadsheet."""
    view, request = context.get("view"), context.get("request")
    response = _answer(exc, context, getattr(view, "code_in_body", False))
    renderer = getattr(request, "accepted_renderer", None)
    plain = getattr(view, "refusals_in_plain_json", False)
    if response is not None and (plain or not getattr(renderer, "renders_refusals", True)):
        request.accepted_renderer = renderers.JSONRenderer()
        request.accepted_media_type = "application/json"
    return response


def _answer(exc: Exception, context: dict[str, Any], with_code: bool) -> Response | None:
    if isinstance(exc, DomainError):
        wait = getattr(exc, "wait", None)  # TooMany, PrintQueueDown: when to try again
        headers = {"Retry-After": str(wait)} if wait else None
        return Response(exc.body(with_code), status=exc.status, headers=headers)
    if isinstance(exc, RequestDataTooBig):
        return Response(
            {"detail": too_large_sentence()}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
        )
    if isinstance(exc, TooManyFieldsSent):  # a form's limit, as a JSON body's (parsers.py)
        return Response({"detail": too_many_fields_sentence()}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, TooManyFilesSent):
        return Response(
            {"detail": refused_sentence("it holds too many files")},
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, DATABASE_DOWN + REDIS_DOWN):
        log.warning("database or Redis not answering: %r", exc)
        return Response(
            {"detail": _sentence(exc)},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": RETRY_AFTER},
        )
    return exception_handler(exc, context)


def database_down_response(request: HttpRequest, exc: BaseException | None = None) -> HttpResponse:
    """503 for a request the database (or Redis) could not serve (JSON on the API)."""
    sentence = _sentence(exc)
    if is_api(request):
        response: HttpResponse = JsonResponse({"detail": sentence}, status=503)
    else:
        # A template of its own that reads nothing from the database (no user, no
        # club): the base template's menu would ask the database again.
        page = render_to_string("503.html", {"sentence": sentence})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = RETRY_AFTER
    return response


class DatabaseDownMiddleware:
    """A view whose database went away answers 503, not 500 (see the module)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DATABASE_DOWN + REDIS_DOWN):
            log.warning("not answering (%s): %r", request.path, exception)
            return database_down_response(request, exception)
        return None


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: the database being down is a 503 wherever it happened (a
    middleware saving the session, say); any other fault is JSON under /api/."""
    exc = sys.exc_info()[1]
    if isinstance(exc, DATABASE_DOWN + REDIS_DOWN):
        return database_down_response(request, exc)
    if is_api(request):
        return JsonResponse(
            {"detail": "Something went wrong on the server; it has been logged."}, status=500
        )
    return defaults.server_error(request)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler404``: a JSON sentence under /api/, the usual page elsewhere."""
    if is_api(request):
        return JsonResponse({"detail": "There is nothing at this address."}, status=404)
    return defaults.page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler400``: a body too large is 413 (JSON under /api/); other refusals 400."""
    if isinstance(exception, RequestDataTooBig):
        if is_api(request):
            return JsonResponse({"detail": too_large_sentence()}, status=413)
        return HttpResponse(too_large_sentence(), status=413, content_type="text/plain")
    if isinstance(exception, DisallowedHost):
        return host_refused(request)
    if is_api(request):
        return JsonResponse({"detail": "The request could not be understood."}, status=400)
    return defaults.bad_request(request, exception)


_PORT = re.compile(r":\d+$")


def host_refused(request: HttpRequest) -> HttpResponse:
    """400 for a host name this site does not answer to, naming it and the site's address;
    rendered without the request, which would refuse the host again."""
    host = request.META.get("HTTP_HOST", "")[:255]
    name = _PORT.sub("", host) if not host.endswith("]") else host
    site_url = getattr(settings, "SITE_URL", "")
    if is_api(request):
        sentence = f"This site does not answer to the name {name!r}; add it to ALLOWED_HOSTS."
        if site_url:
            sentence += f" Its address is {site_url}"
        return JsonResponse({"detail": sentence, "code": "host_not_allowed"}, status=400)
    context = {
        "host": host,
        "name": name,
        "site_url": site_url,
        "venue": getattr(settings, "VENUE", False),
    }
    return HttpResponse(render_to_string("400_host.html", context), status=400)
