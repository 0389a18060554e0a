"""The games for two and three players: the original game (the Deluxe Rook
booklet) and the games of the Hasbro 2011 booklet."""

import dataclasses
import random

import pytest

from scoring.engine import (
    PRESETS,
    HandRefused,
    check_card_hand,
    deal,
    replay,
    ruleset_from,
    score_hand,
    simulate_hand,
)
from tests.engine.helpers import sheet

ORIGINAL_TWO = PRESETS["two-player"]
TWO_2011 = PRESETS["two-player-2011"]
THREE_2011 = PRESETS["three-player-2011"]
ORIGINAL_THREE = PRESETS["three-player"]


def played(ruleset, dealer, seed=0, **kw):
    """A simulated hand that was played (not all-passed), dealt by ``dealer``."""
    rng = random.Random(seed)
    while True:
        hand = simulate_hand(ruleset, rng, dealer=dealer, **kw)
        if hand.tricks:
            return hand


# ---- the original game for two (the Deluxe Rook booklet) -------------------------------


@pytest.mark.parametrize("dealer", ["seat1", "seat2"])
def test_original_two_the_opponent_leads_then_the_dummy_then_the_dealer_whoever_deals(dealer):
    """ "dealing the third hand to the imaginary 'dummy' to your right ... The opponent
    starts the game by 'leading' ... The dummy's card is then played by the dealer ...
    Dealer then plays a card." (the Deluxe Rook booklet)"""
    opponent = "seat2" if dealer == "seat1" else "seat1"
    hand = played(ORIGINAL_TWO, dealer)

    result = check_card_hand(ORIGINAL_TWO, hand, dealer=dealer)

    assert [seat for seat, _ in hand.tricks[0]] == [opponent, "dummy", dealer]
    assert result.tricks[0].leader == opponent


def test_original_two_a_record_in_the_fixed_seat_order_is_refused_when_seat2_deals():
    hand = played(ORIGINAL_TWO, "seat2")
    first = hand.tricks[0]
    wrong = ((first[0], first[2], first[1]), *hand.tricks[1:])  # seat1, seat2, dummy

    with pytest.raises(HandRefused) as refused:
        check_card_hand(ORIGINAL_TWO, dataclasses.replace(hand, tricks=wrong), dealer="seat2")

    assert "Seat 1, Dummy, Seat 2" in refused.value.errors["tricks"][0]


def test_original_two_the_deal_gives_the_dummy_the_hand_at_the_dealers_right():
    """ "Deal the cards as if there were three Players, dealing the third hand to the imaginary
    'dummy' to your right" (the Deluxe Rook booklet): from the dealer's left, the opponent, the
    dummy, then the dealer."""
    shuffled = list(ORIGINAL_TWO.deck)
    random.Random(5).shuffle(shuffled)

    dealt = deal(ORIGINAL_TWO, 5, dealer="seat2")

    assert dealt.hands["seat1"][0] == shuffled[0]
    assert dealt.hands["dummy"][0] == shuffled[1]
    assert dealt.hands["seat2"][0] == shuffled[2]


def blind_dummy_off_suit(seed):
    """A policy: random legal play, but the dummy plays an off-colour card whenever
    it holds the colour led (a top card lifted blind)."""
    rng = random.Random(seed)
    state = {"off": 0}

    def choose(seat, hand, legal, led):
        if seat == "dummy" and led is not None and len(legal) < len(hand):
            state["off"] += 1
            return next(c for c in hand if c not in legal)
        return rng.choice(legal)

    return choose, state


def test_original_two_the_dummys_blind_card_is_never_a_renege():
    """ "The dummy's card is then played by the dealer, who lifts the top card from the
    dummy's hand ... the dummy's cards are kept face down throughout the game" (seed
    000): nobody sees the card before it is played, so it cannot be a renege, and the
    hand is scored as played (the declarer does not escape a set)."""
    for seed in range(40):
        choose, state = blind_dummy_off_suit(seed)
        hand = played(ORIGINAL_TWO, "seat1", seed, choose=choose)
        if state["off"]:
            break
    assert state["off"]

    result = check_card_hand(ORIGINAL_TWO, hand, dealer="seat1")

    assert result.reneges == ()
    assert result.record.renege is None and result.record.counters is not None
    seen = dataclasses.replace(ORIGINAL_TWO, dummy_blind=False)
    assert check_card_hand(seen, hand, dealer="seat1").reneges[0].seat == "dummy"


def test_original_two_a_score_sheet_renege_by_the_blind_dummy_is_refused():
    record = sheet(
        bidder="seat1",
        bid=60,
        trump="red",
        renege={"seat": "dummy", "found": "later", "counters": {"seat1": 30, "seat2": 20}},
    )

    with pytest.raises(HandRefused) as refused:
        score_hand(ORIGINAL_TWO, record, dealer="seat1")

    assert "cannot renege" in refused.value.errors["renege"][0]


