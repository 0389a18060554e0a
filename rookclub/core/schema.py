"""The OpenAPI schema's refusals: every operation documents the errors it can answer.

The refusals every API view shares (a bad query parameter, no login, not your club, a
body too large, the database down) are added to each operation by :class:`AutoSchema`,
all with the one :data:`ERROR` body."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular import openapi
from drf_spectacular.plumbing import ResolvedComponent

ERROR = {
    "type": "object",
    "description": "A refusal in words: `detail` (a sentence, or a list of sentences), "
    "perhaps a stable `code`, and a list of messages for each field that was refused.",
    "properties": {
        "detail": {
            "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
        },
        "code": {"type": "string"},
    },
    "additionalProperties": True,
}

#: What each shared refusal means; added to every operation that can meet it.
SHARED = {
    "400": "The request was refused: a sentence under `detail` or messages per field; "
    "nothing was stored.",
    "401": "Log in, or send a token (`Authorization: Token …`).",
    "403": "Your role in the club does not allow it.",
    "404": "Not a club of yours, or nothing at this address.",
    "409": "The request clashes with what is recorded (a closed night, a finished game, "
    "a taken name or hand number…); nothing was changed.",
    "413": "The request body is larger than 1 MB.",
    "415": "Send the body as JSON (`Content-Type: application/json`).",
    "429": "Too many requests; wait a moment and try again.",
    "503": "The database (or, for a batch print, the print queue) is not answering; "
    "nothing was stored. Try again in a moment (see `Retry-After`).",
}
WITH_BODY = {"POST", "PUT", "PATCH"}
METHODS = ("get", "post", "put", "patch", "delete")


def _operations(result: dict[str, Any], methods: tuple[str, ...] = METHODS) -> Iterator[dict]:
    """Each operation of the schema whose method is one of ``methods``."""
    for path in result.get("paths", {}).values():
        for method, operation in path.items():
            if method in methods:
                yield operation


def _dicts(node: Any) -> Iterator[dict]:
    """Every object in ``node``, the innermost first."""
    if isinstance(node, dict):
        for value in list(node.values()):
            yield from _dicts(value)
        yield node
    elif isinstance(node, list):
        for item in node:
            yield from _dicts(item)


class AutoSchema(openapi.AutoSchema):
    def _error_ref(self) -> dict[str, Any]:
        component = ResolvedComponent(
            name="Error", type=ResolvedComponent.SCHEMA, object="Error", schema=ERROR
        )
        self.registry.register_on_missing(component)
        return component.ref

    def _map_serializer_field(self, field, direction, bypass_extensions=False):  # type: ignore[no-untyped-def]
        """A name or a reason carries its server rules as a ``pattern``:
        no control characters, and a required name something visible once trimmed."""
        from rest_framework import serializers

        from rookclub.core import limits

        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if not isinstance(field, serializers.CharField) or not isinstance(schema, dict):
            return schema
        validators = getattr(field, "validators", [])
        if any(isinstance(v, RegexValidator) for v in validators):
            return schema  # its own pattern, mapped by drf-spectacular
        if limits.validate_name in validators:
            blank = getattr(field, "allow_blank", False)
            schema.setdefault(
                "pattern", limits.OPTIONAL_NAME_PATTERN if blank else limits.NAME_PATTERN
            )
        elif limits.validate_text in validators:
            schema.setdefault("pattern", limits.TEXT_PATTERN)
        return schema

    def _get_paginator(self):  # type: ignore[no-untyped-def]
        # Only a viewset's ``list`` pages its answer (limit, offset, count, results);
        # its other actions answer whole lists, though the view has a paginator.
        if getattr(self.view, "action", "list") not in ("list", None):
            return None
        return super()._get_paginator()

    def _get_response_bodies(self, direction: str = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        content = {"application/json": {"schema": self._error_ref()}}
        writes = ("409", "413", "415")
        codes = [c for c in SHARED if c not in writes or self.method in WITH_BODY]
        if self.method == "DELETE":
            codes.append("409")
        for code in codes:
            responses.setdefault(code, {"description": SHARED[code]})
        for code, response in responses.items():
            if code[0] in "45" and "content" not in response:
                response["content"] = content
        return responses


RATE_LIMITED = {
    "description": "Too many requests (rate limit): a sentence under `detail`; nothing "
    "was done. Send again after `Retry-After` seconds.",
    "headers": {
        "Retry-After": {
            "description": "seconds to wait before sending again",
            "schema": {"type": "integer"},
        }
    },
}


def rate_limit_answers(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """Every operation may answer 429 (rookclub/core/throttles.py); say so where the
    view has not described its own 429."""
    for operation in _operations(result):
        answer = operation.setdefault("responses", {}).setdefault("429", RATE_LIMITED)
        answer.setdefault("headers", RATE_LIMITED["headers"])
    return result


def no_nul_in_request_strings(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """JSON's parser refuses NUL in any string: request strings without a pattern, enum or
    format, and open objects' names and members, say so with a ``pattern``."""
    from rookclub.core.limits import NO_NUL_PATTERN

    components = result.get("components", {}).get("schemas", {})
    seen: set[int] = set()

    def walk(schema: Any) -> None:
        if isinstance(schema, list):
            for item in schema:
                walk(item)
            return
        if not isinstance(schema, dict) or id(schema) in seen:
            return
        seen.add(id(schema))
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            walk(components.get(ref.rsplit("/", 1)[1]))
        if schema.get("type") == "string" and not (
            {"pattern", "enum", "format", "const"} & schema.keys()
        ):
            schema["pattern"] = NO_NUL_PATTERN
        extra = schema.get("additionalProperties")
        if extra is not None and extra is not False:
            # An open object's names and its undeclared members are strings too.
            schema.setdefault("propertyNames", {"pattern": NO_NUL_PATTERN})
            if extra == {} or extra is True:
                schema["additionalProperties"] = {
                    "type": ["string", "number", "boolean", "null"],
                    "pattern": NO_NUL_PATTERN,
                }
        for value in schema.values():
            if isinstance(value, (dict, list)):
                walk(value)

    for operation in _operations(result, ("post", "put", "patch")):
        walk(operation.get("requestBody", {}).get("content", {}))
    return result


