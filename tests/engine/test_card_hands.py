"""Card-level records: deal, nest, every trick checked; one scorer for both paths."""

import dataclasses
import json
import random

import pytest

from scoring.engine import (
    PRESETS,
    CardHand,
    HandRefused,
    check_card_hand,
    deal,
    ruleset_from,
    score_hand,
    simulate_hand,
    trick_rules,
)

T = PRESETS["tournament"]


def simulated(ruleset=T, seed=1, dealer="west"):
    """A simulated hand that was played (not all-passed)."""
    rng = random.Random(seed)
    while True:
        hand = simulate_hand(ruleset, rng, dealer=dealer)
        if hand.tricks:
            return hand


class Reneger:
    """A play policy: random legal play, except that the first player who can
    fail to follow the colour led (with an ordinary card) does so, once."""

    def __init__(self, rules, seed):
        self.rules, self.rng = rules, random.Random(seed)
        self.trick, self.done = 0, None

    def __call__(self, seat, hand, legal, led):
        if led is None:
            self.trick += 1
        elif self.done is None and len(legal) < len(hand):
            off = [c for c in hand if c not in legal]
            self.done = (self.trick, seat)
            return off[0]
        return self.rng.choice(legal)


def reneging_hand(ruleset=T):
    """A simulated hand in which one player fails to follow suit: (hand, trick, seat)."""
    for seed in range(100):
        probe = simulate_hand(ruleset, seed, dealer="west")  # same seed, same deal and trump
        if probe.tricks:
            policy = Reneger(trick_rules(ruleset, probe.trump), seed)
            hand = simulate_hand(ruleset, seed, dealer="west", choose=policy)
            if policy.done:
                return hand, *policy.done
    raise AssertionError("no hand gave a chance to renege")


def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not():
    assert deal(T, 7) == deal(T, 7)
    assert deal(T, 7) != deal(T, 8)


def test_a_deal_gives_each_seat_its_hand_and_fills_the_nest_from_the_deck():
    dealt = deal(T, 3, dealer="west")
    assert [len(dealt.hands[s]) for s in T.seats] == [9, 9, 9, 9]
    assert len(dealt.nest) == 5
    assert sorted(dealt.nest + sum(dealt.hands.values(), ())) == sorted(T.deck)


def test_the_deal_starts_at_the_dealers_left_and_puts_a_nest_card_after_each_round():
    shuffled = list(T.deck)
    random.Random(3).shuffle(shuffled)
    dealt = deal(T, 3, dealer="west")
    assert dealt.hands["north"][0] == shuffled[0]
    assert dealt.nest[0] == shuffled[4]
    assert dealt.hands["north"][1] == shuffled[5]


def test_a_simulated_hand_checks_out_and_scores_through_the_one_scorer():
    hand = simulated()
    result = check_card_hand(T, hand)
    assert result.reneges == ()
    assert sum(result.record.counters.values()) == 120
    score = score_hand(T, result.record, dealer="west")
    assert score.made == (result.record.counters[score.declarer_side] >= result.contract)


def test_the_last_trick_captures_the_nest_and_its_counters():
    result = check_card_hand(T, simulated(seed=5))
    last = result.tricks[-1].winner
    assert result.nest_side == T.side_of(last)
    assert sum(result.counters_by_seat.values()) == 120


def test_a_renege_is_found_with_its_trick_and_seat_and_scored_as_found_later():
    hand, trick, seat = reneging_hand()
    result = check_card_hand(T, hand)
    assert (result.reneges[0].trick, result.reneges[0].seat) == (trick, seat)
    assert result.record.renege.found == "later"
    assert result.record.renege.seat == seat
    score = score_hand(T, result.record, dealer="west")
    assert score.sides[T.side_of(seat)] == -result.contract


def test_a_card_dealt_twice_is_refused():
    hand = simulated()
    hands = dict(hand.hands)
    hands["north"] = (hands["east"][0], *hands["north"][1:])
    with pytest.raises(HandRefused) as exc:
        check_card_hand(T, dataclasses.replace(hand, hands=hands))
    assert exc.value.code == "card_hand_illegal"
    assert any("dealt twice" in m for m in exc.value.errors["hands"])


