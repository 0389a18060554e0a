"""The pages of a closed club night: the score sheet says why no hand can be recorded
instead of offering a form, the night page says what closing leaves unfinished and
lets a director reopen it, and the standings show unfinished games."""

import datetime
import re

import pytest
import time_machine
from django.test import Client

from play import checkins, night_closing, night_opening, night_seating
from play.hands import hand_record
from play.models import Game, Hand, NightEvent, TableSeating
from tests.factories import players_of
from tests.pages.conftest import hand_body, made_hand

pytestmark = pytest.mark.django_db

# 22:40 on 6 March 2025 in the clubs' time (America/Chicago).
AT_22_40 = datetime.datetime(2025, 3, 7, 4, 40, tzinfo=datetime.UTC)
REFUSAL = "This club night was closed at 22:40; ask the director to reopen it to record more hands."


def close(night, director):
    with time_machine.travel(AT_22_40, tick=False):  # the clock stands at 22:40
        night_closing.night_close(night=night, by=director)


@pytest.fixture
def hand(game, scorer):
    return hand_record(game=game, data=hand_body("north", 80, "red", 85), entered_by=scorer)


# ---- the score-entry page --------------------------------------------------------------------


def test_the_score_sheet_of_a_closed_night_gives_the_reason_instead_of_the_form(
    as_scorer, night, director, game, hand
):
    close(night, director)

    response = as_scorer.get(f"/games/{game.pk}/")

    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="night-closed"' in page and REFUSAL in page
    assert "Record hand" not in page and "Record misdeal" not in page
    assert "Record redeal" not in page and "Dealer:" not in page
    assert 'id="hand-1"' in page  # the sheet itself stays
    assert "Reopen the night" not in page  # a scorer cannot


def test_a_director_on_a_closed_nights_sheet_can_still_confirm_and_correct(
    as_director, night, director, game, hand
):
    close(night, director)

    page = as_director.get(f"/games/{game.pk}/").content.decode()

    assert REFUSAL in page
    assert f'href="/sessions/{night.pk}/#reopen">Reopen the night' in page
    assert 'aria-label="Confirm hand 1"' in page
    assert 'aria-label="Correct hand 1"' in page
    assert "Record hand" not in page


@pytest.mark.parametrize("htmx", [False, True])
def test_posting_a_hand_to_a_closed_night_is_refused_with_the_reason(
    as_scorer, night, director, game, htmx
):
    close(night, director)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}

    response = as_scorer.post(f"/games/{game.pk}/", made_hand(number=1), **headers)

    assert response.status_code == 409
    page = response.content.decode()
    assert page.count(REFUSAL) == 1  # in the banner that replaced the form, not twice
    assert "Record hand" not in page
    assert not Hand.objects.exists()


def test_a_finished_game_of_a_closed_night_shows_game_over_not_unfinished(
    as_scorer, night, director, game, scorer
):
    for _ in range(3):
        hand_record(game=game, data=hand_body("north", 120, "red", 120), entered_by=scorer)
    close(night, director)

    page = as_scorer.get(f"/games/{game.pk}/").content.decode()

    assert "Game over" in page
    assert 'id="night-closed"' not in page


def test_a_correction_on_a_closed_night_goes_through_the_page(as_director, night, director, hand):
    close(night, director)
    data = {**made_hand(ns=75), "reason": "nest miscounted"}

    response = as_director.post(f"/hands/{hand.pk}/correct/", data, follow=True)

    assert b"Hand 1 corrected" in response.content
    assert Hand.objects.get(pk=hand.pk).score_ns == -80


# ---- the night page ---------------------------------------------------------------------------


def test_before_closing_the_director_is_told_which_tables_are_still_playing(
    as_director, night, game, scorer
):
    for _ in range(3):
        hand_record(game=game, data=hand_body("north", 120, "red", 120), entered_by=scorer)

    page = as_director.get(f"/sessions/{night.pk}/").content.decode()

    assert 'id="still-playing"' in page
    assert "Still playing: tables 2, 3. Closing now leaves those games unfinished" in page


