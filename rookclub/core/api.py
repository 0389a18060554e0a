"""What every Rookclub API view shares: domain errors become HTTP answers."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from rest_framework.request import Request
from rest_framework.response import Response

from rookclub.core.errors import DomainError


class DomainErrorsMixin:
    """Answer a service's ``DomainError`` with its status and field messages."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, DomainError):
            response = Response(exc.as_dict(), status=exc.status)
            if getattr(exc, "wait", None):  # a rate limit (TooMany): when to try again
                response["Retry-After"] = str(exc.wait)
            return response
        return super().handle_exception(exc)  # type: ignore[misc]


def visible_to(queryset: QuerySet, request: Request, club_path: str = "club") -> QuerySet:
    """Rows of the clubs the user belongs to (every club for a superuser)."""
    user = request.user
    if user.is_superuser:
        return queryset
    lookup = f"{club_path}__memberships__user" if club_path else "memberships__user"
    return queryset.filter(**{lookup: user}).distinct()


def body(request: Request) -> dict[str, Any]:
    """The JSON body as a dict, or a 400 naming the problem."""
    from rookclub.core.errors import Invalid

    if not isinstance(request.data, dict):
        raise Invalid("Send a JSON object.", errors={"body": ["must be a JSON object"]})
    return dict(request.data)
