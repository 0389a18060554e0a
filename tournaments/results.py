"""Match results: typed in by the director, or taken from the games played at the
table; both store the same MatchGame scores.

Every write locks the tournament row first: two results entered at once in one bracket
would each resolve it without the other's winner, and the later undo the earlier."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from play.models import Game
from rookclub.core.errors import Conflict, Invalid
from rookclub.core.limits import check_reason
from rookclub.core.roles import SYSTEM, Actor, require_director
from tournaments import brackets, playoff_rows
from tournaments.audit import audit
from tournaments.formats import correct_result
from tournaments.match_games import bracket_games_start, round_games_start
from tournaments.match_scores import match_terms, parse_games, tally
from tournaments.models import Match, MatchGame, Round, Tournament
from tournaments.status import OPEN, check_playable, lock_match, refresh_status


class DependentMatches(Conflict):
    """A correction would change later matches that already have results."""

    code = "dependent_matches"

    def __init__(self, message: str, *, matches: Sequence[Match]) -> None:
        names = [f"{m.bracket_key or 'match'} (id {m.pk})" for m in matches]
        super().__init__(message, errors={"dependent_matches": names})
        self.matches = list(matches)

    def body(self, with_code: bool = False) -> dict[str, Any]:
        """The API names the matches by id and bracket key, and says the sentence."""
        matches = [{"id": m.pk, "bracket_key": m.bracket_key} for m in self.matches]
        return {**super().body(with_code), "dependent_matches": matches, "detail": self.message}


#: What a non-director hears when entering or correcting a result.
NOT_DIRECTOR = "Only a director of the club can enter tournament results."


def _snapshot(match: Match) -> dict[str, Any]:
    return {
        "games": [[g.score_a, g.score_b] for g in match.games.order_by("number")],
        "winner": match.winner_id,
        "status": match.status,
    }


def _move_on(
    tournament: Tournament, match: Match, by: Actor, drop: frozenset[str] = frozenset()
) -> None:
    """After a result: a bracket's or a playoff's later games take their entries and
    start at their tables."""
    if match.playoff_id:
        playoff_rows.playoff_sync(match.playoff, drop=drop)
    elif tournament.is_elimination:
        brackets.bracket_sync(tournament, drop=drop)
    else:
        _next_round_start(tournament, match.round, by)
        return
    bracket_games_start(tournament=tournament, by=by)


def _next_round_start(tournament: Tournament, rnd: Round, by: Actor) -> None:
    """A schedule paired whole at the start (round robin, rotation): once ``rnd``'s last result
    is in, the next round starts and its games begin at their tables."""
    if rnd.matches.filter(status__in=OPEN).exists():
        return
    upcoming = tournament.round_set.filter(number=rnd.number + 1, started_at__isnull=True).first()
    if upcoming is None or playoff_rows.PLAYOFF in upcoming.flags:
        return
    upcoming.started_at = timezone.now()
    upcoming.status = Round.Status.RUNNING
    upcoming.save(update_fields=["started_at", "status"])
    round_games_start(rnd=upcoming, by=by)


def _store(match: Match, scores: Sequence[tuple[int, int]], side: str | None) -> None:
    existing = {g.number: g for g in match.games.all()}
    for number, (a, b) in enumerate(scores, start=1):
        game = existing.pop(number, None) or MatchGame(match=match, number=number)
        game.score_a, game.score_b = a, b
        game.save()
    MatchGame.objects.filter(pk__in=[g.pk for g in existing.values()]).delete()
    match.winner_id = {"a": match.entry_a_id, "b": match.entry_b_id}.get(side or "")
    match.status = Match.Status.DECIDED
    match.save(update_fields=["winner", "status"])


# ---- entering and correcting ----------------------------------------------------------------


def match_result_enter(
    *, match: Match, games: Any, by: Actor, tie_confirmed: bool = False
) -> Match:
    """The director types in a match's final game scores."""
    require_director(by, match.tournament.club, NOT_DIRECTOR)
    with transaction.atomic():
        tournament, match = lock_match(match)
        check_playable(tournament, match)
        if match.status == Match.Status.DECIDED:
            raise Conflict("This match already has a result; correct it.", code="result_exists")
        scores, side = parse_games(tournament, games, tie_confirmed=tie_confirmed, match=match)
        _store(match, scores, side)
        _move_on(tournament, match, by)
        audit(tournament, "result_entered", by, match=match, after=_snapshot(match))
        refresh_status(tournament)
    match.refresh_from_db()
    return match


