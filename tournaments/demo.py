"""The demo club's events, for `manage.py demo`: a finished round robin and a
double-elimination bracket halfway through, entered as a director would."""

import random
from typing import Any

from rookclub.clubs.models import Club, Player
from tournaments import services
from tournaments.entries import entry_add
from tournaments.models import Match, Tournament
from tournaments.results import match_result_enter
from tournaments.rounds import tournament_start

ROUND_ROBIN = "Maple Street Winter Round Robin"
DOUBLE_ELIMINATION = "County Fair Double Elimination"


def load_demo_events(club: Club, director: Any) -> None:
    """Idempotent: an event that already exists is left as it is."""
    players = list(Player.objects.filter(club=club).order_by("name")[:12])
    pairs = [players[i : i + 2] for i in range(0, len(players) - 1, 2)]
    if not Tournament.objects.filter(club=club, name=ROUND_ROBIN).exists():
        event = _event(club, director, ROUND_ROBIN, "round_robin", pairs)
        _play(event, director, random.Random(7), rounds=None)
    if not Tournament.objects.filter(club=club, name=DOUBLE_ELIMINATION).exists():
        event = _event(club, director, DOUBLE_ELIMINATION, "double_elimination", pairs[:4])
        _play(event, director, random.Random(11), rounds=2)


def _event(club: Club, director: Any, name: str, format: str, pairs: list) -> Tournament:
    # Its results are typed in as from paper score sheets: no game is started at the tables.
    event = services.tournament_create(
        club=club, name=name, format=format, options={"start_games": False}, by=director
    )
    for seed, pair in enumerate(pairs, start=1):
        entry_add(
            tournament=event,
            players=pair,
            name=" & ".join(p.name.split()[0] for p in pair),
            seed=seed,
            by=director,
        )
    return tournament_start(tournament=event, by=director, draw_seed=name)


def _play(event: Tournament, director: Any, rng: random.Random, *, rounds: int | None) -> None:
    """Enter plausible 300-point game results round by round (all rounds if None)."""
    played = 0
    while rounds is None or played < rounds:
        ready = list(
            event.matches.filter(status=Match.Status.READY).order_by("round__number", "table")
        )
        if not ready:
            return
        first_round = min(m.round.number for m in ready)
        for match in (m for m in ready if m.round.number == first_round):
            loser_score = rng.randrange(80, 290, 5)
            winner_score = rng.randrange(300, 420, 5)
            a_wins = rng.random() < 0.55
            game = [winner_score, loser_score] if a_wins else [loser_score, winner_score]
            match_result_enter(match=match, games=[game], by=director)
        played += 1
