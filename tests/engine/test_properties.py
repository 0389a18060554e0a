"""Invariants over many simulated hands and games (hypothesis)."""

import json
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    BIRD,
    PRESETS,
    Card,
    HandRecord,
    HandRefused,
    Ruleset,
    check_card_hand,
    game_from_dict,
    game_to_dict,
    replay,
    score_hand,
    simulate_hand,
)

CARD_LEVEL = [slug for slug, r in PRESETS.items() if not r.draw_pile]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYERS = {"north": "ann", "east": "bob", "south": "cat", "west": "dan"}


def played(slug, seed):
    r = PRESETS[slug]
    dealer = r.player_seats[seed % len(r.player_seats)]
    hand = simulate_hand(r, seed, dealer=dealer)
    return r, hand, dealer, check_card_hand(r, hand, dealer=dealer)


def naive_winner(r, trump, trick):
    """A second, deliberately plain reading of docs/rules.md §2 for who takes a trick."""

    def rank(card):
        if card == BIRD:
            return {"high": 100, "low": -1, "ten_and_a_half": 10.5}[r.bird_rank]
        if r.red_one and card == Card("red", 1):
            return 200
        return 15 if (card.rank == 1 and r.ones_high) else card.rank

    def is_trump(card):
        return card == BIRD or (r.red_one and card == Card("red", 1)) or card.colour == trump

    lead = trick[0][1]
    led = trump if is_trump(lead) else lead.colour
    trumps = [(rank(c), s) for s, c in trick if is_trump(c)]
    if trumps:
        return max(trumps)[1]
    return max((rank(c), s) for s, c in trick if c.colour == led and not is_trump(c))[1]


@FAST
@given(slug=st.sampled_from(CARD_LEVEL), seed=st.integers(0, 2**32))
def test_counters_always_add_up_to_the_deck_total(slug, seed):
    r, hand, _, result = played(slug, seed)
    if not hand.tricks:
        return  # all passed: nothing was played
    in_play = sum(result.counters_by_seat.values())
    if result.nest_side is None:
        in_play += result.nest_counters  # the nest is set aside or unused
    dealt = set(hand.nest).union(*hand.hands.values())
    in_play += sum(r.card_points[c] for c in r.deck if c not in dealt)  # set aside unseen
    assert in_play == r.total_counters


@FAST
@given(slug=st.sampled_from(CARD_LEVEL), seed=st.integers(0, 2**32))
def test_every_trick_goes_where_a_plain_reading_of_the_rules_sends_it(slug, seed):
    r, hand, _, result = played(slug, seed)
    for trick, outcome in zip(hand.tricks, result.tricks, strict=True):
        assert naive_winner(r, result.trump, trick) == outcome.winner


@FAST
@given(slug=st.sampled_from(CARD_LEVEL), seed=st.integers(0, 2**32))
def test_card_level_and_score_sheet_entry_give_the_same_score(slug, seed):
    r, _, dealer, result = played(slug, seed)
    typed = HandRecord.from_dict(json.loads(json.dumps(result.record.to_dict())), r)
    assert typed == result.record
    assert score_hand(r, typed, dealer=dealer) == score_hand(r, result.record, dealer=dealer)


@FAST
@given(slug=st.sampled_from(CARD_LEVEL), seed=st.integers(0, 2**32))
def test_simulated_play_is_always_legal(slug, seed):
    assert played(slug, seed)[3].reneges == ()


def played_hands():
    """Tournament score-sheet hands played to the end, made or set."""
    return st.builds(
        lambda bidder, bid, ns: HandRecord.from_dict(
            {
                "bidder": bidder,
                "bid": bid,
                "trump": "red",
                "counters": {"north_south": ns, "east_west": 120 - ns},
            }
        ),
        st.sampled_from(sorted(PLAYERS)),
        st.integers(14, 24).map(lambda n: n * 5),
        st.integers(0, 24).map(lambda n: n * 5),
    )


