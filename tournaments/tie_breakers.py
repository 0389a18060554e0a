"""Every tie-breaker a director may choose, by its stored key (which never changes):
the name a page shows, the abbreviation heading its column, a line saying what it
counts. The form, the standings page and the API all read this one list."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from tournaments.formats.standings import TIE_BREAKERS as KEYS


@dataclass(frozen=True)
class TieBreaker:
    key: str
    name: str
    abbr: str
    description: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


_ALL = (
    TieBreaker(
        "wins",
        "Match points",
        "MP",
        "Matches won (a draw counts half, a bye as the event says).",
    ),
    TieBreaker("points", "Points scored", "Pts", "Card points scored in every game played."),
    TieBreaker("spread", "Spread", "Spr", "Points scored minus points conceded."),
    TieBreaker(
        "head_to_head",
        "Head to head",
        "H2H",
        "Who won the match between the two tied entries (only splits a tie of two).",
    ),
    TieBreaker("buchholz", "Buchholz", "Buch", "The match points of every opponent met, added up."),
    TieBreaker(
        "sonneborn_berger",
        "Sonneborn-Berger",
        "S-B",
        "The match points of the opponents beaten, plus half of those drawn.",
    ),
)
REGISTRY: dict[str, TieBreaker] = {t.key: t for t in _ALL}

#: The keys in the registry's order (tests/tournaments/test_tie_breakers.py checks
#: that it holds exactly the keys the standings compute).
ORDER: tuple[str, ...] = KEYS


def chosen(keys: tuple[str, ...] | list[str]) -> list[TieBreaker]:
    """The registry entries for ``keys``, in their order (an unknown key shows as itself)."""
    return [REGISTRY.get(k) or TieBreaker(k, k, k, "") for k in keys]
