import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.factories import game_for, hand_in, players_of


@pytest.fixture
def players(club):
    return players_of(club, 4)


@pytest.fixture
def game(club, players):
    return game_for(club, players)


@pytest.fixture
def api(scorer):
    client = APIClient()
    client.force_authenticate(scorer)
    return client


@pytest.fixture
def director_api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


@pytest.fixture
def fresh_door_cache(settings):
    """Door and table links print the site's address, and their limits count in the
    cache: each test starts with both as a club's hosted site has them."""
    settings.SITE_URL = "https://rook.example.org/"
    cache.clear()
    yield
    cache.clear()


def five_seat_hand_form(number: int = 1) -> dict[str, str]:
    """The table page's form for a made hand at a table of five: Seat 1 bids 40 in red
    and the five players' counters make 100."""
    counters = {"seat1": 50, "seat2": 20, "seat3": 10, "seat4": 10, "seat5": 10}
    return {
        "kind": "hand",
        "number": str(number),
        "bidder": "seat1",
        "bid": "40",
        "trump": "red",
        **{f"counters_{seat}": str(points) for seat, points in counters.items()},
    }


def made_hand(bid=80, ns=85, trump="red", bidder="north", **extra):
    """A hand body: ``bidder`` bids ``bid``; north-south capture ``ns`` of 120."""
    return hand_in(bidder, bid, trump, ns, **extra)


def play_out(game, user, side="north_south"):
    """Record hands until ``game`` is over: ``side`` bids and takes all 120 each hand."""
    from play.hands import hand_record

    bidder = "north" if side == "north_south" else "east"
    ns = 120 if side == "north_south" else 0
    while True:
        game.refresh_from_db()
        if game.is_finished:
            return game
        hand_record(game=game, data=made_hand(bid=120, ns=ns, bidder=bidder), entered_by=user)
