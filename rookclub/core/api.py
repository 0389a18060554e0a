"""What every Rookclub API view shares: domain errors become HTTP answers."""

from __future__ import annotations

import re
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from rookclub.core.errors import DomainError, Invalid
from rookclub.core.limits import ID_MAX, OPTIONS_MAX
from rookclub.core.roles import SYSTEM


class DomainErrorsMixin:
    """Answer a service's ``DomainError`` with its status and field messages."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, DomainError):
            response = Response(exc.as_dict(), status=exc.status)
            if getattr(exc, "wait", None):  # a rate limit (TooMany): when to try again
                response["Retry-After"] = str(exc.wait)
            return response
        return super().handle_exception(exc)  # type: ignore[misc]


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": ID_MAX})
class IdField(serializers.PrimaryKeyRelatedField):
    """A related row by id; the schema gives its bounds (ids beyond name nothing)."""


@extend_schema_field({"type": "object", "additionalProperties": {}, "maxProperties": OPTIONS_MAX})
class OptionsField(serializers.DictField):
    """An ``options`` object (a ruleset's, a tournament's, a print job's parameters):
    what each key may be is the service's to say; here only how many there are."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        value = super().to_internal_value(data)
        if len(value) > OPTIONS_MAX:
            raise serializers.ValidationError(f"Give {OPTIONS_MAX} options at most.")
        return value


def whole(minimum: int = 1, maximum: int = ID_MAX, **kwargs: Any) -> serializers.IntegerField:
    """An integer field with both bounds (ids by default), written in the schema."""
    return serializers.IntegerField(min_value=minimum, max_value=maximum, **kwargs)


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


_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,20}")


def query_int(
    request: Request, name: str, *, minimum: int = 1, maximum: int = ID_MAX
) -> int | None:
    """The query parameter ``name`` as a whole number from ``minimum`` to ``maximum``,
    None when it is absent or empty, or a 400 saying what it must be. ``isdigit()``
    is not enough: "²" is a digit that ``int()`` refuses, and a 20-digit year
    overflows the date functions."""
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    text = raw.strip()
    number = int(text) if _WHOLE_NUMBER.fullmatch(text) else None
    if number is None or not minimum <= number <= maximum:
        raise Invalid(
            f"The {name} must be a whole number from {minimum} to {maximum}.",
            errors={name: [f"Give a whole number from {minimum} to {maximum}."]},
        )
    return number


class VisibleRelatedField(IdField):
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
    if not isinstance(request.data, dict):
        raise Invalid("Send a JSON object.", errors={"body": ["must be a JSON object"]})
    return dict(request.data)
