"""REST API for clubs and their players: thin views over rookclub.clubs.services; play
extends these viewsets, and rookclub/api_urls.py registers the extended ones."""

from __future__ import annotations

from typing import Any

from rest_framework import mixins, serializers, viewsets

from rookclub.clubs import services
from rookclub.clubs.models import Club, Player
from rookclub.core.api import VisibleRelatedField, query_int, visible_to
from rookclub.core.limits import validate_name


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "slug", "created_at"]
        read_only_fields = ["slug", "created_at"]
        extra_kwargs = {"name": {"validators": [validate_name]}}


class PlayerSerializer(serializers.ModelSerializer):
    club = VisibleRelatedField(queryset=Club.objects.all(), club_path="")  # only yours

    class Meta:
        model = Player
        fields = ["id", "name", "club", "active"]
        read_only_fields = ["active"]
        extra_kwargs = {"name": {"validators": [validate_name]}}
        validators: list[Any] = []  # the service answers a taken name with a 409


class ClubViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Clubs you belong to. Whoever creates a club is its director."""

    queryset = Club.objects.none()  # for the schema; get_queryset scopes it

    serializer_class = ClubSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return visible_to(Club.objects.all(), self.request, "").order_by("name")

    def perform_create(self, serializer: ClubSerializer) -> None:
        serializer.instance = services.club_create(
            name=serializer.validated_data["name"], by=self.request.user
        )


class PlayerViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Players of your clubs (``?club=id`` for one club). A director adds players."""

    queryset = Player.objects.none()  # for the schema; get_queryset scopes it

    serializer_class = PlayerSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        players = visible_to(Player.objects.all(), self.request)
        club = query_int(self.request, "club")
        if club is not None:
            players = players.filter(club_id=club)
        return players.order_by("name", "id")

    def perform_create(self, serializer: PlayerSerializer) -> None:
        data = serializer.validated_data
        serializer.instance = services.player_create(
            club=data["club"], name=data["name"], by=self.request.user
        )
