"""Tournament round tables' links: listed per round, record in the match's game,
stop recording when the round is over, replaced by a director."""

import datetime
import re
from html import unescape

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from play import night_opening, night_seating
from play.checkins import night_check_in
from play.models import Hand, TableLink
from play.table_links import links_for
from tests.factories import (
    ClubFactory,
    director_of,
    hand_fields,
    hand_in,
    member_of,
    players_of,
    scorer_of,
)
from tests.tournaments.conftest import make_event

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = "https://rook.example.org/"
    cache.clear()


@pytest.fixture
def event(club, director):
    return make_event(club, director, "round_robin", 4, options={"round_clock": {"hands": 2}})


@pytest.fixture
def rnd(event):
    return event.round_set.order_by("number").first()


def tables(client, rnd):
    response = client.get(f"/api/v1/rounds/{rnd.pk}/tables/")
    assert response.status_code == 200, response.content
    return {row["number"]: row for row in response.json()}


def start_game(api, rnd, table):
    match = rnd.matches.get(table=table)
    response = api.post(f"/api/v1/matches/{match.pk}/games/")
    assert response.status_code == 201, response.json()
    return response.json()["game"]


def test_a_round_lists_its_tables_with_players_and_links(api, rnd):
    rows = tables(api, rnd)

    assert sorted(rows) == [1, 2]
    assert rows[1]["game"] is None
    assert set(rows[1]["players"]) == {"north", "east", "south", "west"}
    assert rows[1]["url"] == f"https://rook.example.org/t/{rows[1]['key']}/"


def test_a_scorer_lists_the_round_tables(club, rnd):
    client = APIClient()
    client.force_authenticate(scorer_of(club, username="skip"))

    assert client.get(f"/api/v1/rounds/{rnd.pk}/tables/").status_code == 200


@pytest.mark.parametrize("who", ["member", "other_director", "anonymous"])
def test_others_do_not_list_the_round_tables(club, rnd, who):
    client = APIClient()
    if who == "member":
        client.force_authenticate(member_of(club, username="mem"))
    elif who == "other_director":
        client.force_authenticate(director_of(ClubFactory(), username="far"))

    # Another club's round is not found at all, as an unknown id.
    expected = (404,) if who == "other_director" else (401, 403)
    assert client.get(f"/api/v1/rounds/{rnd.pk}/tables/").status_code in expected


def test_a_round_table_key_records_in_the_matchs_game(api, rnd):
    game = start_game(api, rnd, 1)
    key = tables(api, rnd)[1]["key"]
    anon = APIClient()

    read = anon.get(f"/api/v1/table/{key}/")
    posted = anon.post(
        f"/api/v1/table/{key}/hands/", {**hand_in(bid=80, ns=100), "number": 1}, format="json"
    )

    assert read.status_code == 200 and read.json()["id"] == game and read.json()["table"] == 1
    assert posted.status_code == 201
    assert Hand.objects.get().game_id == game


def test_a_round_tables_page_records_a_hand_in_the_matchs_game(api, rnd):
    game = start_game(api, rnd, 1)
    key = tables(api, rnd)[1]["key"]
    phone = Client()

    posted = phone.post(f"/t/{key}/", hand_fields(hand_in(bid=80, ns=100), number=1))

    assert posted.status_code == 302, posted.content
    assert Hand.objects.get().game_id == game


def test_before_the_game_starts_a_round_table_key_answers_409_no_game(api, rnd):
    key = tables(api, rnd)[1]["key"]

    response = APIClient().post(
        f"/api/v1/table/{key}/hands/", hand_in(bid=80, ns=100), format="json"
    )

    assert response.status_code == 409
    assert "No game has started at table 1" in response.json()["detail"][0]


def test_when_the_round_is_over_its_links_refuse_with_the_sentence(api, rnd, event, director):
    from tournaments.results import match_result_enter

    rows = tables(api, rnd)
    for match in rnd.matches.all():
        match_result_enter(match=match, games=[[300, 150]], by=director)
    rnd.refresh_from_db()
    assert rnd.status == "finished"

    response = APIClient().post(
        f"/api/v1/table/{rows[1]['key']}/hands/", hand_in(bid=80, ns=100), format="json"
    )

    assert response.status_code == 409
    assert response.json()["detail"] == [
        f"Round 1 of {event.name} is over; this table's link no longer records hands."
    ]


