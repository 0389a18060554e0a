"""Table links: a table's secret link records and confirms hands without an account.

The API contract (``/api/v1/table/{key}/``, the tables listings, replace-link), who
may do what, the rate limit, and what each hand keeps of how it was entered.
"""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from play import table_links
from play.checkins import night_check_in
from play.confirmations import hand_confirm
from play.hands import hand_record
from play.models import Game, Hand, TableLink
from play.night_closing import night_close
from play.night_opening import night_open
from play.night_seating import night_seat
from play.permissions import TableActor
from play.table_games import table_new_game
from rookclub.core.errors import Conflict, NotAllowed
from rookclub.core.throttles import TooMany, count
from tests.factories import ClubFactory, director_of, member_of, players_of
from tests.play.conftest import made_hand, play_out

pytestmark = pytest.mark.django_db
TODAY = datetime.date(2025, 3, 6)


@pytest.fixture(autouse=True)
def _fresh_cache(settings):
    """The rate limit counts in the cache: every test starts with none counted."""
    settings.SITE_URL = "https://rook.example.org/"
    cache.clear()
    yield
    cache.clear()


def seated_night(club, director, tables=2, method="random"):
    night = night_open(club=club, date=TODAY, opened_by=director, seating_method=method)
    night_check_in(night=night, players=players_of(club, 4 * tables), by=director)
    night_seat(night=night, by=director, seed=7)
    return night


def listing(client, night):
    response = client.get(f"/api/v1/sessions/{night.pk}/tables/")
    assert response.status_code == 200, response.content
    return {row["number"]: row for row in response.json()}


@pytest.fixture
def night(club, director):
    return seated_night(club, director)


@pytest.fixture
def rows(night, director_api):
    return listing(director_api, night)


@pytest.fixture
def anon():
    return APIClient()


def game_at(night, number):
    return Game.objects.filter(night=night, table_seating__table=number).latest("created_at")


# ---- the tables listing ---------------------------------------------------------------------


def test_the_listing_gives_each_table_its_game_players_key_and_absolute_url(night, rows):
    assert sorted(rows) == [1, 2]
    row = rows[1]
    assert row["game"] == game_at(night, 1).pk
    assert set(row["players"]) == {"north", "east", "south", "west"}
    assert set(row["players"]["north"]) == {"id", "name"}
    assert row["url"] == f"https://rook.example.org/t/{row['key']}/"


def test_asking_twice_gives_the_same_links(night, director_api, rows):
    again = listing(director_api, night)

    assert {n: r["key"] for n, r in again.items()} == {n: r["key"] for n, r in rows.items()}
    assert TableLink.objects.count() == 2


def test_a_scorer_sees_the_table_links(night, api):
    assert set(listing(api, night)) == {1, 2}


def test_a_member_does_not_see_the_table_links(night, club):
    client = APIClient()
    client.force_authenticate(member_of(club, username="mem"))

    assert client.get(f"/api/v1/sessions/{night.pk}/tables/").status_code == 403
    assert not TableLink.objects.exists()


def test_an_anonymous_visitor_does_not_see_the_table_links(night, anon):
    assert anon.get(f"/api/v1/sessions/{night.pk}/tables/").status_code in (401, 403)


def test_another_clubs_director_does_not_see_the_table_links(night):
    other = APIClient()
    other.force_authenticate(director_of(ClubFactory(), username="elsewhere"))

    assert other.get(f"/api/v1/sessions/{night.pk}/tables/").status_code == 404


# ---- reading and recording through a link -------------------------------------------------------


def test_a_key_reads_the_tables_game_like_the_games_api(night, rows, anon, director_api):
    game = game_at(night, 1)

    out = anon.get(f"/api/v1/table/{rows[1]['key']}/")

    assert out.status_code == 200
    expected = director_api.get(f"/api/v1/games/{game.pk}/").json()
    assert out.json() == {**expected, "table": 1}


def test_a_key_records_a_hand_like_the_games_api(night, rows, anon):
    response = anon.post(
        f"/api/v1/table/{rows[1]['key']}/hands/", made_hand(number=1), format="json"
    )

    assert response.status_code == 201, response.json()
    assert response.json()["number"] == 1
    assert Hand.objects.get().game == game_at(night, 1)


def test_a_refused_hand_answers_400_per_field_and_stores_nothing(rows, anon):
    response = anon.post(
        f"/api/v1/table/{rows[1]['key']}/hands/", made_hand(bid=7, number=1), format="json"
    )

    assert response.status_code == 400
    assert "bid" in response.json()
    assert not Hand.objects.exists()