#: A path parameter drf-spectacular reads from a ``\d+`` URL pattern.
DIGITS = {"type": "string", "pattern": "^\\d+$"}


def path_id_bounds(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """An integer path parameter names a row: a whole number from 1 to ``ID_MAX``."""
    from rookclub.core.limits import ID_MAX

    for operation in _operations(result):
        for parameter in operation.get("parameters", []):
            schema = parameter.get("schema", {})
            if parameter.get("in") == "path" and schema == DIGITS:
                # A print's ids (``(?P<game>\d+)``): 0 answers 400 "Give 1 or more."
                schema.clear()
                schema["type"] = "integer"
            if parameter.get("in") == "path" and schema.get("type") == "integer":
                schema.setdefault("minimum", 1)
                schema.setdefault("maximum", ID_MAX)
    return result


#: Request fields whose null means leaving them out, in operations that also take a form
#: (which has no null): the schema offers omission alone; a JSON null is still taken.
NULL_IS_OMITTED = {
    "GameIn": ("options", "session"),
    "TournamentCreate": ("rounds", "entry_fee"),
    "EntryCreate": ("seed",),
}


def null_is_omitted(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """Take null out of :data:`NULL_IS_OMITTED`'s request-only components (OpenAPI 3.1
    spells it ``"null"`` in ``type``, or a ``{"type": "null"}`` choice of a ``oneOf``)."""
    components = result.get("components", {}).get("schemas", {})
    for name, fields in NULL_IS_OMITTED.items():
        properties = components.get(name, {}).get("properties", {})
        for field in fields:
            schema = properties.get(field)
            if schema and _drop_null(schema):
                note = "leave it out for none (a JSON null is taken the same)"
                text = schema.get("description")
                schema["description"] = f"{text}; {note}" if text else note
    return result


def _drop_null(schema: dict[str, Any]) -> bool:
    """Make ``schema`` refuse null; whether it took null before."""
    kind = schema.get("type")
    if isinstance(kind, list) and "null" in kind:
        rest = [k for k in kind if k != "null"]
        schema["type"] = rest[0] if len(rest) == 1 else rest
        return True
    choices = schema.get("oneOf")
    if isinstance(choices, list) and {"type": "null"} in choices:
        rest = [c for c in choices if c != {"type": "null"}]
        if len(rest) == 1:
            del schema["oneOf"]
            schema.update(rest[0])
        else:
            schema["oneOf"] = rest
        return True
    return False


def oas31_nulls(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """OpenAPI 3.1 has no ``nullable``: each ``nullable: true`` becomes ``"null"`` in its ``type``,
    or a ``{"type": "null"}`` choice; a ``oneOf`` of any value and null becomes any value."""
    for node in _dicts(result):
        choices = node.get("oneOf")
        if isinstance(choices, list) and {} in choices:
            # drf-spectacular's null JSON field: "any value, or null" is any value (a
            # oneOf would match null twice and refuse it).
            del node["oneOf"]
        if not node.pop("nullable", False):
            continue
        kind = node.get("type")
        if isinstance(kind, str):
            node["type"] = [kind, "null"]
        elif isinstance(kind, list):
            node["type"] = [*kind, "null"] if "null" not in kind else kind
        else:
            inner = {k: node.pop(k) for k in list(node) if k not in ("description", "title")}
            if inner:  # else any JSON value, null included: a oneOf would match null twice
                node["oneOf"] = [inner, {"type": "null"}]
                if "enum" in inner:
                    inner["enum"] = [v for v in inner["enum"] if v is not None]
            continue
        if "enum" in node and None not in node["enum"]:
            node["enum"] = [*node["enum"], None]
    return result


#: Request components that need one of some fields (a door check-in names a player or a
#: newcomer's name): an ``anyOf`` of ``required`` lists.
ONE_OF_THESE = {
    "DoorCheckInIn": (["player"], ["name"]),
}


def one_of_these_required(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """Give :data:`ONE_OF_THESE`'s components their ``anyOf`` of ``required`` lists, and
    their operations a required body (no body names nobody either)."""
    components = result.get("components", {}).get("schemas", {})
    for name, alternatives in ONE_OF_THESE.items():
        if name in components:
            components[name]["anyOf"] = [{"required": fields} for fields in alternatives]
    refs = {f"#/components/schemas/{name}" for name in ONE_OF_THESE}
    for operation in _operations(result):
        request_body = operation.get("requestBody")
        content = (request_body or {}).get("content", {}).values()
        if any(media.get("schema", {}).get("$ref") in refs for media in content):
            request_body["required"] = True
    return result


def json_or_multipart(request: Any) -> dict[str, Any]:
    """Bodies holding objects are documented as JSON, or multipart with each object a JSON part
    (OpenAPI's form encoding of an object is not what the server reads)."""
    return {"application/json": request, "multipart/form-data": request}


def one_direction_components(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """A component used both ways keeps one direction's fields (3.1's ``readOnly`` is a note):
    ``<Name>Request`` and ``<Name>Response``, only where they differ."""
    components = result.get("components", {}).get("schemas", {})
    made: dict[tuple[str, str], str] = {}

    def variant(name: str, drop: str, suffix: str) -> str:
        key = (name, drop)
        if key in made:
            return made[key]
        made[key] = name  # a component that refers to itself
        original = components.get(name)
        if not isinstance(original, dict):
            return name
        changed = copy.deepcopy(original)
        touched = _drop_fields(changed, drop)
        touched = point(changed, drop, suffix) or touched
        if not touched:
            return name
        made[key] = f"{name}{suffix}"
        components[made[key]] = changed
        return made[key]

    def point(node: Any, drop: str, suffix: str) -> bool:
        touched = False
        if isinstance(node, list):
            for item in node:
                touched = point(item, drop, suffix) or touched
            return touched
        if not isinstance(node, dict):
            return False
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(SCHEMAS):
            name = ref.removeprefix(SCHEMAS)
            other = variant(name, drop, suffix)
            if other != name:
                node["$ref"] = SCHEMAS + other
                return True
        for key, value in node.items():
            if key != "$ref":
                touched = point(value, drop, suffix) or touched
        return touched

    for operation in _operations(result):
        point(operation.get("requestBody", {}), "readOnly", "Request")
        point(operation.get("responses", {}), "writeOnly", "Response")
    return result


SCHEMAS = "#/components/schemas/"


def _drop_fields(schema: dict[str, Any], drop: str) -> bool:
    """Take out of ``schema`` (and its inline objects) the properties marked ``drop``."""
    touched = False
    properties = schema.get("properties")
    if isinstance(properties, dict):
        gone = [
            name
            for name, field in properties.items()
            if isinstance(field, dict) and field.get(drop)
        ]
        for name in gone:
            del properties[name]
        if gone and "required" in schema:
            schema["required"] = [n for n in schema["required"] if n not in gone]
            if not schema["required"]:
                del schema["required"]
        touched = bool(gone)
        for field in properties.values():
            if isinstance(field, dict):
                touched = _drop_fields(field, drop) or touched
    for key in ("oneOf", "anyOf", "allOf"):
        for part in schema.get(key, []):
            if isinstance(part, dict):
                touched = _drop_fields(part, drop) or touched
    return touched


def binary_content(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """A PDF, ZIP or CSV answer is bytes: OpenAPI 3.1 says so with ``contentMediaType``."""
    for operation in _operations(result):
        for answer in operation.get("responses", {}).values():
            for media, content in answer.get("content", {}).items():
                if content.get("schema") == {"type": "string", "format": "binary"}:
                    content["schema"] = {"contentMediaType": media}
    return result


def _is_blank(choice: Any) -> bool:
    return (
        isinstance(choice, dict)
        and choice.get("type") == "string"
        and choice.get("maxLength") == 0
        and set(choice) <= {"type", "maxLength", "pattern"}
    )


def blank_or_value(result: dict[str, Any], generator: Any, request: Any, public: bool):
    """A text that may be blank and has a pattern: drf-spectacular says ``oneOf`` [the text,
    ""], which refuses ``""`` when the pattern takes it too; ``anyOf`` says "either"."""
    for node in _dicts(result):
        choices = node.get("oneOf")
        if isinstance(choices, list) and len(choices) == 2 and any(map(_is_blank, choices)):
            node["anyOf"] = node.pop("oneOf")
    return result
