"""Nobody sits out unless they want to: a night opened with
``"tables_of_five_or_six": true`` seats tables of four plus the tables of five or six the
numbers need, playing the night's games for five and six, the big tables rotating
fairly through the night; table sheets and cards print them like any other."""

from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse

from play import seating
from play.models import Night, NightRound
from tests.factories import PASSWORD
from tests.play.conftest import five_seat_hand_form
from tests.print.conftest import pdf_text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(8, (4, 4)), (9, (5, 4)), (10, (5, 5)), (11, (6, 5)), (6, (6,)), (13, (5, 4, 4))],
)
def test_table_sizes_use_tables_of_four_and_the_fewest_big_tables(count, sizes):
    assert seating.table_sizes(count) == sizes
    assert sum(sizes) == count


def test_seven_players_cannot_all_sit_and_tables_of_six_only_when_offered():
    assert seating.table_sizes(7) is None
    assert seating.table_sizes(11, six=False) is None
    assert seating.table_sizes(10, five=False) == (6, 4)


def open_night(director_api, club, count, **extra):
    ids = [
        director_api.post(
            "/api/v1/players/", {"name": f"Player {i}", "club": club.pk}, format="json"
        ).json()["id"]
        for i in range(count)
    ]
    night = director_api.post(
        "/api/v1/sessions/",
        {"club": club.pk, "date": "2026-11-24", "tables_of_five_or_six": True, **extra},
        format="json",
    )
    assert night.status_code == 201, night.json()
    url = f"/api/v1/sessions/{night.json()['id']}/"
    checked = director_api.post(f"{url}check-in/", {"players": ids}, format="json")
    assert checked.status_code == 200, checked.json()
    return night.json(), url, ids


def current_round(overview):
    return overview["rounds"][-1]


@pytest.mark.parametrize(("count", "fives"), [(9, 1), (10, 2)])
def test_a_night_of_nine_or_ten_seats_everyone_across_three_rounds(
    director_api, club, count, fives
):
    night, url, ids = open_night(director_api, club, count)
    assert night["tables_of_five_or_six"] is True and night["game_for_five"] == "five-player"
    at_big = Counter()

    seated = director_api.post(f"{url}seat/", {"seed": 3}, format="json")
    assert seated.status_code == 201, seated.json()
    for number in (1, 2, 3):
        overview = director_api.get(url).json()
        this = current_round(overview)
        assert this["number"] == number
        assert this["sit_outs"] == []
        tables = this["tables"]
        seated_ids = [pid for t in tables for pid in t["seats"].values()]
        assert sorted(seated_ids) == sorted(ids)  # everyone plays, nobody twice
        big = [t for t in tables if len(t["seats"]) == 5]
        assert len(big) == fives and len(tables) - len(big) == (count - 5 * fives) // 4
        for table in big:
            assert set(table["seats"]) == {"seat1", "seat2", "seat3", "seat4", "seat5"}
            game = director_api.get(f"/api/v1/games/{table['game']}/").json()
            assert game["ruleset"] == "five-player", game["ruleset"]
            at_big.update(table["seats"].values())
        for table in tables:  # the round is over: its games are set aside
            voided = director_api.post(
                f"/api/v1/games/{table['game']}/void/", {"reason": "next round"}, format="json"
            )
            assert voided.status_code == 200, voided.json()
        if number < 3:
            moved = director_api.post(f"{url}next-round/", {"seed": number}, format="json")
            assert moved.status_code in (200, 201), moved.json()
    # Fairly rotated: nobody sits at a table of five twice before everyone has once.
    spells = [at_big[pid] for pid in ids]
    assert max(spells) - min(spells) <= 1


def test_a_table_of_five_prints_its_sheet_and_card_like_any_other(
    director_api, club, director, settings
):
    settings.SITE_URL = "http://testserver/"  # table cards print the table link's address
    night, url, _ = open_night(director_api, club, 9)
    director_api.post(f"{url}seat/", {"seed": 3}, format="json")
    overview = director_api.get(url).json()
    big = next(t for t in current_round(overview)["tables"] if len(t["seats"]) == 5)
    round_pk = NightRound.objects.get(night_id=night["id"], number=1).pk
    client = Client()
    client.login(username=director.username, password=PASSWORD)

    sheet = client.get(reverse("print-table-sheet", args=[round_pk, big["table"]]))
    card = client.get(reverse("print-table-card", args=[round_pk, big["table"]]))

    for response in (sheet, card):
        assert response.status_code == 200, response.content[-3000:]
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert body.startswith(b"%PDF")
    printed = pdf_text(b"".join(sheet.streaming_content) if sheet.streaming else sheet.content)
    assert "The Original Game for Five" in printed, printed
    card_text = pdf_text(b"".join(card.streaming_content) if card.streaming else card.content)
    assert "http://testserver/t/" in card_text  # the table's own link, as at any table


