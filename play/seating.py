"""How a club night seats its players: pure Python over player ids, no Django.

A table is a tuple ``(north, east, south, west)``; partners sit opposite. The methods
(``Night.Seating``) and the sit-out rule are described in docs/club-nights.md.

The progressive movement is a greedy schedule, not a published movement: each round
keeps the seeded shuffle that repeats the fewest partnerships (then opponents) of the
night. One table of four gets the classic rotation (docs/rules.md §6).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

Table = tuple[Hashable, ...]  # (north, east, south, west), or seat1 … seat5/seat6
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
    tables = arrange(playing, rng, partnered=partnered, opposed=opposed)
    return Seating(tables, tuple(out))


def pairs_of(table: Table) -> tuple[list[frozenset], list[frozenset]]:
    """(partnerships, opponent pairs) at a table."""
    n, e, s, w = table
    return [frozenset((n, s)), frozenset((e, w))], [
        frozenset((n, e)),
        frozenset((n, w)),
        frozenset((s, e)),
        frozenset((s, w)),
    ]


def _cost(order: list[Hashable], partnered: Counter, opposed: Counter) -> tuple[int, int]:
    repeat_partners = repeat_opponents = 0
    for i in range(0, len(order), 4):
        partners, opponents = pairs_of(tuple(order[i : i + 4]))  # type: ignore[arg-type]
        repeat_partners += sum(partnered[p] for p in partners)
        repeat_opponents += sum(opposed[p] for p in opponents)
    return repeat_partners, repeat_opponents


# ---- through the night: fair sit-outs for each new round or each new game at a table ----
#
# A "unit" is who sits out together: one player (random and progressive nights) or a
# fixed partnership. ``spells[unit]`` counts the times the unit has *started* sitting
# out tonight; carrying on waiting is not a new spell. Fairness, as a director puts it:
# nobody sits out twice before everyone here has sat out once. So a unit may start a
# new spell only while no one present has started fewer.

Unit = tuple[Hashable, ...]


def round_sit_outs(
    units: Sequence[Unit],
    count: int,
    spells: Counter,
    rng: random.Random,
    *,
    waiting: Iterable[Unit] = (),
    earlier: Counter | None = None,
) -> list[Unit]:
    """A whole new round: the ``count`` units with fewest spells tonight sit out. On a
    tie, those already waiting come in first, then those who sat out least on earlier
    nights; the rest is drawn."""
    waiting = set(waiting)
    earlier = earlier or Counter()
    order = list(units)
    rng.shuffle(order)
    order.sort(key=lambda u: (spells[u], u in waiting, earlier[u]))
    return order[:count]


def table_sit_outs(
    at_table: Sequence[Unit],
    waiting: Sequence[Unit],
    count: int,
    spells: Counter,
    fewest_present: int,
    rng: random.Random,
    *,
    earlier: Counter | None = None,
) -> list[Unit]:
    """One table's game is over and ``waiting`` units want in: which ``count`` units of
    the table and the waiting sit out the next game there.

    Only a unit of the table whose spells are still the fewest of anyone present
    (``fewest_present``) may start a new spell; if not enough may, some of the waiting
    wait on (those who have sat out least), and the table's own players play again.
    """
    earlier = earlier or Counter()
    table_order = list(at_table)
    rng.shuffle(table_order)
    table_order.sort(key=lambda u: (spells[u], earlier[u]))
    may_go = [u for u in table_order if spells[u] <= fewest_present]
    out = may_go[:count]
    if len(out) < count:
        wait_order = list(waiting)
        rng.shuffle(wait_order)
        wait_order.sort(key=lambda u: (spells[u], earlier[u]))
        out += wait_order[: count - len(out)]
    return out


def arrange(
    players: Sequence[Hashable],
    rng: random.Random,
    *,
    partnered: Counter | None = None,
    opposed: Counter | None = None,
) -> tuple[Table, ...]:
    """Tables of four from ``players`` (a multiple of four) that repeat the fewest of
    tonight's partnerships, then opponents: the best of :data:`TRIES` shuffles."""
    partnered = partnered or Counter()
    opposed = opposed or Counter()
    playing = list(players)
    best: tuple[tuple[int, int], list[Hashable]] | None = None
    for _ in range(TRIES):
        rng.shuffle(playing)
        cost = _cost(playing, partnered, opposed)
        if best is None or cost < best[0]:
            best = (cost, list(playing))
            if cost == (0, 0):
                break
    order = best[1] if best else []
    return tuple(tuple(order[i : i + 4]) for i in range(0, len(order), 4))  # type: ignore[misc]


def arrange_pairs(
    pairs: Sequence[tuple[Hashable, Hashable]], rng: random.Random, *, met: Counter | None = None
) -> tuple[Table, ...]:
    """Fixed partnerships to tables, one pair north-south and one east-west, meeting
    the fewest pairs they have met tonight: the best of :data:`TRIES` shuffles."""
    met = met or Counter()
    playing = list(pairs)
    best: tuple[int, list] | None = None
    for _ in range(TRIES):
        rng.shuffle(playing)
        cost = sum(met[frozenset((a, b))] for a, b in zip(playing[::2], playing[1::2], strict=True))
        if best is None or cost < best[0]:
            best = (cost, list(playing))
            if cost == 0:
                break
    order = best[1] if best else []
    return tuple((a[0], b[0], a[1], b[1]) for a, b in zip(order[::2], order[1::2], strict=True))


# ---- tables of five or six instead of sit-outs -------------------------------


def table_sizes(count: int, *, five: bool = True, six: bool = True) -> tuple[int, ...] | None:
    """Table sizes that seat all ``count`` players: tables of four, and the tables of five
    or six needed for the rest (the fewest tables of six, then the fewest of five),
    largest first. None when no such tables seat them all (7 players, or games for
    five or six not offered)."""
    for sixes in range(count // 6 + 1 if six else 1):
        for fives in range((count - 6 * sixes) // 5 + 1 if five else 1):
            rest = count - 6 * sixes - 5 * fives
            if rest >= 0 and rest % 4 == 0:
                return (6,) * sixes + (5,) * fives + (4,) * (rest // 4)
    return None


def big_tables(
    players: Sequence[Hashable], sizes: Sequence[int], spells: Counter, rng: random.Random
) -> tuple[tuple[tuple[Hashable, ...], ...], list[Hashable]]:
    """Who sits at the tables of five or six (``sizes`` above four): those who have sat
    at one least often tonight (``spells``), ties drawn by ``rng``, so the big tables
    rotate fairly through the night. Returns the big tables and everyone else."""
    big = [n for n in sizes if n > 4]
    chosen = choose_sit_outs(players, sum(big), spells, rng)
    rng.shuffle(chosen)
    tables, start = [], 0
    for n in big:
        tables.append(tuple(chosen[start : start + n]))
        start += n
    picked = set(chosen)
    return tuple(tables), [p for p in players if p not in picked]
