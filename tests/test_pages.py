import pytest

from rookclub.demo import DEMO_PASSWORD, load_demo
from rookclub.models import Club, Membership, Player

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
    load_demo()
    counts = (Club.objects.count(), Player.objects.count(), Membership.objects.count())

    load_demo()

    assert (Club.objects.count(), Player.objects.count(), Membership.objects.count()) == counts
    assert counts == (1, 12, 1)


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
