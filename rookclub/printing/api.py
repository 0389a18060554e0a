"""REST endpoints for printing: PDFs in the response, and batch jobs with their state.

* ``GET /api/v1/print/...`` -> ``application/pdf`` (``?size=a4|letter``); its warnings
  (e.g. QR codes only this computer can open) in the ``Rookclub-Warning`` header.
* ``POST /api/v1/print-jobs/`` -> 202 and the job; ``GET /api/v1/print-jobs/{id}/``
  -> its state, progress, ``warnings`` and ``result_url``. A broker that is down
  answers 503 (``print_queue_down``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, renderers, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from rookclub.core.api import OptionsField
from rookclub.core.limits import YEAR_MAX
from rookclub.core.schema import json_or_multipart
from rookclub.printing.kinds import KINDS, job_for
from rookclub.printing.models import PrintJob
from rookclub.printing.queue import job_sweep
from rookclub.printing.services import document_pdf, print_job_start
from rookclub.printing.site import print_warnings, with_site_url
from rookclub.printing.views import pdf_response


class PDFRenderer(renderers.BaseRenderer):
    """Lets clients ask for ``Accept: application/pdf``; errors still answer in JSON."""

    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data if isinstance(data, bytes) else b""


def _pdf(request: Request, kind: str, **params: Any) -> HttpResponse:
    params = {**request.query_params.dict(), **params}
    with_site_url(request, KINDS[kind], params)
    pdf, filename = document_pdf(kind=kind, params=params, by=request.user)
    response = pdf_response(pdf, filename)
    warnings = print_warnings(KINDS[kind], params)
    if warnings:  # a PDF has no JSON to carry them: QR codes no phone can open
        response[WARNING_HEADER] = " ".join(warnings)
    return response


#: The header a PDF answer carries its ``warnings`` in (as a print job's JSON does).
WARNING_HEADER = "Rookclub-Warning"


SIZE = OpenApiParameter("size", str, enum=["a4", "letter"], description="Page size (A4 default)")
PDF = {(200, "application/pdf"): OpenApiTypes.BINARY}
YEAR = OpenApiParameter(
    "year", {"type": "integer", "minimum": 1, "maximum": YEAR_MAX}, description="one season"
)


@extend_schema(parameters=[SIZE], responses=PDF)
class PrintViewSet(viewsets.ViewSet):
    """Single PDFs, rendered in the request."""

    renderer_classes = [renderers.JSONRenderer, PDFRenderer]
    # A refusal is plain JSON even when the client asked for a PDF (Accept or ?format=pdf):
    # the PDF renderer has nothing to draw a sentence with.
    refusals_in_plain_json = True

    @action(detail=False, methods=["get"], url_path=r"games/(?P<game>\d+)/sheet")
    def game_sheet(self, request: Request, game: str) -> HttpResponse:
        """The completed score sheet of a game: every hand as recorded, corrections marked."""
        return _pdf(request, "game-sheet", game=game)

    @action(
        detail=False, methods=["get"], url_path=r"rounds/(?P<round>\d+)/tables/(?P<table>\d+)/sheet"
    )
    def table_sheet(self, request: Request, round: str, table: str) -> HttpResponse:
        """A blank score sheet for one table of a round, pre-filled with players and dealers."""
        return _pdf(request, "round-sheets", round=round, table=table)

    @action(
        detail=False, methods=["get"], url_path=r"rounds/(?P<round>\d+)/tables/(?P<table>\d+)/card"
    )
    def table_card(self, request: Request, round: str, table: str) -> HttpResponse:
        """A table card with a QR code opening that table's score-entry page."""
        return _pdf(request, "round-cards", round=round, table=table)

    @action(detail=False, methods=["get"], url_path=r"sessions/(?P<session>\d+)/standings")
    def night_standings(self, request: Request, session: str) -> HttpResponse:
        """Standings of a club night."""
        return _pdf(request, "session-standings", session=session)

    @extend_schema(parameters=[SIZE, YEAR], responses=PDF)
    @action(detail=False, methods=["get"], url_path=r"clubs/(?P<slug>[-\w]+)/standings")
    def season_standings(self, request: Request, slug: str) -> HttpResponse:
        """Season standings of a club (``?year=2025``; all seasons without it)."""
        return _pdf(request, "season-standings", club=slug)

    @action(
        detail=False,
        methods=["get"],
        url_path=r"tournament-rounds/(?P<round>\d+)/tables/(?P<table>\d+)/sheet",
    )
    def tournament_table_sheet(self, request: Request, round: str, table: str) -> HttpResponse:
        """A blank score sheet for the match at one table of a tournament round."""
        return _pdf(request, "tournament-round-sheets", round=round, table=table)

    @action(
        detail=False,
        methods=["get"],
        url_path=r"tournament-rounds/(?P<round>\d+)/tables/(?P<table>\d+)/card",
    )
    def tournament_table_card(self, request: Request, round: str, table: str) -> HttpResponse:
        """A table card for the match at one table of a tournament round, with a QR code
        opening that table's page (the match, and the game being played there)."""
        return _pdf(request, "tournament-round-cards", round=round, table=table)

    @action(detail=False, methods=["get"], url_path=r"tournaments/(?P<tournament>\d+)/standings")
    def tournament_standings(self, request: Request, tournament: str) -> HttpResponse:
        """Standings of a tournament, ranked by its tie-breakers (bracket places first)."""
        return _pdf(request, "tournament-standings", tournament=tournament)

    @extend_schema(
        responses={
            **PDF,
            400: OpenApiResponse(
                description="`no_bracket`: the event is not an elimination event (Swiss, "
                "round robin and individual events have standings, not a bracket)"
            ),
        }
    )
    @action(detail=False, methods=["get"], url_path=r"tournaments/(?P<tournament>\d+)/bracket")
    def tournament_bracket(self, request: Request, tournament: str) -> HttpResponse:
        """The bracket chart of an elimination tournament (losers' side on its own page)."""
        return _pdf(request, "tournament-bracket", tournament=tournament)


