"""A generic elimination bracket: matches fed by seeded entries, byes, or the winner or
loser of earlier matches. It stores no results: ``resolve`` recomputes every match from
the recorded winners, so a correction re-propagates; ``correct_result`` names the later
matches that changed."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from .base import EntryId, FormatError

WAITING = "waiting"  # an entry is not known yet
READY = "ready"  # both entries known, no result yet
DECIDED = "decided"
WALKOVER = "walkover"  # one side withdrew
BYE = "bye"  # at most one real entry: nothing to play
NOT_NEEDED = "not_needed"  # a conditional match (grand-final reset) that will not happen


@dataclass(frozen=True)
class Source:
    """Where a match slot's entry comes from."""

    kind: str  # "entry", "bye", "winner", "loser"
    entry: EntryId | None = None
    match: str | None = None


def seat(entry: EntryId | None) -> Source:
    return Source("bye") if entry is None else Source("entry", entry=entry)


def winner_of(match_id: str) -> Source:
    return Source("winner", match=match_id)


def loser_of(match_id: str) -> Source:
    return Source("loser", match=match_id)


@dataclass(frozen=True)
class Match:
    id: str
    section: str  # "winners", "losers", "grand_final", "reset", "third_place"
    round: int
    position: int
    slots: tuple[Source, Source]
    best_of: int = 1
    # The placement an entry earns by winning/losing here, when it goes nowhere else.
    winner_place: int | None = None
    loser_place: int | None = None
    # (match id, slot index): this match is played only if that match was won by
    # the entry from that slot, e.g. the reset after the losers-bracket winner takes game one.
    only_if_won_by: tuple[str, int] | None = None


@dataclass(frozen=True)
class MatchState:
    """One match as the API shows it."""

    id: str
    section: str
    round: int
    position: int
    best_of: int
    entries: tuple[EntryId | None, EntryId | None]
    status: str
    winner: EntryId | None
    loser: EntryId | None
    winner_to: tuple[str, int] | None
    loser_to: tuple[str, int] | None
    stale_result: bool = False  # a recorded winner who is no longer in this match


@dataclass
class Bracket:
    matches: dict[str, Match]
    winner_to: dict[str, tuple[str, int]] = field(init=False)
    loser_to: dict[str, tuple[str, int]] = field(init=False)

    def __post_init__(self) -> None:
        self.winner_to, self.loser_to = {}, {}
        seen: set[str] = set()
        for match in self.matches.values():
            for index, source in enumerate(match.slots):
                if source.kind in ("winner", "loser"):
                    if source.match not in seen:
                        raise FormatError("bad_bracket", f"{match.id} is fed by a later match")
                    edges = self.winner_to if source.kind == "winner" else self.loser_to
                    edges[source.match] = (match.id, index)
            seen.add(match.id)

    def dependents(self, match_id: str) -> list[str]:
        """Every later match whose entries depend on ``match_id``, in playing order."""
        reached = {match_id}
        for match in self.matches.values():
            feeds = {s.match for s in match.slots if s.match}
            if match.only_if_won_by:
                feeds.add(match.only_if_won_by[0])
            if feeds & reached:
                reached.add(match.id)
        return [m for m in self.matches if m in reached and m != match_id]


_PENDING = object()  # slot value: not known yet
_EMPTY = object()  # slot value: nobody will ever come (a bye)


def resolve(
    bracket: Bracket,
    results: Mapping[str, EntryId],
    *,
    withdrawn: Collection[EntryId] = (),
) -> dict[str, MatchState]:
    """Every match's entries, status and winner given the recorded winners.

    A withdrawn entry loses its remaining matches by walkover; its opponents advance.
    """
    # match id -> (entry a, entry b, winner, loser) as slot values
    out: dict[str, tuple[object, object, object, object]] = {}
    states: dict[str, MatchState] = {}
    for match in bracket.matches.values():
        a, b = (_slot_value(s, out) for s in match.slots)
        status, winner, loser, stale = _decide(match, a, b, out, results, withdrawn)
        out[match.id] = (a, b, winner, loser)
        states[match.id] = MatchState(
            id=match.id,
            section=match.section,
            round=match.round,
            position=match.position,
            best_of=match.best_of,
            entries=(_real(a), _real(b)),
            status=status,
            winner=_real(winner),
            loser=_real(loser),
            winner_to=bracket.winner_to.get(match.id),
            loser_to=bracket.loser_to.get(match.id),
            stale_result=stale,
        )
    return states


