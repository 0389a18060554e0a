"""The rules of the card-by-card page (``play.card_entry``): a Tournament Rook hand
tapped in card by card, refusing a card the player does not hold and naming a renege
the moment it is played; the finished draft is the API's ``card_hand``."""

from play import card_entry
from scoring.engine import PRESETS, card_code, check_card_hand, simulate_hand

TOURNAMENT = PRESETS["tournament"]


def tapped(hand, dealer="north"):
    """A simulated hand, tapped in as a table would."""
    draft = card_entry.new_draft(TOURNAMENT, dealer)
    for seat in card_entry.deal_order(TOURNAMENT, dealer):
        for card in hand.hands[seat]:
            draft, message = card_entry.tap(TOURNAMENT, draft, card_code(card))
            assert message is None
    record = check_card_hand(TOURNAMENT, hand, dealer=dealer).record  # simulated: an auction
    draft, _ = card_entry.contract(TOURNAMENT, draft, record.bidder, record.bid, record.trump)
    for card in hand.discards:
        draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(card))
    return draft


def test_a_whole_hand_tapped_in_is_the_card_hand_the_engine_checks():
    hand = simulate_hand(TOURNAMENT, 11, dealer="north")
    draft = tapped(hand)
    assert sorted(draft["nest"]) == sorted(card_code(c) for c in hand.nest)
    for trick in hand.tricks:
        for seat, card in trick:
            assert card_entry.to_play(TOURNAMENT, draft) == seat
            draft, message = card_entry.tap(TOURNAMENT, draft, card_code(card))
            assert message is None

    assert draft["stage"] == card_entry.DONE
    result = check_card_hand(TOURNAMENT, _as_card_hand(draft), dealer="north")
    assert result.reneges == ()
    simulated = check_card_hand(TOURNAMENT, hand, dealer="north").record
    assert result.record.bid == simulated.bid and result.record.bidder == simulated.bidder
    assert result.record.counters == simulated.counters


def _as_card_hand(draft):
    from scoring.engine import CardHand

    return CardHand.from_dict(card_entry.card_hand(draft))


def test_a_card_not_in_the_players_hand_is_refused():
    hand = simulate_hand(TOURNAMENT, 11, dealer="north")
    draft = tapped(hand)
    leader = card_entry.to_play(TOURNAMENT, draft)
    other = next(s for s in TOURNAMENT.seats if s != leader)
    foreign = card_entry.held(draft, other)[0]

    after, message = card_entry.tap(TOURNAMENT, draft, foreign)

    colour, rank = foreign.split("-") if foreign != "bird" else ("", "")
    words = f"The {colour} {rank}" if rank else "The Rook Bird"
    assert message == f"{words} is not in {leader.capitalize()}'s hand."
    assert after["tricks"] == draft["tricks"]


def test_a_renege_is_named_the_moment_it_is_played():
    """ "If a player 'reneges' by playing a card of a different color when he or she
    could have followed suit" (seed 001): the page takes the card and says so."""
    for seed in range(50):
        hand = simulate_hand(TOURNAMENT, seed, dealer="north")
        draft = tapped(hand)
        leader = card_entry.to_play(TOURNAMENT, draft)
        led = hand.tricks[0][0][1]
        draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(led))
        second = card_entry.to_play(TOURNAMENT, draft)
        cards = card_entry.held(draft, second)
        trump = draft["trump"]
        same = [c for c in cards if c.split("-")[0] == led.colour and led.colour != trump]
        off = [c for c in cards if c.split("-")[0] not in (led.colour, trump) and c != "bird"]
        if same and off and leader != second:
            draft, message = card_entry.tap(TOURNAMENT, draft, off[0])
            colour, rank = off[0].split("-")
            assert message == (
                f"Renege: {second.capitalize()} played the {colour} {rank} in trick 1"
                f" and could have followed {led.colour}."
            )
            assert draft["reneges"] == [[1, second, off[0]]]
            return
    raise AssertionError("no deal gave a chance to renege")


