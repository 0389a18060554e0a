"""The print-jobs request schema names each batch kind's parameters: a postprocessing
hook makes ``PrintJobStart`` a ``oneOf`` with a ``discriminator`` on ``kind``, one branch
per registered batch kind (``Kind.ids``, ``Kind.optional_ids``)."""

from __future__ import annotations

import copy
from typing import Any

from rookclub.core.limits import ID_MAX
from rookclub.printing.kinds import KINDS

COMPONENT = "PrintJobStart"
ID = {"type": "integer", "minimum": 1, "maximum": ID_MAX}


def _component_name(kind: str) -> str:
    words = kind.replace("_", "-").split("-")
    return COMPONENT + "".join(word.title() for word in words)


def _branch(base: dict[str, Any], kind: Any) -> dict[str, Any]:
    branch = copy.deepcopy(base)
    properties = branch["properties"]
    properties["kind"] = {"type": "string", "enum": [kind.name]}
    parameters = properties.get("parameters", {"type": "object"})
    parameters["properties"] = {name: dict(ID) for name in (*kind.ids, *kind.optional_ids)}
    if kind.ids:
        parameters["required"] = list(kind.ids)
    names = " and ".join(kind.ids) or "nothing"
    parameters["description"] = f"needs {names}" + (
        f"; may name {', '.join(kind.optional_ids)}" if kind.optional_ids else ""
    )
    branch["required"] = sorted({*branch.get("required", []), "kind", "parameters"})
    branch["description"] = kind.description
    return branch


def print_job_kinds(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """``PrintJobStart`` as a ``oneOf`` by ``kind``: each batch kind's parameters."""
    components = result.get("components", {}).get("schemas", {})
    start = components.get(COMPONENT)
    if not start or "properties" not in start:
        return result
    branches, mapping = [], {}
    for kind in sorted((k for k in KINDS.values() if k.batch), key=lambda k: k.name):
        name = _component_name(kind.name)
        components[name] = _branch(start, kind)
        ref = f"#/components/schemas/{name}"
        branches.append({"$ref": ref})
        mapping[kind.name] = ref
    components[COMPONENT] = {
        "oneOf": branches,
        "discriminator": {"propertyName": "kind", "mapping": mapping},
        "description": "A batch: its `kind` and the parameters that kind needs.",
    }
    return result