def test_a_hand_without_its_number_answers_400_and_stores_nothing(rows, anon):
    response = anon.post(f"/api/v1/table/{rows[1]['key']}/hands/", made_hand(), format="json")

    assert response.status_code == 400
    assert response.json()["number"] == [
        "Send the hand's number (the next is 1) so a retry cannot record it twice."
    ]
    assert not Hand.objects.exists()


def test_a_taken_hand_number_answers_409(rows, anon):
    url = f"/api/v1/table/{rows[1]['key']}/hands/"
    anon.post(url, made_hand(number=1), format="json")

    assert anon.post(url, made_hand(number=1, ns=90), format="json").status_code == 409
    assert Hand.objects.count() == 1


def test_the_same_hand_sent_again_through_the_link_is_stored_once(rows, anon):
    url = f"/api/v1/table/{rows[1]['key']}/hands/"
    first = anon.post(url, made_hand(number=1), format="json")

    again = anon.post(url, made_hand(number=1), format="json")

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert Hand.objects.count() == 1


def test_the_same_hand_from_the_other_side_is_not_a_replay(rows, anon):
    url = f"/api/v1/table/{rows[1]['key']}/hands/"
    anon.post(url, made_hand(number=1), format="json")

    again = anon.post(url, made_hand(number=1, side="east_west"), format="json")

    assert again.status_code == 409
    assert Hand.objects.count() == 1


def test_a_hand_keeps_the_link_and_side_it_was_entered_through(rows, anon):
    anon.post(
        f"/api/v1/table/{rows[1]['key']}/hands/",
        made_hand(side="east_west", number=1),
        format="json",
    )

    hand = Hand.objects.get()
    assert hand.entered_via.key == rows[1]["key"]
    assert hand.entered_side == "east_west"
    assert hand.entered_by is None


def test_without_a_side_a_hand_is_entered_for_north_south(rows, anon):
    anon.post(f"/api/v1/table/{rows[1]['key']}/hands/", made_hand(number=1), format="json")

    assert Hand.objects.get().entered_side == "north_south"


def test_a_bad_side_answers_400_and_stores_nothing(rows, anon):
    response = anon.post(
        f"/api/v1/table/{rows[1]['key']}/hands/", made_hand(side="north", number=1), format="json"
    )

    assert response.status_code == 400
    assert "side" in response.json()
    assert not Hand.objects.exists()


@pytest.mark.parametrize("key", ["not-a-key", "x" * 40, "a" * 80])
def test_an_unknown_key_answers_404_and_stores_nothing(night, anon, key):
    assert anon.get(f"/api/v1/table/{key}/").status_code == 404
    assert anon.post(f"/api/v1/table/{key}/hands/", made_hand(), format="json").status_code == 404
    assert not Hand.objects.exists()


def test_the_link_follows_the_table_to_its_next_game(night, rows, anon, director):
    first = game_at(night, 1)
    play_out(first, director)
    second = table_new_game(table=first.table_seating, by=director)

    out = anon.get(f"/api/v1/table/{rows[1]['key']}/").json()

    assert out["id"] == second.pk


def test_the_link_follows_the_table_number_into_the_next_progressive_round(
    club, director, director_api, anon
):
    from play.night_rounds import night_next_round

    night = seated_night(club, director, method="progressive")
    key = listing(director_api, night)[2]["key"]
    for game in Game.objects.filter(night=night):
        play_out(game, director)
    night_next_round(night=night, by=director)

    out = anon.get(f"/api/v1/table/{key}/").json()

    assert out["id"] == game_at(night, 2).pk
    assert game_at(night, 2).table_seating.round.number == 2


# ---- closed nights ------------------------------------------------------------------------------


def test_a_closed_nights_link_refuses_a_hand_with_the_closed_sentence(night, rows, anon, director):
    night_close(night=night, by=director)

    response = anon.post(f"/api/v1/table/{rows[1]['key']}/hands/", made_hand(), format="json")

    assert response.status_code == 409
    [sentence] = response.json()["detail"]
    assert sentence.startswith("This club night was closed")
    assert sentence.endswith("ask the director to reopen it to record more hands.")
    assert not Hand.objects.exists()


def test_a_closed_nights_link_refuses_a_confirmation(night, rows, anon, director):
    anon.post(f"/api/v1/table/{rows[1]['key']}/hands/", made_hand(number=1), format="json")
    night_close(night=night, by=director)

    response = anon.post(
        f"/api/v1/table/{rows[1]['key']}/hands/1/confirm/", {"side": "east_west"}, format="json"
    )

    assert response.status_code == 409
    assert not Hand.objects.get().confirmed


def test_a_closed_nights_link_still_reads_with_the_reason(night, rows, anon, director):
    night_close(night=night, by=director)

    out = anon.get(f"/api/v1/table/{rows[1]['key']}/").json()

    assert out["recording_refused"].startswith("This club night was closed")


