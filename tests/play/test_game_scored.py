"""Scoring tells tournaments about a scored hand by the ``game_scored`` signal, sent
inside the hand's transaction; scoring imports nothing of tournaments."""

import pytest
from django.db import IntegrityError

from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Hand
from play.signals import game_scored
from rookclub.core.errors import Conflict, NotAllowed
from rookclub.core.roles import SYSTEM
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    calls = []

    def listener(sender, game, **kwargs):
        calls.append((game.pk, game.hands.count()))

    game_scored.connect(listener, dispatch_uid="test-listener")
    yield calls
    game_scored.disconnect(dispatch_uid="test-listener")


def test_a_recorded_hand_is_announced_with_the_hand_already_stored(game, scorer, heard):
    hand_record(game=game, data=made_hand(), entered_by=scorer)
    assert heard == [(game.pk, 1)]


def test_a_correction_is_announced_too(game, director, heard):
    hand = hand_record(game=game, data=made_hand(), entered_by=director)
    hand_correct(hand=hand, data=made_hand(ns=90), by=director, reason="typo")
    assert len(heard) == 2


def test_a_refused_hand_is_not_announced(game, scorer, heard):
    with pytest.raises(Exception):  # noqa: B017 - any refusal
        hand_record(game=game, data=made_hand(ns=43), entered_by=scorer)
    assert heard == []


def test_a_receivers_database_error_is_not_reported_as_a_doubled_hand(game, scorer):
    """Only the hand's own insert is read as "already recorded"; a receiver's error
    rolls the hand back and surfaces as itself."""

    def broken(sender, game, **kwargs):
        raise IntegrityError("a bracket constraint")

    game_scored.connect(broken, dispatch_uid="test-broken")
    try:
        with pytest.raises(IntegrityError):
            hand_record(game=game, data=made_hand(), entered_by=scorer)
    finally:
        game_scored.disconnect(dispatch_uid="test-broken")
    assert not Hand.objects.filter(game=game).exists()


def test_a_different_hand_under_a_taken_number_is_still_a_409(game, scorer):
    hand_record(game=game, data=made_hand(), entered_by=scorer, number=1)
    with pytest.raises(Conflict) as refused:
        hand_record(game=game, data=made_hand(ns=90), entered_by=scorer, number=1)
    assert refused.value.code == "hand_number_taken"


@pytest.mark.parametrize("nobody", [None], ids=["None"])
def test_nobody_records_hands_but_system_does(game, nobody):
    with pytest.raises(NotAllowed):
        hand_record(game=game, data=made_hand(), entered_by=nobody)
    assert not Hand.objects.filter(game=game).exists()
    hand = hand_record(game=game, data=made_hand(), entered_by=SYSTEM)
    assert hand.entered_by is None
