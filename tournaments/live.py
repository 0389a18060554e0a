"""The version of a tournament's live pages (pairings, standings, their projector
views), so an unchanged page costs a 304 (:mod:`rookclub.core.live`).

As a club night's (``play/live.py``): stamps in the cache, one per tournament and one
per club for the games played outside a club night, replaced whenever one of their rows
is written. Writes that send no signal (``bulk_create``, ``bulk_update``, ``update``)
call :func:`tournament_changed` themselves.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery, Sum

from play.live import STAMP_SECONDS, aggregate, viewer_id
from play.models import Game, Hand, HandCorrection
from rookclub.clubs.models import Membership
from rookclub.core.live import cache_or_none
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


def _tournament_key(tournament_id: int) -> str:
    return f"tournament-stamp:{tournament_id}"


def _club_key(club_id: int) -> str:
    return f"club-games-stamp:{club_id}"


def _replace(keys: list[str]) -> None:
    """New stamps for ``keys``, now (the writer's own next read sees the change) and
    once committed (a page rendered in between, from before the commit, is not kept
    under the new stamp)."""

    def replace() -> None:
        cache_or_none("set_many", {key: uuid.uuid4().hex for key in keys}, STAMP_SECONDS)

    if keys:
        replace()
        transaction.on_commit(replace)


def tournament_changed(tournament_ids: int | Iterable[int] | None) -> None:
    """Something a tournament's live pages show was written."""
    if tournament_ids is None:
        return
    ids = [tournament_ids] if isinstance(tournament_ids, int) else list(tournament_ids)
    _replace([_tournament_key(pk) for pk in ids])


def club_games_changed(club_id: int) -> None:
    """A game outside a club night (a tournament's table game) or a role in the club was
    written: every tournament of the club shows a new version."""
    _replace([_club_key(club_id)])


def _kept_or_new(key: str) -> str | None:
    """The stamp under ``key``, made if missing; None if the cache cannot keep it."""
    token = cache_or_none("get", key)
    if token is None:
        token = uuid.uuid4().hex
        # Another poll may have made it meanwhile: the first one stands.
        if not cache_or_none("add", key, token, STAMP_SECONDS):
            token = cache_or_none("get", key)
    return token


def tournament_stamp(tournament_id: int, user: Any) -> tuple[Any, ...] | None:
    """The tournament's live pages' version from the cache (the viewer is in the ETag,
    :func:`rookclub.core.live.etag_of`), or None if there is no such tournament;
    :func:`tournament_version` when the cache cannot answer."""
    stamp, club = _tournament_key(tournament_id), f"tournament-club:{tournament_id}"
    kept = cache_or_none("get_many", [stamp, club]) or {}
    club_id = kept.get(club)
    if club_id is None:
        # A tournament's club never changes: one query, then kept.
        club_id = (
            Tournament.objects.filter(pk=tournament_id).values_list("club_id", flat=True).first()
        )
        if club_id is None:
            return None
        cache_or_none("set", club, club_id, STAMP_SECONDS)
    token = kept.get(stamp) or _kept_or_new(stamp)
    games = _kept_or_new(_club_key(club_id))
    if token is None or games is None:
        return tournament_version(tournament_id, user)
    return (token, games)


# ---- receivers (connected in TournamentsConfig.ready) ---------------------------------------


def on_tournament_saved(sender: Any, instance: Tournament, **kwargs: Any) -> None:
    tournament_changed(instance.pk)


def on_tournament_row_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    """An entry, its players, a round, a match, a playoff, an audit line."""
    tournament_changed(instance.tournament_id)


def on_match_game_saved(sender: Any, instance: MatchGame, **kwargs: Any) -> None:
    tournament_changed(
        Match.objects.filter(pk=instance.match_id).values_list("tournament_id", flat=True)
    )


def on_game_saved(sender: Any, instance: Game, **kwargs: Any) -> None:
    """A game outside a club night (a tournament's table game: its hands, corrections)."""
    if instance.night_id is None:
        club_games_changed(instance.club_id)


def on_membership_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    club_games_changed(instance.club_id)
