"""The score-entry page asks only what the ruleset has: Beginner Rook has
no auction, so no Declarer and no Bid."""

import pytest
from django.test import Client

from play.models import Hand
from tests.factories import game_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def page(scorer):
    client = Client()
    client.force_login(scorer)
    return client


def test_a_beginner_game_page_asks_for_no_declarer_and_no_bid(page, club, players):
    """Seed 001, The Beginner Game: "Play ROOK without bidding for trump or using the
    nest"; "Turn over the top card of the nest – that color will be trump"."""
    game = game_for(club, players, ruleset="beginner")

    html = page.get(f"/games/{game.pk}/").content.decode()

    assert "<legend>Declarer</legend>" not in html
    assert 'name="bidder"' not in html and 'name="bid"' not in html
    assert "<legend>Trump</legend>" in html and 'name="counters_north"' in html


def test_a_game_with_an_auction_still_asks_for_declarer_and_bid(page, club, players):
    game = game_for(club, players, ruleset="tournament")

    html = page.get(f"/games/{game.pk}/").content.decode()

    assert "<legend>Declarer</legend>" in html
    assert 'name="bidder"' in html and 'name="bid"' in html


def test_a_beginner_hand_is_recorded_from_the_page_without_a_bid(page, club, players):
    """A bid posted anyway (an old page) is not sent on: the hand is Beginner's."""
    game = game_for(club, players, ruleset="beginner")
    counters = {"counters_north": 10, "counters_east": 6, "counters_south": 4, "counters_west": 4}

    answer = page.post(
        f"/games/{game.pk}/",
        {"kind": "hand", "number": 1, "trump": "red", "bidder": "north", "bid": 80, **counters},
    )

    assert answer.status_code in (200, 302), answer.content.decode()[:500]
    hand = Hand.objects.get(game=game)
    assert hand.record == {
        "trump": "red",
        "counters": {"north": 10, "east": 6, "south": 4, "west": 4},
    }
    assert hand.bidder is None and hand.bid is None
