"""Who sits where for each hand (docs/rules.md §6), a pure function of the starting seats
and the count of scored hands: every ``seat_exchange_interval`` of them, fixed partners
take turns exchanging seats, or individual rotation keeps the first seat and moves the
other three (in 12 hands every player partners each other once)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from .messages import Message, cite
from .rulesets import Ruleset

Seating = Mapping[str, Hashable]


def seating(ruleset: Ruleset, initial: Seating, scored_hands: int) -> dict[str, Hashable]:
    """Seat -> player for the hand after ``scored_hands`` scored hands."""
    seats, interval = dict(initial), ruleset.seat_exchange_interval
    changes = scored_hands // interval if interval else 0  # seat changes so far
    if not changes:
        return seats
    if ruleset.partner_rotation == "individual":
        first, *rest = ruleset.seats
        others = [initial[s] for s in rest]
        shift = changes % len(others)
        moved = others[-shift:] + others[:-shift] if shift else others
        return {first: initial[first], **dict(zip(rest, moved, strict=True))}
    sides = ruleset.sides
    # Exchanges come in pairs that undo each other: only the parity per side matters.
    for k, (_, (a, b)) in enumerate(sides):
        times = (changes - k + len(sides) - 1) // len(sides)
        if times % 2:
            seats[a], seats[b] = seats[b], seats[a]
    return seats


def change_message(ruleset: Ruleset, before: Seating, after: Seating) -> Message | None:
    """What the table is told when the seats change, e.g. "North and South exchange seats"
    (read out at the table, so it cites no rule)."""
    if dict(before) == dict(after):
        return None
    if ruleset.partner_rotation == "individual":
        pairs = ", ".join(f"{after[a]} ({a}) with {after[b]} ({b})" for _, (a, b) in ruleset.sides)
        return cite(f"Partners change: {pairs}")
    moved = [s for s in ruleset.seats if before[s] != after[s]]
    a, b = moved[0], moved[1]
    return cite(f"{a.capitalize()} and {b.capitalize()} exchange seats")


def upcoming(
    ruleset: Ruleset,
    initial: Seating,
    dealer: str,
    seats: Seating,
    scored_hands: int,
    count: int,
) -> list[tuple[str, dict[str, Hashable], Message | None]]:
    """(dealer, seats, change message) for the hand after each of the next ``count``
    hands, if each is scored (the deal passes, the hand counts for seat changes): the
    same rule :func:`scoring.engine.game.play_hand` applies, for a phone that keeps hands
    while offline and must still say who deals and who sits where."""
    out = []
    before = dict(seats)
    for k in range(1, count + 1):
        dealer = ruleset.left_of[dealer]
        after = seating(ruleset, initial, scored_hands + k)
        out.append((dealer, after, change_message(ruleset, before, after)))
        before = after
    return out
