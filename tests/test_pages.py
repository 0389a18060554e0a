import pytest
from django.utils.html import escape

from rookclub.clubs.models import Club, Membership, Player
from rookclub.demo import DEMO_PASSWORD, load_demo

pytestmark = pytest.mark.django_db


def test_home_page_lists_the_demo_club(client):
    load_demo()

    response = client.get("/")

    assert response.status_code == 200
    assert b"Maple Street Rook Club" in response.content
    assert b"12 players" in response.content


def test_static_files_are_served(client):
    from django.contrib.staticfiles import finders

    assert finders.find("css/app.css")
    assert finders.find("js/htmx.min.js")


def test_the_demo_director_can_log_in_and_out(client):
    load_demo()

    response = client.post(
        "/accounts/login/", {"username": "director", "password": DEMO_PASSWORD}, follow=True
    )
    assert response.status_code == 200
    assert response.context["user"].username == "director"

    response = client.post("/accounts/logout/", follow=True)
    assert not response.context["user"].is_authenticated


def test_a_wrong_password_shows_a_form_error(client):
    load_demo()

    response = client.post("/accounts/login/", {"username": "director", "password": "nope"})

    assert response.status_code == 200
    assert b"Please enter a correct username and password" in response.content


def test_loading_the_demo_twice_changes_nothing():
    from play.models import Hand
    from tournaments.models import Match, Tournament

    def counts():
        return tuple(
            model.objects.count() for model in (Club, Player, Membership, Hand, Tournament, Match)
        )

    load_demo()
    first = counts()

    load_demo()

    assert counts() == first
    assert first[:3] == (1, 12, 1)
    assert first[3] > 50, "the demo plays a few weeks of club nights"
    assert first[4] == 2, "a finished round robin and a bracket in progress"


def test_the_demo_events_show_standings_and_a_bracket(client):
    from tournaments.models import Tournament

    load_demo()
    round_robin = Tournament.objects.get(format="round_robin")
    bracket = Tournament.objects.get(format="double_elimination")

    standings = client.get(f"/tournaments/{round_robin.pk}/standings/")
    chart = client.get(f"/tournaments/{bracket.pk}/bracket/")

    assert standings.status_code == 200
    assert round_robin.status == "finished"
    assert chart.status_code == 200
    for entry in bracket.entries.all():
        assert escape(entry.name).encode() in chart.content


def test_admin_requires_staff(client):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_openapi_schema_is_served(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert response.json()["info"]["title"] == "Rookclub API"


def test_home_page_runs_a_fixed_number_of_queries_however_many_clubs(
    client, django_assert_max_num_queries
):
    from tests.factories import ClubFactory, director_of

    load_demo()
    director = Membership.objects.get().user
    for n in range(6):
        director_of(ClubFactory(), username=f"director{n}")
        Membership.objects.create(user=director, club=ClubFactory(), role=Membership.Role.MEMBER)
    client.force_login(director)

    with django_assert_max_num_queries(6):
        response = client.get("/")

    assert response.status_code == 200
    assert response.content.count(b"Member") >= 6
