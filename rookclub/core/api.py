"""What every Rookclub API view shares: domain errors become HTTP answers."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from rookclub.core.errors import DomainError
from rookclub.core.roles import SYSTEM


class DomainErrorsMixin:
    """Answer a service's ``DomainError`` with its status and field messages."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, DomainError):
            return Response(exc.as_dict(), status=exc.status)
        return super().handle_exception(exc)  # type: ignore[misc]


def visible_to(queryset: QuerySet, request: Request, club_path: str = "club") -> QuerySet:
    """Rows of the clubs the user belongs to (every club for a superuser)."""
    return visible_to_user(queryset, request.user, club_path)


def visible_to_user(queryset: QuerySet, user: Any, club_path: str = "club") -> QuerySet:
    """Rows of the clubs ``user`` belongs to: every row for a superuser and for
    :data:`~rookclub.core.roles.SYSTEM`, none for an anonymous user. ``club_path`` leads
    from the rows to their club ("" when the rows are clubs)."""
    if user is SYSTEM or getattr(user, "is_superuser", False):
        return queryset
    if user is None or not user.is_authenticated:
        return queryset.none()
    lookup = f"{club_path}__memberships__user" if club_path else "memberships__user"
    return queryset.filter(**{lookup: user}).distinct()


class VisibleRelatedField(serializers.PrimaryKeyRelatedField):
    """A primary key in a request body, among the rows of the user's clubs only: another
    club's id is refused exactly as an unknown id is ("Invalid pk ... does not exist"),
    so a body cannot probe which ids exist elsewhere. Needs the request in the
    serializer's context; without it no row is found."""

    def __init__(self, *, club_path: str = "club", **kwargs: Any) -> None:
        self.club_path = club_path
        super().__init__(**kwargs)

    def get_queryset(self) -> QuerySet:
        rows = super().get_queryset()
        request = self.context.get("request")
        return rows.none() if request is None else visible_to(rows, request, self.club_path)


def body(request: Request) -> dict[str, Any]:
    """The JSON body as a dict, or a 400 naming the problem."""
    from rookclub.core.errors import Invalid

    if not isinstance(request.data, dict):
        raise Invalid("Send a JSON object.", errors={"body": ["must be a JSON object"]})
    return dict(request.data)
