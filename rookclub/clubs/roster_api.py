"""The roster through the API, for a club's directors (docs/rosters.md): the players
with their emails (``?format=csv`` too), and a CSV import, previewed unless ``dry_run``
is false."""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import generics, parsers, serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from rookclub.clubs import roster_import as ri
from rookclub.clubs.members_api import users_club
from rookclub.clubs.models import Player
from rookclub.core.csv_out import JSON_OR_CSV, csv_api_response, wants_csv
from rookclub.core.roles import require_director

REFUSAL = OpenApiResponse(description="a sentence under `detail`, or messages per field")
FILE_REFUSAL = OpenApiResponse(
    description="Messages per field, with a `code`: `roster_file` when the file cannot be "
    "read as a roster (empty, binary, not CSV, no `name` column, over the size or rows); "
    "nothing was stored."
)


class RosterPlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "email", "active"]


@extend_schema_field({"type": "string", "format": "binary"})
class RosterFile(serializers.FileField):
    """The uploaded CSV file: a file part of a multipart body (not a URL)."""


class ImportInSerializer(serializers.Serializer):
    file = RosterFile(
        help_text="CSV (UTF-8, or Windows-1252), comma, semicolon or tab separated, with a "
        "header row: name (or first name + last name), and email if you have them. "
        f"{ri.FILE_MAX_BYTES:,} bytes and {ri.ROWS_MAX:,} rows at most."
    )
    dry_run = serializers.BooleanField(
        default=True, help_text="true (the default): only say what would happen; false: store"
    )


ROW = inline_serializer(
    "RosterImportRow",
    {
        "line": serializers.IntegerField(help_text="the row's line in the file (the header is 1)"),
        "name": serializers.CharField(),
        "email": serializers.CharField(),
        "action": serializers.ChoiceField(["add", "duplicate", "problem"]),
        "duplicate_of": serializers.CharField(
            allow_null=True, help_text="the club's player this row already is"
        ),
        "duplicate_of_line": serializers.IntegerField(
            allow_null=True, help_text="the earlier row of the file this row repeats"
        ),
        "problems": serializers.ListField(child=serializers.CharField()),
        "note": serializers.CharField(help_text="what happens to the row, in a sentence"),
    },
)
IMPORT_OUT = inline_serializer(
    "RosterImport",
    {
        "dry_run": serializers.BooleanField(),
        "stored": serializers.BooleanField(help_text="false for a dry run"),
        "notes": serializers.ListField(
            child=serializers.CharField(), help_text="about the file, e.g. its encoding"
        ),
        "counts": serializers.DictField(
            child=serializers.IntegerField(), help_text="add, duplicate, problem"
        ),
        "rows": ROW,
        "created": RosterPlayerSerializer(many=True),
    },
)


def plan_out(plan: ri.RosterPlan, *, dry_run: bool, created: list[Player]) -> dict[str, Any]:
    return {
        "dry_run": dry_run,
        "stored": not dry_run,
        "notes": plan.notes,
        "counts": {a: plan.count(a) for a in ("add", "duplicate", "problem")},
        "rows": [
            {
                "line": r.row.line,
                "name": r.row.name,
                "email": r.row.email,
                "action": r.action,
                "duplicate_of": r.duplicate_of or None,
                "duplicate_of_line": r.duplicate_line,
                "problems": r.problems,
                "note": r.note,
            }
            for r in plan.rows
        ],
        "created": RosterPlayerSerializer(created, many=True).data,
    }


class RosterView(generics.GenericAPIView):
    """The club's players with their emails, for its directors."""

    serializer_class = RosterPlayerSerializer
    pagination_class = None
    renderer_classes = JSON_OR_CSV

    @extend_schema(
        operation_id="club_players",
        responses={
            (200, "application/json"): RosterPlayerSerializer(many=True),
            (200, "text/csv"): OpenApiTypes.STR,
            403: REFUSAL,
            404: REFUSAL,
        },
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = users_club(request, club_id)
        require_director(request.user, club)
        if wants_csv(request):
            return csv_api_response(ri.roster_table(club))
        players = Player.objects.filter(club=club).order_by("name", "id")
        return Response(RosterPlayerSerializer(players, many=True).data)


class RosterImportView(generics.GenericAPIView):
    """Import players from a CSV file: a dry run (the default) says what each row would
    do; ``dry_run=false`` stores the new players in one transaction and skips the rest."""

    serializer_class = ImportInSerializer
    parser_classes = [parsers.MultiPartParser, parsers.FormParser, parsers.JSONParser]
    code_in_body = True  # roster_file: the file's content, which no schema states

    @extend_schema(
        operation_id="club_players_import",
        request={"multipart/form-data": ImportInSerializer},
        responses={200: IMPORT_OUT, 201: IMPORT_OUT, 400: FILE_REFUSAL, 403: REFUSAL, 404: REFUSAL},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = users_club(request, club_id)
        require_director(request.user, club)
        if "file" not in request.data:  # say which field, whatever else was sent
            # Also an empty file: Django's multipart parser drops a part of 0 bytes.
            message = 'Attach the roster as a CSV file (the field "file"); it was empty or missing.'
            raise ri.RosterFileError(message, errors={"file": [message]})
        serializer = ImportInSerializer(data=request.data)
        if not serializer.is_valid():
            if "file" in serializer.errors:  # an empty file, a field that is no file
                messages = [str(m) for m in serializer.errors["file"]]
                raise ri.RosterFileError(messages[0], errors={"file": messages})
            raise ValidationError(serializer.errors)
        upload, dry_run = serializer.validated_data["file"], serializer.validated_data["dry_run"]
        rows, notes = ri.parse_roster(upload.read(ri.FILE_MAX_BYTES + 1))
        if dry_run:
            plan = ri.roster_plan(club=club, rows=rows, notes=notes)
            return Response(plan_out(plan, dry_run=True, created=[]))
        plan = ri.roster_import(club=club, rows=rows, by=request.user)
        plan.notes = notes
        names = [r.row.name for r in plan.to_add]
        created = list(Player.objects.filter(club=club, name__in=names).order_by("name", "id"))
        return Response(
            plan_out(plan, dry_run=False, created=created), status=status.HTTP_201_CREATED
        )


urlpatterns = [
    path("clubs/<int:club_id>/players/", RosterView.as_view(), name="api-club-players"),
    path(
        "clubs/<int:club_id>/players/import/",
        RosterImportView.as_view(),
        name="api-club-players-import",
    ),
]
