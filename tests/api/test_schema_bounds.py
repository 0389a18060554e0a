"""Every number, text and list a client sends has its bounds in the OpenAPI schema, and
every operation documents the shared refusals (issue #12: bounds documented)."""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].split("/")[-1]]
    return node


def _unbounded(schema: dict[str, Any], node: dict[str, Any], where: str, seen: set) -> list[str]:
    """Where under ``node`` a value has no upper bound (read-only fields excepted)."""
    node = _resolve(schema, node)
    if id(node) in seen or node.get("readOnly"):
        return []
    seen.add(id(node))
    kind, found = node.get("type"), []
    for key in ("oneOf", "anyOf", "allOf"):
        for i, part in enumerate(node.get(key, [])):
            found += _unbounded(schema, part, f"{where}.{key}[{i}]", seen)
    needs = {"integer": ({"maximum"}, {"minimum"}), "string": ({"enum", "format", "maxLength"},)}
    if any(not (alternatives & set(node)) for alternatives in needs.get(kind, ())):
        found.append(where)
    if kind == "array":
        if "maxItems" not in node:
            found.append(where)
        found += _unbounded(schema, node.get("items", {}), f"{where}[]", seen)
    elif kind == "object" or "properties" in node:
        if node.get("additionalProperties") not in (None, False) and "maxProperties" not in node:
            found.append(where)
        for name, prop in node.get("properties", {}).items():
            found += _unbounded(schema, prop, f"{where}.{name}", seen)
    return found


def test_every_request_value_has_bounds_in_the_schema(schema):
    unbounded = []
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            label = f"{method.upper()} {path}"
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query":
                    unbounded += _unbounded(schema, parameter["schema"],
                                            f"{label} ?{parameter['name']}", set())  # fmt: skip
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                unbounded += _unbounded(schema, body["schema"], f"{label} body", set())

    assert not unbounded, "\n".join(unbounded)


def test_every_path_id_has_a_minimum_and_a_maximum(schema):
    """Issue 27: ``{id}`` of 0 or -1 names no row; the schema says so (minimum 1)."""
    loose = []
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            for parameter in operation.get("parameters", []):
                bounds = parameter["schema"]
                if parameter["in"] != "path" or bounds.get("type") != "integer":
                    continue
                if bounds.get("minimum") != 1 or "maximum" not in bounds:
                    loose.append(f"{method.upper()} {path} {{{parameter['name']}}}")

    assert not loose, "\n".join(loose)


def test_every_operation_documents_the_shared_refusals(schema):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            codes = set(operation["responses"])
            assert {"400", "401", "403", "404", "503"} <= codes, (method, path)
            if method in ("post", "put", "patch"):
                assert {"409", "413", "415"} <= codes, (method, path)
            error = operation["responses"]["503"]["content"]["application/json"]["schema"]
            assert error == {"$ref": "#/components/schemas/Error"}
