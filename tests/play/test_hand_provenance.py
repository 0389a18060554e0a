"""How each hand came in and how it was confirmed, said the same everywhere: the API's
read-only fields, the sheet, the correction history and the night's CSV; a corrected
hand is unconfirmed in every one of them."""

import csv
import datetime
import io

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from play import table_links
from play.checkins import night_check_in
from play.confirmations import hand_confirm
from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Game, Hand
from play.night_opening import night_open
from play.night_seating import night_seat
from play.permissions import TableActor
from tests.factories import players_of
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(club, director):
    cache.clear()
    night = night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seat(night=night, by=director, seed=7)
    link = table_links.links_for(club=club, kind="night", night=night, numbers=[1])[1]
    state = table_links.resolve(link.key)
    return night, link, state.game


def link_actor(link, game, side):
    return TableActor(link, game.pk, side)


def hands_of(client, game):
    return client.get(f"/api/v1/games/{game.pk}/").json()["hands"]


def test_the_api_says_a_table_link_hand_came_in_and_was_confirmed_through_the_link(
    table, director_api
):
    _night, link, game = table
    hand = hand_record(
        game=game, data=made_hand(), entered_by=link_actor(link, game, "north_south")
    )
    (out,) = hands_of(director_api, game)
    assert out["entered_how"] == "via table link (North-South)"
    assert out["entered_side"] == "north_south"
    assert out["entered_at"]
    assert (out["confirmed_how"], out["confirmed_side"], out["confirmed_at"]) == (None, None, None)

    hand_confirm(hand=hand, by=link_actor(link, game, "east_west"))

    (out,) = hands_of(director_api, game)
    assert out["confirmed_how"] == "via table link (East-West)"
    assert out["confirmed_side"] == "east_west"
    assert out["confirmed_at"]


def test_a_person_is_named_by_full_name_and_a_new_hands_answer_says_the_same(game, scorer, api):
    scorer.first_name, scorer.last_name = "Ann", "Lee"
    scorer.save()

    posted = api.post(f"/api/v1/games/{game.pk}/hands/", made_hand(number=1), format="json")

    assert posted.status_code == 201, posted.json()
    assert posted.json()["entered_how"] == "by Ann Lee"
    assert posted.json()["entered_side"] is None
    (read,) = hands_of(api, game)
    assert {k: read[k] for k in ("entered_how", "entered_at", "confirmed_how")} == {
        k: posted.json()[k] for k in ("entered_how", "entered_at", "confirmed_how")
    }


def test_a_corrected_hand_is_unconfirmed_in_the_api_the_sheet_and_the_csv(
    table, director, director_api
):
    night, link, game = table
    hand = hand_record(
        game=game, data=made_hand(), entered_by=link_actor(link, game, "north_south")
    )
    hand_confirm(hand=hand, by=link_actor(link, game, "east_west"))

    hand_correct(hand=hand, data=made_hand(ns=80), by=director, reason="nest miscounted")

    stored = Hand.objects.get(pk=hand.pk)
    assert (stored.confirmed_at, stored.confirmed_via, stored.confirmed_side) == (None, None, "")
    (out,) = hands_of(director_api, game)
    assert (out["confirmed"], out["confirmed_how"], out["confirmed_side"]) == (False, None, None)
    assert out["entered_how"] == "via table link (North-South)"
    correction = stored.corrections.get()
    assert correction.before["confirmed_how"] == "via table link (East-West)"
    assert correction.after["confirmed_how"] is None

    client = APIClient()
    client.force_authenticate(director)
    client.force_login(director)
    sheet = client.get(f"/games/{game.pk}/").content.decode()
    history = client.get(f"/hands/{hand.pk}/correct/").content.decode()
    rows = list(
        csv.DictReader(
            io.StringIO(client.get(f"/sessions/{night.pk}/hands.csv").content.decode("utf-8-sig"))
        )
    )

    assert '<dd class="entered-how">entered via table link (North-South)</dd>' in sheet
    assert "corrected — waiting for confirmation" in sheet
    assert "via table link (East-West)" not in sheet.split('<h2 id="sheet-heading"')[1]
    assert "Entered via table link (North-South)" in history
    assert "confirmed via table link (East-West)" in history  # the before column
    assert rows[0]["entered by"] == "table link (North-South)"
    assert (rows[0]["confirmed by"], rows[0]["confirmed at"]) == ("", "")
    assert Game.objects.count() == 1
