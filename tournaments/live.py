"""The version of a tournament's live pages (pairings, standings, their projector
views): one aggregate query, so an unchanged page costs one cheap query and a 304
(:mod:`rookclub.core.live`)."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery, Sum

from play.live import aggregate, viewer_id
from play.models import Hand, HandCorrection
from rookclub.clubs.models import Membership
from tournaments.models import AuditEntry, Entry, Match, MatchGame, Round, Tournament


def _version(tournament_id: int, user_id: int) -> QuerySet:
    annotations = dict(
        **aggregate(
            Entry.objects.all(),
            "tournament",
            v_entries=Count("id"),
            v_last_entry=Max("id"),
            v_active=Count("id", filter=Q(status=Entry.Status.ACTIVE)),
            v_checked_in=Count("id", filter=Q(checked_in=True)),
        ),
        **aggregate(
            Round.objects.all(),
            "tournament",
            v_rounds=Count("id"),
            v_last_round=Max("id"),
            v_running=Count("id", filter=Q(status=Round.Status.RUNNING)),
            v_finished=Count("id", filter=Q(status=Round.Status.FINISHED)),
        ),
        **aggregate(
            Match.objects.all(),
            "tournament",
            v_matches=Count("id"),
            v_last_match=Max("id"),
            v_won=Count("winner"),
            v_decided=Count("id", filter=Q(status=Match.Status.DECIDED)),
            v_tables=Sum("table"),
        ),
        **aggregate(
            MatchGame.objects.all(),
            "match__tournament",
            v_games=Count("id"),
            v_last_game=Max("id"),
            v_scored=Count("score_a"),
            v_score=Sum("score_a"),
            v_against=Sum("score_b"),
        ),
        **aggregate(AuditEntry.objects.all(), "tournament", v_audit=Max("id")),
        **aggregate(
            Hand.objects.all(),
            "game__match_game__match__tournament",
            v_hands=Count("id"),
            v_last_hand=Max("id"),
        ),
        **aggregate(
            HandCorrection.objects.all(),
            "hand__game__match_game__match__tournament",
            v_fixes=Max("id"),
        ),
        v_role=Subquery(
            Membership.objects.filter(club=OuterRef("club_id"), user_id=user_id).values("role")[:1]
        ),
    )
    event = Tournament.objects.filter(pk=tournament_id).annotate(**annotations)
    return event.values_list("status", *annotations)


def tournament_version(tournament_id: int, user: Any) -> tuple[Any, ...] | None:
    """Everything the live pages show changes one of these (one query), or None if
    there is no such tournament."""
    return _version(tournament_id, viewer_id(user)).first()
