"""The thin layer between playoffs (``tournaments.formats.playoffs``) and Match rows: a
playoff is rebuilt from its tied entries and draw seed whenever needed. Match keys
are the pure ids prefixed with the place played off (``P1-F``, ``P3-W1-2``)."""

from __future__ import annotations

from collections.abc import Mapping

from tournaments import brackets
from tournaments.formats import Correction, correct_result, resolve
from tournaments.formats.playoffs import Playoff as Plan
from tournaments.formats.playoffs import playoff_order, playoff_plan
from tournaments.models import Match, Playoff, Round, Tournament

PLAYOFF = "playoff"  # the flag on a playoff round and its matches
DEFAULT_TARGET = 500


def target(tournament: Tournament) -> int:
    """The points a playoff game is played to (option ``playoff_target``)."""
    return (tournament.options or {}).get("playoff_target") or DEFAULT_TARGET


def plan_of(playoff: Playoff) -> Plan:
    return playoff_plan(playoff.entries, rng_seed=playoff.draw_seed)


def match_key(playoff: Playoff, match_id: str) -> str:
    return f"P{playoff.place}-{match_id}"


def match_id(playoff: Playoff, bracket_key: str) -> str:
    return bracket_key.removeprefix(f"P{playoff.place}-")


def playoff_rows_create(playoff: Playoff, rounds: dict[int, Round], first: int) -> None:
    """Match rows for every game of ``playoff``, in rounds ``first``, ``first + 1``…
    (``rounds``: those created so far by number, shared by the playoffs made at once;
    each new table takes the next number in its round)."""
    plan = plan_of(playoff)

    def round_at(depth: int) -> Round:
        number = first + depth - 1
        if number not in rounds:
            rounds[number] = Round.objects.create(
                tournament=playoff.tournament,
                number=number,
                flags=[PLAYOFF],
                status=Round.Status.RUNNING if number == first else Round.Status.PENDING,
            )
        return rounds[number]

    brackets.rows_create(
        plan.bracket,
        round_at,
        prefix=match_key(playoff, ""),
        tournament=playoff.tournament,
        section=PLAYOFF,
        playoff=playoff,
        flags=[PLAYOFF],
    )
    playoff_sync(playoff, plan=plan)


def _rows(playoff: Playoff) -> dict[str, Match]:
    return {match_id(playoff, m.bracket_key): m for m in Match.objects.filter(playoff=playoff)}


def playoff_sync(
    playoff: Playoff, *, plan: Plan | None = None, drop: frozenset[str] = frozenset()
) -> None:
    """Recompute the playoff's games from the recorded winners and write what changed
    (the winner of a first game moves on to meet the entry with the bye)."""
    plan = plan or plan_of(playoff)
    rows = _rows(playoff)
    results = {k: v for k, v in brackets.recorded_results(rows).items() if k not in drop}
    forfeits = {k for k, row in rows.items() if row.status == Match.Status.WALKOVER} - drop
    states = resolve(plan.bracket, results)
    brackets.write_states(rows, states, forfeits, drop)


def playoff_correction(playoff: Playoff, match: Match, winner: int | None) -> Correction:
    """What correcting ``match`` to ``winner`` changes in the playoff (later games
    whose entries it changes: ``Correction.invalidated`` had results)."""
    rows = _rows(playoff)
    results = brackets.recorded_results(rows)
    return correct_result(
        plan_of(playoff).bracket, results, match_id(playoff, match.bracket_key), winner
    )


def playoff_result_order(playoff: Playoff, rows: Mapping[str, int]) -> list[int] | None:
    """The tied entries in their playoff order, from ``rows`` (pure match id ->
    recorded winner); None while a game is still to play."""
    return playoff_order(plan_of(playoff), rows)
