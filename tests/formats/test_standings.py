"""Standings: configurable tie-breakers, head-to-head for two-way ties, playoff flags."""

import random

import pytest

from tournaments.formats.base import FormatError
from tournaments.formats.standings import SWISS_PRECEDENCE, MatchResult, standings


def _by_entry(rows):
    return {row.entry: row for row in rows}


def test_wins_then_points_then_spread_order_the_table():
    results = [
        MatchResult("a", "b", 500, 300),
        MatchResult("c", "d", 510, 200),
        MatchResult("a", "c", 400, 500),
        MatchResult("b", "d", 500, 450),
    ]
    rows = standings(["a", "b", "c", "d"], results)
    assert [r.entry for r in rows] == ["c", "a", "b", "d"]
    top = _by_entry(rows)["c"]
    assert (top.wins, top.points_for, top.points_against, top.spread) == (2, 1010, 600, 410)
    assert _by_entry(rows)["a"].decided_by == "wins"
    assert _by_entry(rows)["b"].decided_by == "points"


def test_head_to_head_splits_a_two_way_tie():
    results = [MatchResult("a", "b", 300, 500), MatchResult("a", "c", 500, 300)]
    results += [MatchResult("b", "c", 300, 500)]  # a beat c, c beat b, b beat a: all 1-1
    rows = standings(["a", "b", "c"], results, precedence=("wins", "head_to_head"))
    assert all(r.playoff_needed for r in rows)  # three-way: head-to-head does not apply
    rows = standings(["a", "b"], [MatchResult("a", "b", 300, 500)], precedence=("head_to_head",))
    assert [r.entry for r in rows] == ["b", "a"] and rows[1].decided_by == "head_to_head"


def test_entries_still_tied_share_a_rank_and_need_a_playoff_game():
    results = [MatchResult("a", "c", 500, 300), MatchResult("b", "d", 500, 300)]
    rows = standings(["a", "b", "c", "d"], results)
    assert [(r.entry, r.rank, r.playoff_needed) for r in rows] == [
        ("a", 1, True),
        ("b", 1, True),
        ("c", 3, True),
        ("d", 3, True),
    ]
    assert rows[0].tied_with == ("b",)


def test_buchholz_and_sonneborn_berger_count_the_opponents_match_points():
    results = [
        MatchResult(1, 2, winner=1),
        MatchResult(3, 4, winner=3),
        MatchResult(1, 3, winner=1),
        MatchResult(2, 4, 300, 300),  # a draw
    ]
    rows = _by_entry(standings([1, 2, 3, 4], results, precedence=SWISS_PRECEDENCE))
    assert rows[1].buchholz == 0.5 + 1 and rows[1].sonneborn_berger == 0.5 + 1
    assert rows[2].buchholz == 2 + 0.5 and rows[2].sonneborn_berger == 0.5 * 0.5
    assert rows[2].draws == 1 and rows[2].match_points == 0.5


def test_a_bye_counts_as_a_win_with_the_configured_points():
    rows = _by_entry(standings(["a", "b"], [MatchResult("a", None)], bye_points=250))
    assert rows["a"].match_points == 1 and rows["a"].byes == 1 and rows["a"].points_for == 250
    assert rows["a"].played == 0


def test_an_unknown_tie_breaker_is_refused():
    with pytest.raises(FormatError) as error:
        standings(["a"], [], precedence=("coin_toss",))
    assert error.value.code == "unknown_tie_breaker"


def test_512_entries_over_9_rounds_are_all_ranked():
    # How fast: bench/standings.py (512 entries x 9 rounds), not a test.
    rng = random.Random(0)
    entries = list(range(512))
    results = []
    for rnd in range(9):
        rng.shuffle(entries)
        for i in range(0, 512, 2):
            results.append(
                MatchResult(entries[i], entries[i + 1], rng.randint(0, 500), 500, round=rnd)
            )
    rows = standings(range(512), results, precedence=SWISS_PRECEDENCE)
    assert len(rows) == 512 and rows[0].rank == 1
    assert sorted(r.entry for r in rows) == list(range(512))
