"""Partners drawn by lot: pinned pairs first, the others shuffled with the event's
stored seed and paired in turn, so the draw can be re-run to the same partnerships."""

from __future__ import annotations

from collections.abc import Sequence

from .base import EntryId, FormatError
from .seeding import draw_by_lot


def check_pins(pool: Sequence[EntryId], pins: Sequence[Sequence[EntryId]]) -> None:
    """Raise unless every pin is two different players of ``pool``, each pinned once."""
    known, pinned = set(pool), set()
    for pin in pins:
        if len(pin) != 2 or pin[0] == pin[1]:
            raise FormatError("pin_not_a_pair", f"a pin is two different players, not {pin!r}")
        for entry in pin:
            if entry not in known:
                message = f"entry {entry!r} is not among the players drawn"
                raise FormatError("pin_unknown_entry", message)
            if entry in pinned:
                raise FormatError("pinned_twice", f"entry {entry!r} is pinned to two partners")
            pinned.add(entry)


def draw_partners(
    pool: Sequence[EntryId], *, pins: Sequence[Sequence[EntryId]] = (), rng_seed: int | str
) -> list[tuple[EntryId, EntryId]]:
    """The partnerships for ``pool`` (the players signed up, in a stored order): the
    ``pins`` first, as given, then the rest drawn by lot from ``rng_seed``."""
    if len(set(pool)) != len(pool):
        raise FormatError("entry_twice", "a player is in the draw twice")
    if len(pool) % 2:
        raise FormatError(
            "odd_field", f"partners are drawn in pairs: {len(pool)} players is one too many"
        )
    check_pins(pool, pins)
    pinned = {entry for pin in pins for entry in pin}
    drawn = draw_by_lot([e for e in pool if e not in pinned], rng_seed=rng_seed)
    pairs = [(pin[0], pin[1]) for pin in pins]
    return pairs + [(drawn[i], drawn[i + 1]) for i in range(0, len(drawn), 2)]
