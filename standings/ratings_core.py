"""Player ratings, the arithmetic only: plain data in, ``(mu, sigma)`` out.

OpenSkill (Weng-Lin Bayesian ratings; see ``docs/ratings.md``): a partnership game is
two teams, a game scored by player ranks every player by their own points, equal points
share a rank. No Django here, so the same :class:`Rater` serves a finishing game and a
recompute from scratch and both give the very same floats.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from openskill.models import (
    BradleyTerryFull,
    BradleyTerryPart,
    PlackettLuce,
    ThurstoneMostellerFull,
    ThurstoneMostellerPart,
)

MODELS = {
    "PlackettLuce": PlackettLuce,
    "BradleyTerryFull": BradleyTerryFull,
    "BradleyTerryPart": BradleyTerryPart,
    "ThurstoneMostellerFull": ThurstoneMostellerFull,
    "ThurstoneMostellerPart": ThurstoneMostellerPart,
}

#: The rating shown to people: ``DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma)``,
#: rounded. ``mu - 3 sigma`` is the conservative estimate (the skill the player is
#: almost surely above); a new player (25, 25/3) shows 1000.
DISPLAY_BASE, DISPLAY_SCALE, DISPLAY_Z = 1000, 40, 3


def display(mu: float, sigma: float) -> int:
    """The whole number shown for a rating (see :data:`DISPLAY_BASE`)."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - DISPLAY_Z * sigma))


@dataclass(frozen=True)
class RatingSettings:
    """The model and its parameters (Django's ``RATINGS`` setting fills these)."""

    model: str = "PlackettLuce"
    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None) -> RatingSettings:
        """From ``{"MODEL": ..., "MU": ..., ...}``; unknown keys or models raise ValueError."""
        values = dict(values or {})
        unknown = set(values) - {"MODEL", "MU", "SIGMA", "BETA", "TAU"}
        if unknown:
            raise ValueError(f"unknown RATINGS settings: {', '.join(sorted(unknown))}")
        model = values.get("MODEL", cls.model)
        if model not in MODELS:
            raise ValueError(f"RATINGS MODEL must be one of {', '.join(MODELS)}, not {model!r}")
        numbers = {
            k.lower(): float(values[k]) for k in ("MU", "SIGMA", "BETA", "TAU") if k in values
        }
        if any(v <= 0 for k, v in numbers.items() if k != "tau") or numbers.get("tau", 1) < 0:
            raise ValueError("RATINGS MU, SIGMA and BETA must be positive, TAU not negative")
        return cls(model=model, **numbers)


class Rating(NamedTuple):
    mu: float
    sigma: float


@dataclass(frozen=True)
class GameResult:
    """One finished game as OpenSkill reads it: teams of player ids and their ranks
    (lower is better, equal is a tie). ``key`` orders games: (finished_at, game id)."""

    game: int
    key: Any
    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for team in self.teams for p in team)


def ranks_of(scores: Sequence[float]) -> tuple[int, ...]:
    """Competition ranks from scores (higher is better): 100, 80, 80, 50 -> 0, 1, 1, 3."""
    return tuple(sum(1 for other in scores if other > s) for s in scores)


def game_result(
    *,
    game: int,
    key: Any,
    partnership: str | None,
    partner_rotation: str | None,
    sides: Mapping[str, Sequence[str]] | Iterable[Sequence[Any]] | None,
    seats: Mapping[str, int],
    totals: Mapping[str, int],
    player_totals: Mapping[str, int],
) -> GameResult | None:
    """What a finished game's stored result says, from its ruleset snapshot's
    ``partnership``, ``partner_rotation`` and ``sides`` (side -> seats, as
    ``Ruleset.to_dict()`` keeps it, or pairs), its starting seats
    (seat -> player id) and its cached totals. None when it rates nobody (fewer
    than two teams).

    Fixed partnerships: each side is a team (partners keep their side through seat
    exchanges), ranked by the side's total. Games scored by player (individual
    rotation, every player for themselves, a called partner, the games for two and
    three): each player alone, ranked by their own points."""
    partnership = partnership or "fixed"
    if partnership == "fixed" and (partner_rotation or "fixed") != "individual":
        teams, scores = [], []
        pairs = sides.items() if isinstance(sides, Mapping) else (sides or ())
        for name, members in pairs:
            team = tuple(seats[s] for s in members if s in seats)
            if team:
                teams.append(team)
                scores.append(int(totals.get(name, 0)))
    else:
        ordered = sorted(player_totals.items(), key=lambda item: int(item[0]))
        teams = [(int(pid),) for pid, _ in ordered]
        scores = [int(total) for _, total in ordered]
    if len(teams) < 2:
        return None
    return GameResult(game=game, key=key, teams=tuple(teams), ranks=ranks_of(scores))


class Change(NamedTuple):
    """A player's rating after a game."""

    game: int
    player: int
    mu: float
    sigma: float


@dataclass
class Rater:
    """Rates games one after another. ``ratings`` holds each player's current rating;
    players not in it start at the settings' ``mu`` and ``sigma``."""

    settings: RatingSettings = field(default_factory=RatingSettings)
    ratings: dict[int, Rating] = field(default_factory=dict)
    games: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        s = self.settings
        self._model = MODELS[s.model](mu=s.mu, sigma=s.sigma, beta=s.beta, tau=s.tau)
        # OpenSkill's rating objects from the last game, reused while they still hold
        # the player's rating (building one draws a uuid): a recompute's hot loop.
        self._objects: dict[int, Any] = {}

    def _object(self, player: int) -> Any:
        rating, obj = self.rating(player), self._objects.get(player)
        if obj is None or obj.mu != rating.mu or obj.sigma != rating.sigma:
            obj = self._model.rating(mu=rating.mu, sigma=rating.sigma)
        return obj

    def rating(self, player: int) -> Rating:
        return self.ratings.get(player) or Rating(self.settings.mu, self.settings.sigma)

    def rate(self, result: GameResult) -> list[Change]:
        """Apply one game; the new ratings of its players, in team order."""
        teams = [[self._object(p) for p in team] for team in result.teams]
        rated = self._model.rate(teams, ranks=[float(r) for r in result.ranks])
        changes = []
        for team, new_team in zip(result.teams, rated, strict=True):
            for player, new in zip(team, new_team, strict=True):
                self.ratings[player] = Rating(new.mu, new.sigma)
                self._objects[player] = new
                self.games[player] = self.games.get(player, 0) + 1
                changes.append(Change(result.game, player, new.mu, new.sigma))
        return changes


def replay(
    results: Iterable[GameResult], settings: RatingSettings | None = None
) -> tuple[Rater, list[Change]]:
    """Every game from scratch, in order of ``key``: the rater (each player's final
    rating and games) and the ledger (one :class:`Change` per game and player)."""
    rater = Rater(settings or RatingSettings())
    ordered = sorted(results, key=lambda r: r.key)
    return rater, [change for result in ordered for change in rater.rate(result)]
