"""Match results: typed in by the director, or taken from the games played at the
table; both store the same MatchGame scores.

Every write locks the tournament row first: two results entered at once in one bracket
would each resolve it without the other's winner, and the later undo the earlier."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from play.models import Game
from rookclub.core.errors import Conflict, Invalid
from rookclub.core.limits import SCORE_MAX, check_reason
from rookclub.core.roles import SYSTEM, Actor, require_director, require_scorer
from scoring.engine.rulesets import Ruleset, RulesetError
from tournaments import brackets, playoff_rows
from tournaments.formats import correct_result
from tournaments.live import tournament_changed
from tournaments.models import AuditEntry, Match, MatchGame, Round, Tournament
from tournaments.selectors import entry_players, match_seats

OPEN = (Match.Status.READY, Match.Status.WAITING)


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


def audit(
    tournament: Tournament,
    what: str,
    by: Actor,
    *,
    match: Match | None = None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> AuditEntry:
    who = by if getattr(by, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        tournament=tournament,
        match=match,
        who=who,
        what=what,
        before=before,
        after=after,
        reason=reason or "",
    )


#: What a non-director hears when entering or correcting a result.
NOT_DIRECTOR = "Only a director of the club can enter tournament results."
#: What someone who is neither director nor scorer hears when starting a match's game.
START_GAME = "Only a director or scorer of the club can start a game."


def _lock(match: Match) -> tuple[Tournament, Match]:
    tournament = Tournament.objects.select_for_update().get(pk=match.tournament_id)
    return tournament, Match.objects.select_for_update().get(pk=match.pk)


# ---- reading a best-of-N result -------------------------------------------------------------


GAMES_MAX = 9  # a match is best of 9 at most (games_per_match)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def tally(
    scores: Sequence[tuple[int, int]], *, best_of: int, ties_allowed: bool
) -> tuple[bool, str | None, list[str]]:
    """(decided, winning side "a"/"b" or None for a draw, problems) for game scores."""
    problems: list[str] = []
    needed = best_of // 2 + 1
    wins = {"a": 0, "b": 0}
    for number, (a, b) in enumerate(scores, start=1):
        if max(wins.values()) >= needed:
            problems.append(f"the match was already decided after game {number - 1}")
            break
        if a == b:
            if ties_allowed and best_of == 1:
                return True, None, problems
            problems.append(f"game {number}: a tie cannot decide this match; play on")
            continue
        wins["a" if a > b else "b"] += 1
    if len(scores) > best_of:
        problems.append(f"at most {best_of} games in a best of {best_of}")
    for side, won in wins.items():
        if won >= needed:
            return True, side, problems
    return False, None, problems


SCORE_KEYS = (
    "bird_points",
    "red_one_points",
    "points_per_trick",
    "most_tricks_bonus",
    "all_tricks_bonus",
    "nest_bonus",
    "table_talk_penalty",
    "improper_discard_penalty",
    "misdeal_penalty",
    "bid_step",
    "min_bid",
    "renege_points",
)


def score_step(ruleset: dict[str, Any]) -> int:
    """Every score of a game under ``ruleset`` is a multiple of this (5 in every
    published Rook game: counters, bonuses, penalties and bids all go in fives)."""
    values = [v for k in SCORE_KEYS if isinstance(v := ruleset.get(k), int)]
    counters = ruleset.get("counter_values") or {}
    values += [
        v for v in (counters.values() if isinstance(counters, dict) else []) if isinstance(v, int)
    ]
    return math.gcd(*values) if any(values) else 1


def hand_ceiling(ruleset: dict[str, Any]) -> int | None:
    """The most one side can score in one hand under ``ruleset``: every point at stake
    (counters, trick points, bonuses), times what a set declarer's opponents are paid
    (Tennessee doubles it), or a renege's points under the house rule if more. None for
    a ruleset the engine cannot read."""
    try:
        rules = Ruleset.from_dict(ruleset or {})
    except (RulesetError, TypeError, ValueError):
        return None
    stake = rules.points_at_stake + rules.all_tricks_bonus
    return max(stake * max(1, rules.set_opponents_multiplier), rules.renege_points or 0)


def game_problems(
    ruleset: dict[str, Any],
    number: int,
    a: int,
    b: int,
    *,
    tie_confirmed: bool = False,
    clocked: bool = False,
) -> list[str]:
    """Why ``a``-``b`` cannot be the final score of a game under ``ruleset``: scores go in
    steps (:func:`score_step`); a game to a target ends when a side reaches it, without a
    tie; a game of fixed hands or stopped by the clock (``clocked``) may end short or tied."""
    problems = []
    step = score_step(ruleset)
    for score in (a, b):
        if step > 1 and score % step:
            problems.append(f"game {number}: {score} is not a Rook score (scores go in {step}s)")
    target, fixed_hands = ruleset.get("target"), ruleset.get("fixed_hands")
    to_target = fixed_hands is None and isinstance(target, int) and not clocked
    if a == b and to_target:
        problems.append(f"game {number}: a game to {target} cannot end tied; play another hand")
    elif a == b and not tie_confirmed:
        problems.append(f"game {number}: a tie; tick “it was a tie” to record it")
    if to_target and max(a, b) < target:
        problems.append(f"game {number}: nobody reached {target}, so the game is not over")
    ceiling = hand_ceiling(ruleset)
    if isinstance(target, int) and fixed_hands is None and ceiling is not None:
        # The last hand starts below the target (else the game had ended): a game to 300
        # ends at most at 295 plus the most one hand can score.
        highest = target - step + ceiling
        for score in (a, b):
            if score > highest:
                problems.append(
                    f"game {number}: {score} is more than a game to {target} can end on "
                    f"(at most {highest}: {target - step} before the last hand, plus the "
                    f"{ceiling} one hand can score)"
                )
    return problems


def match_terms(tournament: Tournament, match: Match | None) -> tuple[dict[str, Any], int, bool]:
    """(ruleset, best of, ties allowed) a match is played under. A playoff is one
    game to the playoff target, which no tie and no round clock can end."""
    if match is not None and match.playoff_id:
        rules = {**(tournament.ruleset or {}), "target": playoff_rows.target(tournament)}
        return {**rules, "fixed_hands": None}, 1, False
    return tournament.ruleset or {}, tournament.games_per_match, not tournament.is_elimination


def parse_games(
    tournament: Tournament, games: Any, *, tie_confirmed: bool = False, match: Match | None = None
) -> tuple[list[tuple[int, int]], str | None]:
    """Director-entered games as ``[[score_a, score_b], ...]``: the whole match."""
    ruleset, best_of, ties_allowed = match_terms(tournament, match)
    clocked = ties_allowed and bool((tournament.options or {}).get("round_clock"))
    if not isinstance(games, list | tuple) or not games:
        raise Invalid(
            "Enter the match's scores.",
            errors={"games": ["give each game's two scores, e.g. [[300, 185]]"]},
        )
    if len(games) > GAMES_MAX:
        raise Invalid("Too many games.", errors={"games": [f"at most {GAMES_MAX} games"]})
    problems, scores = [], []
    for number, game in enumerate(games, start=1):
        if not isinstance(game, list | tuple) or len(game) != 2 or not all(map(_is_int, game)):
            problems.append(f"game {number}: two whole-number scores, [score_a, score_b]")
        elif not all(-SCORE_MAX <= score <= SCORE_MAX for score in game):
            problems.append(f"game {number}: scores from -{SCORE_MAX} to {SCORE_MAX}")
        else:
            scores.append((game[0], game[1]))
    if problems:
        raise Invalid("Bad game scores.", errors={"games": problems})
    for number, (a, b) in enumerate(scores, start=1):
        problems += game_problems(
            ruleset, number, a, b, tie_confirmed=tie_confirmed, clocked=clocked
        )
    if problems:
        raise Invalid(
            "These cannot be the scores of finished Rook games.", errors={"games": problems}
        )
    decided, side, problems = tally(scores, best_of=best_of, ties_allowed=ties_allowed)
    if not decided and not problems:
        needed = best_of // 2 + 1
        problems.append(f"best of {best_of}: one side must win {needed} game(s)")
    if problems:
        raise Invalid("The games do not make a result.", errors={"games": problems})
    return scores, side


def _snapshot(match: Match) -> dict[str, Any]:
    return {
        "games": [[g.score_a, g.score_b] for g in match.games.order_by("number")],
        "winner": match.winner_id,
        "status": match.status,
    }


def _check_playable(tournament: Tournament, match: Match) -> None:
    if match.bye:
        raise Invalid("A bye has no result.", errors={"games": ["a bye has no result"]}, code="bye")
    if tournament.status == Tournament.Status.REGISTRATION:
        raise Conflict("The tournament has not started.", code="not_running")
    if match.status in (Match.Status.WAITING, Match.Status.NOT_NEEDED):
        raise Conflict("This match is not ready: its entries are not known.", code="not_ready")
    if match.status == Match.Status.WALKOVER:
        raise Conflict("This match was forfeited.", code="walkover")


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
        tournament, match = _lock(match)
        _check_playable(tournament, match)
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
        tournament, match = _lock(match)
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


# ---- games played at the table --------------------------------------------------------------


def match_game_start(*, match: Match, by: Actor, dealer: str = "north") -> Game:
    """Start the match's next game at the table through the club-night scoring:
    side A sits north-south, side B east-west. Hands are recorded as on club nights."""
    from play.services import game_start

    require_scorer(by, match.tournament.club, START_GAME)
    with transaction.atomic():
        tournament, match = _lock(match)
        _check_playable(tournament, match)
        if match.status != Match.Status.READY:
            raise Conflict("This match already has a result.", code="result_exists")
        linked = list(match.games.select_related("game"))
        if any(g.game_id and not g.scored for g in linked):
            raise Conflict("A game of this match is still being played.", code="game_in_progress")
        number = max((g.number for g in linked), default=0) + 1
        options = dict((tournament.options or {}).get("ruleset_options") or {})
        clock = (tournament.options or {}).get("round_clock") or {}
        if match.playoff_id:
            # One game to the playoff target: no round clock stops it.
            options.pop("fixed_hands", None)
            options["target"], clock = playoff_rows.target(tournament), {}
        if clock.get("hands"):
            # The clock stops the table at its hands, level or not: a tie stands.
            options.setdefault("fixed_hands", clock["hands"])
            options.setdefault("tie_at_target", "tie")
        game = game_start(
            ruleset=tournament.ruleset_slug,
            options=options or None,
            seats=match_seats(match, entry_players([match])),
            dealer=dealer,
            created_by=by,
        )
        MatchGame.objects.create(match=match, number=number, game=game)
        audit(tournament, "table_game_started", by, match=match, after={"game": game.pk})
    return game


def round_games_start(*, rnd: Round, by: Actor) -> list[Game]:
    """Start the first game at every table of a round just paired (side A north-south), so
    each table's link opens its game at once; matches with a game, byes and unknown
    entries are left alone. Off with option ``start_games``: false."""
    if not (rnd.tournament.options or {}).get("start_games", True):
        return []
    matches = rnd.matches.filter(
        status=Match.Status.READY, bye=False, table__isnull=False, games__isnull=True
    ).order_by("table")
    return [match_game_start(match=m, by=by) for m in matches.select_related("tournament")]


def bracket_games_start(*, tournament: Tournament, by: Actor) -> None:
    """A bracket's later matches start their games as soon as both entries are known
    (a result decided the match before them), as a paired round's do."""
    for rnd in tournament.round_set.order_by("number"):
        round_games_start(rnd=rnd, by=by)


