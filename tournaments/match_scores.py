"""A match's scores: whether they are finished Rook games, and the best-of-N result they make."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rookclub.core.errors import Invalid
from rookclub.core.limits import SCORE_MAX
from scoring.engine.rulesets import Ruleset, RulesetError
from tournaments import playoff_rows
from tournaments.models import Match, Tournament

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