def test_closing_says_how_many_games_were_left_unfinished(as_director, night):
    response = as_director.post(f"/sessions/{night.pk}/close/", follow=True)

    assert b"The club night is closed. 3 games were not finished" in response.content
    assert Game.objects.filter(night=night, status="in_progress").count() == 3


def test_a_closed_night_page_shows_the_time_unfinished_tables_and_its_history(
    client, night, director
):
    close(night, director)

    page = client.get(f"/sessions/{night.pk}/").content.decode()

    assert '<span class="status-closed">Closed</span>' in page
    assert '<span id="closed-at">at 22:40</span>' in page
    assert 'id="closed-note"' in page
    assert page.count(">unfinished</span>") == 3
    assert "Sheet of table 1" in page and "Score table 1" not in page
    # A public page names people by full name, never by username.
    assert "Closed by a club member at 22:40" in page and "dana" not in page
    assert "(3 unfinished games)" in page
    assert "Reopen the night" not in page  # a visitor cannot


def test_a_director_reopens_the_night_from_its_page(as_director, night, director, game):
    close(night, director)
    assert b'id="reopen"' in as_director.get(f"/sessions/{night.pk}/").content

    response = as_director.post(
        f"/sessions/{night.pk}/reopen/", {"reason": "table 1's last hand"}, follow=True
    )

    night.refresh_from_db()
    assert night.status == "open"
    page = response.content.decode()
    assert "The club night is open again" in page
    assert "Reopened by a club member" in page and "table 1&#x27;s last hand" in page
    assert "Close the night" in page
    assert "Record hand 1" in as_director.get(f"/games/{game.pk}/").content.decode()


def test_a_scorer_cannot_reopen_the_night(as_scorer, night, director):
    close(night, director)

    response = as_scorer.post(f"/sessions/{night.pk}/reopen/", follow=True)

    assert b"Only a director of the club can do this." in response.content
    night.refresh_from_db()
    assert night.status == "closed"
    assert not NightEvent.objects.filter(action="reopened").exists()


def test_reopening_an_open_night_is_a_message_not_an_error_page(as_director, night):
    response = as_director.post(f"/sessions/{night.pk}/reopen/", follow=True)

    assert response.status_code == 200
    assert b"This club night is open already." in response.content


# ---- standings and the player page --------------------------------------------------------


def test_the_night_standings_show_unfinished_games(client, night, director, game, hand):
    close(night, director)

    page = client.get(f"/sessions/{night.pk}/standings/").content.decode()

    assert "3 games · 3 unfinished" in page
    assert ">Unfinished</th>" in page
    assert "not played to the end when the night closed" in page


def test_the_player_page_calls_a_game_left_at_close_unfinished(client, night, director, game):
    player = game.seats.get(seat="north").player
    client.force_login(director)  # a player's page is for the club's members
    assert b"playing" in client.get(f"/players/{player.pk}/").content
    close(night, director)

    page = client.get(f"/players/{player.pk}/").content.decode()

    assert ">unfinished</span>" in page


# ---- a player's phone at the door ------------------------------------------------------------


def door_words(client, night) -> str:
    """The seat card of the door page on this phone, in words."""
    page = client.get(f"/n/{night.door_key}/").content.decode()
    card = page.split('id="door-seat"', 1)[1].split("</section>", 1)[0]
    return " ".join(re.sub(r"<[^>]+>", " ", card).split())


@pytest.mark.parametrize("where", ["sitting out", "at a table"])
def test_a_closed_night_tells_the_phone_at_the_door_the_night_is_over(
    client, club, director, where
):
    players = players_of(club, 9)
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=4)
    seated = {i for t in TableSeating.objects.filter(round__night=night) for i in t.player_ids()}
    player = next(p for p in players if (p.pk in seated) == (where == "at a table"))
    desk = Client()  # checked in at the desk: the director lets a phone follow the player
    desk.force_login(director)
    desk.post(f"/sessions/{night.pk}/door-release/", {"player": player.pk})
    client.post(f"/n/{night.door_key}/", {"player": player.pk})
    assert "The club night is over." not in door_words(client, night)

    close(night, director)

    words = door_words(client, night)
    assert "The club night is over." in words
    assert "sit out" not in words and "Score table" not in words
