"""Small builders shared by the engine tests (plain functions, no fixtures magic)."""

from __future__ import annotations

from typing import Any

from scoring.engine import PRESETS, HandRecord, HandScore, Ruleset, score_hand

TOURNAMENT = PRESETS["tournament"]
PLAYERS = {"north": "ann", "east": "bob", "south": "cat", "west": "dan"}


def sheet(**fields: Any) -> HandRecord:
    """A score-sheet hand from its REST body."""
    return HandRecord.from_dict(fields)


def contract(
    bidder: str, bid: int, ns: int, ew: int, trump: str = "red", **more: Any
) -> HandRecord:
    """A Tournament hand: declarer, bid and each partnership's counters."""
    return sheet(
        bidder=bidder, bid=bid, trump=trump, counters={"north_south": ns, "east_west": ew}, **more
    )


def score(record: HandRecord, ruleset: Ruleset = TOURNAMENT, dealer: str = "west") -> HandScore:
    return score_hand(ruleset, record, dealer=dealer)
