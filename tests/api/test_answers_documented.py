"""Every member an answer sends is in its schema: a client generated from the schema
reads only the members the schema names, so one the server sends and the schema leaves
out is lost to it (a standings answer's ``players``, a hand's ``score`` and a player's
``partners`` were, when one field object was given to two names). Every GET operation
is read as a director of the fuzz world's club, and each JSON answer is walked beside
its schema."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def _resolve(schema: dict, spec: dict) -> dict:
    while isinstance(schema, dict) and "$ref" in schema:
        node = spec
        for part in schema["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def _merge(base: dict, part: dict) -> dict:
    merged = {**base, **{k: v for k, v in part.items() if k != "properties"}}
    if "properties" in base or "properties" in part:
        merged["properties"] = {**base.get("properties", {}), **part.get("properties", {})}
    return merged


def undeclared(value, schema: dict, spec: dict, where: str = "") -> list[str]:
    """The members of ``value`` its ``schema`` does not name (a JSON path each)."""
    schema = _resolve(schema, spec)
    if not isinstance(schema, dict):
        return []
    for combined in ("oneOf", "anyOf"):
        if schema.get(combined):
            # A branch adds to its siblings' members (JSON Schema applies both).
            base = {key: part for key, part in schema.items() if key != combined}
            tries = [
                undeclared(value, _merge(base, _resolve(part, spec)), spec, where)
                for part in schema[combined]
            ]
            return min(tries, key=len)
    if schema.get("allOf"):
        merged = {key: part for key, part in schema.items() if key != "allOf"}
        for part in schema["allOf"]:
            merged = _merge(merged, _resolve(part, spec))
        return undeclared(value, merged, spec, where)
    if isinstance(value, list):
        items = schema.get("items", {})
        return [m for i, v in enumerate(value) for m in undeclared(v, items, spec, f"{where}[{i}]")]
    if not isinstance(value, dict):
        return []
    properties = schema.get("properties")
    extra = schema.get("additionalProperties")
    found = []
    for key, member in value.items():
        if properties is not None and key in properties:
            found += undeclared(member, properties[key], spec, f"{where}.{key}")
        elif isinstance(extra, dict):
            found += undeclared(member, extra, spec, f"{where}.{key}")
        elif properties is not None and extra is not True:
            found.append(f"{where}.{key}")
    return found


def test_every_member_of_every_answer_is_in_its_schema(fuzz_world):
    world = fuzz_world
    client = APIClient()
    client.force_authenticate(world.director)
    spec = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    read, found = 0, {}
    for path, operations in spec["paths"].items():
        operation = operations.get("get")
        if operation is None or path.startswith("/api/v1/print/"):
            continue
        values = world.path_values(path)
        names = re.findall(r"\{(\w+)\}", path)
        if any(name not in values for name in names):
            continue
        answer = client.get(path.format(**{name: values[name] for name in names}))
        if answer.status_code != 200 or answer["Content-Type"] != "application/json":
            continue
        schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
        read += 1
        if missing := undeclared(answer.json(), schema, spec):
            found[path] = missing[:12]

    assert read > 25, f"only {read} answers read"
    assert not found, "\n".join(f"{path}: {m}" for path, m in found.items())
