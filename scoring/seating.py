"""How a club night seats its players: pure Python over player ids, no Django.

Three methods (``ClubSession.Seating``): a random draw of partners and tables,
fixed partnerships drawn to tables, and an individual progressive movement in
which partners change every four hands. With numbers that do not fill the
tables, sit-outs rotate fairly: whoever has sat out least sits out next, so no
player sits out more than once more than anyone else.

A table is a tuple ``(north, east, south, west)``: partners sit opposite
(north with south, east with west).

The progressive movement is a greedy schedule, not a published bridge
movement: each round it tries a few hundred seeded shuffles and keeps the one
that repeats the fewest partnerships (then the fewest opponents) of the night
so far. For one table of four it is the classic rotation: after three rounds
everyone has partnered each of the other three once (RULES.md §6).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

Table = tuple[Hashable, Hashable, Hashable, Hashable]
TRIES = 300


@dataclass(frozen=True)
class Seating:
    tables: tuple[Table, ...]
    sit_outs: tuple[Hashable, ...]


def choose_sit_outs(
    players: Sequence[Hashable], count: int, sat_out: Counter, rng: random.Random
) -> list[Hashable]:
    """``count`` players who have sat out least (ties drawn by ``rng``)."""
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda p: sat_out[p])
    return order[:count]


def random_draw(
    players: Sequence[Hashable], *, seed: int, sat_out: Counter | None = None
) -> Seating:
    """Draw partners and tables at random; the leftovers (fewest past sit-outs) sit out."""
    rng = random.Random(seed)
    out = choose_sit_outs(players, len(players) % 4, sat_out or Counter(), rng)
    playing = [p for p in players if p not in out]
    rng.shuffle(playing)
    tables = tuple(tuple(playing[i : i + 4]) for i in range(0, len(playing), 4))
    return Seating(tables, tuple(out))  # type: ignore[arg-type]


def fixed_partnerships(
    pairs: Sequence[tuple[Hashable, Hashable]],
    *,
    seed: int,
    unpaired: Iterable[Hashable] = (),
    sat_out: Counter | None = None,
) -> Seating:
    """Draw the fixed partnerships to tables: one pair north-south, one east-west.
    With an odd number of pairs, the pair that has sat out least sits out."""
    rng = random.Random(seed)
    sat_out = sat_out or Counter()
    keyed = list(pairs)
    rng.shuffle(keyed)
    keyed.sort(key=lambda pair: sat_out[pair[0]] + sat_out[pair[1]])
    resting = keyed[: len(keyed) % 2]
    playing = keyed[len(keyed) % 2 :]
    rng.shuffle(playing)
    tables = tuple(
        (a[0], b[0], a[1], b[1]) for a, b in zip(playing[::2], playing[1::2], strict=True)
    )
    out = [p for pair in resting for p in pair] + list(unpaired)
    return Seating(tables, tuple(out))


def progressive_round(
    players: Sequence[Hashable],
    *,
    seed: int,
    partnered: Counter | None = None,
    opposed: Counter | None = None,
    sat_out: Counter | None = None,
) -> Seating:
    """The next round of an individual movement: fair sit-outs, then the seating
    that repeats fewest earlier partnerships (then opponents)."""
    rng = random.Random(seed)
    partnered = partnered or Counter()
    opposed = opposed or Counter()
    out = choose_sit_outs(players, len(players) % 4, sat_out or Counter(), rng)
    playing = [p for p in players if p not in out]
    best: tuple[tuple[int, int], list[Hashable]] | None = None
    for _ in range(TRIES):
        rng.shuffle(playing)
        cost = _cost(playing, partnered, opposed)
        if best is None or cost < best[0]:
            best = (cost, list(playing))
            if cost == (0, 0):
                break
    order = best[1] if best else []
    tables = tuple(tuple(order[i : i + 4]) for i in range(0, len(order), 4))
    return Seating(tables, tuple(out))  # type: ignore[arg-type]


def pairs_of(table: Table) -> tuple[list[frozenset], list[frozenset]]:
    """(partnerships, opponent pairs) at a table."""
    n, e, s, w = table
    return [frozenset((n, s)), frozenset((e, w))], [
        frozenset((n, e)), frozenset((n, w)), frozenset((s, e)), frozenset((s, w))
    ]  # fmt: skip


def _cost(order: list[Hashable], partnered: Counter, opposed: Counter) -> tuple[int, int]:
    repeat_partners = repeat_opponents = 0
    for i in range(0, len(order), 4):
        partners, opponents = pairs_of(tuple(order[i : i + 4]))  # type: ignore[arg-type]
        repeat_partners += sum(partnered[p] for p in partners)
        repeat_opponents += sum(opposed[p] for p in opponents)
    return repeat_partners, repeat_opponents
