"""Scoring's Celery tasks: thin, by primary key, sent on commit."""

from celery import shared_task


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def recompute_ratings(club_pk: int) -> int:
    """Recompute a club's ratings from its games (after a correction or a void).
    Idempotent, so a duplicate delivery only does the work again."""
    from scoring.ratings import recompute_club

    return recompute_club(club_id=club_pk)
