"""A database that stops answering gives 503 (JSON on the API, a plain "try again in a
moment" page elsewhere), never a 500. Tested for real on PostgreSQL: the request's own
server process is ended with ``pg_terminate_backend``, as a restart or a failover does,
and then the server is made unreachable (a port nothing listens on)."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from rookclub.clubs.models import Player

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="ends a PostgreSQL server process; SQLite's test database lives in memory",
    ),
]


def _terminate_this_connection() -> None:
    """End the server process behind Django's connection, from a second connection."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname=db["NAME"],
        autocommit=True,
    ) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])


@pytest.fixture
def lost_connection():
    """The connection's server process is gone; afterwards Django connects anew."""
    _terminate_this_connection()
    yield
    connection.close()


@pytest.fixture
def unreachable(lost_connection):
    """The connection is lost and the server cannot be reached again (a port where
    nothing listens), so a reconnect fails too."""
    port = connection.settings_dict["PORT"]
    connection.settings_dict["PORT"] = 1
    yield
    connection.settings_dict["PORT"] = port
    connection.close()


@pytest.fixture
def token_api(director):
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director).key}")
    return client


def _is_503_json(response) -> None:
    assert response.status_code == 503, response.content[:300]
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"]
    assert "try again in a moment" in response.json()["detail"].lower()


def test_the_api_answers_503_json_when_the_connection_was_lost(token_api, lost_connection):
    _is_503_json(token_api.get("/api/v1/clubs/"))


def test_a_post_answers_503_json_and_stores_nothing_when_the_connection_was_lost(
    token_api, club, lost_connection
):
    _is_503_json(token_api.post("/api/v1/players/", {"name": "Ada", "club": club.pk}))

    connection.close()
    assert not Player.objects.filter(name="Ada").exists()


def test_the_api_answers_503_json_when_the_database_is_unreachable(token_api, unreachable):
    _is_503_json(token_api.get("/api/v1/games/"))


def test_a_page_answers_a_plain_try_again_page_when_the_database_is_down(unreachable):
    response = Client(raise_request_exception=False).get("/")

    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "Try again in a moment" in page
    assert "Server Error" not in page


def test_a_logged_in_page_answers_503_when_the_connection_was_lost(director):
    browser = Client(raise_request_exception=False)
    browser.force_login(director)
    _terminate_this_connection()
    try:
        response = browser.get("/")
    finally:
        connection.close()

    assert response.status_code == 503
    assert "Try again in a moment" in response.content.decode()
