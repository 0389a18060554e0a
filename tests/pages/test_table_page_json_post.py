"""A table page's hand posted for JSON (static/js/outbox.js sends a kept hand so):
recorded through the link in as few statements as the games API's post, the same at
hand 2 and hand 20; refusals answer the reasons. Posted by htmx (the page's form), it
is answered with the hand's row of the sheet and, out of band, what else it changed,
instead of the whole live region."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from play.hands import hand_record
from play.models import Game, Hand
from play.table_links import links_for
from tests.pages.conftest import hand_body, made_hand

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def link_url(night, number):
    link = links_for(club=night.club, kind="night", night=night, numbers=[number])[number]
    return f"/t/{link.key}/"


def set_hand(number):
    """Each side set in turn: the game never ends."""
    if number % 2:
        return hand_body("north", 70, "red", 50)
    return hand_body("east", 70, "red", 70)


def set_form(number):
    if number % 2:
        return made_hand(bid=70, ns=50, number=number)
    return made_hand(bid=70, ns=70, bidder="east", number=number)


def counted(post):
    with CaptureQueriesContext(connection) as queries:
        response = post()
    return response, [q["sql"] for q in queries.captured_queries]


@pytest.mark.django_db(transaction=True)
def test_a_json_post_costs_no_more_statements_than_the_games_api_at_hand_2_and_20(
    client, night, director
):
    token = Token.objects.create(user=director).key
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    page_counts, api_counts = [], []
    for (page_table, api_table), at in (((1, 2), 2), ((3, 2), 20)):
        page_game = Game.objects.get(night=night, table_seating__table=page_table)
        api_game = Game.objects.get(night=night, table_seating__table=api_table)
        url = link_url(night, page_table)
        for number in range(1, at):
            hand_record(game=page_game, data=set_hand(number), entered_by=director, number=number)
        done = api_game.hands.count()
        for number in range(done + 1, at):
            hand_record(game=api_game, data=set_hand(number), entered_by=director, number=number)

        response, statements = counted(lambda u=url, n=at: client.post(u, set_form(n), **JSON))
        assert response.status_code == 200, response.content
        assert response.json()["number"] == at
        page_counts.append(len(statements))

        response, statements = counted(
            lambda g=api_game, at=at: api.post(
                f"/api/v1/games/{g.pk}/hands/", {**set_hand(at), "number": at}, format="json"
            )
        )
        assert response.status_code == 201, response.content
        api_counts.append(len(statements))
    # The link, its table's game and the game's ruleset (the form's checks) in one query,
    # where the API reads its token; the game is read once, locked, by both. Never more
    # as the game grows.
    assert page_counts[0] == page_counts[1]
    assert page_counts[0] <= api_counts[0], (page_counts, api_counts)


@pytest.mark.django_db(transaction=True)
def test_a_table_link_api_post_costs_no_more_statements_than_the_games_api(night, director):
    token = Token.objects.create(user=director).key
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    url = link_url(night, 1)
    game = Game.objects.get(night=night, table_seating__table=2)

    link, link_statements = counted(
        lambda: APIClient().post(
            f"/api/v1{url.replace('/t/', '/table/')}hands/",
            {**set_hand(1), "number": 1},
            format="json",
        )
    )
    games, games_statements = counted(
        lambda: api.post(
            f"/api/v1/games/{game.pk}/hands/", {**set_hand(1), "number": 1}, format="json"
        )
    )

    assert (link.status_code, games.status_code) == (201, 201), link.content
    # One query finds the link, its night and its table's game; the games API reads the
    # token. The rest is the same hand_record.
    assert len(link_statements) <= len(games_statements), "\n".join(link_statements)


HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "hands"}


def swapped_out_of_band(html: str) -> set[str]:
    """The ids of the answer's out-of-band fragments."""
    return set(re.findall(r'id="([\w-]+)"[^>]*hx-swap-oob="true"', html))