@pytest.mark.parametrize("ruleset", [ORIGINAL_TWO, ORIGINAL_THREE])
def test_original_game_the_declarer_may_exchange_only_two_cards_with_the_nest(ruleset):
    """ "The declarer may exchange any two of the cards in his hand for any two in the nest." (the
    Deluxe Rook booklet; the game for three is "the same ... except there is no dummy")"""
    hand = played(ruleset, "seat1")
    declarer = check_card_hand(ruleset, hand, dealer="seat1").declarer
    own = list(hand.hands[declarer])
    five_of_the_hand = dataclasses.replace(hand, discards=tuple(own[:5]), tricks=())

    with pytest.raises(HandRefused) as refused:
        check_card_hand(ruleset, five_of_the_hand, dealer="seat1")

    assert "at most 2 cards" in refused.value.errors["discards"][0]
    assert check_card_hand(ruleset, hand, dealer="seat1").declarer == declarer


def test_original_two_exchanging_two_cards_is_accepted_and_three_refused():
    hand = played(ORIGINAL_TWO, "seat1")
    declarer = check_card_hand(ORIGINAL_TWO, hand, dealer="seat1").declarer
    own = list(hand.hands[declarer])
    nest = list(hand.nest)
    # Start again from the deal: two of the hand and three of the nest go back.
    two = (*own[:2], *nest[2:])
    three = (*own[:3], *nest[3:])
    for discards, ok in ((two, True), (three, False)):
        attempt = dataclasses.replace(hand, discards=discards, tricks=())
        with pytest.raises(HandRefused) as refused:
            check_card_hand(ORIGINAL_TWO, attempt, dealer="seat1")
        field = refused.value.errors
        assert ("discards" not in field) == ok, field


# ---- the 2011 game for two (the Hasbro 2011 booklet) -----------------------------------


def test_2011_two_deals_12_to_each_hand_5_to_the_nest_and_sets_3_aside():
    """ "deal out 12 cards into three piles ... take the remaining eight cards, put five
    into a nest, and put the other three aside, out of play" (the Hasbro 2011 booklet)."""
    dealt = deal(TWO_2011, 9, dealer="seat1")

    assert {len(cards) for cards in dealt.hands.values()} == {12}
    assert len(dealt.nest) == 5 and len(dealt.out_of_play) == 3
    assert len(TWO_2011.deck) == 44 and not TWO_2011.bird


@pytest.mark.parametrize("dealer", ["seat1", "seat2"])
def test_2011_two_the_dummy_leads_the_first_trick(dealer):
    """ "The dummy hand leads the first card." (the Hasbro 2011 booklet); the dummy is "to your
    right", so the dealer plays next and the opponent last."""
    opponent = "seat2" if dealer == "seat1" else "seat1"
    hand = played(TWO_2011, dealer)

    result = check_card_hand(TWO_2011, hand, dealer=dealer)

    assert [seat for seat, _ in hand.tricks[0]] == ["dummy", dealer, opponent]
    assert result.tricks[0].leader == "dummy"


def test_2011_two_a_hand_short_of_its_12_cards_is_refused():
    hand = played(TWO_2011, "seat1")
    short = dataclasses.replace(hand, hands={**hand.hands, "seat2": hand.hands["seat2"][1:]})

    with pytest.raises(HandRefused) as refused:
        check_card_hand(TWO_2011, short, dealer="seat1")

    messages = refused.value.errors["hands"]
    assert any("Seat 2 holds 11 cards, not 12" in m for m in messages)
    assert any("3 cards are set aside out of play, not 4" in m for m in messages)


def test_2011_two_the_bidder_is_compared_with_the_other_player_and_the_dummy_combined():
    """ "the Counters scored by the bidder are compared to the Counters scored by the
    other player and the dummy hand combined" (the Hasbro 2011 booklet); Partnership scoring: made,
    the bidder scores the counters; the other side scores its own."""
    record = sheet(bidder="seat2", bid=60, trump="red", counters={"declarers": 65, "defenders": 25})

    result = score_hand(TWO_2011, record, dealer="seat1")

    assert result.sides == {"declarers": 65, "defenders": 25}
    assert result.seats == {"seat1": 25, "seat2": 65, "dummy": 25}


def test_2011_two_a_set_bidder_loses_the_bid_and_the_other_player_keeps_the_counters():
    """Partnership Game (the Hasbro 2011 booklet): "the partnership is set back the full amount of
    the bid, and they get no credit for the Counters they captured"."""
    record = sheet(bidder="seat1", bid=75, trump="red", counters={"declarers": 55, "defenders": 40})

    result = score_hand(TWO_2011, record, dealer="seat1")

    assert result.seats["seat1"] == -75 and result.seats["seat2"] == 40
    assert result.made is False


