"""The API's pages of results: ``?limit=`` and ``?offset=`` with bounds in the schema, a
value outside them a 400 in words (DRF's own took a limit that overflowed the driver)."""

from __future__ import annotations

from typing import Any

from rest_framework import pagination

from rookclub.core.api import query_int

LIMIT_MAX = 500
OFFSET_MAX = 1_000_000_000


class LimitOffsetPagination(pagination.LimitOffsetPagination):
    max_limit = LIMIT_MAX

    def get_limit(self, request: Any) -> int | None:
        limit = query_int(request, self.limit_query_param, minimum=1, maximum=LIMIT_MAX)
        return self.default_limit if limit is None else limit

    def get_offset(self, request: Any) -> int:
        offset = query_int(request, self.offset_query_param, minimum=0, maximum=OFFSET_MAX)
        return offset or 0

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        limit, offset = super().get_schema_operation_parameters(view)
        limit["schema"] = {"type": "integer", "minimum": 1, "maximum": LIMIT_MAX}
        offset["schema"] = {"type": "integer", "minimum": 0, "maximum": OFFSET_MAX}
        return [limit, offset]