def test_a_short_hand_is_refused():
    hand = simulated()
    hands = {**hand.hands, "north": hand.hands["north"][:8]}
    with pytest.raises(HandRefused) as exc:
        check_card_hand(T, dataclasses.replace(hand, hands=hands))
    assert "North holds 8 cards, not 9" in exc.value.errors["hands"]


def test_playing_out_of_turn_is_refused():
    hand = simulated()
    first = hand.tricks[0]
    swapped = (first[1], first[0], *first[2:])
    with pytest.raises(HandRefused) as exc:
        check_card_hand(T, dataclasses.replace(hand, tricks=(swapped, *hand.tricks[1:])))
    assert "trick 1" in exc.value.errors["tricks"][0]


def test_playing_a_card_one_does_not_hold_is_refused():
    hand = simulated()
    first = list(hand.tricks[0])
    stranger = next(card for card in hand.hands["east"] if card not in [c for _, c in first])
    first[0] = (first[0][0], stranger) if first[0][0] != "east" else first[0]
    first[1] = (first[1][0], stranger) if first[1][0] != "east" else first[1]
    with pytest.raises(HandRefused) as exc:
        check_card_hand(T, dataclasses.replace(hand, tricks=(tuple(first), *hand.tricks[1:])))
    assert any("do not hold" in m for m in exc.value.errors["tricks"])


def test_discards_must_come_from_the_declarers_hand_and_nest():
    hand = simulated()
    result = check_card_hand(T, hand)
    outsider = next(c for s, cards in hand.hands.items() if s != result.declarer for c in cards)
    bad = dataclasses.replace(hand, discards=(outsider, *hand.discards[1:]))
    with pytest.raises(HandRefused) as exc:
        check_card_hand(T, bad)
    assert "discards" in exc.value.errors


def test_discarding_trump_when_not_forced_is_an_improper_discard_under_seed_002():
    r = ruleset_from("tournament", {"improper_discard": "automatic_set"})

    def bury_a_trump(pool, trump):
        trumps = [c for c in pool if c.colour == trump]
        return (trumps[0], *[c for c in pool if c.colour != trump][:4])

    hand = simulate_hand(r, 4, dealer="west", discard=bury_a_trump)
    result = check_card_hand(r, hand)
    assert result.record.penalties[-1].kind == "improper_discard"
    assert score_hand(r, result.record, dealer="west").made is False
    assert check_card_hand(T, hand).record.penalties == ()  # the default has no such rule


def test_burying_counters_where_the_ruleset_forbids_it_is_an_improper_discard():
    strict = ruleset_from("tournament", {"counters_in_nest": False})
    rng = random.Random(0)
    hand = next(
        h
        for h in (simulate_hand(T, rng, dealer="west") for _ in range(200))
        if any(T.card_points[c] for c in h.discards)
    )
    assert check_card_hand(T, hand).record.penalties == ()
    assert check_card_hand(strict, hand).record.penalties[0].kind == "improper_discard"


def test_an_auction_in_the_record_must_agree_with_a_stated_declarer():
    hand = simulated()
    with pytest.raises(HandRefused) as exc:
        check_card_hand(T, dataclasses.replace(hand, bid=5))
    assert "the auction gives" in exc.value.errors["bid"][0]


def test_a_record_with_declarer_and_bid_instead_of_calls_is_accepted():
    hand = simulated()
    result = check_card_hand(T, hand)
    short = dataclasses.replace(hand, calls=None, bidder=result.declarer, bid=result.contract)
    assert check_card_hand(T, short).record == result.record


def test_an_all_pass_card_hand_is_a_redeal():
    rng = random.Random(0)
    hand = next(
        h for h in (simulate_hand(T, rng, dealer="west") for _ in range(200)) if not h.tricks
    )
    assert check_card_hand(T, hand).record.redeal.reason == "all_passed"


