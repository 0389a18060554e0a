"""What every Rookclub API view shares: fields, bodies and the clubs a user sees (a domain
error becomes its HTTP answer in :func:`rookclub.core.faults.api_exception_handler`)."""

from __future__ import annotations

import re
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.utils import html

from rookclub.core.errors import Invalid
from rookclub.core.limits import ID_MAX, OPTIONS_MAX
from rookclub.core.parsers import NotJSON, form_json
from rookclub.core.roles import SYSTEM


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": ID_MAX})
class IdField(serializers.PrimaryKeyRelatedField):
    """A related row by id; the schema gives its bounds (ids beyond name nothing)."""


class FormJSONMixin:
    """An object field in a form body, read as JSON text (``options={"a": 1}``) or dotted
    fields (``options.a=1``) under a JSON body's checks; DRF would read the first as empty."""

    field_name: str

    def get_value(self, dictionary: Any) -> Any:
        if html.is_html_input(dictionary) and self.field_name in dictionary:
            raw = dictionary.get(self.field_name)
            if isinstance(raw, str):
                return form_json(raw)
        return super().get_value(dictionary)  # type: ignore[misc]

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, NotJSON):
            raise serializers.ValidationError(data.problem)
        return super().to_internal_value(data)  # type: ignore[misc]


@extend_schema_field({"type": "object", "additionalProperties": {}, "maxProperties": OPTIONS_MAX})
class OptionsField(FormJSONMixin, serializers.DictField):
    """An ``options`` object (a ruleset's, a tournament's, a print job's parameters):
    what each key may be is the service's to say; here only how many there are, in
    a JSON, form or multipart body alike."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        value = super().to_internal_value(data)
        if len(value) > OPTIONS_MAX:
            raise serializers.ValidationError(f"Give {OPTIONS_MAX} options at most.")
        return value


def whole(minimum: int = 1, maximum: int = ID_MAX, **kwargs: Any) -> serializers.IntegerField:
    """An integer field with both bounds (ids by default), written in the schema."""
    return serializers.IntegerField(min_value=minimum, max_value=maximum, **kwargs)


def valid(checks: type[serializers.Serializer], data: Any, **context: Any) -> Any:
    """``data`` as the serializer ``checks`` validates it (``context``: what its checks
    read); refused, DRF's 400 with messages per field."""
    serializer = checks(data=data, context=context)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


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
    """The query parameter ``name`` as a whole number from ``minimum`` to ``maximum``, None when
    absent or empty, else a 400 (not ``isdigit()``: "²" is a digit ``int()`` refuses)."""
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
    """A primary key in a request body among the user's clubs' rows only: another club's id is
    refused as an unknown one is, so a body cannot probe ids. Needs the request in context."""

    def __init__(self, *, club_path: str = "club", **kwargs: Any) -> None:
        self.club_path = club_path
        super().__init__(**kwargs)

    def get_queryset(self) -> QuerySet:
        rows = super().get_queryset()
        request = self.context.get("request")
        return rows.none() if request is None else visible_to(rows, request, self.club_path)


def body(request: Request, text: tuple[str, ...] = ()) -> dict[str, Any]:
    """The JSON body as a dict, or a 400 naming the problem. A form or multipart body
    is read as the same object would be (:func:`form_body`; ``text``: its fields that
    are always text), so its values meet the same checks and limits as a JSON body's."""
    if html.is_html_input(request.data):
        return form_body(request.data, text)
    if not isinstance(request.data, dict):
        raise Invalid("Send a JSON object.", errors={"body": ["must be a JSON object"]})
    return dict(request.data)


def form_id(value: Any) -> Any:
    """An id in a form body: a form sends ``player=12`` as the text "12", which is the
    whole number 12 (as a JSON body's ``"player": 12``). Anything else is returned as
    it is, for the field's own check to refuse."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 19:
        return int(value)
    return value


def form_ids(value: Any) -> Any:
    """A list of ids in a form body: the field sent once or several times
    (``players=3&players=4``), each text a whole number, or JSON text (``[3, 4]``)."""
    values = value if isinstance(value, list) else [value]
    return [form_id(item) for item in values] if value is not None else value


def form_body(data: Any, text: tuple[str, ...] = ()) -> dict[str, Any]:
    """A form or multipart body as a JSON object: repeated fields a list, JSON text its value,
    dotted fields an object's members; text that only starts like JSON, and ``text``, stay text."""
    out: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    for key in data:
        values = []
        for value in data.getlist(key):
            if key not in text and isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
                parsed = form_json(value) if value.strip() else value
                if isinstance(parsed, NotJSON) and parsed.was_json:
                    errors[key] = [parsed.problem]
                elif not isinstance(parsed, NotJSON):
                    value = parsed
            values.append(value)
        out[key] = values[0] if len(values) == 1 else values
    for key in [k for k in out if "." in k]:  # options.target=500, as DRF reads a form
        name, _, inner = key.partition(".")
        if not isinstance(out.get(name, {}), dict):
            continue
        out.setdefault(name, {})[inner] = out.pop(key)
    if errors:
        raise Invalid("Some fields are not JSON.", errors=errors)
    return out
