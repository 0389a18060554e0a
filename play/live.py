"""The versions of a club night's live pages (the night page's tables, the night
standings), so an unchanged page costs a 304 (:mod:`rookclub.core.live`; the costs
are in docs/performance.md).

A poll reads its page's *stamps* from the cache: a random token per night and page,
replaced on commit whenever something the page shows is written (:func:`night_changed`).
A cache that cannot answer falls back to the aggregate query below. Each page's version
reads only what it shows: confirming a hand changes the night page, not the standings.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery
from django.db.models.signals import post_delete

from play.models import CheckIn, Game, Hand, HandCorrection, Night, NightRound, SitOut, TableLink
from rookclub.clubs.models import Membership
from rookclub.core.live import cache_or_none
from rookclub.core.roles import KEY_HOLDERS

#: How long a night's stamps are kept unread-or-not: a new stamp after this only costs
#: each page one render, and bounds how long a write that forgot to replace them shows.
STAMP_SECONDS = 15 * 60


def aggregate(rows: QuerySet, link: str, **aggregates: Any) -> dict[str, Subquery]:
    """Each of ``aggregates`` over ``rows`` whose ``link`` is the outer row, as scalar
    subqueries to annotate it with (no rows are loaded)."""
    rows = rows.filter(**{link: OuterRef("pk")}).order_by().values(link)
    return {
        name: Subquery(rows.annotate(value=agg).values("value")[:1])
        for name, agg in aggregates.items()
    }


def _scores(night_id: int, user_id: int) -> dict[str, Any]:
    """What both pages show: who is here, the games and their hands, the viewer's role."""
    return {
        **aggregate(
            CheckIn.objects.all(),
            "night",
            v_check_ins=Count("id"),
            v_last_check_in=Max("id"),
            v_gone=Count("left_at"),
        ),
        **aggregate(
            Game.objects.all(),
            "night",
            v_games=Count("id"),
            v_last_game=Max("id"),
            v_finished=Count("id", filter=Q(status=Game.Status.FINISHED)),
            v_last_finish=Max("finished_at"),
            v_void=Count("voided_at"),
        ),
        **aggregate(Hand.objects.all(), "game__night", v_hands=Count("id"), v_last_hand=Max("id")),
        **aggregate(HandCorrection.objects.all(), "hand__game__night", v_fixes=Max("id")),
        "v_role": Subquery(
            Membership.objects.filter(club=OuterRef("club_id"), user_id=user_id).values("role")[:1]
        ),
    }


def _night(night_id: int, **annotations: Any) -> QuerySet:
    night = Night.objects.filter(pk=night_id).annotate(**annotations)
    return night.values_list("status", "closed_at", *annotations)


def _tables(night_id: int, user_id: int) -> QuerySet:
    return _night(
        night_id,
        **_scores(night_id, user_id),
        **aggregate(NightRound.objects.all(), "night", v_last_round=Max("id")),
        **aggregate(SitOut.objects.all(), "round__night", v_sit_outs=Count("id")),
        # Replaced links only: a link made on first sight is made by the rendering that
        # first shows it, so every fragment already has it.
        **aggregate(TableLink.objects.all(), "night", v_replaced=Max("replaced_at")),
        # Each table's hands waiting for the other side's confirmation.
        **aggregate(Hand.objects.all(), "game__night", v_confirmed=Count("confirmed_at")),
    )


def _standings(night_id: int, user_id: int) -> QuerySet:
    return _night(night_id, **_scores(night_id, user_id))


def viewer_id(user: Any) -> int:
    """The id a version query is asked for: the signed-in user's, else 0 (no one)."""
    return user.pk if user is not None and user.is_authenticated else 0


def night_tables_version(night_id: int, user: Any) -> tuple[Any, ...] | None:
    """The night page's tables (``/sessions/<pk>/?live=1``) as ``user`` sees them, or
    None if there is no such night."""
    return _tables(night_id, viewer_id(user)).first()


def night_standings_version(night_id: int, user: Any) -> tuple[Any, ...] | None:
    """The night's standings and their projector view, or None if there is no such
    night."""
    return _standings(night_id, viewer_id(user)).first()


def night_version(night_id: int, user: Any) -> tuple[Any, ...] | None:
    """Everything the night page shows changes one of these (one query), or None if
    there is no such night."""
    return night_tables_version(night_id, user)


def _stamp_keys(night_id: int) -> tuple[str, str]:
    """The standings' stamp (what both pages show) and the tables' (what only the
    night page shows)."""
    return f"night-stamp:{night_id}:scores", f"night-stamp:{night_id}:tables"


def night_changed(night_ids: int | Iterable[int] | None, *, standings: bool = True) -> None:
    """Something the night page shows (and, with ``standings``, the standings too) was
    written: once the transaction commits, the pages' next polls get a new version."""
    if night_ids is None:
        return
    ids = [night_ids] if isinstance(night_ids, int) else list(night_ids)
    keys = [key for pk in ids for key in _stamp_keys(pk)[0 if standings else 1 :]]
    if keys:
        # Now, so that the writer's own next read sees the change (inside its
        # transaction too); and once committed, so that a page rendered by a poll that
        # came in between, from before the commit, is not kept under the new stamp.
        # New stamps rather than none: the next poll need not ask whether the night
        # exists before making them.
        _new_stamps(keys)
        transaction.on_commit(lambda: _new_stamps(keys))


