"""Fixtures for page tests: a club with a director, a scorer and a seated club night."""

import datetime

import pytest

from play import checkins, night_opening, night_seating
from play.models import Game
from tests.factories import hand_fields, hand_in, players_of


@pytest.fixture
def twelve(club):
    return players_of(club, 12)


@pytest.fixture
def night(club, director, twelve):
    """A club night with twelve players checked in and seated at three tables."""
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=twelve, by=director)
    night_seating.night_seat(night=night, by=director, seed=4)
    return night


@pytest.fixture
def game(night):
    """Table 1's game."""
    return Game.objects.get(night=night, table_seating__table=1)


@pytest.fixture
def as_scorer(client, scorer):
    client.force_login(scorer)
    return client


@pytest.fixture
def as_director(client, director):
    client.force_login(director)
    return client


def made_hand(bid=80, ns=85, trump="red", bidder="north", number=None):
    """The score-entry form's fields for an ordinary hand; NS capture ``ns`` of 120."""
    return hand_fields(hand_in(bidder, bid, trump, ns), number)


def hand_body(bidder: str, bid: int, trump: str, ns: int) -> dict:
    """A hand as the services take it (the REST body); NS capture ``ns`` of 120."""
    return hand_in(bidder, bid, trump, ns)
