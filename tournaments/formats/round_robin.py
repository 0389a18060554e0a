"""Round robin by the Berger (circle) tables of the FIDE handbook. Seats are 1-based
seeds; with an odd field the highest seat is a phantom, so the bye rotates and every
entry gets one per cycle."""

from __future__ import annotations

from collections.abc import Sequence

from .base import EntryId, FormatError, Pairing

FORFEIT = "forfeit"


def berger_round(seats: int, round_number: int) -> list[tuple[int, int]]:
    """Round ``round_number`` (1-based) of the Berger table for an even number of seats:
    seat ``seats`` is fixed, the rest turn round it, and its game alternates home and away."""
    if seats < 2 or seats % 2:
        raise FormatError("odd_seats", "Berger tables need an even number of seats")
    if not 1 <= round_number <= seats - 1:
        raise FormatError("no_such_round", f"a {seats}-seat table has {seats - 1} rounds")
    turning = seats - 1

    def wrap(seat: int) -> int:
        return (seat - 1) % turning + 1

    if round_number % 2:
        pivot = (round_number + 1) // 2
        games = [(pivot, seats)]
    else:
        pivot = seats // 2 + round_number // 2
        games = [(seats, pivot)]
    games += [(wrap(pivot + t), wrap(pivot - t)) for t in range(1, seats // 2)]
    return games


def berger_table(players: int) -> list[list[tuple[int, int]]]:
    """Every round for ``players`` seeds; odd counts use seat ``players + 1`` as the bye."""
    seats = players + players % 2
    return [berger_round(seats, r) for r in range(1, seats)]


def round_robin_schedule(entries: Sequence[EntryId], *, cycles: int = 1) -> list[list[Pairing]]:
    """Pairings for every round, ``entries`` in seed order; a second cycle swaps home and
    away. Byes are a Pairing with ``away=None``."""
    if len(set(entries)) != len(entries):
        raise FormatError("duplicate_entry", "an entry appears twice")
    if len(entries) < 2:
        raise FormatError("too_few_entries", "a round robin needs two entries")
    rounds: list[list[Pairing]] = []
    for cycle in range(cycles):
        for games in berger_table(len(entries)):
            round_pairings = []
            for home_seat, away_seat in games:
                if cycle % 2:
                    home_seat, away_seat = away_seat, home_seat
                round_pairings.append(_pairing(entries, home_seat, away_seat))
            # Real games first, the bye last, tables numbered in that order.
            round_pairings.sort(key=lambda p: p.is_bye)
            rounds.append(
                [
                    Pairing(table=i, home=p.home, away=p.away)
                    for i, p in enumerate(round_pairings, start=1)
                ]
            )
    return rounds


def _pairing(entries: Sequence[EntryId], home_seat: int, away_seat: int) -> Pairing:
    bye_seat = len(entries) + 1
    if home_seat == bye_seat:
        return Pairing(table=0, home=entries[away_seat - 1], away=None)
    if away_seat == bye_seat:
        return Pairing(table=0, home=entries[home_seat - 1], away=None)
    return Pairing(table=0, home=entries[home_seat - 1], away=entries[away_seat - 1])


def withdraw(
    schedule: list[list[Pairing]], entry: EntryId, *, from_round: int
) -> list[list[Pairing]]:
    """The schedule after ``entry`` withdraws before round ``from_round``: its games become
    byes flagged ``forfeit``, so everyone keeps the same number of results."""
    result = []
    for number, round_pairings in enumerate(schedule, start=1):
        if number < from_round:
            result.append(list(round_pairings))
            continue
        changed = []
        for pairing in round_pairings:
            if entry not in pairing.entries:
                changed.append(pairing)
            elif pairing.away is not None:
                opponent = pairing.away if pairing.home == entry else pairing.home
                changed.append(Pairing(pairing.table, opponent, None, frozenset({FORFEIT})))
        result.append(changed)
    return result
