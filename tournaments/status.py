"""A match's lock and whether it can be played, and the status of its round and of the event."""

from __future__ import annotations

from rookclub.core.errors import Conflict, Invalid
from tournaments import playoff_rows
from tournaments.live import tournament_changed
from tournaments.models import Match, Round, Tournament

OPEN = (Match.Status.READY, Match.Status.WAITING)


def lock_match(match: Match) -> tuple[Tournament, Match]:
    """Lock the match's tournament row, then the match's, and return both as now stored."""
    tournament = Tournament.objects.select_for_update().get(pk=match.tournament_id)
    return tournament, Match.objects.select_for_update().get(pk=match.pk)


def check_playable(tournament: Tournament, match: Match) -> None:
    """Refuse a bye, a match not ready or forfeited, and an event not yet started."""
    if match.bye:
        raise Invalid("A bye has no result.", errors={"games": ["a bye has no result"]}, code="bye")
    if tournament.status == Tournament.Status.REGISTRATION:
        raise Conflict("The tournament has not started.", code="not_running")
    if match.status in (Match.Status.WAITING, Match.Status.NOT_NEEDED):
        raise Conflict("This match is not ready: its entries are not known.", code="not_ready")
    if match.status == Match.Status.WALKOVER:
        raise Conflict("This match was forfeited.", code="walkover")


def _under_way(tournament: Tournament, rnd: Round) -> bool:
    """Whether a round with matches ready is being played: a bracket's or playoff's once its
    entries are known; a round of a schedule paired at the start once it has started."""
    return (
        rnd.started_at is not None
        or tournament.is_elimination
        or playoff_rows.PLAYOFF in (rnd.flags or [])
    )


def refresh_status(tournament: Tournament) -> None:
    """Rounds finish when none of their matches is open; the event when every
    round is paired and finished (or the bracket is decided)."""
    statuses: dict[int, set[str]] = {}
    for round_id, status in tournament.matches.values_list("round_id", "status"):
        statuses.setdefault(round_id, set()).add(status)
    rounds = list(tournament.round_set.all())
    changed = []
    for rnd in rounds:
        seen = statuses.get(rnd.pk, set())
        if not seen & set(OPEN):
            status = Round.Status.FINISHED
        elif rnd.status == Round.Status.RUNNING or (
            Match.Status.READY in seen and _under_way(tournament, rnd)
        ):
            status = Round.Status.RUNNING
        else:
            status = Round.Status.PENDING
        if status != rnd.status:
            rnd.status = status
            changed.append(rnd)
    Round.objects.bulk_update(changed, ["status"])
    if changed:  # bulk writes send no signal
        tournament_changed(tournament.pk)
    open_left = any(s & set(OPEN) for s in statuses.values())
    all_paired = tournament.is_elimination or len(rounds) >= (tournament.rounds or 0)
    done = not open_left and all_paired
    status = Tournament.Status.FINISHED if done else Tournament.Status.RUNNING
    if tournament.status != Tournament.Status.REGISTRATION and status != tournament.status:
        tournament.status = status
        tournament.save(update_fields=["status"])
