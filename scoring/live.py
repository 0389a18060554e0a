"""The version of a club night's live pages (the night page's tables, the night
standings): one aggregate query, so an unchanged page costs one cheap query and a 304
(:mod:`rookclub.core.live`)."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery

from rookclub.clubs.models import CheckIn, ClubSession, Membership, SessionRound, SitOut
from scoring.models import Game, Hand, HandCorrection, TableLink


def aggregate(rows: QuerySet, link: str, **aggregates: Any) -> dict[str, Subquery]:
    """Each of ``aggregates`` over ``rows`` whose ``link`` is the outer row, as scalar
    subqueries to annotate it with (no rows are loaded)."""
    rows = rows.filter(**{link: OuterRef("pk")}).order_by().values(link)
    return {
        name: Subquery(rows.annotate(value=agg).values("value")[:1])
        for name, agg in aggregates.items()
    }


def night_version(session_id: int, user: Any) -> tuple[Any, ...] | None:
    """Everything the night's live pages show changes one of these (one query), or
    None if there is no such night."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    night = ClubSession.objects.filter(pk=session_id).annotate(
        **aggregate(
            CheckIn.objects.all(), "session",
            v_check_ins=Count("id"), v_last_check_in=Max("id"), v_gone=Count("left_at"),
        ),
        **aggregate(SessionRound.objects.all(), "session", v_last_round=Max("id")),
        **aggregate(SitOut.objects.all(), "round__session", v_sit_outs=Count("id")),
        **aggregate(
            Game.objects.all(), "session",
            v_games=Count("id"), v_last_game=Max("id"),
            v_finished=Count("id", filter=Q(status=Game.Status.FINISHED)),
            v_last_finish=Max("finished_at"),
        ),
        **aggregate(
            Hand.objects.all(), "game__session",
            v_hands=Count("id"), v_last_hand=Max("id"), v_last_confirm=Max("confirmed_at"),
        ),
        **aggregate(HandCorrection.objects.all(), "hand__game__session", v_fixes=Max("id")),
        **aggregate(TableLink.objects.all(), "session", v_links=Max("id")),
        v_role=Subquery(
            Membership.objects.filter(club=OuterRef("club_id"), user_id=user_id).values("role")[:1]
        ),
    )  # fmt: skip
    fields = [name for name in night.query.annotations if name.startswith("v_")]
    row = night.values_list("status", "closed_at", *fields).first()
    return row