def _new_stamps(keys: list[str]) -> None:
    cache_or_none("set_many", {key: uuid.uuid4().hex for key in keys}, STAMP_SECONDS)


def _stamps(night_id: int) -> tuple[str, str] | bool | None:
    """The night's two stamps; None if there is no such night; False if the cache
    cannot keep them (read the version from the database)."""
    keys = _stamp_keys(night_id)
    kept = cache_or_none("get_many", keys) or {}
    if len(kept) < len(keys):
        if not Night.objects.filter(pk=night_id).exists():
            return None
        for key in keys:
            if key not in kept:
                token = uuid.uuid4().hex
                # Another poll may have made it meanwhile: the first one stands.
                if not cache_or_none("add", key, token, STAMP_SECONDS):
                    token = cache_or_none("get", key)
                if token is None:
                    return False
                kept[key] = token
    return kept[keys[0]], kept[keys[1]]


def night_tables_stamp(night_id: int, user: Any) -> tuple[Any, ...] | None:
    """The night page's tables' version, from the cache (:func:`night_tables_version`
    when the cache cannot answer); None if there is no such night. The viewer is in
    the ETag (:func:`rookclub.core.live.etag_of`); a change of their role replaces
    the stamps of their club's nights."""
    stamps = _stamps(night_id)
    if stamps is False:
        return night_tables_version(night_id, user)
    return stamps


def _roles_key(night_id: int) -> str:
    return f"night-roles:{night_id}"


def night_role(night_id: int, user: Any) -> str | None:
    """``user``'s role in the night's club as its live pages tell roles apart: director
    (a superuser too), scorer, or None (a member sees what anyone signed in sees). The
    club's directors and scorers are kept in the cache beside the night's stamps, so a
    poll asks the database only when they are not kept (or the cache cannot answer);
    a membership written replaces them (:func:`on_membership_saved`)."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_superuser:
        return Membership.Role.DIRECTOR
    key = _roles_key(night_id)
    roles = cache_or_none("get", key)
    if roles is None:
        roles = _key_holders(Membership.objects.filter(club__nights__pk=night_id))
        # Another poll may have kept them meanwhile, or a membership written since: what
        # a commit kept stands (on_membership_saved).
        cache_or_none("add", key, roles, STAMP_SECONDS)
    return roles.get(user.pk)


def _key_holders(memberships: QuerySet) -> dict[int, str]:
    """User id: role, of the ``memberships`` that are a director's or a scorer's."""
    held = memberships.filter(role__in=KEY_HOLDERS).values_list("user_id", "role")
    return dict(held)


def night_standings_stamp(night_id: int, user: Any) -> tuple[Any, ...] | None:
    """The night's standings' version (and their projector view's), as
    :func:`night_tables_stamp`."""
    stamps = _stamps(night_id)
    if stamps is False:
        return night_standings_version(night_id, user)
    return stamps and stamps[:1]


# ---- receivers (connected in PlayConfig.ready) ---------------------------------------------


def on_night_saved(sender: Any, instance: Night, **kwargs: Any) -> None:
    if kwargs.get("signal") is post_delete:
        # No stamps for a night that is gone: its next poll finds none, asks, and is a 404.
        keys = [*_stamp_keys(instance.pk), _roles_key(instance.pk)]
        cache_or_none("delete_many", keys)
        transaction.on_commit(lambda: cache_or_none("delete_many", keys))
        return
    night_changed(instance.pk)


def on_night_row_saved(sender: Any, instance: CheckIn | Game, **kwargs: Any) -> None:
    """A check-in or a game (its hands recorded, corrected, the game finished or
    voided save it): both pages."""
    night_changed(instance.night_id)


def on_table_row_saved(sender: Any, instance: NightRound | TableLink, **kwargs: Any) -> None:
    """A round (and its sit-outs, written with it) or a table's link: the night page."""
    night_changed(instance.night_id, standings=False)


def on_membership_saved(sender: Any, instance: Membership, **kwargs: Any) -> None:
    """A role changed: what its holder sees on every night of the club, and the club's
    roles its nights keep (:func:`night_role`): forgotten now, so that the writer's own
    next poll reads them again, and kept anew once committed, so that roles a poll read
    before the commit and kept meanwhile do not stand."""
    club_id = instance.club_id
    nights = list(Night.objects.filter(club_id=club_id).values_list("pk", flat=True))
    night_changed(nights)
    keys = [_roles_key(pk) for pk in nights]
    if keys:
        cache_or_none("delete_many", keys)
        transaction.on_commit(lambda: _keep_roles(club_id, keys))


def _keep_roles(club_id: int, keys: list[str]) -> None:
    roles = _key_holders(Membership.objects.filter(club_id=club_id))
    cache_or_none("set_many", dict.fromkeys(keys, roles), STAMP_SECONDS)
