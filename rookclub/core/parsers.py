"""The API's JSON parser: DRF's, refusing in words what would be a 500 (a body too large,
nesting too deep, lone surrogates and NULs, more values than a form may have fields)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from django.conf import settings
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError

#: How deep objects and lists may nest; the deepest real body (a hand's renege
#: counters, a tournament's ruleset options) is four.
MAX_DEPTH = 20


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"

    def __init__(self) -> None:
        super().__init__(too_large_sentence())


def body_limit() -> int:
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2**62


def too_large_sentence() -> str:
    limit = body_limit()
    size = f"{limit / 2**20:g} MB" if limit >= 2**20 else f"{limit // 1024} KB"
    return f"The request body is larger than {size}; send less at a time."


def fields_limit() -> int:
    return settings.DATA_UPLOAD_MAX_NUMBER_FIELDS or 2**62


def refused_sentence(problem: str) -> str:
    """The one sentence refusing a body (JSON, form or multipart) for ``problem``."""
    return f"The body is refused: {problem}."


def too_many_fields_sentence() -> str:
    return refused_sentence(f"it holds more than {fields_limit():,} values")


def _problem(data: Any) -> str | None:
    """Why the parsed ``data`` is refused (too deep, too many values, a lone
    surrogate), or None."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    values, most = 0, fields_limit()
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            values += len(value)  # each member of an object or list: a form's field
            if values > most:
                return f"it holds more than {most:,} values"
            if depth > MAX_DEPTH:
                return f"objects and lists may nest {MAX_DEPTH} deep at most"
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    stack.append((key, depth))
                stack.append((item, depth + 1))
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return "text holds a lone surrogate (such as \\ud800), which is not a character"
            if "\x00" in value:  # PostgreSQL stores no NUL in text or jsonb
                return "text holds a NUL character (\\u0000), which cannot be stored"
    return None


class JSONParser(parsers.JSONParser):
    """JSON bodies up to ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413 beyond), nested at most
    :data:`MAX_DEPTH` deep, of real Unicode text; each refusal a sentence."""

    def parse(self, stream, media_type=None, parser_context=None):  # type: ignore[no-untyped-def]
        limit = body_limit()
        request = (parser_context or {}).get("request")
        if request is not None:
            try:
                declared = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                declared = 0
            if declared > limit:
                raise BodyTooLarge()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise BodyTooLarge()
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise ParseError(f"The body is not {encoding} text.") from None
        try:
            data = json.loads(text, parse_constant=_no_constant, parse_float=_number)
        except RecursionError:
            raise ParseError(
                f"The JSON is nested too deeply: objects and lists may nest {MAX_DEPTH} deep."
            ) from None
        except ValueError as exc:
            raise ParseError(f"The body is not valid JSON: {exc}.") from None
        problem = _problem(data)
        if problem:
            raise ParseError(refused_sentence(problem))
        return data


#: The parsers of an operation whose body a form cannot carry (pairs of ids, null, nested
#: counters): its schema offers JSON alone, and a form body answers 415.
JSON_ONLY = [JSONParser]


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _number(text: str) -> int | float:
    """A JSON number with a fraction or exponent: a whole one (``2.0``, ``1e2``) is that integer,
    as JSON Schema 2020-12 counts it; an exponent past 40 digits stays a float."""
    exact = Decimal(text)
    if exact.is_finite() and exact.adjusted() < 40 and exact == exact.to_integral_value():
        return int(exact)
    return float(text)


class NotJSON(str):
    """A form field's text that :func:`form_json` could not read: the field refuses it
    with :attr:`problem`."""

    problem = "Give it as a JSON object or list."
    #: True when the text was JSON that a check refused (too deep, a NUL…), False
    #: when it was not JSON at all.
    was_json = False


def form_json(text: str) -> Any:
    """A form field's JSON text as a JSON body's value would be, with the same checks;
    :class:`NotJSON` when it is not JSON or a check refuses it."""
    was_json = True
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_number)
        problem = _problem(data)
    except (ValueError, RecursionError):
        data, problem, was_json = None, "it is not JSON", False
    if problem:
        refused = NotJSON(text)
        refused.problem = f"Give it as a JSON object or list: {problem}."
        refused.was_json = was_json
        return refused
    return data
