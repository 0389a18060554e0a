"""Response headers Django's SecurityMiddleware does not set: ``Permissions-Policy``,
and ``Cross-Origin-Opener-Policy`` on secure requests only: browsers complain of one
sent over plain http (``make venue`` at the hall), so Django's own setting stays off."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse


class PermissionsPolicyMiddleware:
    """Add ``settings.PERMISSIONS_POLICY`` (features no Rookclub page uses, switched
    off for the page and anything it embeds) to every answer that has none."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "PERMISSIONS_POLICY", "")
        if policy and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = policy
        return response


class OpenerPolicyMiddleware:
    """Add ``settings.CROSS_ORIGIN_OPENER_POLICY`` to the answers of secure requests
    (https, or behind a proxy that says so: ``SECURE_PROXY_SSL_HEADER``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "CROSS_ORIGIN_OPENER_POLICY", "")
        if policy and request.is_secure() and "Cross-Origin-Opener-Policy" not in response:
            response["Cross-Origin-Opener-Policy"] = policy
        return response