class PrintJobSerializer(serializers.ModelSerializer):
    result_url = serializers.SerializerMethodField(
        help_text="The PDF once done; send the same Authorization header (Token) to download it."
    )
    warnings = serializers.SerializerMethodField(
        help_text="Sentences to read before printing, e.g. QR codes that would open an "
        "address no phone can reach (localhost), with the fix."
    )

    class Meta:
        model = PrintJob
        fields = [
            "id",
            "kind",
            "parameters",
            "state",
            "progress",
            "pages",
            "error",
            "result_url",
            "warnings",
            "created_at",
            "finished_at",
            "tries",
        ]
        read_only_fields = fields
        extra_kwargs = {
            "tries": {
                "help_text": "Times a worker started it (a lost worker's "
                "job is started again, a few times at most)."
            }
        }

    def get_warnings(self, job: PrintJob) -> list[str]:
        return print_warnings(KINDS.get(job.kind), job.parameters)

    def get_result_url(self, job: PrintJob) -> str | None:
        if job.state != PrintJob.State.DONE or not job.result:
            return None
        url = reverse("print-job-download", args=[job.pk])
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request else url


class PrintJobStartSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=sorted(k for k, v in KINDS.items() if v.batch))
    parameters = OptionsField(
        required=False, default=dict, help_text='e.g. {"round": 3} or {"session": 12}'
    )
    size = serializers.ChoiceField(choices=["a4", "letter"], required=False, default="a4")

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        """Each parameter is one value, and the ids the kind names are ids (not null)."""
        kind = KINDS[data["kind"]]
        ids = (*kind.ids, *kind.optional_ids)
        wrong = [
            f"{name or '(no name)'}: one value, a number or a text"
            for name, value in (data.get("parameters") or {}).items()
            if isinstance(value, (dict, list))
        ] + [
            f"{name}: an id (a whole number), not null"
            for name in ids
            if name in (data.get("parameters") or {}) and data["parameters"][name] is None
        ]
        if wrong:
            raise serializers.ValidationError({"parameters": wrong})
        return data


class PrintJobViewSet(mixins.CreateModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Batch PDFs ("all score sheets for round 3"): start one, then poll its state."""

    serializer_class = PrintJobSerializer

    def get_queryset(self):
        return PrintJob.objects.all()

    def get_object(self) -> PrintJob:
        job = job_for(self.request.user, self.kwargs["pk"])
        return job_sweep(job)  # a job whose worker was lost is re-queued or failed here

    @extend_schema(
        request=json_or_multipart(PrintJobStartSerializer),
        responses={202: PrintJobSerializer},  # 503 (the print queue is down): shared Error
        description="Start a batch (or get the job already making the same PDF). 503 with "
        '{"detail": [...]} when the print queue is down: nothing is started; try again later.',
    )
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        start = PrintJobStartSerializer(data=request.data)
        start.is_valid(raise_exception=True)
        params = {**start.validated_data["parameters"], "size": start.validated_data["size"]}
        with_site_url(request, KINDS[start.validated_data["kind"]], params)
        job = print_job_start(kind=start.validated_data["kind"], params=params, by=request.user)
        job.refresh_from_db()  # eager mode: it may already be done
        return Response(
            PrintJobSerializer(job, context={"request": request}).data,
            status=status.HTTP_202_ACCEPTED,
        )


def register(router) -> None:
    """Add the print routes to the /api/v1/ router."""
    router.register("print", PrintViewSet, basename="api-print")
    router.register("print-jobs", PrintJobViewSet, basename="api-print-job")
