"""A phone that opens the site by a name not in ALLOWED_HOSTS (at the hall: the laptop's
name the router gave it) is told so in words, with the address to open instead and what
the director does to allow that name, not a bare "Bad Request (400)"."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(settings):
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = ["192.168.8.20", "localhost"]
    settings.SITE_URL = "http://192.168.8.20:8000/"
    settings.VENUE = True


def test_the_hall_laptop_opened_by_another_name_says_what_to_do(client, hall):
    response = client.get("/", HTTP_HOST="rook-laptop.lan:8000")

    assert response.status_code == 400
    page = response.content.decode()
    assert "<h1>This address is not one Rookclub answers to</h1>" in page
    assert "<strong>rook-laptop.lan:8000</strong>" in page
    assert 'href="http://192.168.8.20:8000/"' in page  # the address to open instead
    assert "ALLOWED_HOSTS=rook-laptop.lan make venue" in page


def test_a_hosted_site_names_the_setting_for_its_operator(client, settings):
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = ["rook.example.org"]
    settings.SITE_URL = "https://rook.example.org/"

    response = client.get("/clubs/", HTTP_HOST="other.example.org")

    assert response.status_code == 400
    page = response.content.decode()
    assert "<strong>other.example.org</strong>" in page
    assert "ALLOWED_HOSTS" in page and "make venue" not in page


def test_the_api_answers_the_same_in_json_with_a_code(client, hall):
    response = client.get("/api/v1/rulesets/", HTTP_HOST="rook-laptop.lan:8000")

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "host_not_allowed"
    assert "'rook-laptop.lan'" in body["detail"] and "http://192.168.8.20:8000/" in body["detail"]


def test_a_name_with_markup_is_shown_as_text(client, hall):
    response = client.get("/", HTTP_HOST="<b>x</b>")

    assert response.status_code == 400
    assert b"<b>x</b>" not in response.content
