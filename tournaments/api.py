"""/api/v1/tournaments/, /api/v1/matches/, /api/v1/entries/, /api/v1/rounds/: thin views
over the services. Every lookup is limited to the user's clubs (``visible_to``), so
another club's object answers 404 as an unknown id does, before the body is read."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from play import table_links as links
from play.api.schema import house_rules_refusal
from play.api.tables import LINK_ERRORS, NEW_LINK, TABLE_ROW, replaced_out, table_row
from play.models import TableLink
from rookclub.clubs.models import Player
from rookclub.core.api import valid, visible_to
from rookclub.core.csv_out import JSON_OR_CSV, csv_api_response, wants_csv
from rookclub.core.errors import Invalid
from rookclub.core.parsers import JSON_ONLY
from rookclub.core.roles import require_director, require_scorer
from rookclub.core.schema import json_or_multipart
from tournaments import csv_exports, partners, selectors, services, table_links, tie_breakers
from tournaments import serializers as s
from tournaments.entries import entry_add, entry_check_in, entry_withdraw
from tournaments.match_games import match_game_start
from tournaments.models import Entry, Match, Round, Tournament
from tournaments.playoffs import playoffs_create
from tournaments.results import match_result_record
from tournaments.rounds import round_override, round_pair_next, tournament_start

SEE_LINKS = "Only a director or scorer of the club can see the table links."
_HOUSE_RULES = house_rules_refusal("ruleset", "options.ruleset_options")
#: Creating an event: the house rules' refusal, and one rule of two fields together.
CREATE_REFUSAL = OpenApiResponse(
    response=_HOUSE_RULES.response,
    description=_HOUSE_RULES.description + " The code `tiers_need_rounds` (`rounds`): an "
    "individual event with the `tiers` movement must say how many rounds it plays.",
    examples=_HOUSE_RULES.examples,
)


def _valid(checks: type[serializers.Serializer], request: Request) -> Any:
    if not isinstance(request.data, dict):
        raise Invalid("Send a JSON object.", errors={"body": ["must be a JSON object"]})
    return valid(checks, request.data, request=request)


class TournamentViewSet(
    mixins.CreateModelMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """A refusal (400, 403, 404...) asked for as CSV is still a JSON sentence: a client
    reads why, and no one downloads an error as a spreadsheet."""

    serializer_class = s.TournamentSerializer
    code_in_body = True  # every refusal carries its code
    queryset = Tournament.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self) -> QuerySet:
        events = Tournament.objects.select_related("club")
        return visible_to(events, self.request).order_by("-created_at", "-id")

    @extend_schema(
        request=json_or_multipart(s.TournamentCreateSerializer),
        responses={
            201: s.TournamentSerializer,
            400: CREATE_REFUSAL,
        },
    )
    def create(self, request: Request) -> Response:
        data = _valid(s.TournamentCreateSerializer, request)
        tournament = services.tournament_create(by=request.user, **data)
        return Response(s.TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=s.TieBreakerSerializer(many=True))
    @action(detail=False, methods=["get"], url_path="tie-breakers")
    def tie_breakers(self, request: Request) -> Response:
        """Every tie-breaker an event may list in ``options.tie_breakers``, in order:
        its key (what the option takes), name, abbreviation and what it counts."""
        return Response([t.as_dict() for t in tie_breakers.REGISTRY.values()])

    @extend_schema(
        methods=["POST"],
        request=s.EntryCreateSerializer,
        responses={
            201: s.EntrySerializer,
            400: OpenApiResponse(
                description="Refused, nothing stored; the event's own rules have a `code`: "
                "`players_per_entry` (a partnership event takes 2 different players, an "
                "individual event or one with drawn partners 1), `already_entered` (a player "
                "is in another entry), "
                "`seed_taken`. Players of another club: `players` names them."
            ),
        },
    )
    @extend_schema(methods=["GET"], responses=s.EntrySerializer(many=True))
    @action(detail=True, methods=["get", "post"])
    def entries(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        if request.method == "GET":
            entries = tournament.entries.prefetch_related("players").order_by("seed", "id")
            return Response(s.EntrySerializer(entries, many=True).data)
        data = _valid(s.EntryCreateSerializer, request)
        ids = data["players"]
        # Only the event's club's players: another club's id reads as an unknown one.
        players = list(Player.objects.filter(pk__in=ids, club_id=tournament.club_id))
        if len(players) != len(set(ids)):
            raise Invalid(
                "Unknown players.", errors={"players": ["every player must be of the event's club"]}
            )
        by_id = {p.pk: p for p in players}
        entry = entry_add(
            tournament=tournament,
            players=[by_id[i] for i in ids],
            name=data.get("name"),
            seed=data.get("seed"),
            by=request.user,
        )
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=s.PartnerPinsSerializer,
        responses={
            200: s.TournamentSerializer,
            400: OpenApiResponse(
                description="Refused, nothing stored; `code`, and `pins` says why: "
                "`partners_not_drawn` (the event has fixed partners), `draw_done` (it has "
                "started), `pin_not_a_pair` (a player pinned to themself), `pin_unknown_entry` "
                "(not an active sign-up of this event), `pinned_twice` (a sign-up in two pins)."
            ),
        },
        description="Drawn partners (option `partners: drawn`): the pairs a director keeps "
        "together when the partners are drawn at the start; replaces the pins set before.",
    )
    @action(detail=True, methods=["put"], url_path="partner-pins", parser_classes=JSON_ONLY)
    def partner_pins(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        data = _valid(s.PartnerPinsSerializer, request)
        tournament = partners.partner_pins_set(
            tournament=tournament, pins=data["pins"], by=request.user
        )
        return Response(s.TournamentSerializer(tournament).data)

    @extend_schema(
        request=s.StartSerializer,
        responses={
            200: s.TournamentSerializer,
            409: OpenApiResponse(
                description="Not started, nothing stored; `code`: `already_started`, "
                "`too_few_entries`, and with drawn partners `odd_field` (an odd number of "
                "players) or `pin_unknown_entry` (a pinned sign-up withdrew or is not checked in)."
            ),
        },
    )
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        data = _valid(s.StartSerializer, request)
        tournament = tournament_start(
            tournament=tournament, by=request.user, draw_seed=data.get("draw_seed") or None
        )
        return Response(s.TournamentSerializer(tournament).data)

    @extend_schema(methods=["GET"], responses=s.RoundSerializer(many=True))
    @extend_schema(methods=["POST"], request=s.PairSerializer, responses={201: s.RoundSerializer})
    @action(detail=True, methods=["get", "post"], parser_classes=JSON_ONLY)
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        if request.method == "POST":
            data = _valid(s.PairSerializer, request)
            rnd = round_pair_next(
                tournament=tournament,
                by=request.user,
                pins=[tuple(p) for p in data["pins"]],
                forced_bye=data.get("forced_bye"),
            )
            rounds = selectors.tournament_rounds(tournament=tournament)
            created = next(r for r in rounds if r.number == rnd.number)
            return Response(s.RoundSerializer(created).data, status=status.HTTP_201_CREATED)
        rounds = selectors.tournament_rounds(tournament=tournament)
        return Response(s.RoundSerializer(rounds, many=True).data)

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "format",
                str,
                enum=["json", "csv"],
                required=False,
                description="csv: the standings as a spreadsheet file (docs/rosters.md)",
            )
        ],
        responses={
            (200, "application/json"): s.StandingsRowSerializer(many=True),
            (200, "text/csv"): OpenApiTypes.STR,
        },
    )
    @action(detail=True, methods=["get"], renderer_classes=JSON_OR_CSV)
    def standings(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        rows = selectors.tournament_standings(tournament=tournament)
        if wants_csv(request):
            return csv_api_response(csv_exports.standings_table(rows, tournament=tournament))
        return Response(s.StandingsRowSerializer(rows, many=True).data)

    @extend_schema(
        methods=["POST"],
        request=s.PlayoffStartSerializer,
        responses={
            201: s.MatchSerializer(many=True),
            400: OpenApiResponse(
                description="Refused, nothing stored; `code`, and the field named says why: "
                "`no_playoff_format` (`format`: elimination and individual events), "
                "`event_not_finished` (`status`: results still to come), `no_tie` (`playoff`: "
                "no place up to `playoff_places` is shared, or each has its playoff)."
            ),
        },
        description="Play off every place up to the option `playoff_places` (1: first "
        "only) still shared after the tie-breakers: two entries play one game to "
        "`playoff_target` (500), three draw cards for a bye, four or more a bracket. "
        "Answers the matches created; they are played and entered as any match.",
    )
    @extend_schema(methods=["GET"], responses=s.PlayoffSerializer(many=True))
    @action(detail=True, methods=["get", "post"], parser_classes=JSON_ONLY)
    def playoffs(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        if request.method == "POST":
            data = _valid(s.PlayoffStartSerializer, request)
            made = playoffs_create(
                tournament=tournament, by=request.user, draw_seed=data.get("draw_seed") or None
            )
            rows = MatchViewSet.queryset_for(request).filter(pk__in=[m.pk for m in made])
            rows = rows.order_by("round__number", "table", "id")
            return Response(s.MatchSerializer(rows, many=True).data, status=status.HTTP_201_CREATED)
        playoffs = selectors.tournament_playoffs(tournament=tournament)
        return Response(s.PlayoffSerializer(playoffs, many=True).data)

    @extend_schema(
        responses={
            200: s.BracketSerializer,
            400: OpenApiResponse(
                description="`no_bracket`: the event is not an elimination event (Swiss, round "
                "robin and individual events have standings, not a bracket)"
            ),
        },
    )
    @action(detail=True, methods=["get"])
    def bracket(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        if not tournament.is_elimination:
            raise Invalid(
                "Only elimination events have a bracket.",
                errors={"format": ["not an elimination format"]},
                code="no_bracket",
            )
        data = selectors.tournament_bracket(tournament=tournament)
        placements = [{"entry": e, "place": p} for e, p in sorted(data["placements"].items())]
        payload = {
            "format": tournament.format,
            "matches": data["matches"],
            "placements": placements,
        }
        return Response(s.BracketSerializer(payload).data)

    @extend_schema(
        responses=s.AuditEntrySerializer(many=True),
        description="Every change to the event, who made it and why: the club's directors.",
    )
    @action(detail=True, methods=["get"])
    def audit(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        require_director(request.user, tournament.club, services.NOT_DIRECTOR)
        entries = tournament.audit.order_by("when", "id")
        return Response(s.AuditEntrySerializer(entries, many=True).data)


class MatchViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = s.MatchSerializer
    code_in_body = True  # every refusal carries its code
    queryset = Match.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self) -> QuerySet:
        return self.queryset_for(self.request)

    @staticmethod
    def queryset_for(request: Request) -> QuerySet:
        matches = Match.objects.select_related(*selectors.MATCH_RELATED).prefetch_related("games")
        return visible_to(matches, request, "tournament__club")

    @extend_schema(request=s.ResultSerializer, responses=s.MatchSerializer)
    @action(detail=True, methods=["post"])
    def result(self, request: Request, pk: str | None = None) -> Response:
        """Enter the match's final game scores, or correct them if it has a result."""
        match = self.get_object()
        data = _valid(s.ResultSerializer, request)
        match_result_record(
            match=match,
            games=data["games"],
            by=request.user,
            reason=data["reason"],
            confirm=data["confirm"],
            tie_confirmed=data["tie"],
        )
        return Response(s.MatchSerializer(self.get_queryset().get(pk=match.pk)).data)

    @extend_schema(request=None, responses={201: s.GameStartedSerializer})
    @action(detail=True, methods=["post"])
    def games(self, request: Request, pk: str | None = None) -> Response:
        """Start the next game of this match at the table (hands go to /api/v1/games/)."""
        game = match_game_start(match=self.get_object(), by=request.user)
        return Response({"game": game.pk}, status=status.HTTP_201_CREATED)


class EntryViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = s.EntrySerializer
    code_in_body = True  # every refusal carries its code
    queryset = Entry.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self) -> QuerySet:
        entries = Entry.objects.prefetch_related("players")
        return visible_to(entries, self.request, "tournament__club")

    @extend_schema(request=s.WithdrawSerializer, responses=s.EntrySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        entry = self.get_object()
        data = _valid(s.WithdrawSerializer, request)
        entry = entry_withdraw(entry=entry, by=request.user, **data)
        return Response(s.EntrySerializer(entry).data)

    @extend_schema(request=None, responses=s.EntrySerializer)
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str | None = None) -> Response:
        entry = entry_check_in(entry=self.get_object(), by=request.user)
        return Response(s.EntrySerializer(entry).data)


class RoundViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = s.RoundSerializer
    code_in_body = True  # every refusal carries its code
    queryset = Round.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self) -> QuerySet:
        rounds = Round.objects.prefetch_related("matches__games", "matches__entry_a")
        return visible_to(rounds, self.request, "tournament__club")

    @extend_schema(request=s.OverrideSerializer, responses=s.RoundSerializer)
    @action(detail=True, methods=["post"], parser_classes=JSON_ONLY)
    def override(self, request: Request, pk: str | None = None) -> Response:
        """Swap two entries, pin a pairing, force a bye or re-pair (flagged on the pairings)."""
        rnd = self.get_object()
        data = _valid(s.OverrideSerializer, request)
        rnd = round_override(round=rnd, by=request.user, **data)
        return Response(s.RoundSerializer(self.get_queryset().get(pk=rnd.pk)).data)

    def _round(self) -> Round:
        return Round.objects.select_related("tournament__club").get(pk=self.get_object().pk)

    @extend_schema(
        responses={200: TABLE_ROW},
        description="The round's tables, each with its current game, players, and table "
        "link (`key`, and `url`: the page its card's QR code opens). A director or scorer "
        "of the club.",
    )
    @action(detail=True, methods=["get"])
    def tables(self, request: Request, pk: str | None = None) -> Response:
        rnd = self._round()
        require_scorer(request.user, rnd.tournament.club, SEE_LINKS)
        return Response([table_row(r, request) for r in table_links.round_tables(rnd=rnd)])

    @extend_schema(
        request=None,
        responses={201: NEW_LINK, 404: LINK_ERRORS[404]},
        description="A director replaces table `number`'s link: the old key answers 404 "
        "from now on. Print the table's card again.",
    )
    @action(detail=True, methods=["post"], url_path=r"tables/(?P<number>[0-9]+)/replace-link")
    def replace_link(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        rnd = self._round()
        require_director(request.user, rnd.tournament.club)
        if not rnd.matches.filter(table=int(number)).exists():
            raise links.LinkNotFound(f"Round {rnd.number} has no table {number}.")
        link = links.link_replace(
            club=rnd.tournament.club,
            kind=TableLink.Kind.TOURNAMENT,
            scope=rnd.pk,
            number=int(number),
            by=request.user,
        )
        return replaced_out(link, request)


def register(router: Any) -> None:
    router.register("tournaments", TournamentViewSet, basename="tournament")
    router.register("matches", MatchViewSet, basename="match")
    router.register("entries", EntryViewSet, basename="entry")
    router.register("rounds", RoundViewSet, basename="round")
