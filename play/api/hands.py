"""REST API for one recorded hand: read it with its corrections, confirm it (the other
side), correct it (a director); thin views over :mod:`play.confirmations` and
:mod:`play.corrections`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from play.api.hand_serializers import (
    ERRORS,
    HAND_REFUSAL,
    CorrectionIn,
    HandOut,
    HandWithCorrections,
    recorded_out,
)
from play.confirmations import hand_confirm
from play.corrections import hand_correct
from play.models import Hand
from rookclub.core.api import body, visible_to
from rookclub.core.errors import Invalid
from rookclub.core.parsers import JSON_ONLY


class HandViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """One recorded hand: confirm it (the other side) or correct it (a director)."""

    queryset = Hand.objects.none()  # for the schema; get_queryset scopes it

    serializer_class = HandOut

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return visible_to(
            Hand.objects.select_related("game", "game__club"), self.request, "game__club"
        )

    def _out(self, hand: Hand) -> dict[str, Any]:
        out = recorded_out(hand)
        out["corrections"] = [
            {
                "before": c.before,
                "after": c.after,
                "reason": c.reason,
                "by": c.corrected_by.get_username() if c.corrected_by else None,
                "at": c.corrected_at.isoformat(),
            }
            for c in hand.corrections.select_related("corrected_by")
        ]
        return out

    @extend_schema(responses=HandWithCorrections)
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        return Response(self._out(self.get_object()))

    @extend_schema(
        request=None,
        responses={200: HandWithCorrections, 403: ERRORS},
        description="A player of the side that did not enter the hand (either side when "
        "a scorer who was not seated entered it), or a director, confirms it; never the "
        "person who entered it (403). Allowed after the club night closed.",
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: str | None = None) -> Response:
        hand = hand_confirm(hand=self.get_object(), by=request.user)
        return Response(self._out(hand))

    @extend_schema(
        request=CorrectionIn,
        responses={200: HandWithCorrections, 400: HAND_REFUSAL, 403: ERRORS},
        description="A director corrects a hand, also after its club night closed; every "
        "later total and the game's result are replayed. The corrected hand is unconfirmed "
        "again (`confirmed` false, `corrected` true) until the other side or a director "
        "confirms it; each correction's `before` keeps who had confirmed it.",
    )
    @action(detail=True, methods=["post"], parser_classes=JSON_ONLY)
    def correct(self, request: Request, pk: str | None = None) -> Response:
        hand = self.get_object()  # another club's hand is 404 before the body is read
        data = body(request, ("reason",))
        record = data.get("hand")
        if not isinstance(record, dict):
            raise Invalid("Send the corrected hand.", errors={"hand": ["must be a JSON object"]})
        hand = hand_correct(hand=hand, data=record, by=request.user, reason=data.get("reason", ""))
        return Response(self._out(hand))