def test_dixie_the_dealer_leads_the_first_trick():
    hand = simulated(PRESETS["dixie"], dealer="south")
    assert hand.tricks[0][0][0] == "south"
    result = check_card_hand(PRESETS["dixie"], hand)
    assert sum(result.record.tricks.values()) == 14  # the nest counts as a trick


def test_high_card_partner_the_holder_of_the_called_card_partners_the_declarer():
    r = PRESETS["high-card-partner"]
    hand = simulated(r, dealer="seat1")
    result = check_card_hand(r, hand)
    holders = [s for s, cards in hand.hands.items() if hand.called_card in cards]
    if result.partner is not None:
        assert holders == [result.partner]
    assert set(result.record.counters) == {"declarers", "defenders"}


def test_beginner_trump_is_the_top_nest_card_that_is_not_the_bird():
    r = PRESETS["beginner"]
    hand = simulated(r, dealer="north")
    result = check_card_hand(r, hand)
    assert result.trump == next(c.colour for c in hand.nest if c.colour != "bird")
    assert result.nest_side is None  # the nest is not used


def test_tennessee_draw_pile_games_have_no_card_level_records():
    with pytest.raises(HandRefused) as exc:
        check_card_hand(PRESETS["tennessee"], simulated())
    assert "draw pile" in exc.value.errors["ruleset"][0]


def test_a_card_hand_round_trips_through_json_losslessly():
    hand = simulated(PRESETS["high-card-partner"], dealer="seat2")
    data = json.loads(json.dumps(hand.to_dict()))
    assert CardHand.from_dict(data) == hand
    assert CardHand.from_dict(data).to_dict() == data


def test_a_malformed_card_hand_names_every_problem():
    with pytest.raises(HandRefused) as exc:
        CardHand.from_dict(
            {
                "hands": {"north": ["red-15"]},
                "tricks": [[["north"]]],
                "calls": ["pass"],
                "colour": "red",
            }
        )
    assert exc.value.code == "hand_malformed"
    assert set(exc.value.errors) == {"hands.north", "tricks", "calls", "colour"}


def test_the_player_left_of_the_dealer_leads_the_first_trick():
    hand = simulated(dealer="south")
    assert hand.tricks[0][0][0] == "west"


def test_the_winner_of_a_trick_leads_the_next():
    hand = simulated(seed=9)
    result = check_card_hand(T, hand)
    for previous, trick in zip(result.tricks, hand.tricks[1:], strict=False):
        assert trick[0][0] == previous.winner


def test_a_record_where_the_wrong_player_leads_a_later_trick_is_refused():
    hand = simulated(seed=9)
    second = hand.tricks[1]
    rotated = (*second[1:], second[0])
    with pytest.raises(HandRefused) as exc:
        check_card_hand(
            T, dataclasses.replace(hand, tricks=(hand.tricks[0], rotated, *hand.tricks[2:]))
        )
    assert exc.value.errors["tricks"][0].startswith("trick 2:")


def test_the_declarer_must_discard_as_many_cards_as_the_nest_held():
    hand = simulated()
    with pytest.raises(HandRefused) as exc:
        check_card_hand(T, dataclasses.replace(hand, discards=hand.discards[:4]))
    assert "exactly 5" in exc.value.errors["discards"][0]


def test_a_hand_with_a_trick_missing_is_refused():
    hand = simulated()
    with pytest.raises(HandRefused) as exc:
        check_card_hand(T, dataclasses.replace(hand, tricks=hand.tricks[:-1]))
    assert "a hand has 9 tricks, not 8" in exc.value.errors["tricks"]


@pytest.mark.parametrize("rank", ["high", "low", "ten_and_a_half"])
def test_simulated_play_under_each_bird_option_checks_clean(rank):
    r = ruleset_from("tournament", {"bird_rank": rank})
    for seed in range(20):
        assert check_card_hand(r, simulate_hand(r, seed, dealer="west")).reneges == ()
