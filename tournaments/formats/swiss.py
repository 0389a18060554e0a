"""Swiss pairing for partnerships: score groups, no avoidable rematch, fair byes.

Each round is a maximum-weight perfect matching (networkx) whose weights rank, each
tier above all below together: fewest rematches; the bye to the lowest-ranked of those
with fewest byes; smallest score differences; closest in the standings (Monrad).

The blossom algorithm is cubic, so large fields are cut into consecutive slices of at
least 2(r + 1) entries (r: the most opponents anyone has met). By Dirac's theorem each
slice has a rematch-free perfect matching, so none is lost; a slice whose Monrad order
has no rematch skips the matcher."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx

from .base import FORCED_BYE, PINNED, REMATCH, EntryId, FormatError, Pairing, meetings

_BYE = ("bye",)  # the phantom node an odd field's bye is matched to


@dataclass(frozen=True)
class SwissEntry:
    id: EntryId
    score: float = 0  # match points so far; a bye counts as a win
    byes: int = 0


@dataclass(frozen=True)
class SwissRound:
    pairings: list[Pairing]  # tables in order, byes last
    byes: tuple[EntryId, ...]
    rematches: int
    sliced: bool  # paired slice by slice (large field) rather than as one matching


def pair_swiss_round(
    ranked: Sequence[SwissEntry],
    previous: Iterable[tuple[EntryId, EntryId | None]] = (),
    *,
    pins: Sequence[tuple[EntryId, EntryId]] = (),
    forced_bye: EntryId | None = None,
    slice_size: int = 32,
) -> SwissRound:
    """Pair the next round. ``ranked`` is the standings order, ``previous`` every earlier
    pairing as (home, away); ``pins`` and ``forced_bye`` are flagged director overrides."""
    ids = [e.id for e in ranked]
    if len(set(ids)) != len(ids):
        raise FormatError("duplicate_entry", "an entry appears twice")
    known = set(ids)
    pinned_ids = [e for pin in pins for e in pin]
    fixed = [*pinned_ids, *([forced_bye] if forced_bye is not None else [])]
    if any(e not in known for e in fixed) or len(set(fixed)) != len(fixed):
        raise FormatError("bad_override", "pins and forced bye need distinct entered entries")
    met = meetings(previous)

    # Stable sort: standings order survives inside each score group.
    pool = sorted((e for e in ranked if e.id not in set(fixed)), key=lambda e: -e.score)
    pairs: list[tuple[EntryId, EntryId | None, frozenset[str]]] = []
    for home, away in pins:
        flags = {PINNED} | ({REMATCH} if met.get(frozenset((home, away))) else set())
        pairs.append((home, away, frozenset(flags)))

    opponents = _opponent_counts(met)
    reach = max((opponents.get(e.id, 0) for e in pool), default=0)
    size = max(slice_size, 2 * (reach + 1))
    size += size % 2
    sliced = len(pool) >= 2 * size
    if len(pool) % 2 and sliced:
        bye = _fair_bye(pool)
        pool = [e for e in pool if e.id != bye]
        pairs.append((bye, None, frozenset()))
    if sliced:
        for start in range(0, len(pool), size):
            if len(pool) - start < 2 * size:  # the last slice takes the remainder
                pairs += _pair_slice(pool[start:], met, bye_allowed=False)
                break
            pairs += _pair_slice(pool[start : start + size], met, bye_allowed=False)
    else:
        pairs += _pair_slice(pool, met, bye_allowed=True)
    if forced_bye is not None:
        pairs.append((forced_bye, None, frozenset({FORCED_BYE})))
    return _as_round(pairs, ids, met, sliced)


def _opponent_counts(met: dict[frozenset, int]) -> dict[EntryId, int]:
    counts: dict[EntryId, int] = {}
    for pair in met:
        for entry in pair:
            counts[entry] = counts.get(entry, 0) + 1
    return counts


def _fair_bye(pool: Sequence[SwissEntry]) -> EntryId:
    fewest = min(e.byes for e in pool)
    return next(e.id for e in reversed(pool) if e.byes == fewest)


def _pair_slice(
    pool: Sequence[SwissEntry], met: dict[frozenset, int], *, bye_allowed: bool
) -> list[tuple[EntryId, EntryId | None, frozenset[str]]]:
    if len(pool) % 2 == 0 and all(
        not met.get(frozenset((pool[i].id, pool[i + 1].id))) for i in range(0, len(pool), 2)
    ):
        # The Monrad order is the matcher's optimum whenever it has no rematch.
        return [(pool[i].id, pool[i + 1].id, frozenset()) for i in range(0, len(pool), 2)]
    graph = _weighted_graph(pool, met, with_bye=bye_allowed and len(pool) % 2 == 1)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    position = {e.id: i for i, e in enumerate(pool)}
    position[_BYE] = len(pool)
    pairs = []
    for a, b in matching:
        home, away = (a, b) if position[a] < position[b] else (b, a)
        pairs.append((home, None if away == _BYE else away, frozenset()))
    return pairs


def _weighted_graph(
    pool: Sequence[SwissEntry], met: dict[frozenset, int], *, with_bye: bool
) -> nx.Graph:
    n = len(pool)
    pairs_in_matching = n // 2 + 1
    spread = max(e.score for e in pool) - min(e.score for e in pool)
    # Tier multipliers: each tier's unit exceeds the largest total of all lower tiers.
    distance_unit = 1
    score_unit = pairs_in_matching * n * distance_unit + 1
    max_score_cost = round(2 * spread) ** 2
    bye_unit = score_unit * (pairs_in_matching * max_score_cost + 1)
    rematch_unit = bye_unit * (n + 1)
    max_meetings = max(met.values(), default=0)
    top = rematch_unit * (max_meetings + 1)  # above any single edge's cost: weights stay > 0

    graph = nx.Graph()
    for i in range(n):
        a = pool[i]
        for j in range(i + 1, n):
            b = pool[j]
            cost = (
                met.get(frozenset((a.id, b.id)), 0) * rematch_unit
                + round(2 * (a.score - b.score)) ** 2 * score_unit
                + (j - i) * distance_unit
            )
            graph.add_edge(a.id, b.id, weight=top - cost)
    if with_bye:
        fewest = min(e.byes for e in pool)
        eligible = [e for e in pool if e.byes == fewest]
        for below, entry in enumerate(reversed(eligible)):
            graph.add_edge(entry.id, _BYE, weight=top - below * bye_unit)
    return graph


def _as_round(
    pairs: list[tuple[EntryId, EntryId | None, frozenset[str]]],
    ids: list[EntryId],
    met: dict[frozenset, int],
    sliced: bool,
) -> SwissRound:
    order = {entry: i for i, entry in enumerate(ids)}
    games = sorted((p for p in pairs if p[1] is not None), key=lambda p: order[p[0]])
    byes = [p for p in pairs if p[1] is None]
    pairings, rematches = [], 0
    for table, (home, away, flags) in enumerate(games + byes, start=1):
        if away is not None and met.get(frozenset((home, away))):
            rematches += 1
            flags = flags | {REMATCH}
        pairings.append(Pairing(table, home, away, flags))
    return SwissRound(pairings, tuple(p[0] for p in byes), rematches, sliced)
