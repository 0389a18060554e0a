"""Director overrides on a round that exists, for any format, each flagged on the
pairings it touches (pins and forced byes before pairing are ``pair_swiss_round``'s)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .base import (
    FORCED_BYE,
    PINNED,
    SWAPPED,
    EntryId,
    FormatError,
    Pairing,
    check_round,
)


def _find(pairings: Sequence[Pairing], entry: EntryId) -> int:
    for index, pairing in enumerate(pairings):
        if entry in pairing.entries:
            return index
    raise FormatError("not_in_round", f"{entry!r} is not in this round")


def _other(pairing: Pairing, entry: EntryId) -> EntryId | None:
    return pairing.away if pairing.home == entry else pairing.home


def _seat(table: int, a: EntryId | None, b: EntryId | None, flags: frozenset[str]) -> Pairing:
    home, away = (b, a) if a is None else (a, b)
    return Pairing(table, home, away, flags)


def swap_entries(pairings: Sequence[Pairing], a: EntryId, b: EntryId) -> list[Pairing]:
    """Exchange two entries between their pairings (e.g. to keep club-mates apart)."""
    i, j = _find(pairings, a), _find(pairings, b)
    if i == j:
        raise FormatError("same_pairing", "the two entries already play each other")
    out = list(pairings)
    for index, old, new in ((i, a, b), (j, b, a)):
        p = out[index]
        home, away = (new, p.away) if p.home == old else (p.home, new)
        out[index] = replace(p, home=home, away=away).flagged(SWAPPED)
    check_round(out)
    return out


def pin_pairing(pairings: Sequence[Pairing], a: EntryId, b: EntryId) -> list[Pairing]:
    """Make ``a`` play ``b``; their former opponents play each other (or take the bye)."""
    i, j = _find(pairings, a), _find(pairings, b)
    out = list(pairings)
    if i == j:
        out[i] = out[i].flagged(PINNED)
        return out
    x, y = _other(out[i], a), _other(out[j], b)
    first, second = out[i], out[j]
    out[i] = Pairing(first.table, a, b, first.flags | {PINNED})
    out[j] = _seat(second.table, x, y, second.flags | {SWAPPED})
    if x is None and y is None:
        del out[j]  # two byes met: nothing left to play at that table
    check_round(out)
    return out


def force_bye(pairings: Sequence[Pairing], entry: EntryId) -> list[Pairing]:
    """Give ``entry`` the bye. Whoever had the bye plays its former opponent;
    in an even round the former opponent gets a bye too."""
    i = _find(pairings, entry)
    out = list(pairings)
    opponent = _other(out[i], entry)
    holders = [k for k, p in enumerate(out) if p.is_bye and k != i]
    if opponent is None:
        out[i] = out[i].flagged(FORCED_BYE)
        return out
    if holders:
        k = holders[0]
        out[k] = Pairing(out[k].table, out[k].home, opponent, out[k].flags | {SWAPPED})
        out[i] = Pairing(out[i].table, entry, None, out[i].flags | {FORCED_BYE})
    else:
        out[i] = Pairing(out[i].table, entry, None, out[i].flags | {FORCED_BYE})
        table = max(p.table for p in out) + 1
        out.append(Pairing(table, opponent, None, frozenset({SWAPPED})))
    check_round(out)
    return out
