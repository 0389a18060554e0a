"""The page a table's link opens, /t/<key>/: the score entry of the table's game with
no login, posting through the link; a closed night's reason; no game yet; 404s."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play import night_closing
from play.models import Game, GameSeat, Hand, TableLink, TableSeating
from play.table_links import links_for
from tests.pages.conftest import made_hand

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


@pytest.fixture
def link(night):
    return links_for(club=night.club, kind="night", night=night, numbers=[1])[1]


@pytest.fixture
def url(link):
    return f"/t/{link.key}/"


def test_the_page_shows_the_tables_game_and_form_without_a_login(client, url, game):
    response = client.get(url)

    assert response.status_code == 200
    html = response.content.decode()
    assert "Table 1" in html
    assert f'action="{url}"' in html
    assert 'name="number"' in html  # the next hand's number, for a replayed post
    assert "We are" in html and 'value="east_west"' in html
    assert "to record or confirm hands" not in html


def test_posting_the_form_records_a_hand_through_the_link(client, url, link, game):
    response = client.post(url, {**made_hand(number=1), "side": "east_west"})

    assert response.status_code == 302
    assert response["Location"] == f"{url}?recorded=1#hand-result"
    hand = Hand.objects.get(game=game)
    assert (hand.entered_via_id, hand.entered_side, hand.entered_by) == (link.pk, "east_west", None)


def test_the_other_side_confirms_on_the_page(client, url, link, game):
    client.post(url, made_hand(number=1))
    page = client.get(url).content.decode()
    assert " hand 1</span> as East-West</button>" in page
    assert "as North-South</button>" not in page

    response = client.post(f"{url}hands/1/confirm/", {"side": "east_west"})

    assert response.status_code == 302
    hand = Hand.objects.get(game=game)
    assert (hand.confirmed_via_id, hand.confirmed_side) == (link.pk, "east_west")
    assert "✓ confirmed via table link (East-West)" in client.get(url).content.decode()


def test_the_entering_side_cannot_confirm_on_the_page(client, url, game):
    client.post(url, made_hand(number=1))

    response = client.post(f"{url}hands/1/confirm/", {"side": "north_south"})

    assert response.status_code == 409
    assert not Hand.objects.get(game=game).confirmed


def test_a_closed_night_shows_the_reason_and_refuses_posts(client, url, night, director, game):
    night_closing.night_close(night=night, by=director)

    page = client.get(url).content.decode()
    posted = client.post(url, made_hand(number=1))

    assert "This club night was closed" in page and "Record hand" not in page
    assert posted.status_code == 409
    assert not Hand.objects.exists()


def test_a_table_without_a_game_shows_its_players_and_a_sentence(client, night, twelve):
    seating = TableSeating.objects.get(round__night=night, table=1)
    # Games are protected from deletion (their seats are history): remove them by hand.
    GameSeat.objects.filter(game__table_seating=seating).delete()
    seating.games.all().delete()
    link = links_for(club=night.club, kind="night", night=night, numbers=[1])[1]

    response = client.get(f"/t/{link.key}/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "No game has started at table 1 yet" in html
    assert seating.north.name in html


def test_an_unknown_key_is_404_and_stores_nothing(client, game):
    assert client.get("/t/nope/").status_code == 404
    assert client.post("/t/nope/", made_hand(number=1)).status_code == 404
    assert not Hand.objects.exists()


def test_a_replaced_key_is_404(client, url, link, night, director):
    from play.table_links import link_replace

    link_replace(club=night.club, kind="night", night=night, number=1, by=director)

    assert client.get(url).status_code == 404
    assert TableLink.objects.filter(night=night, number=1, replaced_at__isnull=True).exists()


@pytest.mark.usefixtures("still_clock")
def test_posts_beyond_the_limit_answer_429_on_the_page(client, url, game, settings):
    settings.TABLE_LINK_POSTS_PER_MINUTE = 1
    client.post(url, made_hand(number=1))

    response = client.post(url, made_hand(number=2))

    assert response.status_code == 429
    assert "wait a minute" in response.content.decode()
    assert Hand.objects.count() == 1


# ---- the director's night page -----------------------------------------------------------------


def test_the_director_sees_each_tables_link_and_a_replace_button(as_director, night):
    html = as_director.get(f"/sessions/{night.pk}/").content.decode()

    for link in TableLink.objects.filter(night=night):
        assert f"/t/{link.key}/" in html
    assert TableLink.objects.filter(night=night).count() == 3
    assert "Replace table 1&#x27;s link" in html or "Replace table 1's link" in html
    # Each table's copy field and its replace form are its own.
    for number in (1, 2, 3):
        assert f'id="link-{number}"' in html and f'data-copy="link-{number}"' in html
        assert f'action="/sessions/{night.pk}/tables/{number}/replace-link/"' in html


def test_a_scorer_sees_no_table_links_on_the_night_page(as_scorer, night):
    html = as_scorer.get(f"/sessions/{night.pk}/").content.decode()

    assert "/t/" not in html and "Replace" not in html


def test_the_director_replaces_a_link_from_the_night_page(as_director, night, client, link):
    response = as_director.post(f"/sessions/{night.pk}/tables/1/replace-link/")

    assert response.status_code == 302
    assert client.get(f"/t/{link.key}/").status_code == 404
    assert TableLink.objects.get(night=night, number=1, replaced_at=None).pk != link.pk


def test_a_scorer_cannot_replace_a_link_from_the_night_page(as_scorer, night, link):
    as_scorer.post(f"/sessions/{night.pk}/tables/1/replace-link/")

    assert TableLink.objects.get(night=night, number=1, replaced_at=None).pk == link.pk


def test_the_result_names_the_penalty_and_carries_the_other_sides_confirm(client, url, game):
    body = {**made_hand(number=1), "penalty_seat": "east", "penalty_kind": "table_talk"}

    response = client.post(url, body, follow=True)

    html = response.content.decode()
    result = html.split('id="result-text">')[1].split("</p>")[0]
    assert result.startswith("Hand 1 recorded: North bid 80, made — N-S +85, E-W ")
    assert result.endswith("(Table talk (East) -40)")
    confirm = html.split('id="confirm-now"')[1].split("</div>")[0]
    assert "Pass the phone to East-West to confirm hand 1." in confirm
    assert ">Confirm hand 1 as East-West</button>" in confirm
    assert 'name="confirm-now" hx-post' in confirm
    assert 'hx-target="#hand-1" hx-swap="outerHTML"' in confirm
    assert "Hand 1</a> not yet confirmed by East-West." in html


def test_confirming_from_the_result_answers_the_row_and_clears_the_result(client, url, game):
    client.post(url, made_hand(number=1))

    response = client.post(
        f"{url}hands/1/confirm/",
        {"side": "east_west"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="hand-1",
        HTTP_HX_TRIGGER_NAME="confirm-now",
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<li id="hand-1" class="hand">')
    assert 'id="game-live"' not in html
    # The page moves on to the next hand: the result and its Confirm are gone.
    result = oob(html, "hand-result")
    assert result and "Confirm hand 1" not in result and "recorded" not in result
    assert "1 not yet confirmed" not in html


def oob(html: str, element_id: str) -> str:
    """The out-of-band element an htmx answer carries for ``element_id`` ("" if none)."""
    match = re.search(
        rf'<(\w+)[^>]* id="{element_id}"[^>]*hx-swap-oob="true"[^>]*>.*?</\1>', html, re.S
    )
    return match.group(0) if match else ""


def test_confirming_a_row_updates_the_waiting_list_and_the_count(client, url, game):
    client.post(url, made_hand(number=1))
    client.post(url, made_hand(number=2))
    page = client.get(url).content.decode()
    assert "Hand 2</a> not yet confirmed by East-West." in page
    assert "2 not yet confirmed" in page

    answer = client.post(
        f"{url}hands/2/confirm/",
        {"side": "east_west"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="hand-2",
    ).content.decode()

    assert answer.lstrip().startswith('<li id="hand-2"')
    # Hand 2's line is struck through where it stands (the page keeps its place).
    line = oob(answer, "waiting-hand-2")
    assert 'class="confirmed"' in line and "<del>" in line and "Confirmed now." in line
    assert "waiting-hand-1" not in answer
    assert ">1 not yet confirmed<" in oob(answer, "unconfirmed-count")

    last = client.post(
        f"{url}hands/1/confirm/",
        {"side": "east_west"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="hand-1",
    ).content.decode()

    assert ">all confirmed<" in oob(last, "unconfirmed-count")
    assert 'class="confirmed"' in oob(last, "waiting-hand-1")


def set_hand(number):
    """Hand ``number``'s form, the declarer's side set, each side in turn: no game ends."""
    if number % 2:
        return made_hand(bid=70, ns=50, number=number)
    return made_hand(bid=70, ns=70, bidder="east", number=number)


#: The table page's hand post (for JSON, as the outbox sends it): the link with its game's
#: id and ruleset, a savepoint, the game locked, its night, the hand, its players'
#: results, the game's new state, the savepoint released.
HAND_POST_STATEMENTS = 8
#: The other side's Confirm: the link, the hand (with its game, whether it was corrected
#: and the count of hands waiting) and one conditional update. No replay of the sheet.
CONFIRM_STATEMENTS = 3


@pytest.mark.parametrize("at", [2, 20])
def test_the_other_sides_confirm_costs_fewer_statements_than_the_hands_post(
    client, url, game, at, django_assert_max_num_queries
):
    for number in range(1, at):
        client.post(url, set_hand(number), HTTP_ACCEPT="application/json")

    with django_assert_max_num_queries(HAND_POST_STATEMENTS):
        posted = client.post(url, set_hand(at), HTTP_ACCEPT="application/json")
    with django_assert_max_num_queries(CONFIRM_STATEMENTS):
        answer = client.post(
            f"{url}hands/{at}/confirm/",
            {"side": "east_west"},
            HTTP_HX_REQUEST="true",
            HTTP_HX_TARGET=f"hand-{at}",
        )

    assert CONFIRM_STATEMENTS <= HAND_POST_STATEMENTS
    assert posted.status_code == answer.status_code == 200
    assert "✓ confirmed via table link (East-West)" in answer.content.decode()
    assert f">{at - 1} not yet confirmed<" in oob(answer.content.decode(), "unconfirmed-count")
    hand = Hand.objects.get(game=game, number=at)
    assert (hand.confirmed_side, hand.confirmed_at is not None) == ("east_west", True)


def test_the_confirm_reads_the_link_without_the_games_ruleset(client, url, game):
    """Only the hand's post builds a hand form from the game's ruleset: the Confirm's
    link lookup leaves that subquery out, and nothing else of its reads the ruleset."""
    client.post(url, set_hand(1), HTTP_ACCEPT="application/json")

    with CaptureQueriesContext(connection) as confirm:
        answer = client.post(
            f"{url}hands/1/confirm/", {"side": "east_west"}, HTTP_HX_REQUEST="true"
        )
    with CaptureQueriesContext(connection) as post:
        client.post(url, set_hand(2), HTTP_ACCEPT="application/json")

    assert answer.status_code == 200
    link_lookup = confirm.captured_queries[0]["sql"]
    assert "tablelink" in link_lookup and "ruleset" not in link_lookup
    assert "ruleset" in post.captured_queries[0]["sql"]


def test_posts_through_two_tables_links_each_reach_their_own_game(client, night):
    """The link's lookup and the Confirm's hand are read through queries shared by every
    post: each answer is still its own table's."""
    links = links_for(club=night.club, kind="night", night=night, numbers=[1, 2])
    games = {n: Game.objects.get(night=night, table_seating__table=n) for n in (1, 2)}
    bids = {1: 70, 2: 90}
    for n, bid in bids.items():
        url = f"/t/{links[n].key}/"
        client.post(url, made_hand(bid=bid, ns=90, number=1), HTTP_ACCEPT="application/json")
        answer = client.post(
            f"{url}hands/1/confirm/", {"side": "east_west"}, HTTP_HX_REQUEST="true"
        )
        assert answer.status_code == 200
        assert f'aria-hidden="true">N</span> {bid}<' in answer.content.decode()

    for n, bid in bids.items():
        hand = Hand.objects.get(game=games[n], number=1)
        assert (hand.bid, hand.confirmed_side, hand.entered_via_id) == (
            bid,
            "east_west",
            links[n].pk,
        )


def test_a_second_confirm_of_the_same_hand_keeps_the_first(client, url, link, game):
    client.post(url, made_hand(number=1), HTTP_ACCEPT="application/json")
    client.post(f"{url}hands/1/confirm/", {"side": "east_west"}, HTTP_HX_REQUEST="true")
    first = Hand.objects.get(game=game, number=1).confirmed_at

    again = client.post(f"{url}hands/1/confirm/", {"side": "east_west"}, HTTP_HX_REQUEST="true")

    assert again.status_code == 200
    assert Hand.objects.get(game=game, number=1).confirmed_at == first