def match_result_correct(
    *,
    match: Match,
    games: Any,
    by: Actor,
    reason: str = "",
    confirm: bool = False,
    tie_confirmed: bool = False,
) -> Match:
    """Change a recorded result. Standings follow at once; in a bracket, later matches
    that already have results and would change are listed (``DependentMatches``)
    unless ``confirm``, in which case their results are reset and they are replayed."""
    require_director(by, match.tournament.club, NOT_DIRECTOR)
    check_reason(reason)
    if not reason.strip():
        raise Invalid(
            "Say why the result is corrected: the reason stays in the tournament's history.",
            errors={"reason": ["say why the result is corrected"]},
            code="reason_required",
        )
    with transaction.atomic():
        tournament, match = lock_match(match)
        if match.status != Match.Status.DECIDED:
            raise Conflict("This match has no result to correct.", code="no_result")
        scores, side = parse_games(tournament, games, tie_confirmed=tie_confirmed, match=match)
        new_winner = {"a": match.entry_a_id, "b": match.entry_b_id}.get(side or "")
        before = _snapshot(match)
        drop: frozenset[str] = frozenset()
        if match.playoff_id and new_winner != match.winner_id:
            corrected = playoff_rows.playoff_correction(match.playoff, match, new_winner)
            keys = {playoff_rows.match_key(match.playoff, k) for k in corrected.invalidated}
            rows = {m.bracket_key: m for m in match.playoff.matches.all()}
        elif tournament.is_elimination and new_winner != match.winner_id:
            bracket = brackets.bracket_of(tournament)
            rows = {m.bracket_key: m for m in tournament.matches.all()}
            corrected = correct_result(
                bracket, brackets.recorded_results(rows), match.bracket_key, new_winner
            )
            keys = set(corrected.invalidated)
        if new_winner != match.winner_id and (match.playoff_id or tournament.is_elimination):
            dependents = [rows[key] for key in sorted(keys)]
            if dependents and not confirm:
                raise DependentMatches(
                    "Later matches already played depend on this result: "
                    + ", ".join(m.bracket_key for m in dependents)
                    + ". Confirm to reset their results.",
                    matches=dependents,
                )
            for dependent in dependents:
                audit(
                    tournament,
                    "result_reset",
                    by,
                    match=dependent,
                    before=_snapshot(dependent),
                    reason=f"correction of {match.bracket_key}",
                )
                dependent.games.all().delete()
            drop = frozenset(corrected.invalidated)
        _store(match, scores, side)
        _move_on(tournament, match, by, drop)
        audit(
            tournament,
            "result_corrected",
            by,
            match=match,
            before=before,
            after=_snapshot(match),
            reason=reason,
        )
        refresh_status(tournament)
    match.refresh_from_db()
    return match


def match_result_record(
    *,
    match: Match,
    games: Any,
    by: Actor,
    reason: str = "",
    confirm: bool = False,
    tie_confirmed: bool = False,
) -> Match:
    """Enter the match's result, or correct it when it has one (``reason`` and
    ``confirm`` are the correction's)."""
    if match.status == Match.Status.DECIDED:
        return match_result_correct(
            match=match,
            games=games,
            by=by,
            reason=reason,
            confirm=confirm,
            tie_confirmed=tie_confirmed,
        )
    return match_result_enter(match=match, games=games, by=by, tie_confirmed=tie_confirmed)


# ---- a result taken from the table ----------------------------------------------------------


def match_game_sync(*, game: Game) -> Match | None:
    """After a hand is recorded or corrected: a finished tournament game's final totals become
    its match game's score, and a won match's result is recorded as a director would."""
    link = MatchGame.objects.filter(game_id=game.pk).select_related("match").first()
    if link is None:
        return None
    with transaction.atomic():
        tournament, match = lock_match(link.match)
        game = Game.objects.get(pk=game.pk)
        link = MatchGame.objects.get(pk=link.pk)
        if game.status != Game.Status.FINISHED:
            return match
        score = (game.totals.get("north_south", 0), game.totals.get("east_west", 0))
        if (link.score_a, link.score_b) == score:
            return match
        link.score_a, link.score_b = score
        link.save(update_fields=["score_a", "score_b"])
        if match.status != Match.Status.READY:
            return match  # already decided: changing it is the director's correction
        scores = [(g.score_a, g.score_b) for g in match.games.order_by("number") if g.scored]
        _, best_of, ties_allowed = match_terms(tournament, match)
        decided, side, _ = tally(scores, best_of=best_of, ties_allowed=ties_allowed)
        if decided:
            match.winner_id = {"a": match.entry_a_id, "b": match.entry_b_id}.get(side or "")
            match.status = Match.Status.DECIDED
            match.save(update_fields=["winner", "status"])
            _move_on(tournament, match, SYSTEM)
            audit(tournament, "result_from_table", None, match=match, after=_snapshot(match))
            refresh_status(tournament)
    return match