@pytest.mark.django_db
def test_the_answer_is_the_hands_row_and_what_it_changed_out_of_band(client, night, director):
    game = Game.objects.get(night=night, table_seating__table=1)
    url = link_url(night, 1)
    hand_record(game=game, data=set_hand(1), entered_by=director, number=1)

    response = client.post(url, {**made_hand(number=2), "side": "east_west"}, **HTMX)

    assert response.status_code == 200
    html = response.content.decode()
    stored = Hand.objects.get(game=game, number=2)
    # The row first (htmx appends it to the sheet), drawn by the sheet's own template.
    assert html[html.index("<li") :].startswith('<li id="hand-2" class="hand unconfirmed">')
    assert "entered via table link (East-West)" in html
    assert 'Confirm<span class="sr-only"> hand 2</span> as North-South' in html
    assert 'id="game-live"' not in html
    assert "HX-Retarget" not in response.headers
    assert swapped_out_of_band(html) == {
        "scoreline",
        "seat-cards",
        "hand-result",
        "record-card",
        "unconfirmed-count",
    }
    assert f'<strong data-total="north_south">{stored.total_ns}</strong>' in html
    assert f'<strong data-total="east_west">{stored.total_ew}</strong>' in html
    assert "Hand 2 recorded: North bid 80, made" in html
    assert "Pass the phone to North-South to confirm hand 2." in html
    assert f'action="{url}hands/2/confirm/" name="confirm-now"' in html
    assert "Hand 2</a> not yet confirmed by North-South." in html
    assert "2 not yet confirmed" in html
    # Who deals next: the deal passes left every hand (N, E, then S); the empty form is hand 3's.
    assert "Dealer: South" in html
    assert '<h2 id="record-heading">Hand 3</h2>' in html
    assert 'name="number" value="3"' in html
    assert 'value="east_west" id="side_east_west" checked>' in html


@pytest.mark.django_db
def test_the_first_hand_and_a_retry_swap_the_live_region_whole(client, night):
    url = link_url(night, 1)

    first = client.post(url, made_hand(number=1), **HTMX)
    again = client.post(url, made_hand(number=1), **HTMX)

    for response in (first, again):
        assert response.status_code == 200
        assert response.headers["HX-Retarget"] == "#game-live"
        assert response.headers["HX-Reswap"] == "outerHTML"
        assert '<div id="game-live">' in response.content.decode()
    assert "Hand 1 was already recorded." in again.content.decode()


@pytest.mark.django_db
def test_the_page_posts_its_hand_form_to_the_sheet(client, night):
    game = Game.objects.get(night=night, table_seating__table=1)

    html = client.get(link_url(night, 1)).content.decode()

    assert 'hx-target="#hands" hx-swap="beforeend"' in html
    for seat in game.seats.select_related("player"):
        assert seat.player.name in html


@pytest.mark.django_db
def test_a_refused_hand_is_answered_with_the_engines_reasons(client, night):
    game = Game.objects.get(night=night, table_seating__table=1)

    response = client.post(link_url(night, 1), made_hand(number=1, bid=73), **JSON)

    assert response.status_code == 400
    body = response.json()
    assert "bid" in body["errors"]
    assert any("multiple of 5" in reason for reason in body["reasons"])
    assert not any("rules.md" in reason for reason in body["reasons"])
    assert not Hand.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_a_closed_nights_post_is_answered_with_its_sentence_in_json(
    client, night, director, settings
):
    from play import night_closing

    url = link_url(night, 1)
    night_closing.night_close(night=night, by=director)

    response = client.post(url, made_hand(number=1), **JSON)

    assert response.status_code == 409
    assert response.json()["code"] == "session_closed"
    assert "closed" in response.json()["message"]
    assert not Hand.objects.exists()


@pytest.mark.django_db
def test_a_retried_hand_is_answered_as_the_same_hand(client, night):
    url = link_url(night, 1)
    client.post(url, made_hand(number=1), **JSON)

    response = client.post(url, made_hand(number=1), **JSON)

    assert response.status_code == 200
    assert response.json()["replayed"] is True
    assert response.json()["number"] == 1
