"""Upper and lower tiers, the individual movement of Rook invitationals: before each
round the field is ranked and split in two; the i-th of the upper tier partners the
i-th of the lower, and the teams fill the tables in order. Extra players beyond a
multiple of four rest, fewest sit-outs (then lowest-ranked) first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .base import EntryId, FormatError
from .movements import MovementRound, Table


def tiers_ranking(
    seeds: Sequence[EntryId], scores: Mapping[EntryId, float] | None = None
) -> list[EntryId]:
    """``seeds`` (best seed first) ordered by score, highest first; equal scores
    keep the seed order. No scores (round 1): the seed order itself."""
    scores = scores or {}
    position = {entry: i for i, entry in enumerate(seeds)}
    return sorted(seeds, key=lambda e: (-scores.get(e, 0), position[e]))


def resting(ranking: Sequence[EntryId], sat_out: Mapping[EntryId, int]) -> list[EntryId]:
    """The ``len(ranking) % 4`` players who sit this round out: fewest sit-outs so
    far, and among those the lowest-ranked; in ranking order."""
    extra = len(ranking) % 4
    if not extra:
        return []
    rank = {entry: i for i, entry in enumerate(ranking)}
    chosen = sorted(ranking, key=lambda e: (sat_out.get(e, 0), -rank[e]))[:extra]
    return sorted(chosen, key=rank.__getitem__)


def tiers_round(
    seeds: Sequence[EntryId],
    *,
    number: int,
    scores: Mapping[EntryId, float] | None = None,
    sat_out: Mapping[EntryId, int] | None = None,
) -> MovementRound:
    """Round ``number``: ``seeds`` is the field in seed order, ``scores`` each
    player's tournament score so far (none in round 1), ``sat_out`` how often each
    has sat out. Table t seats upper-tier players 2t-1 and 2t, each opposite the
    lower-tier player of the same place (``pair_a`` and ``pair_b`` are partners)."""
    if len(set(seeds)) != len(seeds) or len(seeds) < 4:
        raise FormatError("bad_players", "need at least four distinct players")
    ranking = tiers_ranking(seeds, scores)
    out = resting(ranking, sat_out or {})
    rest = set(out)
    seated = [entry for entry in ranking if entry not in rest]
    half = len(seated) // 2
    upper, lower = seated[:half], seated[half:]
    teams = list(zip(upper, lower, strict=True))
    tables = tuple(Table(t + 1, teams[2 * t], teams[2 * t + 1]) for t in range(len(teams) // 2))
    return MovementRound(number, tables, tuple(out))


def sit_out_counts(played: Sequence[MovementRound]) -> dict[EntryId, int]:
    """How often each player has sat out in the rounds played."""
    counts: dict[EntryId, int] = {}
    for rnd in played:
        for entry in rnd.sitting_out:
            counts[entry] = counts.get(entry, 0) + 1
    return counts
