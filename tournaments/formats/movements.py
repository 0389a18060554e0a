"""Individual events: players change partners every round (docs/rules.md §6).

A whist design seats 4n (or 4n + 1) players so that every two partner once and oppose
twice; the designs below are one base round developed by adding the round number,
each checked by ``validate_movement`` in the tests. Other sizes get a local search that
minimises repeats, sitting players out in turn."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from .base import EntryId, FormatError

_FIXED = -1  # the player who does not turn in a 1-rotational design

# players -> base round: tables as ((partner, partner), (partner, partner)).
WHIST_BASE_ROUNDS: dict[int, tuple] = {
    4: (((-1, 0), (2, 1)),),
    5: (((1, 4), (2, 3)),),
    8: (((-1, 4), (2, 1)), ((0, 5), (3, 6))),
    12: (((-1, 8), (9, 1)), ((0, 5), (10, 3)), ((2, 4), (6, 7))),
    13: (((1, 10), (7, 5)), ((2, 8), (3, 4)), ((6, 11), (9, 12))),
    16: (((-1, 1), (10, 9)), ((0, 2), (4, 12)), ((3, 14), (13, 7)), ((5, 8), (6, 11))),
    17: (((1, 3), (12, 8)), ((2, 7), (15, 4)), ((5, 13), (6, 16)), ((9, 10), (14, 11))),
    20: (
        ((-1, 9), (11, 14)),
        ((0, 1), (18, 6)),
        ((2, 7), (17, 15)),
        ((3, 13), (10, 4)),
        ((5, 16), (12, 8)),
    ),
    21: (
        ((1, 13), (7, 20)),
        ((2, 9), (18, 19)),
        ((3, 6), (11, 17)),
        ((4, 8), (5, 16)),
        ((10, 15), (12, 14)),
    ),
    24: (
        ((-1, 3), (12, 5)),
        ((0, 1), (11, 20)),
        ((2, 7), (10, 18)),
        ((4, 8), (21, 9)),
        ((6, 19), (13, 15)),
        ((14, 17), (22, 16)),
    ),
    28: (
        ((-1, 2), (10, 4)),
        ((0, 15), (22, 13)),
        ((1, 21), (17, 20)),
        ((3, 14), (24, 26)),
        ((5, 9), (23, 6)),
        ((7, 12), (19, 18)),
        ((8, 16), (25, 11)),
    ),
}

WHIST = "whist"  # every pair partners exactly once and opposes exactly twice
NO_REPEATS = "no_repeats"  # part of a whist design: partners at most once, opponents at most twice
FEWEST_REPEATS = "fewest_repeats"  # heuristic search: no promise


@dataclass(frozen=True)
class Table:
    number: int
    pair_a: tuple[EntryId, EntryId]  # partners, sitting opposite each other
    pair_b: tuple[EntryId, EntryId]

    @property
    def players(self) -> tuple[EntryId, ...]:
        return (*self.pair_a, *self.pair_b)


@dataclass(frozen=True)
class MovementRound:
    number: int
    tables: tuple[Table, ...]
    sitting_out: tuple[EntryId, ...] = ()


@dataclass(frozen=True)
class Movement:
    players: tuple[EntryId, ...]
    rounds: tuple[MovementRound, ...]
    claim: str  # WHIST, NO_REPEATS or FEWEST_REPEATS: what the validator holds it to
    hands_per_round: int = 4


@dataclass(frozen=True)
class MovementReport:
    ok: bool
    problems: list[str]
    partner_counts: dict[frozenset, int] = field(repr=False)
    opponent_counts: dict[frozenset, int] = field(repr=False)
    repeat_partners: int  # partnerships beyond the first for the same two players
    excess_opponents: int  # meetings as opponents beyond the second
    is_whist: bool
    sit_outs: dict[EntryId, int] = field(repr=False)


def whist_movement(
    players: Sequence[EntryId], *, rounds: int | None = None, hands_per_round: int = 4
) -> Movement:
    """The stored whist design for ``len(players)``, optionally cut to the first ``rounds``."""
    base = WHIST_BASE_ROUNDS.get(len(players))
    if base is None:
        raise FormatError("no_whist_design", f"no stored design for {len(players)} players")
    v = len(players)
    turning = v - 1 if v % 4 == 0 else v
    full = turning
    rounds = full if rounds is None else rounds
    if not 1 <= rounds <= full:
        raise FormatError("too_many_rounds", f"the {v}-player design has {full} rounds")

    def who(element: int, shift: int) -> EntryId:
        return players[-1] if element == _FIXED else players[(element + shift) % turning]

    built = []
    for r in range(rounds):
        tables = tuple(
            Table(t, (who(a, r), who(c, r)), (who(b, r), who(d, r)))
            for t, ((a, c), (b, d)) in enumerate(base, start=1)
        )
        out = () if v % 4 == 0 else (players[r % turning],)
        built.append(MovementRound(r + 1, tables, out))
    claim = WHIST if rounds == full else NO_REPEATS
    return Movement(tuple(players), tuple(built), claim, hands_per_round)


def individual_movement(
    players: Sequence[EntryId], *, rounds: int | None = None, rng_seed: int = 0
) -> Movement:
    """A movement for four players or more: the stored whist design when there is one,
    else the seatings with the fewest repeated partners and opponents."""
    if len(set(players)) != len(players) or len(players) < 4:
        raise FormatError("bad_players", "need at least four distinct players")
    if len(players) in WHIST_BASE_ROUNDS:
        return whist_movement(players, rounds=rounds)
    default = len(players) - 1 if len(players) % 4 == 0 else len(players)
    return searched_movement(players, rounds=rounds or default, rng_seed=rng_seed)


def searched_movement(players: Sequence[EntryId], *, rounds: int, rng_seed: int = 0) -> Movement:
    """Round-by-round local search: fair sit-outs, then fewest repeats."""
    rng = random.Random(rng_seed)
    partners: dict[frozenset, int] = {}
    opponents: dict[frozenset, int] = {}
    sat_out = dict.fromkeys(players, 0)
    built = []
    for number in range(1, rounds + 1):
        resting = _sit_outs(players, sat_out, number)
        seated = [p for p in players if p not in resting]
        order = _best_seating(seated, partners, opponents, rng)
        tables = []
        for t in range(len(order) // 4):
            a, c, b, d = order[4 * t : 4 * t + 4]
            tables.append(Table(t + 1, (a, c), (b, d)))
        _tally(tables, partners, opponents)
        built.append(MovementRound(number, tuple(tables), tuple(resting)))
    return Movement(tuple(players), tuple(built), FEWEST_REPEATS)


def _sit_outs(players: Sequence[EntryId], sat_out: dict, number: int) -> list[EntryId]:
    count = len(players) % 4
    # Fewest sit-outs first; rotate the start so the same players do not rest together.
    start = (number * count) % len(players)
    rotated = list(players[start:]) + list(players[:start])
    resting = sorted(rotated, key=lambda p: sat_out[p])[:count]
    for p in resting:
        sat_out[p] += 1
    return resting


def _seating_cost(order: Sequence[EntryId], partners: dict, opponents: dict) -> int:
    cost = 0
    for t in range(0, len(order), 4):
        a, c, b, d = order[t : t + 4]
        for pair in ((a, c), (b, d)):
            cost += 100 * partners.get(frozenset(pair), 0)
        for pair in ((a, b), (a, d), (c, b), (c, d)):
            seen = opponents.get(frozenset(pair), 0)
            cost += 10 * max(0, seen - 1) + seen
    return cost


def _best_seating(seated: list, partners: dict, opponents: dict, rng: random.Random) -> list:
    best, best_cost = None, None
    for _ in range(4):  # a few restarts out of different random seatings
        order = seated[:]
        rng.shuffle(order)
        cost = _seating_cost(order, partners, opponents)
        improved = True
        while improved and cost:
            improved = False
            for i, j in combinations(range(len(order)), 2):
                if i // 4 == j // 4 and (i % 4 < 2) == (j % 4 < 2):
                    continue  # swapping two partners changes nothing
                order[i], order[j] = order[j], order[i]
                new = _seating_cost(order, partners, opponents)
                if new < cost:
                    cost, improved = new, True
                else:
                    order[i], order[j] = order[j], order[i]
        if best_cost is None or cost < best_cost:
            best, best_cost = order[:], cost
    return best


def _tally(tables: Sequence[Table], partners: dict, opponents: dict) -> None:
    for table in tables:
        for pair in (table.pair_a, table.pair_b):
            key = frozenset(pair)
            partners[key] = partners.get(key, 0) + 1
        for x in table.pair_a:
            for y in table.pair_b:
                key = frozenset((x, y))
                opponents[key] = opponents.get(key, 0) + 1


def validate_movement(movement: Movement) -> MovementReport:
    """Check the seating and hold the movement to its claim."""
    problems: list[str] = []
    known = set(movement.players)
    partners: dict[frozenset, int] = {}
    opponents: dict[frozenset, int] = {}
    sit_outs = dict.fromkeys(movement.players, 0)
    for rnd in movement.rounds:
        present = [p for t in rnd.tables for p in t.players] + list(rnd.sitting_out)
        if sorted(map(repr, present)) != sorted(map(repr, known)) or len(present) != len(known):
            problems.append(f"round {rnd.number}: not every player seated exactly once")
        for p in rnd.sitting_out:
            if p in sit_outs:
                sit_outs[p] += 1
        _tally(rnd.tables, partners, opponents)
    repeat_partners = sum(n - 1 for n in partners.values() if n > 1)
    excess_opponents = sum(n - 2 for n in opponents.values() if n > 2)
    all_pairs = len(known) * (len(known) - 1) // 2
    is_whist = (
        len(partners) == all_pairs
        and all(n == 1 for n in partners.values())
        and len(opponents) == all_pairs
        and all(n == 2 for n in opponents.values())
    )
    if movement.claim == WHIST and not is_whist:
        problems.append("claims a whist design but pairs do not partner once / oppose twice")
    if movement.claim in (WHIST, NO_REPEATS) and (repeat_partners or excess_opponents):
        problems.append(f"{repeat_partners} repeat partners, {excess_opponents} extra oppositions")
    if sit_outs and max(sit_outs.values()) - min(sit_outs.values()) > 1:
        problems.append("sit-outs are not spread evenly")
    return MovementReport(
        ok=not problems,
        problems=problems,
        partner_counts=partners,
        opponent_counts=opponents,
        repeat_partners=repeat_partners,
        excess_opponents=excess_opponents,
        is_whist=is_whist,
        sit_outs=sit_outs,
    )


def two_tier_round(
    ranking: Sequence[EntryId], played: Sequence[MovementRound], *, number: int
) -> MovementRound:
    """Re-pair by rank, as at Rook invitationals: the top half of the ranks fill the top half
    of the tables, four consecutive ranks a table, partnered 1st+4th v 2nd+3rd unless
    that repeats a partnership and another split does not."""
    partners: dict[frozenset, int] = {}
    opponents: dict[frozenset, int] = {}
    sat_out = dict.fromkeys(ranking, 0)
    for rnd in played:
        _tally(rnd.tables, partners, opponents)
        for p in rnd.sitting_out:
            sat_out[p] = sat_out.get(p, 0) + 1
    # Sit-outs come from the bottom of the ranking, fewest sit-outs first.
    fewest_first = sorted(reversed(ranking), key=lambda p: sat_out[p])
    resting = fewest_first[: len(ranking) % 4]
    seated = [p for p in ranking if p not in resting]
    tables = []
    for t in range(len(seated) // 4):
        r1, r2, r3, r4 = seated[4 * t : 4 * t + 4]
        splits = (((r1, r4), (r2, r3)), ((r1, r3), (r2, r4)), ((r1, r2), (r3, r4)))
        a, b = min(splits, key=lambda s: _split_cost(s, partners, opponents))
        tables.append(Table(t + 1, a, b))
    return MovementRound(number, tuple(tables), tuple(p for p in ranking if p in resting))


def _split_cost(split: tuple, partners: dict, opponents: dict) -> tuple[int, int]:
    (a, c), (b, d) = split
    repeats = partners.get(frozenset((a, c)), 0) + partners.get(frozenset((b, d)), 0)
    excess = sum(max(0, opponents.get(frozenset((x, y)), 0) - 1) for x in (a, c) for y in (b, d))
    return repeats, excess