def test_fixed_partnerships_are_refused_tables_of_five(director_api, club):
    answer = director_api.post(
        "/api/v1/sessions/",
        {
            "club": club.pk,
            "date": "2026-11-24",
            "seating_method": "fixed",
            "tables_of_five_or_six": True,
        },
        format="json",
    )

    assert answer.status_code == 400
    assert "tables_of_five_or_six" in answer.json()


def test_a_game_for_five_must_be_one(director_api, club):
    answer = director_api.post(
        "/api/v1/sessions/",
        {
            "club": club.pk,
            "date": "2026-11-24",
            "tables_of_five_or_six": True,
            "game_for_five": "tournament",
        },
        format="json",
    )

    assert answer.status_code == 400
    assert "five-player" in answer.json()["game_for_five"][0]


def test_a_director_opens_a_night_with_tables_of_five_on_the_page(club, director):
    client = Client()
    client.login(username=director.username, password=PASSWORD)
    page = client.get(reverse("club-detail", args=[club.slug])).content.decode()
    assert "Tables of five or six instead of sit-outs" in page
    assert '<option value="high-card-partner">High Card Partner</option>' in page

    response = client.post(
        reverse("night-open", args=[club.slug]),
        {
            "date": "2026-11-24",
            "seating_method": "random",
            "tables_of_five_or_six": "on",
            "game_for_five": "high-card-partner",
            "game_for_six": "",
        },
    )

    assert response.status_code == 302
    night = Night.objects.get()
    assert night.tables_of_five_or_six and night.game_for_five == "high-card-partner"
    assert night.game_for_six == ""


def test_the_page_refuses_tables_of_five_on_a_fixed_night(club, director):
    client = Client()
    client.login(username=director.username, password=PASSWORD)

    response = client.post(
        reverse("night-open", args=[club.slug]),
        {
            "date": "2026-11-24",
            "seating_method": "fixed",
            "tables_of_five_or_six": "on",
            "game_for_five": "five-player",
            "game_for_six": "six-player",
        },
    )

    assert response.status_code == 400
    assert "fixed partnerships play at tables of four" in response.content.decode()
    assert not Night.objects.exists()


def test_a_table_of_five_records_a_hand_through_its_table_link(director_api, club):
    _, url, _ = open_night(director_api, club, 9)
    director_api.post(f"{url}seat/", {"seed": 3}, format="json")
    links = director_api.get(f"{url}tables/").json()
    overview = director_api.get(url).json()
    big = next(t for t in current_round(overview)["tables"] if len(t["seats"]) == 5)
    row = next(r for r in links if r["number"] == big["table"])
    assert set(row["players"]) == {"seat1", "seat2", "seat3", "seat4", "seat5"}
    link = reverse("table-link", args=[row["key"]])
    phone = Client()

    page = phone.get(link)
    posted = phone.post(
        link,
        five_seat_hand_form(),
    )

    assert page.status_code == 200 and "Seat 5" in page.content.decode()
    assert posted.status_code in (200, 302, 303)
    game = director_api.get(f"/api/v1/games/{big['game']}/").json()
    assert len(game["hands"]) == 1 and game["hands"][0]["bidder"] == "seat1"


@pytest.mark.parametrize("count", [9, 10])
def test_the_night_page_shows_tables_of_five_to_the_director_and_the_room(
    director_api, club, director, count
):
    night, url, _ = open_night(director_api, club, count)
    director_api.post(f"{url}seat/", {"seed": 3}, format="json")
    page_url = reverse("night-detail", args=[night["id"]])
    signed_in = Client()
    signed_in.login(username=director.username, password=PASSWORD)

    for viewer in (signed_in, Client()):
        page = viewer.get(page_url)
        assert page.status_code == 200
        assert "Seat 5" in page.content.decode()

    closed = director_api.post(f"{url}close/", {"reason": "home time"}, format="json")
    assert closed.status_code == 200, closed.json()
    assert signed_in.get(page_url).status_code == 200
    assert Client().get(page_url).status_code == 200
