"""The card-by-card page for a director (``games/<id>/cards/``): a tap is
checked at once, the finished hand is stored through the ``card_hand`` contract, and
the director's dispute page replays it."""

import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from play import card_entry
from play.models import Hand
from scoring.engine import PRESETS, card_code, check_card_hand, simulate_hand
from tests.factories import PASSWORD, game_for, players_of

pytestmark = pytest.mark.django_db
TOURNAMENT = PRESETS["tournament"]


@pytest.fixture
def director_client(director):
    client = Client()
    client.login(username=director.username, password=PASSWORD)
    return client


def finished_draft(seed, dealer):
    hand = simulate_hand(TOURNAMENT, seed, dealer=dealer)
    record = check_card_hand(TOURNAMENT, hand, dealer=dealer).record
    draft = card_entry.new_draft(TOURNAMENT, dealer)
    for seat in card_entry.deal_order(TOURNAMENT, dealer):
        for card in hand.hands[seat]:
            draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(card))
    draft, _ = card_entry.contract(TOURNAMENT, draft, record.bidder, record.bid, record.trump)
    for card in hand.discards:
        draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(card))
    for trick in hand.tricks:
        for _, card in trick:
            draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(card))
    return draft, record


def test_the_page_is_reachable_from_the_hand_form(director_client, club):
    game = game_for(club, players_of(club, 4))

    page = director_client.get(reverse("game-detail", args=[game.pk])).content.decode()

    assert reverse("game-cards", args=[game.pk]) in page


def test_a_card_dealt_twice_is_refused_on_the_page(director_client, club):
    game = game_for(club, players_of(club, 4))
    url = reverse("game-cards", args=[game.pk])
    draft, _ = card_entry.tap(TOURNAMENT, card_entry.new_draft(TOURNAMENT, "north"), "red-14")

    answer = director_client.post(
        url, {"draft": json.dumps(draft), "action": "tap", "card": "red-14"}
    )

    assert answer.status_code == 400
    assert "The red 14 is dealt already." in answer.content.decode()


def test_a_finished_hand_is_stored_and_the_dispute_page_replays_it(director_client, club):
    game = game_for(club, players_of(club, 4))
    draft, record = finished_draft(5, game.next_dealer)

    answer = director_client.post(
        reverse("game-cards", args=[game.pk]), {"draft": json.dumps(draft), "action": "record"}
    )

    assert answer.status_code == 302
    stored = Hand.objects.get(game=game)
    assert (
        stored.card_hand is not None and stored.record["counters"] == record.to_dict()["counters"]
    )
    replay = director_client.get(reverse("hand-disputed", args=[stored.pk])).content.decode()
    assert "Hand 1, card by card" in replay and "No renege" in replay


def test_the_grid_offers_only_the_hand_of_the_player_to_play(director_client, club):
    game = game_for(club, players_of(club, 4))
    dealer = game.next_dealer
    hand = simulate_hand(TOURNAMENT, 5, dealer=dealer)
    record = check_card_hand(TOURNAMENT, hand, dealer=dealer).record
    draft = card_entry.new_draft(TOURNAMENT, dealer)
    for seat in card_entry.deal_order(TOURNAMENT, dealer):
        for card in hand.hands[seat]:
            draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(card))
    draft, _ = card_entry.contract(TOURNAMENT, draft, record.bidder, record.bid, record.trump)
    for card in hand.discards[:-1]:
        draft, _ = card_entry.tap(TOURNAMENT, draft, card_code(card))

    # The last discard: the page moves on to trick 1.
    answer = director_client.post(
        reverse("game-cards", args=[game.pk]),
        {"draft": json.dumps(draft), "action": "tap", "card": card_code(hand.discards[-1])},
    )

    page = answer.content.decode()
    leader = hand.tricks[0][0][0]
    assert f"Trick 1: {leader.capitalize()} to play" in page
    offered = set(re.findall(r'data-card="([^"]+)"', page))
    after = json.loads(html.unescape(re.search(r'name="draft" value="([^"]*)"', page).group(1)))
    assert offered == set(card_entry.held(after, leader))
    assert len(offered) == TOURNAMENT.cards_per_hand
    assert not offered & {card_code(c) for c in hand.discards}  # buried, never played
