"""The other side's Confirm on a table's page (``POST /t/<key>/hands/<n>/confirm/``) is
answered from the hand alone, the sheet not replayed: the answer's row is the row the
page then shows, whatever the hand (penalties, a correction, a game scored by player,
a hand a person entered), with the sheet's count; and it costs fewer statements than
the hand's post, at hand 2 as at hand 20."""

import datetime
import re

import pytest
from django.core.cache import cache

from play import checkins, night_opening, night_seating
from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Game, Hand
from play.permissions import TableActor
from play.table_links import links_for
from tests.factories import hand_in, misdeal_in, players_of, renege_later_in
from tests.pages.conftest import made_hand

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def link(night):
    return links_for(club=night.club, kind="night", night=night, numbers=[1])[1]


@pytest.fixture
def url(link):
    return f"/t/{link.key}/"


def row_of(html: str, number: int) -> str:
    """Hand ``number``'s row of the sheet (``games/_sheet_row.html``) in ``html``."""
    match = re.search(rf'<li id="hand-{number}".*?</li>', html, re.S)
    assert match, html
    return match.group(0)


def count_of(html: str) -> str:
    """The sheet's count of hands not yet confirmed, as the heading says it."""
    return re.search(r'<span class="badge[^"]*" id="unconfirmed-count"[^>]*>([^<]*)<', html)[1]


def confirm(client, url, number, side="east_west"):
    response = client.post(f"{url}hands/{number}/confirm/", {"side": side}, **HTMX)
    assert response.status_code == 200, response.content
    return response.content.decode()


def by_link(link, game, side="north_south"):
    return TableActor(link, game.pk, side)


def test_the_answers_row_is_the_row_the_page_then_shows(client, url, link, game):
    for number in (1, 2, 3):
        hand_record(game=game, data=hand_in(), entered_by=by_link(link, game), number=number)

    answer = confirm(client, url, 2)

    page = client.get(url).content.decode()
    assert row_of(answer, 2) == row_of(page, 2)
    assert "✓ confirmed via table link (East-West)" in row_of(answer, 2)
    assert count_of(answer) == count_of(page) == "2 not yet confirmed"


@pytest.mark.parametrize(
    "data",
    [
        hand_in(penalties=[{"seat": "east", "kind": "table_talk"}]),
        renege_later_in("east", "north", 90, "red", counters={"north_south": 40, "east_west": 20}),
        misdeal_in("later"),
    ],
    ids=["penalty", "renege", "misdeal"],
)
def test_a_hands_irregularities_stay_in_its_row(client, url, link, game, data):
    hand_record(game=game, data=data, entered_by=by_link(link, game), number=1)

    answer = confirm(client, url, 1)

    assert 'class="badge">' in row_of(answer, 1)  # the irregularity's badge
    assert row_of(answer, 1) == row_of(client.get(url).content.decode(), 1)


def test_a_hand_a_person_entered_says_who_in_its_row(client, url, game, director):
    hand_record(game=game, data=hand_in(), entered_by=director, number=1)

    answer = confirm(client, url, 1, side="north_south")

    assert row_of(answer, 1) == row_of(client.get(url).content.decode(), 1)
    assert "entered by" in row_of(answer, 1)


def test_a_corrected_hand_confirmed_again_keeps_its_corrected_mark(
    client, url, link, game, director
):
    hand = hand_record(game=game, data=hand_in(), entered_by=by_link(link, game), number=1)
    hand_correct(hand=hand, data=hand_in(ns=60), by=director, reason="Counted again")

    answer = confirm(client, url, 1)

    assert '<span class="badge">corrected</span>' in row_of(answer, 1)
    assert row_of(answer, 1) == row_of(client.get(url).content.decode(), 1)


@pytest.fixture
def beginner_night(club, director):
    """A club night of Beginner Rook, where each player scores apart."""
    night = night_opening.night_open(
        club=club, date=datetime.date(2025, 3, 7), opened_by=director, ruleset="beginner"
    )
    checkins.night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seating.night_seat(night=night, by=director, seed=4)
    return night


def test_a_game_scored_by_player_keeps_each_players_points_and_totals(
    client, beginner_night, director
):
    link = links_for(club=beginner_night.club, kind="night", night=beginner_night, numbers=[1])
    url = f"/t/{link[1].key}/"
    game = Game.objects.get(night=beginner_night, table_seating__table=1)
    assert game.scores_players
    for number, north in ((1, 10), (2, 4)):
        counters = {"north": north, "east": 6, "south": 4, "west": 4}
        data = {"trump": "red", "counters": counters}
        hand_record(game=game, data=data, entered_by=director, number=number)

    answer = confirm(client, url, 2)

    row = row_of(answer, 2)
    assert row.count('<span class="side player">') == 4
    assert row == row_of(client.get(url).content.decode(), 2)


def test_a_finished_games_confirm_strikes_no_waiting_line(client, url, link, game):
    hand_record(game=game, data=hand_in(), entered_by=by_link(link, game), number=1)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)

    answer = confirm(client, url, 1)

    assert "waiting-hand-1" not in answer  # no form, so no waiting list to strike through
    assert ">all confirmed<" in answer


def test_without_javascript_the_confirm_goes_back_to_the_hand(client, url, game):
    client.post(url, made_hand(number=1), **JSON)

    response = client.post(f"{url}hands/1/confirm/", {"side": "east_west"})

    assert response.status_code == 302
    assert response["Location"] == f"{url}#hand-1"
    assert Hand.objects.get(game=game).confirmed_side == "east_west"


def test_an_unknown_hand_is_404_and_nothing_is_confirmed(client, url, game):
    client.post(url, made_hand(number=1), **JSON)

    response = client.post(f"{url}hands/2/confirm/", {"side": "east_west"}, **HTMX)

    assert response.status_code == 404
    assert not Hand.objects.get(game=game).confirmed


def test_the_entering_side_is_refused_in_the_row(client, url, game):
    client.post(url, made_hand(number=1), **JSON)

    response = client.post(f"{url}hands/1/confirm/", {"side": "north_south"}, **HTMX)

    assert response.status_code == 409
    html = response.content.decode()
    assert 'class="message error row-refusal"' in row_of(html, 1)
    assert "as East-West</button>" in row_of(html, 1)  # the side that may still confirm
    assert not Hand.objects.get(game=game).confirmed


def test_a_hand_a_person_confirmed_first_is_named_by_their_player(
    client, url, link, game, director, club
):
    hand = hand_record(game=game, data=hand_in(), entered_by=by_link(link, game), number=1)
    seated = game.seats.get(seat="east").player
    seated.user = director
    seated.save()
    Hand.objects.filter(pk=hand.pk).update(confirmed_by=director, confirmed_at=hand.entered_at)

    answer = confirm(client, url, 1)

    assert f"✓ confirmed by {seated.name}" in row_of(answer, 1)
    assert row_of(answer, 1) == row_of(client.get(url).content.decode(), 1)
