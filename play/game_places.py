"""Where a game belongs, for its score page's title and way back: "Spring Open ·
Round 2 · Table 3", each part a link.

The tournaments app registers a finder for its matches' games from
``TournamentsConfig.ready()`` (:func:`register`), so scoring never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from play.models import Game


@dataclass(frozen=True)
class Part:
    """One part of the title, with where it leads (``url`` None: plain text)."""

    text: str
    url: str | None = None


@dataclass(frozen=True)
class Place:
    parts: tuple[Part, ...]

    @property
    def title(self) -> str:
        return " \N{MIDDLE DOT} ".join(p.text for p in self.parts)


Finder = Callable[[Game], Place | None]
_FINDERS: dict[str, Finder] = {}


def register(name: str, finder: Finder) -> None:
    """An app says where its games belong; ``finder`` answers None for a game not its own
    (at most one query: it runs on every score page)."""
    _FINDERS[name] = finder


def place_of(game: Game) -> Place | None:
    """Where ``game`` belongs, from the first finder that knows it; None for a game
    that belongs to no event (a club night's game is titled by its table)."""
    for finder in _FINDERS.values():
        place = finder(game)
        if place is not None:
            return place
    return None