# ---- confirming through a link ---------------------------------------------------------------


def record(anon, key, **extra):
    extra.setdefault("number", anon.get(f"/api/v1/table/{key}/").json()["next_number"])
    response = anon.post(f"/api/v1/table/{key}/hands/", made_hand(**extra), format="json")
    assert response.status_code == 201, response.json()
    return response.json()["number"]


def confirm(anon, key, number, side):
    return anon.post(f"/api/v1/table/{key}/hands/{number}/confirm/", {"side": side}, format="json")


def test_the_other_side_confirms_a_hand_entered_through_the_link(rows, anon):
    key = rows[1]["key"]
    number = record(anon, key)

    response = confirm(anon, key, number, "east_west")

    assert response.status_code == 200
    assert response.json()["confirmed"] is True
    hand = Hand.objects.get()
    assert hand.confirmed_via.key == key
    assert hand.confirmed_side == "east_west"
    assert hand.confirmed_by is None


def test_the_side_a_hand_was_entered_for_cannot_confirm_it(rows, anon):
    key = rows[1]["key"]
    number = record(anon, key, side="east_west")

    response = confirm(anon, key, number, "east_west")

    assert response.status_code == 409
    assert "East" in response.json()["detail"][0]
    assert not Hand.objects.get().confirmed


def test_a_link_confirms_for_the_other_side_of_a_seated_users_hand(night, rows, anon, club):
    game = game_at(night, 1)
    north = game.seats.get(seat="north").player
    north.user = member_of(club, role="scorer", username="north-user")
    north.save()
    hand_record(game=game, data=made_hand(), entered_by=north.user)

    assert confirm(anon, rows[1]["key"], 1, "north_south").status_code == 409
    assert confirm(anon, rows[1]["key"], 1, "east_west").status_code == 200


def test_a_key_of_table_1_cannot_confirm_table_2s_hands(night, rows, anon):
    record(anon, rows[2]["key"])

    response = confirm(anon, rows[1]["key"], 1, "east_west")

    assert response.status_code == 404
    assert not Hand.objects.get().confirmed


def test_a_table_actor_of_another_game_is_refused_by_the_service(night, rows):
    hand = hand_record(
        game=game_at(night, 2),
        data=made_hand(),
        entered_by=TableActor(TableLink.objects.get(key=rows[2]["key"]), game_at(night, 2).pk),
    )
    stranger = TableActor(
        TableLink.objects.get(key=rows[1]["key"]), game_at(night, 1).pk, "east_west"
    )

    with pytest.raises(NotAllowed):
        hand_confirm(hand=hand, by=stranger)
    with pytest.raises(NotAllowed):
        hand_record(game=game_at(night, 2), data=made_hand(), entered_by=stranger)


def test_an_unknown_hand_number_answers_404(rows, anon):
    assert confirm(anon, rows[1]["key"], 5, "east_west").status_code == 404


def test_a_confirmation_needs_a_side(rows, anon):
    key = rows[1]["key"]
    record(anon, key)

    response = anon.post(f"/api/v1/table/{key}/hands/1/confirm/", {}, format="json")

    assert response.status_code == 400
    assert not Hand.objects.get().confirmed


# ---- replacing a link --------------------------------------------------------------------------


def test_a_director_replaces_a_link_and_the_old_key_answers_404(night, rows, director_api, anon):
    old = rows[1]["key"]

    response = director_api.post(f"/api/v1/sessions/{night.pk}/tables/1/replace-link/")

    assert response.status_code == 201
    new = response.json()
    assert new["key"] != old
    assert new["url"] == f"https://rook.example.org/t/{new['key']}/"
    assert anon.get(f"/api/v1/table/{old}/").status_code == 404
    assert anon.post(f"/api/v1/table/{old}/hands/", made_hand(), format="json").status_code == 404
    assert not Hand.objects.exists()
    assert anon.get(f"/api/v1/table/{new['key']}/").status_code == 200
    assert listing(director_api, night)[1]["key"] == new["key"]


def test_a_scorer_cannot_replace_a_link(night, rows, api, anon):
    response = api.post(f"/api/v1/sessions/{night.pk}/tables/1/replace-link/")

    assert response.status_code == 403
    assert anon.get(f"/api/v1/table/{rows[1]['key']}/").status_code == 200


def test_replacing_the_link_of_a_table_that_is_not_there_answers_404(night, director_api):
    assert (
        director_api.post(f"/api/v1/sessions/{night.pk}/tables/9/replace-link/").status_code == 404
    )


def test_one_live_link_per_table_is_kept_by_the_database(night, rows):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(club=night.club, kind="night", night=night, number=1)


# ---- the rate limit --------------------------------------------------------------------------


