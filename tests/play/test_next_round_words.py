"""The "Next round" message says the room's round: a table that started a new game with the
sit-outs coming in stayed in round 1, so the room's next seating is round 2."""

import datetime

import pytest
from django.test import Client

from play.checkins import night_check_in
from play.models import Game
from play.night_opening import night_open
from play.night_seating import night_seat
from play.table_games import table_next_game
from tests.factories import PASSWORD, players_of
from tests.play.conftest import play_out

pytestmark = pytest.mark.django_db


def test_next_round_after_a_new_game_at_a_table_is_round_two(club, director):
    night = night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    night_check_in(night=night, players=players_of(club, 5), by=director)  # one sits out
    night_seat(night=night, by=director, seed=1)
    first = Game.objects.get(night=night)
    play_out(first, director)
    table_next_game(table=first.table_seating, by=director)  # the sit-out comes in
    play_out(Game.objects.get(night=night, status="in_progress"), director)
    client = Client()
    client.login(username=director.username, password=PASSWORD)

    page = client.post(f"/sessions/{night.pk}/next-round/", follow=True).content.decode()

    assert "Round 2 seated" in page
    assert "Round 3" not in page
