"""OpenAPI schema additions that hold for every operation (drf-spectacular hooks)."""

from __future__ import annotations

from typing import Any

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
    for path in result.get("paths", {}).values():
        for method, operation in path.items():
            if method in ("get", "post", "put", "patch", "delete"):
                operation.setdefault("responses", {}).setdefault("429", RATE_LIMITED)
    return result