@pytest.mark.usefixtures("still_clock")
def test_posts_through_one_link_beyond_the_limit_answer_429(rows, anon, settings):
    settings.TABLE_LINK_POSTS_PER_MINUTE = 3
    key = rows[1]["key"]
    for number in (1, 2, 3):
        assert record(anon, key) == number

    response = anon.post(f"/api/v1/table/{key}/hands/", made_hand(number=4), format="json")

    assert response.status_code == 429
    assert "wait a minute" in response.json()["detail"][0]
    assert Hand.objects.count() == 3


@pytest.mark.usefixtures("still_clock")
def test_the_limit_counts_each_link_apart(rows, anon, settings):
    settings.TABLE_LINK_POSTS_PER_MINUTE = 1
    record(anon, rows[1]["key"])

    record(anon, rows[2]["key"])

    assert Hand.objects.count() == 2


@pytest.mark.usefixtures("still_clock")
def test_confirmations_count_towards_the_limit(rows, anon, settings):
    settings.TABLE_LINK_POSTS_PER_MINUTE = 1
    record(anon, rows[1]["key"])

    assert confirm(anon, rows[1]["key"], 1, "east_west").status_code == 429


@pytest.mark.usefixtures("still_clock")
def test_a_count_allows_the_limit_then_refuses():
    request = RequestFactory().post("/")
    for _ in range(2):
        count(request, "unit", "north-table", (2, 60), "slow down")

    with pytest.raises(TooMany) as refused:
        count(request, "unit", "north-table", (2, 60), "slow down")
    assert refused.value.status == 429 and refused.value.message == "slow down"
    assert 1 <= refused.value.wait <= 60


# ---- query counts --------------------------------------------------------------------------


def queries(client, url):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_reading_through_a_key_and_the_listing_take_as_many_queries_at_two_sizes(
    django_assert_max_num_queries,
):
    counts = {"table": [], "listing": []}
    for tables in (1, 4):
        club = ClubFactory()
        director = director_of(club)
        night = seated_night(club, director, tables=tables)
        client = APIClient()
        client.force_authenticate(director)
        url = f"/api/v1/sessions/{night.pk}/tables/"
        listing(client, night)  # the links exist from here on
        game = game_at(night, 1)
        for _ in range(3):
            hand_record(game=game, data=made_hand(), entered_by=director)
        with django_assert_max_num_queries(8):
            counts["listing"].append(queries(client, url))
        key = TableLink.objects.get(night=night, number=1).key
        with django_assert_max_num_queries(10):
            counts["table"].append(queries(APIClient(), f"/api/v1/table/{key}/"))
    assert counts["table"][0] == counts["table"][1], counts
    assert counts["listing"][0] == counts["listing"][1], counts


def test_a_new_link_is_made_once_even_if_asked_for_twice(night):
    first = table_links.links_for(club=night.club, kind="night", night=night, numbers=[1])
    second = table_links.links_for(club=night.club, kind="night", night=night, numbers=[1, 1])

    assert first[1].pk == second[1].pk


def test_the_no_game_conflict_names_the_table(night):
    state = table_links.resolve(
        TableLink.objects.create(club=night.club, kind="night", night=night, number=7).key
    )

    assert state.game is None
    assert isinstance(state.no_game(), Conflict)
    assert "table 7" in state.no_game().message


def test_new_keys_have_no_look_alike_characters_and_old_keys_keep_working(night, anon, club):
    from play.models import new_link_key
    from rookclub.core.keys import KEY_ALPHABET

    keys = {new_link_key() for _ in range(200)}
    assert len(keys) == 200
    assert all(len(key) == 33 and set(key) <= set(KEY_ALPHABET) for key in keys)
    assert not set("Il1O0") & set("".join(keys))
    # A key made the old way (token_urlsafe: any letter, digit, - and _) still opens its table.
    old = "Il1O0-_" + "a" * 25
    TableLink.objects.filter(kind="night", night=night, number=1).delete()
    TableLink.objects.create(club=club, kind="night", night=night, number=1, key=old)

    assert anon.get(f"/api/v1/table/{old}/").status_code == 200


def test_a_corrected_hand_on_the_tables_page_offers_no_history_its_phone_cannot_open(
    night, rows, director
):
    """The table's phone has no account: a corrected hand says so, without a link to a
    page that would ask it to log in."""
    from django.test import Client

    from play.corrections import hand_correct

    game = game_at(night, 1)
    hand = hand_record(game=game, data=made_hand(bid=80, ns=85), entered_by=director)
    hand_correct(hand=hand, data=made_hand(bid=85, ns=85), by=director, reason="misread")

    page = Client().get(f"/t/{rows[1]['key']}/").content.decode()

    assert 'id="hand-1"' in page and "corrected" in page
    assert f"/hands/{hand.pk}/correct/" not in page
