"""Swiss pairing: no avoidable rematch (checked by brute force), fair byes, score groups."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.base import FORCED_BYE, PINNED, REMATCH, meetings
from tournaments.formats.swiss import SwissEntry, pair_swiss_round


def _matchings(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for i, other in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def _best_possible(pool, met):
    """Brute force over every pairing: the lexicographic optimum the matcher promises."""
    fewest = min(e.byes for e in pool)
    eligible = [e.id for e in pool if e.byes == fewest]
    candidates = eligible if len(pool) % 2 else [None]
    position = {e.id: i for i, e in enumerate(pool)}
    score = {e.id: e.score for e in pool}
    best = None
    for bye in candidates:
        rest = [e.id for e in pool if e.id != bye]
        below = 0 if bye is None else eligible[::-1].index(bye)
        for matching in _matchings(rest):
            cost = (
                sum(met.get(frozenset(p), 0) for p in matching),
                below,
                sum(round(2 * (score[a] - score[b])) ** 2 for a, b in matching),
                sum(abs(position[a] - position[b]) for a, b in matching),
            )
            best = cost if best is None or cost < best else best
    return best


def _cost_of(round_, pool, met):
    fewest = min(e.byes for e in pool)
    eligible = [e.id for e in pool if e.byes == fewest]
    position = {e.id: i for i, e in enumerate(pool)}
    score = {e.id: e.score for e in pool}
    games = [(p.home, p.away) for p in round_.pairings if not p.is_bye]
    below = eligible[::-1].index(round_.byes[0]) if round_.byes else 0
    return (
        sum(met.get(frozenset(p), 0) for p in games),
        below,
        sum(round(2 * (score[a] - score[b])) ** 2 for a, b in games),
        sum(abs(position[a] - position[b]) for a, b in games),
    )


@st.composite
def small_fields(draw):
    n = draw(st.integers(min_value=2, max_value=9))
    ids = list(range(n))
    scores = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    byes = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    pairs = st.tuples(st.sampled_from(ids), st.sampled_from(ids)).filter(lambda p: p[0] != p[1])
    previous = draw(st.lists(pairs, max_size=3 * n))
    entries = sorted(
        (SwissEntry(i, scores[i] / 2, byes[i]) for i in ids), key=lambda e: (-e.score, e.id)
    )
    return entries, previous


@settings(max_examples=150, deadline=None)
@given(small_fields())
def test_the_pairing_has_no_avoidable_rematch_and_is_optimal_by_brute_force(field):
    entries, previous = field
    met = meetings(previous)
    round_ = pair_swiss_round(entries, previous)
    seated = [e for p in round_.pairings for e in p.entries]
    assert sorted(seated) == sorted(e.id for e in entries)
    best = _best_possible(entries, met)
    assert _cost_of(round_, entries, met)[0] == best[0]  # the fewest rematches possible
    assert _cost_of(round_, entries, met) == best


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=3, max_value=15), st.randoms(use_true_random=False))
def test_nobody_gets_a_second_bye_before_everyone_has_had_one(n, rng):
    scores = dict.fromkeys(range(n), 0)
    byes = dict.fromkeys(range(n), 0)
    previous = []
    for _ in range(n):
        ranked = sorted(range(n), key=lambda i: (-scores[i], i))
        round_ = pair_swiss_round([SwissEntry(i, scores[i], byes[i]) for i in ranked], previous)
        for p in round_.pairings:
            previous.append((p.home, p.away))
            if p.is_bye:
                byes[p.home] += 1
                scores[p.home] += 1
            else:
                scores[rng.choice(p.entries)] += 1
        assert max(byes.values()) - min(byes.values()) <= 1
    if n % 2:
        assert set(byes.values()) == {1}


def test_the_bye_goes_to_the_lowest_ranked_entry_without_one():
    entries = [SwissEntry(i, score=3 - i // 2, byes=1 if i == 4 else 0) for i in range(5)]
    round_ = pair_swiss_round(entries)
    assert round_.byes == (3,)


def test_pairs_within_score_groups_first_best_against_next_best():
    entries = [SwissEntry(i, score=s) for i, s in enumerate([2, 2, 1, 1, 1, 1, 0, 0])]
    round_ = pair_swiss_round(entries)
    assert [(p.home, p.away) for p in round_.pairings] == [(0, 1), (2, 3), (4, 5), (6, 7)]


def test_a_rematch_that_cannot_be_avoided_is_flagged():
    entries = [SwissEntry("a"), SwissEntry("b")]
    round_ = pair_swiss_round(entries, [("a", "b")])
    assert round_.rematches == 1
    assert REMATCH in round_.pairings[0].flags


def test_pins_and_a_forced_bye_are_kept_and_flagged():
    entries = [SwissEntry(i) for i in range(7)]
    round_ = pair_swiss_round(entries, pins=[(0, 6)], forced_bye=3)
    by_home = {p.home: p for p in round_.pairings}
    assert by_home[0].away == 6 and PINNED in by_home[0].flags
    assert by_home[3].is_bye and FORCED_BYE in by_home[3].flags
    assert len(round_.pairings) == 4


def _simulate(n, rounds, seed):
    rng = random.Random(seed)
    scores = dict.fromkeys(range(n), 0)
    previous = []
    for _ in range(rounds):
        ranked = sorted(range(n), key=lambda i: (-scores[i], i))
        round_ = pair_swiss_round([SwissEntry(i, scores[i]) for i in ranked], previous)
        assert round_.rematches == 0
        for p in round_.pairings:
            previous.append((p.home, p.away))
            scores[rng.choice(p.entries) if not p.is_bye else p.home] += 1
    return scores, previous


def test_a_large_field_is_paired_slice_by_slice_without_rematches():
    # How fast: bench/pairing.py (1,024 entries, aim < 1 s a round), not a test.
    scores, previous = _simulate(512, 5, seed=1)
    ranked = sorted(scores, key=lambda i: (-scores[i], i))
    round_ = pair_swiss_round([SwissEntry(i, scores[i]) for i in ranked], previous)
    assert round_.sliced and round_.rematches == 0
    assert sorted(e for p in round_.pairings for e in p.entries) == list(range(512))


def test_slices_grow_so_a_long_event_still_has_no_rematches():
    # 40 entries, 12 rounds: slices must hold at least 2 * (12 + 1) entries.
    _simulate(40, 12, seed=5)
