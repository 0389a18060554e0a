"""Response headers Django's SecurityMiddleware does not set: ``Permissions-Policy``.

(Content-Security-Policy is django-csp's ``CSPMiddleware``; Referrer-Policy,
X-Content-Type-Options and Cross-Origin-Opener-Policy are Django's own settings.)
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
