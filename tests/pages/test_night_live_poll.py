"""The director's poll of the night's tables (``/sessions/<pk>/?live=1``) costs what
changed: an unchanged poll is a 304 from the night's stamp, a changed one renders the
tables' fragment alone (none of the page around it) in as many queries at 16 tables
as at 4, once per night version for everyone who sees it alike; each answer carries its
viewer's own form token. The viewer's role comes from the cache, replaced when a
membership is written."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from play import checkins, table_games
from play.confirmations import hand_confirm
from play.hands import hand_record
from play.models import Game, TableSeating
from play.voiding import game_void
from rookclub.clubs.models import Membership
from rookclub.core.live import TOKEN_SLOT
from standings.views.standings import night_standings_added_up
from tests.factories import UserFactory, players_of
from tests.pages.test_night_page_size import night_of
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db

#: A changed poll of a director: her session and user (her role in the night's club is
#: kept in the cache), the night with its club, its players, its current tables with
#: their links, and their games with their hands counted.
CHANGED_POLL_QUERIES = 6
#: The same version for a second director: her session and user; her role and the
#: fragment come from the cache.
SHARED_POLL_QUERIES = 2


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _poll(client, night, etag=None):
    headers = {"HTTP_HX_REQUEST": "true"}
    if etag:
        headers["HTTP_IF_NONE_MATCH"] = etag
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/sessions/{night.pk}/?live=1", **headers)
    return response, [q["sql"] for q in queries.captured_queries]


def _record_a_hand(night, director):
    game = Game.objects.filter(night=night).order_by("pk").first()
    hand_record(game=game, data=made_hand(), entered_by=director)


@pytest.mark.parametrize("tables", [4, 16])
def test_a_changed_poll_of_the_director_renders_the_tables_alone(
    client, tables, django_assert_max_num_queries
):
    night, director, _ = night_of(tables)
    client.force_login(director)
    first, _ = _poll(client, night)  # the first look makes the tables' links
    _record_a_hand(night, director)

    with django_assert_max_num_queries(CHANGED_POLL_QUERIES):
        changed, _ = _poll(client, night, first["ETag"])

    assert changed.status_code == 200
    assert changed.content.count(b'class="card table-card"') == tables
    assert b"1 hand waiting for confirmation" in changed.content


_CARD = re.compile(
    rb'<article class="card table-card" aria-labelledby="table-(\d+)">.*?</article>', re.S
)


def _cards(content):
    """Each table's card in a polled fragment, by its table number (a director's form
    tokens, masked anew in every answer, as one)."""
    content = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b'value="T"', content)
    return {int(card.group(1)): card.group(0) for card in _CARD.finditer(content)}


@pytest.mark.parametrize("viewer", ["director", "anonymous"])
def test_a_hand_recorded_at_one_table_shows_in_its_row_at_the_next_poll(
    client, viewer, django_assert_max_num_queries
):
    """A table's row is never an earlier rendering's after its table changed: the hand
    is in that table's row (``#progress-<table>``), and the other tables' rows are
    what they were."""
    night, director, _ = night_of(4)
    if viewer == "director":
        client.force_login(director)
    before, _ = _poll(client, night)
    game = Game.objects.filter(night=night).order_by("pk").first()
    number = game.table_seating.table
    hand = hand_record(game=game, data=made_hand(), entered_by=director)

    with django_assert_max_num_queries(CHANGED_POLL_QUERIES):
        after, _ = _poll(client, night, before["ETag"])

    assert after.status_code == 200
    rows_before, rows_after = _cards(before.content), _cards(after.content)
    assert sorted(rows_after) == sorted(rows_before) and len(rows_after) == 4
    progress = re.search(rb'id="progress-%d">(.*?)</p>' % number, rows_after[number]).group(1)
    assert progress == (
        b'<span class="hands">1 hand</span>'
        b' \xc2\xb7 <strong class="unconfirmed">1 waiting for confirmation</strong>'
    )
    assert rows_after[number] != rows_before[number]
    assert {n: r for n, r in rows_after.items() if n != number} == {
        n: r for n, r in rows_before.items() if n != number
    }

    # Confirmed (by the other side): the row says so at the next poll, not what the
    # last one kept.
    other = UserFactory()
    Membership.objects.create(club=night.club, user=other, role=Membership.Role.DIRECTOR)
    hand_confirm(hand=hand, by=other)
    confirmed, _ = _poll(client, night, after["ETag"])
    assert confirmed.status_code == 200
    row = _cards(confirmed.content)[number]
    assert b'<span class="hands">1 hand</span></p>' in row
    assert b"waiting for confirmation" not in row


def test_an_unchanged_poll_of_the_director_is_a_304_without_reading_the_night(
    client, django_assert_max_num_queries
):
    night, director, _ = night_of(4)
    client.force_login(director)
    first, _ = _poll(client, night)

    with django_assert_max_num_queries(2):  # her session and her user
        again, _ = _poll(client, night, first["ETag"])

    assert again.status_code == 304


def test_a_second_director_gets_the_same_rendering_with_her_own_token(
    django_assert_max_num_queries,
):
    night, director, _ = night_of(4)
    other = UserFactory()
    Membership.objects.create(club=night.club, user=other, role=Membership.Role.DIRECTOR)
    hers, mine = Client(), Client()
    hers.force_login(director)
    mine.force_login(other)
    _poll(hers, night)
    _record_a_hand(night, director)
    rendered, _ = _poll(hers, night)

    with django_assert_max_num_queries(SHARED_POLL_QUERIES):
        shared, _ = _poll(mine, night)

    assert shared.status_code == 200
    assert shared["ETag"] != rendered["ETag"]
    assert TOKEN_SLOT.encode() not in shared.content
    tokens = set(re.findall(rb'name="csrfmiddlewaretoken" value="([^"]+)"', shared.content))
    assert len(tokens) == 1
    # Her token is hers: the page's forms post with it (a new game at a table).
    mine_csrf = Client(enforce_csrf_checks=True)
    mine_csrf.cookies = mine.cookies
    token = tokens.pop().decode()
    moved = mine_csrf.post(
        f"/sessions/{night.pk}/next-round/", {"csrfmiddlewaretoken": token}, HTTP_HX_REQUEST="true"
    )
    assert moved.status_code != 403


def test_a_second_poll_of_the_same_version_is_not_rendered_again(client):
    night, director, _ = night_of(4)
    client.force_login(director)
    _record_a_hand(night, director)
    first, _ = _poll(client, night)

    again, queries = _poll(client, night)  # no ETag: the answer, not a 304

    assert [t.name for t in first.templates] == ["clubs/_night_live.html", "print/_links.html"]
    assert again.status_code == 200 and again["ETag"] == first["ETag"]
    assert again.templates == []  # the fragment's bytes were kept, not rendered again
    assert again.content.count(b'class="card table-card"') == 4
    assert len(queries) <= 2  # her session and her user


def _tables_section(content):
    section = re.search(rb'<section aria-labelledby="tables-heading".*?</section>', content, re.S)
    tokens = rb'name="csrfmiddlewaretoken" value="[^"]+"'
    return re.sub(tokens, b'name="csrfmiddlewaretoken" value="T"', section.group(0))


def test_the_polled_tables_are_the_pages_own(client):
    """The poll reads less than the page does (only the current tables, their games
    counted in the same query): what it shows is still what the page shows, with a
    table reseated in a later round, a game voided and begun again, a late arrival
    waiting and a player gone home."""
    night, director, _ = night_of(4)
    _record_a_hand(night, director)
    first, second = Game.objects.filter(night=night).order_by("pk")[:2]
    game_void(game=first, by=director, reason="wrong players seated")
    table_games.table_next_game(table=first.table_seating, by=director, seed=1)  # the same four
    late = players_of(night.club, 3)
    checkins.night_check_in(night=night, players=late, by=director)
    checkins.night_leave(night=night, player=late[2], by=director)
    game_void(game=second, by=director, reason="wrong players seated")
    table_games.table_next_game(table=second.table_seating, by=director, seed=1)  # reseated
    client.force_login(director)

    page = client.get(reverse("night-detail", args=[night.pk]))
    polled, _ = _poll(client, night)

    assert TableSeating.objects.filter(round__night=night).count() == 5
    assert b"game 2" in polled.content and b'id="sit-outs"' in polled.content
    assert _tables_section(polled.content) == _tables_section(page.content)


def test_a_director_made_a_member_loses_the_directors_tables_at_her_next_poll(client):
    night, director, _ = night_of(4)
    client.force_login(director)
    first, _ = _poll(client, night)
    assert b"Replace table" in first.content

    Membership.objects.filter(club=night.club, user=director).get().delete()
    Membership.objects.create(club=night.club, user=director, role=Membership.Role.MEMBER)

    again, _ = _poll(client, night, first["ETag"])
    assert again.status_code == 200
    assert b"Replace table" not in again.content


def test_a_member_made_a_director_gets_the_directors_tables_at_her_next_poll(client):
    night, _, _ = night_of(4)
    member = UserFactory()
    membership = Membership.objects.create(
        club=night.club, user=member, role=Membership.Role.MEMBER
    )
    client.force_login(member)
    first, _ = _poll(client, night)
    assert b"Replace table" not in first.content

    membership.role = Membership.Role.DIRECTOR
    membership.save()

    again, _ = _poll(client, night, first["ETag"])
    assert again.status_code == 200
    assert b"Replace table" in again.content


def test_roles_kept_once_a_membership_is_committed_are_the_new_ones(
    client, django_capture_on_commit_callbacks
):
    night, _, _ = night_of(4)
    member = UserFactory()
    membership = Membership.objects.create(
        club=night.club, user=member, role=Membership.Role.MEMBER
    )
    client.force_login(member)
    _poll(client, night)  # her club's roles kept, she a member

    with django_capture_on_commit_callbacks(execute=True):
        membership.role = Membership.Role.DIRECTOR
        membership.save()

    again, queries = _poll(client, night)

    assert not [q for q in queries if "membership" in q]  # the roles kept at the commit
    assert b"Replace table" in again.content


def test_a_member_never_sees_the_directors_rendering(client):
    night, director, _ = night_of(4)
    member = UserFactory()
    Membership.objects.create(club=night.club, user=member, role=Membership.Role.MEMBER)
    boss = Client()
    boss.force_login(director)
    directors, _ = _poll(boss, night)
    client.force_login(member)

    members, _ = _poll(client, night)

    assert b"Replace table" in directors.content
    assert b"Replace table" not in members.content
    assert b"csrfmiddlewaretoken" not in members.content.split(b"print-links")[0]


def test_a_night_deleted_is_a_404_at_its_next_poll(client):
    night, director, _ = night_of(0, seat=False)
    client.force_login(director)
    _poll(client, night)
    pk = night.pk

    night.delete()

    assert client.get(f"/sessions/{pk}/?live=1").status_code == 404


#: A changed poll of the standings, the phones' or the projector's (no session): the
#: night's standings, added up once per version for both (three queries); the night
#: itself is not read.
STANDINGS_CHANGED_POLL_QUERIES = 3


@pytest.mark.parametrize("page", ["standings/", "standings/projector/"])
@pytest.mark.parametrize("tables", [4, 16])
def test_a_changed_poll_of_the_standings_runs_as_many_queries_at_16_tables_as_at_4(
    tables, page, django_assert_max_num_queries
):
    night, director, _ = night_of(tables)
    url = f"/sessions/{night.pk}/{page}?live=1"
    first = Client().get(url, HTTP_HX_REQUEST="true")
    _record_a_hand(night, director)

    with django_assert_max_num_queries(STANDINGS_CHANGED_POLL_QUERIES):
        changed = Client().get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])

    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    with django_assert_max_num_queries(0):  # the next watcher at that version: the cache
        Client().get(url, HTTP_HX_REQUEST="true")


@pytest.fixture
def added_up():
    """The nights whose standings were added up, one entry each time."""
    nights = []

    def count(sender, night_id, **kwargs):
        nights.append(night_id)

    night_standings_added_up.connect(count)
    yield nights
    night_standings_added_up.disconnect(count)


def test_every_watcher_of_a_version_shares_one_adding_up(added_up):
    night, director, _ = night_of(4)
    phones = f"/sessions/{night.pk}/standings/?live=1"
    wall = f"/sessions/{night.pk}/standings/projector/?live=1"
    member = Client()
    member.force_login(director)

    first = Client().get(phones, HTTP_HX_REQUEST="true")
    for watcher, url in [(Client(), phones), (Client(), wall), (member, phones), (member, wall)]:
        assert watcher.get(url, HTTP_HX_REQUEST="true").status_code == 200
    assert Client().get(f"/sessions/{night.pk}/standings/").status_code == 200
    assert added_up == [night.pk]

    # Unchanged: a 304, nothing added up or rendered.
    assert Client().get(phones, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert added_up == [night.pk]

    # A new hand: a new answer, added up once more for everyone.
    _record_a_hand(night, director)
    changed = Client().get(phones, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed.content != first.content
    assert Client().get(wall, HTTP_HX_REQUEST="true").status_code == 200
    assert added_up == [night.pk, night.pk]


def test_standings_stamps_that_outlived_their_night_answer_404():
    night, _, _ = night_of(0, seat=False)
    url = f"/sessions/{night.pk}/standings/?live=1"
    assert Client().get(url).status_code == 200
    pk = night.pk
    kept = cache.get_many([f"night-stamp:{pk}:scores", f"night-stamp:{pk}:tables"])
    night.delete()
    cache.clear()  # the standings kept for the stamp's version too
    cache.set_many(kept)  # as a cache kept across a database restored from a backup

    assert Client().get(url).status_code == 404
    assert Client().get(f"/sessions/{pk}/standings/projector/?live=1").status_code == 404


def test_stamps_that_outlived_their_night_answer_404(client):
    night, director, _ = night_of(0, seat=False)
    client.force_login(director)
    _poll(client, night)
    pk = night.pk
    kept = cache.get_many([f"night-stamp:{pk}:scores", f"night-stamp:{pk}:tables"])
    night.delete()
    cache.set_many(kept)  # as a cache kept across a database restored from a backup

    assert client.get(f"/sessions/{pk}/?live=1").status_code == 404
