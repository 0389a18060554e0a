"""Exactly once: the same hand posted again under its number (a phone that lost the
answer, its offline outbox sending again) returns the stored hand instead of a 409;
a different hand under a taken number stays a 409 (services and API)."""

import datetime

import pytest
import time_machine

from play.checkins import night_check_in
from play.hands import hand_record, hand_recording
from play.models import Game, Hand
from play.night_closing import night_close
from play.night_opening import night_open
from play.night_seating import night_seat
from play.signals import game_scored
from rookclub.core.errors import Conflict
from tests.factories import players_of, redeal_in
from tests.play.conftest import made_hand, play_out

pytestmark = pytest.mark.django_db


def hands_url(game):
    return f"/api/v1/games/{game.pk}/hands/"


@pytest.fixture
def heard():
    calls = []

    def listener(sender, game, **kwargs):
        calls.append(game.pk)

    game_scored.connect(listener, dispatch_uid="test-exactly-once")
    yield calls
    game_scored.disconnect(dispatch_uid="test-exactly-once")


# ---- services -----------------------------------------------------------------------------


def test_the_same_hand_again_under_its_number_returns_the_stored_hand(game, scorer, heard):
    first = hand_recording(game_id=game.pk, data=made_hand(), entered_by=scorer, number=1)

    again = hand_recording(game_id=game.pk, data=made_hand(), entered_by=scorer, number=1)

    assert again.hand.pk == first.hand.pk
    assert again.replayed is True
    assert first.replayed is False
    assert Hand.objects.filter(game=game).count() == 1
    assert heard == [game.pk]  # the retry announces nothing: nothing changed
    game.refresh_from_db()
    assert game.totals == {"north_south": 85, "east_west": 35}


def test_the_record_is_compared_as_the_engine_normalizes_it(game, scorer):
    """The same hand written differently (no penalties vs an empty list) is the same hand."""
    hand_record(game=game, data=made_hand(), entered_by=scorer, number=1)

    again = hand_recording(
        game_id=game.pk, data=made_hand(penalties=[]), entered_by=scorer, number=1
    )

    assert again.replayed is True


def test_an_older_hand_replayed_after_later_hands_is_still_the_same_hand(game, scorer):
    first = hand_record(game=game, data=made_hand(), entered_by=scorer, number=1)
    hand_record(game=game, data=made_hand(bidder="east", ns=40), entered_by=scorer, number=2)

    again = hand_record(game=game, data=made_hand(), entered_by=scorer, number=1)

    assert again.pk == first.pk
    assert Hand.objects.filter(game=game).count() == 2


@pytest.mark.parametrize(
    "other",
    [
        made_hand(ns=90),
        made_hand(bid=85),
        made_hand(trump="green"),
        redeal_in("all_passed"),
    ],
    ids=["counters", "bid", "trump", "a redeal"],
)
def test_a_different_hand_under_a_taken_number_is_a_409(game, scorer, other):
    hand_record(game=game, data=made_hand(), entered_by=scorer, number=1)

    with pytest.raises(Conflict) as refused:
        hand_record(game=game, data=other, entered_by=scorer, number=1)

    assert refused.value.code == "hand_number_taken"
    assert refused.value.message == "Hand 1 is already recorded; the next hand is 2."
    assert Hand.objects.filter(game=game).count() == 1


def test_the_same_hand_from_another_person_is_a_409(game, scorer, director):
    """Two phones at the table recording the same hand: the second is told it is taken."""
    hand_record(game=game, data=made_hand(), entered_by=director, number=1)

    with pytest.raises(Conflict) as refused:
        hand_record(game=game, data=made_hand(), entered_by=scorer, number=1)

    assert refused.value.code == "hand_number_taken"


def test_without_a_number_the_same_hand_is_a_new_hand(game, scorer):
    hand_record(game=game, data=made_hand(), entered_by=scorer)
    hand_record(game=game, data=made_hand(), entered_by=scorer)
    assert Hand.objects.filter(game=game).count() == 2


def test_the_winning_hand_retried_after_the_game_ended_is_not_refused(game, scorer):
    """The lost answer may be the game's last: the retry must not read 'game over'."""
    play_out(game, scorer)
    last = game.hands.order_by("number").last()

    again = hand_recording(game_id=game.pk, data=last.record, entered_by=scorer, number=last.number)

    assert again.hand.pk == last.pk and again.replayed
    with pytest.raises(Conflict) as refused:
        hand_record(game=game, data=made_hand(), entered_by=scorer, number=last.number + 1)
    assert refused.value.code == "game_finished"


def test_a_hand_retried_after_the_night_closed_is_not_refused(club, director, scorer):
    night = night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seat(night=night, by=director, seed=3)
    game = Game.objects.get(night=night)
    first = hand_record(game=game, data=made_hand(), entered_by=scorer, number=1)
    with time_machine.travel(datetime.datetime(2025, 3, 7, 4, 40, tzinfo=datetime.UTC), tick=False):
        night_close(night=night, by=director)

    again = hand_recording(game_id=game.pk, data=made_hand(), entered_by=scorer, number=1)
    assert again.hand.pk == first.pk and again.replayed
    with pytest.raises(Conflict) as refused:
        hand_record(game=game, data=made_hand(ns=90), entered_by=scorer, number=1)
    # A different hand: the night's closing is the reason that matters.
    assert refused.value.code == "session_closed"


# ---- API ----------------------------------------------------------------------------------


def test_the_api_answers_an_identical_retry_200_with_the_same_hand(api, game):
    first = api.post(hands_url(game), {**made_hand(), "number": 1}, format="json")
    retry = api.post(hands_url(game), {**made_hand(), "number": 1}, format="json")

    assert first.status_code == 201
    assert retry.status_code == 200
    assert retry.json()["id"] == first.json()["id"]
    assert retry.json()["number"] == 1
    assert Hand.objects.filter(game=game).count() == 1


def test_the_api_answers_a_different_hand_under_a_taken_number_409(api, game):
    api.post(hands_url(game), {**made_hand(), "number": 1}, format="json")

    response = api.post(hands_url(game), {**made_hand(ns=90), "number": 1}, format="json")

    assert response.status_code == 409
    assert "number" in response.json()
    assert Hand.objects.filter(game=game).count() == 1
