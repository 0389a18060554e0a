"""A director downloads the whole club: ``GET /api/v1/clubs/{id}/export/?format=json|zip``
and the club page's buttons (``/clubs/<slug>/export/?format=...``). Both answer a
club you do not belong to with 404, a member who is not a director with 403."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, renderers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request

from rookclub.clubs import export_files
from rookclub.clubs.export import club_export
from rookclub.clubs.models import Club
from rookclub.clubs.permissions import is_member
from rookclub.core.errors import DomainError, NotFound
from rookclub.core.negotiation import unknown_format
from rookclub.core.pages import login_required_message, refuse
from rookclub.core.roles import require_director

FORMATS = {"json": ("application/json", "json"), "zip": ("application/zip", "zip")}


def _download(club: Club, by: object, kind: str | None) -> HttpResponse:
    """The export as an attachment; ``Invalid`` for an unknown format."""
    kind = "json" if kind is None else kind  # an empty ?format= is refused, as any other
    if kind not in FORMATS:
        raise unknown_format(kind, list(FORMATS))
    require_director(by, club)
    export = club_export(club=club)
    body = export_files.as_json(export) if kind == "json" else export_files.as_zip(export)
    content_type, extension = FORMATS[kind]
    response = HttpResponse(body, content_type=content_type)
    name = export_files.filename(export, extension)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


class _FormatIsOurs(DefaultContentNegotiation):
    """``?format=`` names the file to download here, not one of DRF's renderers."""

    def select_renderer(self, request, renderers, format_suffix=None):  # type: ignore[no-untyped-def]
        return renderers[0], renderers[0].media_type


REFUSAL = OpenApiResponse(description="a sentence under `detail`, or messages per field")


class ClubExportView(generics.GenericAPIView):
    """The whole club for its directors: players, members, nights with their seating,
    games with every hand and correction, tournaments with entries, rounds, matches,
    results and the audit trail (docs/club-export.md)."""

    renderer_classes = [renderers.JSONRenderer]
    content_negotiation_class = _FormatIsOurs

    @extend_schema(
        operation_id="club_export",
        parameters=[
            OpenApiParameter(
                "format",
                str,
                enum=list(FORMATS),
                description="json (one document, the default) or zip (a CSV file per table)",
            )
        ],
        responses={
            (200, "application/json"): OpenApiTypes.OBJECT,
            (200, "application/zip"): OpenApiTypes.BINARY,
            400: REFUSAL,
            403: REFUSAL,
            404: REFUSAL,
        },
    )
    def get(self, request: Request, club_id: int) -> HttpResponse:
        club = Club.objects.filter(pk=club_id).first()
        # Another club's data: as if it did not exist, before any other check.
        if club is None or not is_member(request.user, club):
            raise NotFound(f"There is no club {club_id}.")
        return _download(club, request.user, request.query_params.get("format"))


@login_required_message
def club_export_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The club page's download buttons."""
    club = get_object_or_404(Club, slug=slug)
    back = reverse("club-detail", args=[club.slug])
    if not is_member(request.user, club):
        return refuse(request, NotFound(f"There is no club {slug}."), back=back)
    try:
        return _download(club, request.user, request.GET.get("format"))
    except DomainError as error:
        return refuse(request, error, back=back)


api_urlpatterns = [
    path("clubs/<int:club_id>/export/", ClubExportView.as_view(), name="api-club-export"),
]
