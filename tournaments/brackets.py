"""The thin layer between elimination brackets (``tournaments.formats``) and Match rows:
the bracket is rebuilt from the stored seeding whenever needed, so the rows keep only
the recorded winners."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tournaments.formats import Bracket, MatchState, double_elimination, resolve, single_elimination
from tournaments.formats import bracket as pure
from tournaments.live import tournament_changed
from tournaments.models import Entry, Match, Round, Tournament

_STATUS = {
    pure.WAITING: Match.Status.WAITING,
    pure.READY: Match.Status.READY,
    pure.DECIDED: Match.Status.DECIDED,
    pure.WALKOVER: Match.Status.WALKOVER,
    pure.BYE: Match.Status.BYE,
    pure.NOT_NEEDED: Match.Status.NOT_NEEDED,
}
FORFEIT = "forfeit"


def bracket_of(tournament: Tournament) -> Bracket:
    options = tournament.options or {}
    kwargs = {"best_of": tournament.games_per_match, "final_best_of": options.get("final_best_of")}
    if tournament.format == Tournament.Format.SINGLE_ELIMINATION:
        return single_elimination(
            tournament.seeding, third_place=bool(options.get("third_place")), **kwargs
        )
    return double_elimination(tournament.seeding, reset=options.get("reset", True), **kwargs)


def depths(bracket: Bracket) -> dict[str, int]:
    """The playing round of each match: one after the latest match that feeds it."""
    depth: dict[str, int] = {}
    for match in bracket.matches.values():
        feeds = [s.match for s in match.slots if s.match]
        if match.only_if_won_by:
            feeds.append(match.only_if_won_by[0])
        depth[match.id] = 1 + max((depth[f] for f in feeds), default=0)
    return depth


def bracket_create(tournament: Tournament) -> None:
    """Rounds and Match rows for the whole bracket, then the first resolution."""
    bracket = bracket_of(tournament)
    rounds = {
        number: Round.objects.create(
            tournament=tournament,
            number=number,
            status=Round.Status.RUNNING if number == 1 else Round.Status.PENDING,
        )
        for number in sorted(set(depths(bracket).values()))
    }
    rows_create(bracket, rounds.__getitem__, tournament=tournament)
    bracket_sync(tournament, bracket=bracket)


def rows_create(
    bracket: Bracket,
    round_at: Callable[[int], Round],
    *,
    tournament: Tournament,
    prefix: str = "",
    **fields: Any,
) -> None:
    """Match rows for every match of ``bracket`` (a bracket's or a playoff's), each in
    ``round_at(its depth)`` at the round's next table (none for a bye), linked to the
    matches its winner and loser go to. ``fields`` are given to every row (``section``:
    the bracket's unless given)."""
    depth = depths(bracket)
    rows: dict[str, Match] = {}
    for match in bracket.matches.values():
        rnd = round_at(depth[match.id])
        table = None
        if not any(s.kind == "bye" for s in match.slots):
            # Playoffs made at once share their rounds: the tables go on from the last.
            rnd.tables_used = table = getattr(rnd, "tables_used", 0) + 1
        rows[match.id] = Match(
            tournament=tournament,
            round=rnd,
            table=table,
            bracket_key=prefix + match.id,
            bracket_round=match.round,
            position=match.position,
            status=Match.Status.WAITING,
            **{"section": match.section, **fields},
        )
    Match.objects.bulk_create(rows.values())
    for source, (target, slot) in bracket.winner_to.items():
        rows[source].winner_to, rows[source].winner_to_slot = rows[target], slot
    for source, (target, slot) in bracket.loser_to.items():
        rows[source].loser_to, rows[source].loser_to_slot = rows[target], slot
    Match.objects.bulk_update(
        rows.values(), ["winner_to", "winner_to_slot", "loser_to", "loser_to_slot"]
    )
    tournament_changed(tournament.pk)  # bulk writes send no signal


def recorded_results(rows: Mapping[str, Match]) -> dict[str, int]:
    """Winners decided by a result or a forfeit (not byes: the bracket works those out)."""
    return {
        key: row.winner_id
        for key, row in rows.items()
        if row.winner_id and row.status in (Match.Status.DECIDED, Match.Status.WALKOVER)
    }


def bracket_sync(
    tournament: Tournament,
    *,
    bracket: Bracket | None = None,
    drop: frozenset[str] = frozenset(),
) -> dict[str, MatchState]:
    """Recompute every match from the recorded winners and write what changed; ``drop``
    resets matches' results. A withdrawn entry forfeits each match it reaches."""
    bracket = bracket or bracket_of(tournament)
    rows = {m.bracket_key: m for m in Match.objects.filter(tournament=tournament)}
    withdrawn = set(
        Entry.objects.filter(tournament=tournament, status=Entry.Status.WITHDRAWN).values_list(
            "pk", flat=True
        )
    )
    results = {k: v for k, v in recorded_results(rows).items() if k not in drop}
    forfeits = {k for k, row in rows.items() if row.status == Match.Status.WALKOVER} - drop
    while True:
        states = resolve(bracket, results)
        new = {
            s.id: s.entries[1] if s.entries[0] in withdrawn else s.entries[0]
            for s in states.values()
            if s.status == pure.READY and withdrawn & set(s.entries)
        }
        if not new:
            break
        results.update(new)
        forfeits |= set(new)
    write_states(rows, states, forfeits, drop)
    return states


def write_states(
    rows: Mapping[str, Match], states: Mapping[str, MatchState], forfeits: set[str], drop
) -> None:
    """Write each row's entries, status and winner from its resolved state (a
    bracket's, or a playoff's: ``tournaments.playoff_rows``); only rows that changed."""
    changed, moved = [], []
    for key, row in rows.items():
        state = states[key]
        status = _STATUS[state.status]
        if status == Match.Status.DECIDED and key in forfeits:
            status = Match.Status.WALKOVER
        winner = state.winner if status in (Match.Status.DECIDED, Match.Status.WALKOVER) else None
        if status == Match.Status.BYE:
            winner = state.winner
        flags = [f for f in row.flags if f != FORFEIT]
        if status == Match.Status.WALKOVER:
            flags.append(FORFEIT)
        new = {
            "entry_a_id": state.entries[0],
            "entry_b_id": state.entries[1],
            "status": status,
            "winner_id": winner,
            "bye": status == Match.Status.BYE,
            "flags": flags,
        }
        if (row.entry_a_id, row.entry_b_id) != (new["entry_a_id"], new["entry_b_id"]):
            moved.append(row)
        if any(getattr(row, field) != value for field, value in new.items()):
            for field, value in new.items():
                setattr(row, field, value)
            changed.append(row)
    if moved:
        # Entries can change places between two matches of one round (a corrected
        # result swaps winner and loser); clear them first so the per-round unique
        # constraints never see the same entry twice halfway through the update.
        Match.objects.filter(pk__in=[r.pk for r in moved]).update(entry_a=None, entry_b=None)
    if changed:
        Match.objects.bulk_update(
            changed, ["entry_a", "entry_b", "status", "winner", "bye", "flags"]
        )
    if changed or moved:  # bulk writes send no signal
        tournament_changed({row.tournament_id for row in [*changed, *moved]})