def test_a_director_replaces_a_round_tables_link(api, rnd):
    old = tables(api, rnd)[2]["key"]

    response = api.post(f"/api/v1/rounds/{rnd.pk}/tables/2/replace-link/")

    assert response.status_code == 201
    assert APIClient().get(f"/api/v1/table/{old}/").status_code == 404
    assert tables(api, rnd)[2]["key"] == response.json()["key"]


def test_a_scorer_cannot_replace_a_round_tables_link(club, rnd):
    client = APIClient()
    client.force_authenticate(scorer_of(club, username="skip"))

    assert client.post(f"/api/v1/rounds/{rnd.pk}/tables/2/replace-link/").status_code == 403


def test_the_round_tables_listing_takes_as_many_queries_at_two_sizes(club, director):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for entries in (4, 8):
        event = make_event(club, director, "round_robin", entries)
        rnd = event.round_set.order_by("number").first()
        client = APIClient()
        client.force_authenticate(director)
        tables(client, rnd)
        with CaptureQueriesContext(connection) as ctx:
            tables(client, rnd)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts


# ---- the director's table page ------------------------------------------------------------------


def test_the_director_sees_the_link_on_the_table_page_even_mid_game(api, client, director, rnd):
    start_game(api, rnd, 1)
    client.force_login(director)

    html = client.get(f"/tournaments/rounds/{rnd.pk}/tables/1/?links").content.decode()

    link = TableLink.objects.get(kind="tournament", scope=rnd.pk, number=1, replaced_at=None)
    assert f"/t/{link.key}/" in html
    assert "Replace table 1" in html


def test_without_links_the_table_page_still_sends_players_to_the_game(api, client, director, rnd):
    game = start_game(api, rnd, 1)
    client.force_login(director)

    response = client.get(f"/tournaments/rounds/{rnd.pk}/tables/1/")

    assert response.status_code == 302 and response.url == f"/games/{game}/"


def test_the_director_replaces_the_link_from_the_table_page(client, director, rnd):
    from play.table_links import links_for

    old = links_for(club=rnd.tournament.club, kind="tournament", scope=rnd.pk, numbers=[2])[2]
    client.force_login(director)

    response = client.post(f"/tournaments/rounds/{rnd.pk}/tables/2/replace-link/")

    assert response.status_code == 302
    assert APIClient().get(f"/api/v1/table/{old.key}/").status_code == 404


def test_a_scorer_sees_no_link_and_cannot_replace_it(client, club, rnd):
    from play.table_links import links_for

    old = links_for(club=club, kind="tournament", scope=rnd.pk, numbers=[2])[2]
    client.force_login(scorer_of(club, username="skip"))

    html = client.get(f"/tournaments/rounds/{rnd.pk}/tables/2/?links").content.decode()
    client.post(f"/tournaments/rounds/{rnd.pk}/tables/2/replace-link/")

    assert "/t/" not in html
    assert TableLink.objects.get(kind="tournament", scope=rnd.pk, number=2, replaced_at=None) == old


def page_title(html: str) -> str:
    return " ".join(unescape(html.split("<title>", 1)[1].split("</title>", 1)[0]).split())


def heading(html: str) -> str:
    h1 = html.split("<h1", 1)[1].split("</h1>", 1)[0].split(">", 1)[1]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", h1)).split())


@pytest.mark.parametrize("started", [False, True], ids=["waiting", "playing"])
def test_a_round_tables_page_is_titled_with_the_event_and_round(api, client, event, rnd, started):
    if started:
        start_game(api, rnd, 1)
    key = tables(api, rnd)[1]["key"]

    html = client.get(f"/t/{key}/").content.decode()

    assert page_title(html) == f"{event.name} · Round 1 · Table 1 · Rookclub"
    assert heading(html).startswith(f"{event.name} · Round 1 · Table 1")
    assert "My night" not in html


def test_a_club_nights_table_page_keeps_its_title_and_my_night(client, club, director):
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    link = links_for(club=club, kind=TableLink.Kind.NIGHT, night=night, numbers=[1])[1]

    html = client.get(f"/t/{link.key}/").content.decode()

    assert page_title(html) == "Table 1 · Rookclub"
    assert "My night" in html
