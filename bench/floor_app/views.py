"""POST /parents/{id}/children/: the same body as a Rookclub hand, checked by a
serializer, stored as one row under the locked parent."""

from django.db import transaction
from django.http import JsonResponse
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
