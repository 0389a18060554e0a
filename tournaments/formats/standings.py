"""Standings with a director-chosen precedence of tie-breakers. Head-to-head splits a tie
of exactly two entries only; entries still tied share a rank and are flagged for a
playoff."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .base import EntryId, FormatError

TIE_BREAKERS = ("wins", "points", "spread", "head_to_head", "buchholz", "sonneborn_berger")
DEFAULT_PRECEDENCE = ("wins", "points", "spread", "head_to_head")
SWISS_PRECEDENCE = ("wins", "buchholz", "sonneborn_berger", "spread", "head_to_head")


@dataclass(frozen=True)
class MatchResult:
    """A finished match (one game or best of N); ``away`` None is a bye. ``winner`` is set
    when points do not decide it, else more points win and equal points draw."""

    home: EntryId
    away: EntryId | None
    home_points: int = 0
    away_points: int = 0
    winner: EntryId | None = None
    round: int = 0


@dataclass(frozen=True)
class StandingRow:
    rank: int  # shared by entries still tied after every tie-breaker
    entry: EntryId
    played: int
    wins: int
    losses: int
    draws: int
    byes: int
    match_points: float  # wins (byes included) + half the draws: the "wins" tie-breaker
    points_for: int
    points_against: int
    spread: int
    buchholz: float  # sum of opponents' match points
    sonneborn_berger: float  # match points of opponents beaten, half of those drawn
    playoff_needed: bool
    tied_with: tuple[EntryId, ...]
    decided_by: str | None  # the tie-breaker that put this entry below the one above it
    played_off: bool = False  # its place was shared and a playoff decided it


class _Tally:
    __slots__ = ("against", "byes", "draws", "losses", "opponents", "points_for", "wins")

    def __init__(self) -> None:
        self.wins = self.losses = self.draws = self.byes = 0
        self.points_for = self.against = 0
        self.opponents: list[tuple[EntryId, float]] = []  # (opponent, my result 1/0.5/0)

    @property
    def match_points(self) -> float:
        return self.wins + self.byes + self.draws / 2


def standings(
    entries: Sequence[EntryId],
    results: Iterable[MatchResult],
    *,
    precedence: Sequence[str] = DEFAULT_PRECEDENCE,
    bye_points: int = 0,
) -> list[StandingRow]:
    """Rows best first; ``entries`` in seed order, which orders entries that stay tied."""
    unknown = [name for name in precedence if name not in TIE_BREAKERS]
    if unknown:
        raise FormatError("unknown_tie_breaker", f"unknown tie-breakers: {unknown}")
    tally = {entry: _Tally() for entry in entries}
    head_to_head: dict[tuple[EntryId, EntryId], float] = {}
    for result in results:
        _record(result, tally, head_to_head, bye_points)

    mp = {e: t.match_points for e, t in tally.items()}
    values = {
        "wins": mp,
        "points": {e: t.points_for for e, t in tally.items()},
        "spread": {e: t.points_for - t.against for e, t in tally.items()},
        "buchholz": {e: sum(mp[o] for o, _ in t.opponents) for e, t in tally.items()},
        "sonneborn_berger": {
            e: sum(mp[o] * score for o, score in t.opponents) for e, t in tally.items()
        },
    }
    groups, decided_by = _split([list(entries)], precedence, values, head_to_head)

    rows, rank = [], 1
    for group in groups:
        for entry in group:
            t = tally[entry]
            rows.append(
                StandingRow(
                    rank=rank,
                    entry=entry,
                    played=t.wins + t.losses + t.draws,
                    wins=t.wins,
                    losses=t.losses,
                    draws=t.draws,
                    byes=t.byes,
                    match_points=t.match_points,
                    points_for=t.points_for,
                    points_against=t.against,
                    spread=t.points_for - t.against,
                    buchholz=values["buchholz"][entry],
                    sonneborn_berger=values["sonneborn_berger"][entry],
                    playoff_needed=len(group) > 1,
                    tied_with=tuple(e for e in group if e != entry),
                    decided_by=decided_by.get(entry),
                )
            )
        rank += len(group)
    return rows


def _record(result: MatchResult, tally: dict, head_to_head: dict, bye_points: int) -> None:
    home = tally.get(result.home)
    if home is None or (result.away is not None and result.away not in tally):
        raise FormatError("unknown_entry", f"result for an unknown entry: {result!r}")
    if result.away is None:
        home.byes += 1
        home.points_for += bye_points
        return
    away = tally[result.away]
    home.points_for += result.home_points
    home.against += result.away_points
    away.points_for += result.away_points
    away.against += result.home_points
    winner = result.winner
    if winner is None and result.home_points != result.away_points:
        winner = result.home if result.home_points > result.away_points else result.away
    home_score = 0.5 if winner is None else float(winner == result.home)
    for me, them, score in (
        (result.home, result.away, home_score),
        (result.away, result.home, 1 - home_score),
    ):
        t = tally[me]
        t.opponents.append((them, score))
        if score == 1:
            t.wins += 1
        elif score == 0:
            t.losses += 1
        else:
            t.draws += 1
        head_to_head[me, them] = head_to_head.get((me, them), 0) + score


def _split(
    groups: list[list[EntryId]],
    precedence: Sequence[str],
    values: dict[str, dict[EntryId, float]],
    head_to_head: dict[tuple[EntryId, EntryId], float],
) -> tuple[list[list[EntryId]], dict[EntryId, str]]:
    decided_by: dict[EntryId, str] = {}
    for name in precedence:
        split: list[list[EntryId]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            if name == "head_to_head":
                parts = _head_to_head(group, head_to_head)
            else:
                key = values[name]
                ordered = sorted(group, key=lambda e: -key[e])  # stable: seed order kept
                parts = []
                for entry in ordered:
                    if parts and key[parts[-1][0]] == key[entry]:
                        parts[-1].append(entry)
                    else:
                        parts.append([entry])
            for part in parts[1:]:
                for entry in part:
                    decided_by[entry] = name
            split += parts
        groups = split
    return groups, decided_by


def _head_to_head(group: list[EntryId], head_to_head: dict) -> list[list[EntryId]]:
    if len(group) != 2:
        return [group]
    a, b = group
    a_score, b_score = head_to_head.get((a, b), 0), head_to_head.get((b, a), 0)
    if a_score == b_score:
        return [group]
    return [[a], [b]] if a_score > b_score else [[b], [a]]