def test_the_player_to_play_is_offered_exactly_the_cards_they_still_hold():
    hand = simulate_hand(TOURNAMENT, 11, dealer="north")
    draft = tapped(hand)
    buried = set(draft["discards"])
    for trick in hand.tricks:
        for seat, card in trick:
            offered = card_entry.playable(TOURNAMENT, draft, seat)
            assert sorted(offered) == sorted(card_entry.held(draft, seat))
            assert not buried & set(offered)  # the declarer's discards are never played
            draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(card))
    first = hand.tricks[0][0][0]
    assert len(card_entry.playable(TOURNAMENT, tapped(hand), first)) == TOURNAMENT.cards_per_hand


def test_a_hand_not_entered_is_offered_what_nobody_else_holds_nor_buried():
    hand = simulate_hand(TOURNAMENT, 11, dealer="north")
    draft = tapped(hand)
    leader = card_entry.to_play(TOURNAMENT, draft)
    unknown = {**draft, "hands": {**draft["hands"], leader: []}}

    offered = set(card_entry.playable(TOURNAMENT, unknown, leader))

    assert not offered & set(draft["discards"])
    others = {c for s in TOURNAMENT.seats if s != leader for c in card_entry.held(draft, s)}
    assert not offered & others
    assert set(card_entry.held(draft, leader)) <= offered


def dealt(hand, rules=TOURNAMENT, dealer="north"):
    draft = card_entry.new_draft(rules, dealer)
    for seat in card_entry.deal_order(rules, dealer):
        for card in hand.hands[seat]:
            draft, message = card_entry.tap(rules, draft, card_code(card))
            assert message is None
    return draft


def test_the_auction_is_called_in_turn_and_gives_the_declarer_and_the_contract():
    hand = simulate_hand(TOURNAMENT, 11, dealer="north")
    draft = dealt(hand)
    assert draft["stage"] == card_entry.AUCTION
    for bid in hand.calls:
        draft, message = card_entry.call(TOURNAMENT, draft, bid)
        assert message is None
    record = check_card_hand(TOURNAMENT, hand, dealer="north").record

    assert draft["stage"] == card_entry.CONTRACT
    assert (draft["bidder"], draft["bid"]) == (record.bidder, record.bid)
    # Only trump is asked now: a declarer or bid given is the auction's.
    draft, message = card_entry.contract(TOURNAMENT, draft, "west", 999, record.trump)
    assert message is None and (draft["bidder"], draft["bid"]) == (record.bidder, record.bid)
    for card in hand.discards:
        draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(card))
    for trick in hand.tricks:
        for _, card in trick:
            draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(card))
    assert card_entry.card_hand(draft)["calls"] == list(hand.calls)
    checked = check_card_hand(TOURNAMENT, _as_card_hand(draft), dealer="north")
    assert checked.record.counters == record.counters


def test_a_bid_too_low_is_refused_in_words():
    draft = dealt(simulate_hand(TOURNAMENT, 11, dealer="north"))
    first = card_entry.auction(TOURNAMENT, draft).next_to_call

    after, message = card_entry.call(TOURNAMENT, draft, TOURNAMENT.min_bid - TOURNAMENT.bid_step)

    assert after["calls"] == []
    assert message == (
        f"{first.capitalize()} may bid {TOURNAMENT.min_bid} to {TOURNAMENT.highest_bid}"
        f" in steps of {TOURNAMENT.bid_step}, or pass."
    )


def test_a_game_with_a_called_partner_asks_for_the_called_card():
    rules = PRESETS["call-your-partner"]
    hand = simulate_hand(rules, 3, dealer="seat1")
    draft = dealt(hand, rules, "seat1")
    for bid in hand.calls:
        draft, _ = card_entry.call(rules, draft, bid)
    assert draft["stage"] == card_entry.CONTRACT

    refused, message = card_entry.contract(rules, draft, "", 0, rules.trump_names[0])
    assert message == "Choose the card the declarer calls." and refused is draft
    done, message = card_entry.contract(rules, draft, "", 0, rules.trump_names[0], "red-14")

    assert message is None and done["called_card"] == "red-14"
    assert card_entry.card_hand(done)["called_card"] == "red-14"
