"""A completed score sheet speaks its table's own seats: at a table of five (each player
for themselves) it names the five seats and their players, and asks for no North-South
or East-West signature."""

import pytest
from django.test import Client
from django.urls import reverse

from play.hands import hand_record
from play.services import game_start
from tests.factories import PASSWORD, players_of
from tests.print.conftest import pdf_text

pytestmark = pytest.mark.django_db

COMPASS = ("North", "East", "South", "West", "N–S", "E–W")


def test_the_completed_sheet_of_a_table_of_five_names_its_seats(club, director):
    five = players_of(club, 5)
    seats = {f"seat{i}": p for i, p in enumerate(five, start=1)}
    game = game_start(ruleset="five-player", seats=seats, dealer="seat1", created_by=director)
    counters = {"seat1": 50, "seat2": 20, "seat3": 10, "seat4": 10, "seat5": 10}
    hand_record(
        game=game,
        data={"bidder": "seat1", "bid": 40, "trump": "red", "counters": counters},
        entered_by=director,
    )
    client = Client()
    client.login(username=director.username, password=PASSWORD)

    sheet = client.get(reverse("print-game-sheet", args=[game.pk]))
    text = pdf_text(b"".join(sheet.streaming_content) if sheet.streaming else sheet.content)

    for word in COMPASS:
        assert word.upper() not in text.upper(), text
    for n, player in enumerate(five, start=1):
        assert f"S{n} {player.name}" in text, text
    assert "Score sheet — as recorded" in text
