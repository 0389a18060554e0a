"""An imported club's match results must come from somewhere: each game of a decided
match is a game played at the table or a score in the director's latest audit entry,
and the winner is the one those give or the audit names. Runs inside the import's
transaction, after every game was replayed; the first match that breaks it refuses
the file."""

from __future__ import annotations

from typing import Any

from play.models import Game
from rookclub.clubs.export import Ids
from rookclub.clubs.models import Club
from rookclub.core.errors import Invalid
from tournaments.match_scores import match_terms, tally
from tournaments.models import AuditEntry, Match


def _refuse(ids: Ids, match: Match, what: str) -> Invalid:
    message = (
        f"tournament {ids.old('tournaments', match.tournament_id)}, match "
        f"{ids.old('matches', match.pk)}: {what}; nothing was imported. A match's result "
        "comes from its games or from the director who entered it."
    )
    return Invalid(message, errors={"file": [message]}, code="forged_result")


def _entered(match: Match) -> dict[str, Any] | None:
    """The match as the director's latest entry or correction left it."""
    entries = AuditEntry.objects.filter(match=match).order_by("-when", "-id")
    for after in entries.values_list("after", flat=True):
        if isinstance(after, dict) and "games" in after:
            return after
    return None


def _match_check(match: Match, ids: Ids) -> None:
    entered = _entered(match)
    typed = entered["games"] if entered and isinstance(entered["games"], list) else []
    scores = []
    for game in sorted(match.games.all(), key=lambda g: g.number):
        score = [game.score_a, game.score_b]
        played: Game | None = game.game
        if played is not None and played.status == Game.Status.FINISHED:
            totals = played.totals or {}
            trusted = [totals.get("north_south", 0), totals.get("east_west", 0)]
        else:
            trusted = typed[game.number - 1] if game.number <= len(typed) else None
        if score != trusted:
            raise _refuse(
                ids,
                match,
                f"game {game.number}'s score {score} was neither played at the "
                "table nor entered by the director",
            )
        scores.append((game.score_a, game.score_b))
    _, best_of, ties_allowed = match_terms(match.tournament, match)
    _, side, _ = tally(scores, best_of=best_of, ties_allowed=ties_allowed)
    by_scores = {"a": match.entry_a_id, "b": match.entry_b_id}.get(side or "")
    if match.winner_id not in (by_scores, entered.get("winner") if entered else by_scores):
        raise _refuse(ids, match, "its winner is not the one its games or the director gave")


def imported_results_check(club: Club, ids: Ids) -> None:
    """Check every decided match of the imported ``club`` (see the module)."""
    matches = (
        Match.objects.filter(tournament__club=club, status=Match.Status.DECIDED)
        .select_related("tournament")
        .prefetch_related("games__game")
        .order_by("pk")
    )
    for match in matches:
        _match_check(match, ids)
