"""Response headers Django's SecurityMiddleware does not set: ``Permissions-Policy``,
and ``Cross-Origin-Opener-Policy`` on secure requests only.

(Content-Security-Policy is django-csp's ``CSPMiddleware``; Referrer-Policy and
X-Content-Type-Options are Django's own settings.) Browsers ignore a
Cross-Origin-Opener-Policy that comes over plain http from any host but the machine
itself, and say so in the console of every page: at the hall (``make venue``, plain
http on the laptop's address) it is not sent, so Django's own setting
(``SECURE_CROSS_ORIGIN_OPENER_POLICY``) stays off and ``CROSS_ORIGIN_OPENER_POLICY``
is sent here, when the request is secure.
"""

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
