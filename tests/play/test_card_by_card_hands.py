"""A hand given card by card through ``POST /api/v1/games/{id}/hands/``: checked by
the engine's card-level checker, scored, stored with its card record, and the renege
it shows named (who, which trick, which card)."""

import pytest

from play.corrections import hand_correct
from play.models import Hand, HandResult, Irregularity
from scoring.engine import card_code, check_card_hand, score_hand
from tests.factories import hand_in
from tests.play.card_hands import TOURNAMENT, played_hand, reneging_hand

pytestmark = pytest.mark.django_db


def post(api, game, body):
    return api.post(f"/api/v1/games/{game.pk}/hands/", body, format="json")


def test_a_hand_given_card_by_card_is_checked_scored_and_stored(api, game, players):
    card_hand = played_hand(dealer="north")
    derived = check_card_hand(TOURNAMENT, card_hand, dealer="north").record
    response = post(api, game, {"number": 1, "card_hand": card_hand.to_dict()})
    assert response.status_code == 201, response.json()
    hand = response.json()
    assert hand["record"] == derived.to_dict()
    assert hand["bidder"] == derived.bidder and hand["bid"] == derived.bid
    assert hand["trump"] == derived.trump
    expected = score_hand(TOURNAMENT, derived, dealer="north").sides
    assert hand["score"] == dict(expected)
    assert hand["renege"] is None
    assert hand["card_hand"] == card_hand.to_dict()
    stored = Hand.objects.get(pk=hand["id"])
    assert stored.card_hand == card_hand.to_dict()
    assert HandResult.objects.filter(hand=stored).count() == 4
    # The game's sheet answers it the same way.
    sheet = api.get(f"/api/v1/games/{game.pk}/").json()
    assert sheet["hands"][0]["card_hand"] == card_hand.to_dict()
    assert sheet["totals"] == dict(expected)


def test_a_renege_in_the_tricks_is_named_and_sets_the_reneging_side_back_the_bid(api, game):
    """docs/rules.md §5: "Renege ... Found later: the hand ends; the side that reneged is set
    back the full bid, whoever bid; the other side scores the counters it had captured"."""
    card_hand, trick, seat, card = reneging_hand(dealer="north")
    result = check_card_hand(TOURNAMENT, card_hand, dealer="north")
    response = post(api, game, {"number": 1, "card_hand": card_hand.to_dict()})
    assert response.status_code == 201, response.json()
    hand = response.json()
    assert hand["renege"] == {
        "seat": seat,
        "found": "later",
        "trick": trick,
        "card": card_code(card),
    }
    offenders = "north_south" if seat in ("north", "south") else "east_west"
    assert hand["score"][offenders] == -result.contract
    renege = Irregularity.objects.get(hand_id=hand["id"], kind="renege")
    assert (renege.seat, renege.details["trick"], renege.details["card"]) == (
        seat,
        trick,
        card_code(card),
    )
    assert renege.points == result.contract


def test_a_card_the_player_does_not_hold_is_refused_and_nothing_stored(api, game):
    data = played_hand(dealer="north").to_dict()
    data["tricks"][0][1][1] = data["discards"][0]  # a card laid away in the nest
    response = post(api, game, {"number": 1, "card_hand": data})
    assert response.status_code == 400
    messages = response.json()["card_hand.tricks"]
    assert any("a card they do not hold" in m for m in messages), messages
    assert not Hand.objects.filter(game=game).exists()


def test_a_card_hand_dealt_by_the_wrong_dealer_is_refused(api, game):
    data = played_hand(dealer="east").to_dict()  # the game's first dealer is north
    response = post(api, game, {"number": 1, "card_hand": data})
    assert response.status_code == 400
    assert "card_hand.dealer" in response.json()


def test_a_malformed_card_hand_names_its_field(api, game):
    response = post(api, game, {"number": 1, "card_hand": {"hands": "all of them"}})
    assert response.status_code == 400
    assert "card_hand.hands" in response.json()


def test_a_card_hand_comes_alone(api, game):
    body = {"number": 1, "bid": 80, "card_hand": played_hand(dealer="north").to_dict()}
    response = post(api, game, body)
    assert response.status_code == 400
    assert response.json()["bid"] == ["a hand given card by card comes alone, under card_hand"]
    assert not Hand.objects.filter(game=game).exists()


def test_the_same_card_hand_posted_again_under_its_number_is_not_stored_twice(api, game):
    data = played_hand(dealer="north").to_dict()
    first = post(api, game, {"number": 1, "card_hand": data})
    again = post(api, game, {"number": 1, "card_hand": data})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert Hand.objects.filter(game=game).count() == 1


def test_a_score_sheet_hand_under_a_card_hands_number_is_a_conflict(api, game):
    card_hand = played_hand(dealer="north")
    record = check_card_hand(TOURNAMENT, card_hand, dealer="north").record.to_dict()
    assert post(api, game, {"number": 1, "card_hand": card_hand.to_dict()}).status_code == 201
    assert post(api, game, {"number": 1, **record}).status_code == 409


def test_the_second_hand_is_checked_against_the_next_dealer(api, game):
    assert (
        post(api, game, {"number": 1, "card_hand": played_hand("north").to_dict()}).status_code
        == 201
    )
    response = post(api, game, {"number": 2, "card_hand": played_hand("east", seed=2).to_dict()})
    assert response.status_code == 201, response.json()
    assert response.json()["dealer"] == "east"


def test_a_correction_replaces_the_card_record_and_keeps_it_in_the_history(game, director, api):
    card_hand = played_hand(dealer="north")
    hand_id = post(api, game, {"number": 1, "card_hand": card_hand.to_dict()}).json()["id"]
    hand = Hand.objects.get(pk=hand_id)
    hand_correct(hand=hand, data=hand_in(), by=director, reason="the tricks were misheard")
    hand.refresh_from_db()
    assert hand.card_hand is None
    assert hand.corrections.get().before["card_hand"] == card_hand.to_dict()