def round_games_abandon(*, rnd: Round, by: Actor) -> None:
    """Before a director changes a round's pairings: the games started at its tables
    with no hand recorded are voided (never deleted) and let go of their matches;
    a game with a hand refuses the change (409 ``round_has_games``)."""
    from play.voiding import game_void

    linked = list(
        MatchGame.objects.filter(match__round=rnd, game__isnull=False).select_related("game__club")
    )
    if any(g.game.hands.exists() for g in linked):
        raise Conflict(
            "A game has already started at a table of this round: finish or abandon it "
            "before changing the pairings.",
            code="round_has_games",
        )
    # Let go of the matches first: a tournament game is voided through its match's
    # result, never on its own.
    MatchGame.objects.filter(pk__in=[g.pk for g in linked]).delete()
    for g in linked:
        if not g.game.is_void:
            game_void(game=g.game, by=by, reason="The round's pairings were changed.")


def match_game_sync(*, game: Game) -> Match | None:
    """After a hand is recorded or corrected: a finished tournament game's final totals become
    its match game's score, and a won match's result is recorded as a director would."""
    link = MatchGame.objects.filter(game_id=game.pk).select_related("match").first()
    if link is None:
        return None
    with transaction.atomic():
        tournament, match = _lock(link.match)
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


# ---- round and event status -----------------------------------------------------------------


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
