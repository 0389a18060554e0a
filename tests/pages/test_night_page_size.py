"""The night page at 10 and at 64 tables: the same number of queries, the
seating form only for a director before seating, and every form it shows can post."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play import checkins, night_opening, night_seating
from tests.factories import ClubFactory, director_of, players_of

pytestmark = pytest.mark.django_db
MAX_QUERIES = 20  # generous; the real guard is that both sizes run the same number


def night_of(tables: int, *, seat: bool = True):
    club = ClubFactory()
    director = director_of(club)
    players = players_of(club, 4 * tables)
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    if seat:
        night_seating.night_seat(night=night, by=director, seed=1)
    return night, director, players


def get(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response, len(queries)


@pytest.mark.parametrize("seat", [True, False], ids=["seated", "before seating"])
def test_the_night_page_runs_as_many_queries_at_64_tables_as_at_10(
    client, django_assert_max_num_queries, seat
):
    counts = []
    for tables in (10, 64):
        night, director, _ = night_of(tables, seat=seat)
        client.force_login(director)
        get(client, f"/sessions/{night.pk}/")  # the first look makes the tables' links
        with django_assert_max_num_queries(MAX_QUERIES):
            response, count = get(client, f"/sessions/{night.pk}/")
        counts.append(count)
        if seat:
            assert response.content.count(b'class="card table-card"') == tables
    assert counts[0] == counts[1], f"queries at 10 and 64 tables: {counts}"


def test_the_seating_form_is_built_only_before_seating(client):
    night, director, players = night_of(10, seat=False)
    client.force_login(director)

    before = client.get(f"/sessions/{night.pk}/")
    night_seating.night_seat(night=night, by=director, seed=1)
    after = client.get(f"/sessions/{night.pk}/")

    assert before.context["seat_form"].pair_count == 20
    selects = re.findall(rb'<select name="pair_\d+_[ab]"', before.content)
    assert len(selects) == 40
    # Every select lists every player checked in, and a blank first.
    pairs = b"".join(re.findall(rb'<select name="pair_\d+_[ab]".*?</select>', before.content, re.S))
    assert pairs.count(f">{players[7].name}</option>".encode()) == 40
    assert after.context["seat_form"] is None
    assert b'name="pair_1_a"' not in after.content


def test_a_refused_seating_shows_the_chosen_players_again(client):
    night, director, players = night_of(2, seat=False)
    client.force_login(director)
    data = {"method": "fixed", "pair_1_a": players[0].pk, "pair_2_a": players[1].pk}

    response = client.post(f"/sessions/{night.pk}/seat/", data)

    assert response.status_code == 400
    assert b"A pair needs two players." in response.content
    html = response.content.decode()
    first = html[html.index('name="pair_1_a"') :].split("</select>")[0]
    assert f'<option value="{players[0].pk}" selected>' in first
    assert first.count(" selected>") == 1


def test_a_player_who_is_not_here_cannot_be_paired(client):
    night, director, players = night_of(2, seat=False)
    client.force_login(director)
    data = {"method": "fixed", "pair_1_a": players[0].pk, "pair_1_b": 999999}

    response = client.post(f"/sessions/{night.pk}/seat/", data)

    assert response.status_code == 400
    assert b"Select a valid choice. 999999 is not one of the available choices." in (
        response.content
    )


def test_every_form_on_the_directors_night_page_carries_its_csrf_token(client):
    night, director, _ = night_of(3)
    client.force_login(director)

    html = client.get(f"/sessions/{night.pk}/").content.decode()

    forms = re.findall(r'<form method="post".*?</form>', html, re.S)
    assert any("replace-link" in f for f in forms)
    assert forms and all("csrfmiddlewaretoken" in f for f in forms)
