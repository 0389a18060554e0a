"""Small simulators shared by the format tests."""

import random

from tournaments.formats.bracket import READY, Bracket, MatchState, resolve


def play_out(
    bracket: Bracket, rng: random.Random, withdrawn=()
) -> tuple[dict[str, object], dict[str, MatchState]]:
    """Decide every ready match at random until nothing is left to play."""
    results: dict[str, object] = {}
    while True:
        states = resolve(bracket, results, withdrawn=withdrawn)
        ready = [s for s in states.values() if s.status == READY]
        if not ready:
            return results, states
        for state in ready:
            results[state.id] = rng.choice(state.entries)


def higher_seed_wins(bracket: Bracket) -> tuple[dict[str, object], dict[str, MatchState]]:
    """Entries are seed numbers: the lower number always wins."""
    results: dict[str, object] = {}
    while True:
        states = resolve(bracket, results)
        ready = [s for s in states.values() if s.status == READY]
        if not ready:
            return results, states
        for state in ready:
            results[state.id] = min(state.entries)
