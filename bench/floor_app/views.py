"""POST /parents/{id}/children/: the same body as a Rookclub hand, checked by a
serializer, stored as one row under the locked parent.

GET /live/: a conditional GET costing one given statement (``FLOOR_LIVE_SQL`` and
``FLOOR_LIVE_PARAMS``, JSON): its row hashed as the ETag, 304 when the client has it.
bench/live_poll.py passes Rookclub's own version statement, so the two do the same
work, one through Rookclub and one through nothing but Django."""

import hashlib
import json
import os

from django.db import connection, transaction
from django.http import HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from floor_app.models import Child, Parent


class ChildIn(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    bidder = serializers.ChoiceField(["north", "east", "south", "west"])
    bid = serializers.IntegerField(min_value=0, max_value=200)
    trump = serializers.ChoiceField(["black", "red", "yellow", "green"])
    counters = serializers.DictField(child=serializers.IntegerField())


class Children(APIView):
    def post(self, request, pk):  # type: ignore[no-untyped-def]
        incoming = ChildIn(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = dict(incoming.validated_data)
        number = data.pop("number")
        with transaction.atomic():
            parent = get_object_or_404(Parent.objects.select_for_update(), pk=pk)
            child = Child.objects.create(parent=parent, number=number, body=data)
        return Response({"id": child.pk, "number": number, **data}, status=status.HTTP_201_CREATED)


def healthz(request):  # type: ignore[no-untyped-def]
    return JsonResponse({"ok": True})


LIVE_SQL = os.environ.get("FLOOR_LIVE_SQL", "SELECT 1")
LIVE_PARAMS = json.loads(os.environ.get("FLOOR_LIVE_PARAMS", "[]"))


def live(request):  # type: ignore[no-untyped-def]
    with connection.cursor() as cursor:
        cursor.execute(LIVE_SQL, LIVE_PARAMS)
        row = cursor.fetchone()
    etag = '"' + hashlib.sha1(repr(row).encode()).hexdigest()[:20] + '"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse("<div>fragment</div>")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache, private"
    return response
