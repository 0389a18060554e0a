"""Vocabulary shared by every format: entries (opaque hashable ids), pairings and their
override flags."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field, replace

EntryId = Hashable

# Flags a director sees on a pairing that did not come straight out of the generator.
SWAPPED = "swapped"
PINNED = "pinned"
FORCED_BYE = "forced_bye"
REPAIRED = "repaired"
REMATCH = "rematch"


class FormatError(ValueError):
    """A request the format cannot satisfy; ``code`` is stable for tests and the API."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Pairing:
    """One match in a round: ``away`` is None for a bye."""

    table: int
    home: EntryId
    away: EntryId | None
    flags: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_bye(self) -> bool:
        return self.away is None

    @property
    def entries(self) -> tuple[EntryId, ...]:
        return (self.home,) if self.away is None else (self.home, self.away)

    def flagged(self, *flags: str) -> Pairing:
        return replace(self, flags=self.flags | frozenset(flags))


def meetings(previous: Iterable[tuple[EntryId, EntryId | None]]) -> dict[frozenset, int]:
    """How often each two entries have already met (byes ignored)."""
    counts: dict[frozenset, int] = {}
    for home, away in previous:
        if away is None or home == away:
            continue
        key = frozenset((home, away))
        counts[key] = counts.get(key, 0) + 1
    return counts


def check_round(pairings: Iterable[Pairing]) -> None:
    """Raise if an entry is seated twice in one round (every generator's invariant)."""
    seen: set = set()
    for pairing in pairings:
        for entry in pairing.entries:
            if entry in seen:
                raise FormatError("entry_twice_in_round", f"entry {entry!r} is paired twice")
            seen.add(entry)