@pytest.mark.parametrize(("counters", "ok"), [(70, True), (100, True), (65, False), (105, False)])
def test_2011_two_the_score_could_be_as_low_as_70_or_as_high_as_100(counters, ok):
    """ "Note that the three cards out of play may be Counters! ... The score could be
    as low as 70 or as high as 100." (the Hasbro 2011 booklet)"""
    record = sheet(
        bidder="seat1",
        bid=50,
        trump="red",
        counters={"declarers": counters - 20, "defenders": 20},
    )
    if ok:
        score_hand(TWO_2011, record, dealer="seat1")
    else:
        with pytest.raises(HandRefused):
            score_hand(TWO_2011, record, dealer="seat1")


def test_2011_two_the_minimum_bid_is_50():
    """ "The minimum bid is 50 points." (the Hasbro 2011 booklet)"""
    record = sheet(bidder="seat1", bid=45, trump="red", counters={"declarers": 60, "defenders": 30})

    with pytest.raises(HandRefused) as refused:
        score_hand(TWO_2011, record, dealer="seat1")

    assert "minimum bid 50" in refused.value.errors["bid"][0]


def test_2011_two_300_points_wins_the_game_for_a_player_and_the_dummy_never_deals():
    """ "Object: 300 points wins the game." (the Hasbro 2011 booklet)"""
    made = sheet(bidder="seat1", bid=100, trump="red", counters={"declarers": 100, "defenders": 0})

    game = replay(TWO_2011, {"seat1": "ann", "seat2": "bob"}, "seat1", [made] * 3)

    assert [h.dealer for h in game.hands] == ["seat1", "seat2", "seat1"]
    assert game.player_totals == {"ann": 300, "bob": 0}
    assert game.status == "finished" and game.winners == ("ann",)


# ---- the 2011 game for three (the Hasbro 2011 booklet) ---------------------------------


def test_2011_three_the_bidder_plays_against_the_other_two_combined():
    """ "the person who wins the bid plays against the other two players, who
    automatically become partners. These two players' scores are combined at the end
    of the hand" (the Hasbro 2011 booklet)."""
    record = sheet(
        bidder="seat3", bid=55, trump="green", counters={"declarers": 50, "defenders": 45}
    )

    result = score_hand(THREE_2011, record, dealer="seat1")

    assert result.seats == {"seat1": 45, "seat2": 45, "seat3": -55}


def test_2011_three_deals_12_each_with_no_dummy_and_200_wins():
    """ "Dealing: Same as the 2-player game, except do not deal a dummy hand. Object:
    200 points wins the game." (the Hasbro 2011 booklet)"""
    dealt = deal(THREE_2011, 4, dealer="seat3")
    made = sheet(bidder="seat1", bid=100, trump="red", counters={"declarers": 100, "defenders": 0})

    game = replay(THREE_2011, {"seat1": "a", "seat2": "b", "seat3": "c"}, "seat3", [made] * 2)

    assert {len(c) for c in dealt.hands.values()} == {12} and len(dealt.out_of_play) == 3
    assert THREE_2011.min_bid == 50
    assert game.winners == ("a",) and game.player_totals == {"a": 200, "b": 0, "c": 0}


def test_2011_games_can_be_chosen_by_slug_with_house_rules():
    assert ruleset_from("two-player-2011", {"target": 500}).target == 500
    assert ruleset_from("three-player-2011").name.startswith("The Game for 3")


# ---- a misdeal found later in the 2011 games ---------------------------------------------

LATE_MISDEAL = {"misdeal": {"found": "later"}}
TWO = {"seat1": "ann", "seat2": "bob"}


@pytest.mark.parametrize("bidder", [None, "seat2"])
def test_2011_three_a_late_misdeal_sets_back_the_dealer_alone(bidder):
    """ "the dealer's partnership is set back 40 points for the error and the other partnership does
    not score" (the Deluxe Rook booklet): the dealer's fellow defender is no partner of the deal and
    loses nothing."""
    record = {**LATE_MISDEAL, **({"bidder": bidder, "bid": 60} if bidder else {})}

    result = score_hand(PRESETS["three-player-2011"], sheet(**record), dealer="seat3")

    assert result.seats == {"seat1": 0, "seat2": 0, "seat3": -40}
    assert "the dealer Seat 3 \u221240" in result.reasons[0].text


def test_2011_two_a_late_misdeal_sets_back_the_dealer_and_not_the_other_player():
    result = score_hand(PRESETS["two-player-2011"], sheet(**LATE_MISDEAL), dealer="seat1")

    game = replay(PRESETS["two-player-2011"], TWO, "seat1", [sheet(**LATE_MISDEAL)])

    assert result.seats["seat1"] == -40 and result.seats["seat2"] == 0
    assert game.player_totals == {"ann": -40, "bob": 0}


def test_2011_three_a_dealer_who_bid_is_set_back_alone_too():
    record = sheet(**LATE_MISDEAL, bidder="seat1", bid=60)

    result = score_hand(PRESETS["three-player-2011"], record, dealer="seat1")

    assert result.seats == {"seat1": -40, "seat2": 0, "seat3": 0}
