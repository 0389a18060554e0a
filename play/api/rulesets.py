"""REST API for the rulesets a game can start from (the engine's presets)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, viewsets
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.engine import PRESETS


class RulesetViewSet(viewsets.ViewSet):
    """The presets a game can start from; ``tournament`` is Tournament Rook with the Bird."""

    permission_classes = [AllowAny]
    lookup_field = "slug"
    lookup_value_regex = "[a-z0-9-]+"

    def _out(self, ruleset: Any) -> dict[str, Any]:
        return {"slug": ruleset.slug, "name": ruleset.name, "ruleset": ruleset.to_dict()}

    @extend_schema(
        responses=inline_serializer(
            "Ruleset",
            {
                "slug": serializers.CharField(),
                "name": serializers.CharField(),
                "ruleset": serializers.DictField(),
            },
            many=True,
        )
    )
    def list(self, request: Request) -> Response:
        return Response([self._out(r) for r in PRESETS.values()])

    @extend_schema(
        responses=inline_serializer(
            "RulesetDetail",
            {
                "slug": serializers.CharField(),
                "name": serializers.CharField(),
                "ruleset": serializers.DictField(),
            },
        )
    )
    def retrieve(self, request: Request, slug: str) -> Response:
        if slug not in PRESETS:
            return Response({"detail": [f"unknown ruleset {slug!r}"]}, status=404)
        return Response(self._out(PRESETS[slug]))
