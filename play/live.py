"""The versions of a club night's live pages (the night page's tables, the night
standings): one aggregate query each, so an unchanged page costs one cheap query and a
304 (:mod:`rookclub.core.live`).

Each page's version reads only what that page shows: confirming a hand changes the
night page (each table's "waiting for confirmation") but not the standings,
and the standings do not change when a table's link is replaced or a player sits out.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery

from play.models import CheckIn, Game, Hand, HandCorrection, Night, NightRound, SitOut, TableLink
from rookclub.clubs.models import Membership


def aggregate(rows: QuerySet, link: str, **aggregates: Any) -> dict[str, Subquery]:
    """Each of ``aggregates`` over ``rows`` whose ``link`` is the outer row, as scalar
    subqueries to annotate it with (no rows are loaded)."""
    rows = rows.filter(**{link: OuterRef("pk")}).order_by().values(link)
    return {
        name: Subquery(rows.annotate(value=agg).values("value")[:1])
        for name, agg in aggregates.items()
    }


def _scores(session_id: int, user_id: int) -> dict[str, Any]:
    """What both pages show: who is here, the games and their hands, the viewer's role."""
    return {
        **aggregate(
            CheckIn.objects.all(),
            "session",
            v_check_ins=Count("id"),
            v_last_check_in=Max("id"),
            v_gone=Count("left_at"),
        ),
        **aggregate(
            Game.objects.all(),
            "session",
            v_games=Count("id"),
            v_last_game=Max("id"),
            v_finished=Count("id", filter=Q(status=Game.Status.FINISHED)),
            v_last_finish=Max("finished_at"),
            v_void=Count("voided_at"),
        ),
        **aggregate(
            Hand.objects.all(), "game__session", v_hands=Count("id"), v_last_hand=Max("id")
        ),
        **aggregate(HandCorrection.objects.all(), "hand__game__session", v_fixes=Max("id")),
        "v_role": Subquery(
            Membership.objects.filter(club=OuterRef("club_id"), user_id=user_id).values("role")[:1]
        ),
    }


def _night(session_id: int, **annotations: Any) -> QuerySet:
    night = Night.objects.filter(pk=session_id).annotate(**annotations)
    return night.values_list("status", "closed_at", *annotations)


def _tables(session_id: int, user_id: int) -> QuerySet:
    return _night(
        session_id,
        **_scores(session_id, user_id),
        **aggregate(NightRound.objects.all(), "session", v_last_round=Max("id")),
        **aggregate(SitOut.objects.all(), "round__session", v_sit_outs=Count("id")),
        # Replaced links only: a link made on first sight is made by the rendering that
        # first shows it, so every fragment already has it.
        **aggregate(TableLink.objects.all(), "session", v_replaced=Max("replaced_at")),
        # Each table's hands waiting for the other side's confirmation.
        **aggregate(Hand.objects.all(), "game__session", v_confirmed=Count("confirmed_at")),
    )


def _standings(session_id: int, user_id: int) -> QuerySet:
    return _night(session_id, **_scores(session_id, user_id))


def viewer_id(user: Any) -> int:
    """The id a version query is asked for: the signed-in user's, else 0 (no one)."""
    return user.pk if user is not None and user.is_authenticated else 0


def night_tables_version(session_id: int, user: Any) -> tuple[Any, ...] | None:
    """The night page's tables (``/sessions/<pk>/?live=1``) as ``user`` sees them, or
    None if there is no such night."""
    return _tables(session_id, viewer_id(user)).first()


def night_standings_version(session_id: int, user: Any) -> tuple[Any, ...] | None:
    """The night's standings and their projector view, or None if there is no such
    night."""
    return _standings(session_id, viewer_id(user)).first()


def night_version(session_id: int, user: Any) -> tuple[Any, ...] | None:
    """Everything the night page shows changes one of these (one query), or None if
    there is no such night."""
    return night_tables_version(session_id, user)