def _real(value: object) -> EntryId | None:
    return None if value is _PENDING or value is _EMPTY else value


def _slot_value(source: Source, out: Mapping[str, tuple]) -> object:
    if source.kind == "entry":
        return source.entry
    if source.kind == "bye":
        return _EMPTY
    _, _, winner, loser = out[source.match]
    return winner if source.kind == "winner" else loser


def _decide(
    match: Match,
    a: object,
    b: object,
    out: Mapping[str, tuple],
    results: Mapping[str, EntryId],
    withdrawn: Collection[EntryId],
) -> tuple[str, object, object, bool]:
    recorded = results.get(match.id)
    if match.only_if_won_by:
        source_id, slot = match.only_if_won_by
        source_entries, source_winner = out[source_id][:2], out[source_id][2]
        if source_winner is _PENDING:
            return WAITING, _PENDING, _PENDING, False
        if source_winner is _EMPTY or source_winner != source_entries[slot]:
            return NOT_NEEDED, _EMPTY, _EMPTY, recorded is not None
    if a is _EMPTY or b is _EMPTY:
        other = b if a is _EMPTY else a
        # A bye whose other side is still being played: that entry walks through later.
        return BYE, other, _EMPTY, recorded is not None
    if a is _PENDING or b is _PENDING:
        return WAITING, _PENDING, _PENDING, recorded is not None
    if a in withdrawn or b in withdrawn:
        if a in withdrawn and b in withdrawn:
            return WALKOVER, _EMPTY, _EMPTY, False
        return (WALKOVER, b, a, False) if a in withdrawn else (WALKOVER, a, b, False)
    if recorded == a:
        return DECIDED, a, b, False
    if recorded == b:
        return DECIDED, b, a, False
    return READY, _PENDING, _PENDING, recorded is not None


@dataclass(frozen=True)
class Correction:
    """What changing one result does to the rest of the bracket."""

    results: dict[str, EntryId]  # the recorded winners with the correction applied
    affected: list[str]  # later matches whose entries or status change
    invalidated: list[str]  # affected matches that already had a recorded result
    states: dict[str, MatchState]  # the bracket after the correction


def correct_result(
    bracket: Bracket,
    results: Mapping[str, EntryId],
    match_id: str,
    winner: EntryId,
    *,
    withdrawn: Collection[EntryId] = (),
) -> Correction:
    """Re-decide ``match_id`` and report the later matches that depended on the old result.
    Their results stay in ``Correction.results`` for the director to replay or not;
    meanwhile ``resolve`` marks them ``stale_result``."""
    if match_id not in bracket.matches:
        raise FormatError("no_such_match", f"no match {match_id!r}")
    before = resolve(bracket, results, withdrawn=withdrawn)
    if winner not in before[match_id].entries:
        raise FormatError("not_in_match", f"{winner!r} is not playing {match_id}")
    corrected = {**results, match_id: winner}
    after = resolve(bracket, corrected, withdrawn=withdrawn)
    affected = [
        m
        for m in bracket.dependents(match_id)
        if (before[m].entries, before[m].status) != (after[m].entries, after[m].status)
    ]
    invalidated = [m for m in affected if m in results]
    return Correction(corrected, affected, invalidated, after)


def placements(bracket: Bracket, states: Mapping[str, MatchState]) -> dict[EntryId, int]:
    """Final places earned so far; entries eliminated in the same round share a place."""
    places: dict[EntryId, int] = {}
    for match in bracket.matches.values():
        state = states[match.id]
        for entry, place, target in (
            (state.winner, match.winner_place, state.winner_to),
            (state.loser, match.loser_place, state.loser_to),
        ):
            # Only where the entry goes no further: no next match, or one that is not needed.
            done = target is None or states[target[0]].status == NOT_NEEDED
            if entry is not None and place is not None and done:
                places[entry] = place
    return places


def champion(bracket: Bracket, states: Mapping[str, MatchState]) -> EntryId | None:
    """The entry placed first, once the last needed match is decided."""
    return next((e for e, place in placements(bracket, states).items() if place == 1), None)