VOID = [
    HandRecord.from_dict({"redeal": {"reason": "exposed_card"}}),
    HandRecord.from_dict({"redeal": {"reason": "all_passed"}}),
    HandRecord.from_dict({"misdeal": {"found": "before_three_tricks"}}),
]
LATE_MISDEAL = HandRecord.from_dict({"misdeal": {"found": "later"}})


def sheet_hands():
    """Any Tournament score-sheet hand, irregular ones included."""
    return st.one_of(played_hands(), played_hands(), st.sampled_from([*VOID, LATE_MISDEAL]))


LONG_GAME = Ruleset.from_dict({"slug": "tournament", "target": 100000})


@FAST
@given(records=st.lists(sheet_hands(), max_size=30))
def test_replaying_the_same_hands_gives_the_same_game_and_json(records):
    game = replay(LONG_GAME, PLAYERS, "west", records)
    assert replay(LONG_GAME, PLAYERS, "west", records) == game
    data = json.loads(json.dumps(game_to_dict(game)))
    assert game_from_dict(data) == game
    assert sum(h.score.sides["north_south"] for h in game.hands) == game.totals["north_south"]


@FAST
@given(
    scored=st.lists(played_hands(), min_size=12, max_size=12),
    voids=st.lists(st.tuples(st.integers(0, 11), st.sampled_from(VOID)), max_size=6),
    order=st.permutations(["ann", "bob", "cat", "dan"]),
)
def test_individual_rotation_partners_every_pair_exactly_once_in_12_scored_hands(
    scored, voids, order
):
    records = list(scored)
    for position, void in voids:  # redeals anywhere in the game do not count
        records.insert(position, void)
    game = replay(
        PRESETS["tournament-individual"], dict(zip(PLAYERS, order, strict=True)), "north", records
    )
    together = {pair: 0 for pair in combinations(sorted(order), 2)}
    for hand in game.hands:
        if hand.score.counts_for_rotation:
            for a, b in (("north", "south"), ("east", "west")):
                together[tuple(sorted((hand.seats[a], hand.seats[b])))] += 1
    assert set(together.values()) == {4}


@FAST
@given(records=st.lists(sheet_hands(), max_size=30))
def test_fixed_partners_never_change_however_the_seats_are_exchanged(records):
    game = replay(LONG_GAME, PLAYERS, "west", records)
    for hand in game.hands:
        assert {hand.seats["north"], hand.seats["south"]} == {"ann", "cat"}
        assert {hand.seats["east"], hand.seats["west"]} == {"bob", "dan"}


@FAST
@given(records=st.lists(sheet_hands(), max_size=30))
def test_the_seats_change_exactly_after_every_fourth_scored_hand(records):
    game = replay(LONG_GAME, PLAYERS, "west", records)
    scored = 0
    following = [h.seats for h in game.hands[1:]] + [game.seats]
    for hand, next_seats in zip(game.hands, following, strict=False):
        scored += hand.score.counts_for_rotation
        changed = dict(next_seats) != dict(hand.seats)
        assert changed == (hand.score.counts_for_rotation and scored % 4 == 0)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-200, 200)
    | st.sampled_from(["north", "east_west", "red", "later", "table_talk", "x"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "bidder",
                    "bid",
                    "trump",
                    "counters",
                    "tricks",
                    "penalties",
                    "seat",
                    "kind",
                    "renege",
                    "found",
                    "misdeal",
                    "redeal",
                    "reason",
                    "north_south",
                    "east_west",
                    "made",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(body=json_values)
def test_any_json_body_is_scored_or_refused_with_hand_refused_never_another_error(body):
    try:
        record = HandRecord.from_dict(body, PRESETS["tournament"])
        score_hand(PRESETS["tournament"], record, dealer="west")
    except HandRefused as exc:
        assert exc.errors and all(exc.errors.values())
