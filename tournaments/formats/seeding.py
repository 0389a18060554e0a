"""Bracket seeding: the standard 1-v-N order (top seeds apart until late rounds), byes
in the missing lowest seeds' places, so they fall to the top seeds; draws by lot."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .base import EntryId, FormatError


def bracket_size(entries: int) -> int:
    """The smallest power of two that holds ``entries``."""
    if entries < 2:
        raise FormatError("too_few_entries", "a bracket needs two entries")
    return 1 << (entries - 1).bit_length()


def seed_order(size: int) -> list[int]:
    """Seed numbers in bracket-line order for a power-of-two ``size``, built by doubling:
    each seed s splits into s and 2k + 1 - s."""
    if size < 1 or size & (size - 1):
        raise FormatError("not_power_of_two", "bracket sizes are powers of two")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


def first_round_slots(seeded: Sequence[EntryId]) -> list[tuple[EntryId | None, EntryId | None]]:
    """First-round games for entries in seed order; None stands for a bye."""
    size = bracket_size(len(seeded))
    lines = [seeded[s - 1] if s <= len(seeded) else None for s in seed_order(size)]
    return [(lines[i], lines[i + 1]) for i in range(0, size, 2)]


def draw_by_lot(entries: Sequence[EntryId], *, rng_seed: int | str) -> list[EntryId]:
    """A random seed order (county-fair draw), reproducible from ``rng_seed``, which is
    stored so the draw can be shown fair."""
    shuffled = list(entries)
    random.Random(rng_seed).shuffle(shuffled)
    return shuffled


def seeds_with_director_order(
    entries: Sequence[EntryId], placed: Sequence[EntryId], *, rng_seed: int | str
) -> list[EntryId]:
    """Seeds placed by the director first, in that order; the rest drawn by lot after them."""
    unknown = [e for e in placed if e not in set(entries)]
    if unknown:
        raise FormatError("unknown_entry", f"not entered: {unknown!r}")
    rest = [e for e in entries if e not in set(placed)]
    return list(placed) + draw_by_lot(rest, rng_seed=rng_seed)
